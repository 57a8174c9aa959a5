/// One delegate slot, many behaviours (MultiplexerProxyBehavior): set it as a
/// control's `delegate`; it forwards every delegate message to each target
/// that responds, in order, and answers with the first non-nil result.
/// Targets are held weakly: their owners keep them alive.
public final class Multiplexer: Behaviour {
    private var targetReferences: [WeakReceiver] = []
    private var isForwarding = false
    /// Whether a target is a multiplexer itself: then a message goes to
    /// the receivers behind them all (`receivers`).
    private var targetsMultiplexers = false

    public static let declaration = BehaviourDeclaration(name: "Multiplexer")

    public init(name: String, targets: [any DelegateReceiver] = []) {
        super.init(name: name, declaration: Multiplexer.declaration)
        self.targets = targets
    }

    public var targets: [any DelegateReceiver] {
        get { targetReferences.compactMap(\.receiver) }
        set {
            targetReferences = newValue.map(WeakReceiver.init)
            targetsMultiplexers = newValue.contains { $0 is Multiplexer }
        }
    }

    public func addTarget(_ target: any DelegateReceiver) {
        targetReferences.append(WeakReceiver(target))
        if target is Multiplexer { targetsMultiplexers = true }
    }

    public override func respondsToDelegateMessage(_ message: String) -> Bool {
        guard isAlive, !isForwarding else { return false }
        isForwarding = true
        defer { isForwarding = false }
        // (The references are read in place: a scroll asks at every frame.)
        guard targetsMultiplexers else {
            return targetReferences.contains { $0.receiver?.respondsToDelegateMessage(message) ?? false }
        }
        return receivers().contains { $0.respondsToDelegateMessage(message) }
    }

    public override func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        // Multiplexers that target each other would forward forever: a
        // message reaches each multiplexer once.
        guard isAlive, !isForwarding else { return nil }
        isForwarding = true
        defer { isForwarding = false }
        var answer: Value?
        // The targets as they were when the message came (a handler may add
        // one).
        guard targetsMultiplexers else {
            for reference in targetReferences {
                guard let target = reference.receiver,
                      let result = target.deliverDelegateMessage(message, from: sender, arguments: arguments) else { continue }
                if answer == nil, result != .null { answer = result }
            }
            return answer
        }
        for target in receivers() {
            guard let result = target.deliverDelegateMessage(message, from: sender, arguments: arguments) else { continue }
            if answer == nil, result != .null { answer = result }
        }
        return answer
    }

    /// The receivers behind the targets, in order: each multiplexer among
    /// them (alive, and not forwarding already) stands for its own, and
    /// each receiver and multiplexer counts once. Walked with a stack of
    /// its own: forwarding down a chain of 10,000 multiplexers overflowed
    /// the thread's stack, and a receiver that two paths lead to got the
    /// message once for each path, twice the number at each level.
    private func receivers() -> [any DelegateReceiver] {
        var found: [any DelegateReceiver] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var pending: [IndexingIterator<[WeakReceiver]>] = [targetReferences.makeIterator()]
        while !pending.isEmpty {
            guard let reference = pending[pending.count - 1].next() else {
                pending.removeLast()
                continue
            }
            guard let target = reference.receiver, seen.insert(ObjectIdentifier(target)).inserted else { continue }
            if let multiplexer = target as? Multiplexer {
                if multiplexer.isAlive, !multiplexer.isForwarding { pending.append(multiplexer.targetReferences.makeIterator()) }
            } else {
                found.append(target)
            }
        }
        return found
    }

    /// It forwards only to targets that respond (it answers nil when none
    /// does).
    public override func deliverDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        receiveDelegateMessage(message, from: sender, arguments: arguments)
    }

    public override var sourceName: String { "Multiplexer" }
}

/// A class, not a struct: a loop copies the reference to it, where it
/// would copy a struct's weak reference (which costs more than the rest of
/// a scroll's forwarding).
private final class WeakReceiver {
    weak var receiver: (any DelegateReceiver)?
    init(_ receiver: any DelegateReceiver) { self.receiver = receiver }
}
