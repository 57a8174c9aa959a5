/// The system keyboard: it sends `keyboardWillShow` and `keyboardWillHide`
/// with its frame (a rect at the bottom of the screen).
public final class Keyboard: Control {
    public private(set) var frame: Rect?
    private unowned let owningScene: Scene

    init(scene: Scene) {
        self.owningScene = scene
    }

    override public var responderName: String { "keyboard" }
    override public var scene: Scene? { owningScene }
    override public var eventNames: [String] { ["keyboardWillShow", "keyboardWillHide"] }

    public var isShown: Bool { frame != nil }

    public func show(height: Double, screenHeight: Double = 812) {
        let frame = Rect(x: 0, y: screenHeight - height, width: 375, height: height)
        self.frame = frame
        sendActions(for: "keyboardWillShow", arguments: [.rect(frame)])
    }

    public func hide() {
        let last = frame ?? Rect(x: 0, y: 812, width: 375, height: 0)
        frame = nil
        sendActions(for: "keyboardWillHide", arguments: [.rect(last)])
    }
}
