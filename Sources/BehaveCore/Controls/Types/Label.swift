/// A label (UILabel): text that a person reads and does not touch.
public final class Label: View {
    public override class var controlType: ControlType { .label }
    public var text: String { string("text") }
}

extension ControlType {
    public static let label = ControlType(
        name: "Label", parent: .view,
        summary: "A line of text to read.",
        properties: [
            PropertySpec("text", .string),
            // Defaults are written by name, so they read back as a script would write them.
            PropertySpec("textColor", .color, default: .color(Color.named("black")!)),
        ] + TextStyle.properties,
        events: [], delegateMessages: [], hostProperties: [], methods: [], commands: [],
        picture: { view in "\"\(JSON.cutForReading((try? view.value("text"))?.stringValue ?? ""))\"" },
        widget: "Label",
        make: { Label(name: $0, type: $1) })
}
