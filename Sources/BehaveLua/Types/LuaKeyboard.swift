import BehaveCore

/// The system keyboard (`keyboard`), for behaviours that follow it.
extension HostType {
    static let keyboard = HostType("keyboard", of: Keyboard.self, methods: controlMethods, properties: [
        "shown": property { (keyboard: Keyboard) in .bool(keyboard.isShown) },
        "frame": property { (keyboard: Keyboard) in keyboard.frame.map(Value.rect) ?? .null },
    ], unknownKey: { "the keyboard has `on`, `once`, `shown` and `frame`, not `\($0)`" })
}
