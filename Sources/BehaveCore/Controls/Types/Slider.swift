/// A slider (UISlider); `slide(to:)` is the user's drag of its thumb.
public final class Slider: View {
    public override class var controlType: ControlType { .slider }
    public var value: Double { number("value") }

    /// What a drawn widget tells that no property holds: the decimals a
    /// drag's value is rounded to (a `.ui` file's GtkScale that draws its
    /// value rounds to its `digits`: GtkRange's round-digits), as the
    /// widget's `drawnValue(of:)` answers it; nil (the default) rounds none.
    public static let dragDigits = PropertySpec("dragDigits", .number, optional: true)

    /// The decimals the user's drag is rounded to, when the widget it was
    /// drawn as rounds it.
    private var dragDigits: Int?

    public override func didAdoptDrawnValues(of widget: any ControlWidget) {
        dragDigits = widget.drawnValue(of: Slider.dragDigits)?.numberValue.flatMap { $0 >= 0 ? Int(min($0, 400)) : nil }
    }

    /// The user drags the thumb to `target` (rounded as the widget drawn
    /// rounds a drag, then kept within the range); `valueChanged` is sent
    /// when the value moved.
    @discardableResult
    public func slide(to target: Double) -> Bool {
        guard takesUserInput("the drag") else { return false }
        let next = min(number("maximumValue"), max(number("minimumValue"), rounded(target)))
        guard next != value, let index = schema.index(of: "value") else { return false }
        return storeUserEdit(index, to: .number(next), sending: "valueChanged")
    }

    public override func validate(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        try validateRanged(value, for: spec)
    }

    /// `target` to `dragDigits` decimals as GtkRange rounds it, halves up
    /// (`floor(target × 10^digits + 0.5) / 10^digits`); as it is where that
    /// is no number (digits past a double's range).
    private func rounded(_ target: Double) -> Double {
        guard let digits = dragDigits else { return target }
        var power = 1.0
        for _ in 0..<digits { power *= 10 }
        let result = (target * power + 0.5).rounded(.down) / power
        return result.isFinite ? result : target
    }

    public override func didStore(at index: Int) { keepValueInRange(after: index) }
}

extension ControlType {
    public static let slider = ControlType(
        name: "Slider", parent: .view,
        summary: "A number within a range, set by dragging a thumb.",
        properties: [
            PropertySpec("value", .number, default: .number(0)),
            PropertySpec("minimumValue", .number, default: .number(0)),
            PropertySpec("maximumValue", .number, default: .number(1)),
            .enabled,
        ],
        events: ["valueChanged"], delegateMessages: [],
        hostProperties: ["value", "minimumValue", "maximumValue"], methods: [],
        commands: [
            UserCommand("slide", help: "drag a slider's thumb to VALUE (within its range)",
                        parameters: [CommandParameter("value", .number)],
                        explore: { view, random in
                            let low = (try? view.value("minimumValue"))?.numberValue ?? 0
                            let high = (try? view.value("maximumValue"))?.numberValue ?? 1
                            let target = mix(low, high, Double(random.below(11)) / 10)
                            return ["slide \(Explorer.quoted(view.name)) \(formatNumber(target))"]
                        },
                        perform: { view, arguments throws(ValueError) in (view as? Slider)?.slide(to: arguments.first?.number ?? 0) }),
        ],
        picture: { view in
            let low = (try? view.value("minimumValue"))?.numberValue ?? 0
            let high = (try? view.value("maximumValue"))?.numberValue ?? 1
            let value = (try? view.value("value"))?.numberValue ?? 0
            // Halves: a range as wide as a double goes (-1.7e308…1.7e308) is no wider than the largest.
            let fraction = high > low ? (value / 2 - low / 2) / (high / 2 - low / 2) : 0
            let position = fraction.isFinite ? Int((min(1, max(0, fraction)) * 10).rounded()) : 0
            return "├" + String(repeating: "─", count: position) + "●" + String(repeating: "─", count: 10 - position)
                + "┤ \(formatNumber(value))"
        },
        widget: "Slider",
        make: { Slider(name: $0, type: $1) })
}
