import BehaveCore

/// The system keyboard (`keyboard`), for behaviours that follow it.
extension HostType {
    static let keyboard = HostType("keyboard", of: Keyboard.self, doc: "The system keyboard.", receiver: .control,
                                   methods: controlMethods, properties: [
        property("shown", "boolean") { (keyboard: Keyboard) in .bool(keyboard.isShown) },
        property("frame", "Behave.Rect?", "where it is while shown") { (keyboard: Keyboard) in keyboard.frame.map(Value.rect) ?? .null },
    ], unknownKey: { "the keyboard has `on`, `once`, `shown` and `frame`, not `\($0)`" })
}
