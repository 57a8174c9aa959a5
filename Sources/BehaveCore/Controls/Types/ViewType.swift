/// The plain view: a container, and what every control type inherits
/// (its properties, `tap`).
extension ControlType {
    public static let view = ControlType(
        name: "View", parent: nil,
        summary: "A plain container; every control is one, so an outlet declared `View` takes any control.",
        properties: [
            PropertySpec("name", .string, readOnly: true),
            PropertySpec("alpha", .number, default: .number(1), min: 0, max: 1),
            PropertySpec("hidden", .bool, default: .bool(false)),
            PropertySpec("userInteractionEnabled", .bool, default: .bool(true)),
            PropertySpec("backgroundColor", .color, default: .null, optional: true),
            PropertySpec("frame", .rect, default: .rect(Rect(x: 0, y: 0, width: 0, height: 0))),
        ],
        delegateMessages: [], hostProperties: [], methods: [],
        commands: [
            UserCommand("tap", help: "a full touch on a control (touchDown, touchUpInside; a switch flips)",
                        explore: { view, _ in view.takesTaps && view.touch == nil ? ["tap \(Explorer.quoted(view.name))"] : [] },
                        perform: { view, _ throws(ValueError) in view.tap() }),
        ],
        picture: nil, widget: "View",
        make: { View(name: $0, type: $1) })
}
