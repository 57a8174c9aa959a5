/// A button (UIButton): a title and an image, touches from a finger held,
/// slid off and lifted, as UIControl sends them.
public final class Button: View {
    public override class var controlType: ControlType { .button }
    public var title: String { string("title") }
    public var image: Image? { (try? value("image"))?.imageValue }
    public var isSelected: Bool { bool("selected") }
}

extension ControlType {
    public static let button = ControlType(
        name: "Button", parent: .view,
        summary: "A button: a title and an image; a finger taps, holds, slides off and lifts.",
        properties: [
            PropertySpec("title", .string),
            // A system button's title is the tint colour, blue (UIKit's setTitleColor).
            PropertySpec("titleColor", .color, default: .color(Color.named("blue")!)),
            PropertySpec("image", .image, default: .null, optional: true),
            .enabled,
            PropertySpec("selected", .bool, default: .bool(false)),
        ] + TextStyle.properties,
        events: ["touchDown", "touchUpInside", "touchUpOutside", "touchDragExit", "touchDragEnter", "touchCancel"],
        delegateMessages: [], hostProperties: [], methods: [],
        commands: [
            UserCommand("press", help: "put a finger down on a button and hold it (touchDown)",
                        explore: { view, _ in view.touch == nil ? ["press \(Explorer.quoted(view.name))"] : [] },
                        perform: { view, _ throws(ValueError) in try view.beginTouch() }),
            UserCommand("release", help: "lift it: touchUpInside, or touchUpOutside off the button",
                        parameters: [CommandParameter("where", .choice(["outside"]), optional: true)],
                        explore: { view, _ in
                            let name = Explorer.quoted(view.name)
                            return view.touch == nil ? [] : ["release \(name)", "release \(name) outside"]
                        },
                        perform: { view, arguments throws(ValueError) in try view.endTouch(outside: arguments.first?.word == "outside") }),
            UserCommand("drag", help: "slide the held finger off (touchDragExit) or back on (touchDragEnter)",
                        parameters: [CommandParameter("where", .choice(["outside", "inside"]))],
                        explore: { view, _ in
                            guard let touch = view.touch else { return [] }
                            return ["drag \(Explorer.quoted(view.name)) \(touch == .inside ? "outside" : "inside")"]
                        },
                        perform: { view, arguments throws(ValueError) in try view.moveTouch(inside: arguments.first?.word == "inside") }),
        ],
        picture: { view in
            let button = view as? Button
            let title = JSON.cutForReading((try? view.value("title"))?.stringValue ?? "")
            let image = ((try? view.value("image"))?.imageValue?.name).map(JSON.cutForReading)
            let face = [image, title.isEmpty ? nil : "\"\(title)\""].compactMap { $0 }
            return "[ \(face.isEmpty ? " " : face.joined(separator: " ")) ]\(button?.isSelected ?? false ? " selected" : "")"
        },
        widget: "Button",
        make: { Button(name: $0, type: $1) })
}
