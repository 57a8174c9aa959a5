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

    /// The keyboard rises `height` points from the bottom of the screen
    /// (`Scene.screenSize`).
    public func show(height: Double) {
        let screen = owningScene.screenSize
        show(frame: Rect(x: 0, y: screen.height - height, width: screen.width, height: height))
    }

    /// The host's keyboard is shown at `frame` (in the screen's points).
    public func show(frame: Rect) {
        self.frame = frame
        owningScene.perform { sendActions(for: "keyboardWillShow", arguments: [.rect(frame)]) }
    }

    public func hide() {
        let screen = owningScene.screenSize
        let last = frame ?? Rect(x: 0, y: screen.height, width: screen.width, height: 0)
        frame = nil
        owningScene.perform { sendActions(for: "keyboardWillHide", arguments: [.rect(last)]) }
    }
}
