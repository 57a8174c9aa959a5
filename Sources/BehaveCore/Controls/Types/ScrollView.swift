/// A scroll view: `frame` is the visible region (its bounds' size) and
/// `contentOffset` the point of the content at its top left. The delegate
/// hears `scrollViewDidScroll` whenever the offset changes: a user's
/// scroll, a set from a script or a command, each step of the clock while
/// an animation moves it.
public final class ScrollView: View {
    public override class var controlType: ControlType { .scrollView }
    public var contentOffset: Point { value(at: ScrollView.offsetIndex).pointValue ?? Point(x: 0, y: 0) }
    static let offsetIndex = ControlType.scrollView.schema.index(of: "contentOffset")!

    /// A user's scroll to vertical offset `y` (the delegate hears it, even
    /// when the offset stays where it was: a drag at an edge); `dragging`
    /// is true while the delegate hears it.
    @discardableResult
    public func scroll(toY y: Double) -> Bool {
        guard takesUserInput("the scroll") else { return false }
        let before = contentOffset
        setState(.bool(true), at: ScrollView.draggingIndex)
        defer { setState(.bool(false), at: ScrollView.draggingIndex) }
        store(heldByWidget(.point(Point(x: contentOffset.x, y: y)), at: ScrollView.offsetIndex), at: ScrollView.offsetIndex, source: .user)
        if contentOffset == before { sendDelegateMessage("scrollViewDidScroll") }
        return true
    }

    public var isDragging: Bool { value(at: ScrollView.draggingIndex) == .bool(true) }
    static let draggingIndex = ControlType.scrollView.schema.index(of: "dragging")!

    public override func didStore(at index: Int) {
        if index == ScrollView.offsetIndex { sendDelegateMessage("scrollViewDidScroll") }
    }

    override class func observesPresentation(of index: Int) -> Bool { index == offsetIndex }

    /// The visible region, in content coordinates: the frame's size at the
    /// content offset. Nil while the frame has no size (all is shown).
    public var visibleRegion: Rect? {
        guard let frame = value(at: View.frameIndex).rectValue, frame.width > 0 || frame.height > 0 else { return nil }
        return Rect(x: contentOffset.x, y: contentOffset.y, width: frame.width, height: frame.height)
    }

    /// Whether a subview's frame meets the visible region (a control of
    /// no size is a point). A region of no height shows every row.
    func shows(_ view: View) -> Bool {
        guard let region = visibleRegion, let frame = view.value(at: View.frameIndex).rectValue else { return true }
        func meets(_ start: Double, _ length: Double, _ regionStart: Double, _ regionLength: Double) -> Bool {
            guard regionLength > 0 else { return true }
            return start < regionStart + regionLength && (length > 0 ? start + length > regionStart : start >= regionStart)
        }
        return meets(frame.x, frame.width, region.x, region.width) && meets(frame.y, frame.height, region.y, region.height)
    }

    override func presentationDidMove(_ index: Int) {
        super.presentationDidMove(index)
        if index == ScrollView.offsetIndex { sendDelegateMessage("scrollViewDidScroll") }
    }
}

extension ControlType {
    public static let scrollView = ControlType(
        name: "ScrollView", parent: .view,
        summary: "Content larger than its frame, scrolled by the user; its delegate hears each scroll.",
        properties: [
            PropertySpec("contentOffset", .point, default: .point(Point(x: 0, y: 0))),
            PropertySpec("contentSize", .size, default: .size(Size(width: 0, height: 0))),
            // UIKit's `contentInset.bottom`: the room kept below the content (for
            // the keyboard). A number, as Behave has no insets type.
            PropertySpec("bottomInset", .number, default: .number(0), min: 0),
            // UIKit's `isDragging`: true while the user's finger moves the content
            // (a `scroll`), false for sets and animations from scripts.
            PropertySpec("dragging", .bool, default: .bool(false), readOnly: true),
        ],
        events: [], delegateMessages: ["scrollViewDidScroll"], hostProperties: ["contentOffset"], methods: [],
        commands: [
            UserCommand("scroll", help: "scroll a scroll view to content offset Y",
                        parameters: [CommandParameter("y", .number)],
                        explore: { view, random in
                            guard let scrollView = view as? ScrollView else { return [] }
                            let content = (try? scrollView.value("contentSize"))?.sizeValue?.height ?? 0
                            let visible = scrollView.visibleRegion?.height ?? 0
                            let furthest = max(content - visible, 0)
                            let y = furthest > 0 ? (random.fraction() * furthest).rounded() : Double(random.below(1000))
                            return ["scroll \(Explorer.quoted(view.name)) \(formatNumber(y))"]
                        },
                        perform: { view, arguments throws(ValueError) in (view as? ScrollView)?.scroll(toY: arguments.first?.number ?? 0) }),
        ],
        picture: { view in
            guard let scrollView = view as? ScrollView else { return "⇕" }
            let inset = scrollView.number("bottomInset")
            let offset = scrollView.contentOffset
            let at = offset.x == 0 ? formatNumber(offset.y) : "\(formatNumber(offset.x)),\(formatNumber(offset.y))"
            return "⇕ offset \(at)" + (inset > 0 ? ", bottom inset \(formatNumber(inset))" : "")
        },
        widget: "ScrollView",
        make: { ScrollView(name: $0, type: $1) })
}
