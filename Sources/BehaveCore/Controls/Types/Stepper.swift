/// A stepper (UIStepper): a value within its range that the user's plus
/// and minus move by one step.
public final class Stepper: View {
    public override class var controlType: ControlType { .stepper }
    public var value: Double { number("value") }
    public var minimumValue: Double { number("minimumValue") }
    public var maximumValue: Double { number("maximumValue") }
    public var stepValue: Double { number("stepValue") }

    public override func validate(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        let checked = try validateRanged(value, for: spec)
        if spec.name == "stepValue", let n = checked.numberValue, n <= 0 {
            throw ValueError("stepValue must be greater than 0, not \(formatNumber(n))")
        }
        return checked
    }

    public override func didStore(at index: Int) { keepValueInRange(after: index) }

    /// Presses plus (`up`) or minus; the value moves one step within its
    /// range and `valueChanged` is sent when it changed.
    @discardableResult
    public func press(up: Bool) -> Bool {
        guard takesUserInput("the press") else { return false }
        let next = min(maximumValue, max(minimumValue, value + (up ? stepValue : -stepValue)))
        guard next != value, let index = schema.index(of: "value") else { return false }
        return storeUserEdit(index, to: .number(next), sending: "valueChanged")
    }
}

extension ControlType {
    public static let stepper = ControlType(
        name: "Stepper", parent: .view,
        summary: "A number within a range, moved a step at a time by plus and minus.",
        properties: [
            PropertySpec("value", .number, default: .number(0)),
            PropertySpec("minimumValue", .number, default: .number(0)),
            PropertySpec("maximumValue", .number, default: .number(100)),
            PropertySpec("stepValue", .number, default: .number(1)),
            .enabled,
        ],
        events: ["valueChanged"], delegateMessages: [],
        hostProperties: ["value", "minimumValue", "maximumValue", "stepValue"], methods: [],
        commands: [
            UserCommand("step", help: "press a stepper's plus or minus",
                        parameters: [CommandParameter("direction", .choice(["+", "-"]))],
                        explore: { view, _ in ["step \(Explorer.quoted(view.name)) +", "step \(Explorer.quoted(view.name)) -"] },
                        perform: { view, arguments throws(ValueError) in (view as? Stepper)?.press(up: arguments.first?.word == "+") }),
        ],
        picture: { view in
            func number(_ property: String) -> String { formatNumber((try? view.value(property))?.numberValue ?? 0) }
            return "[ − \(number("value")) + ]  (\(number("minimumValue"))…\(number("maximumValue")))"
        },
        widget: "Stepper",
        make: { Stepper(name: $0, type: $1) })
}
