/// A list that keeps its first element inline and the others in an array:
/// a behaviour's lists of what it made (its bindings, the handles of its
/// connections and timers) mostly hold one element, and an array's first
/// append allocates a buffer (about 350 instructions each, at every attach).
public struct SmallList<Element>: Sequence {
    private var head: Element?
    private var tail: [Element] = []

    public init() {}

    public var count: Int { head == nil ? 0 : 1 + tail.count }
    public var isEmpty: Bool { head == nil }

    public mutating func append(_ element: Element) {
        if head == nil { head = element } else { tail.append(element) }
    }

    /// Removes the elements `shouldBeRemoved` picks; the others keep their order.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        guard let first = head else { return }
        let removesFirst = try shouldBeRemoved(first)
        try tail.removeAll(where: shouldBeRemoved)
        if removesFirst { head = tail.isEmpty ? nil : tail.removeFirst() }
    }

    public mutating func removeAll() {
        head = nil
        tail = []
    }

    public func makeIterator() -> Iterator { Iterator(head: head, tail: tail.makeIterator()) }

    public struct Iterator: IteratorProtocol {
        fileprivate var head: Element?
        fileprivate var tail: IndexingIterator<[Element]>

        public mutating func next() -> Element? {
            if let first = head {
                head = nil
                return first
            }
            return tail.next()
        }
    }
}
