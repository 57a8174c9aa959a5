import BehaveCore

/// The app's own control type, declared once: scenes, scripts, `show`, the
/// state, `behave types` and exploration all read this declaration.
extension ControlType {
    static let knob = ControlType(
        name: "Knob",
        summary: "A rotary knob from 0 to 1; the user turns it.",
        properties: [PropertySpec("value", .number, default: .number(0), min: 0, max: 1)],
        events: ["valueChanged"],
        methods: [
            ControlMethod("turnBy", "Turns the knob by `amount` (kept within 0…1); the new value.",
                          parameters: [("amount", "number")], returns: "number") { view, arguments throws(ValueError) in
                guard case .number(let amount)? = arguments.first else { throw ValueError("turnBy takes a number") }
                let value = min(1, max(0, (try view.value("value").numberValue ?? 0) + amount))
                try view.set("value", to: .number(value))
                return .number(value)
            },
        ],
        commands: [
            UserCommand("turn", help: "turn a knob to VALUE (0 to 1)", parameters: [CommandParameter("value", .number)],
                        explore: { view, random in ["turn \(view.name) \(Double(random.below(5)) / 4)"] },
                        perform: { view, arguments throws(ValueError) in
                            let value = min(1, max(0, arguments.first?.number ?? 0))
                            view.userDidEdit("value", to: .number(value), sending: "valueChanged")
                        }),
        ],
        picture: { view in "(knob \(Int(((try? view.value("value"))?.numberValue ?? 0) * 100))%)" })

    /// Registers the app's types, as each window opens: the same
    /// declaration registered again changes nothing.
    static func registerAppTypes() throws(ValueError) {
        try ControlTypes.register(knob)
    }
}
