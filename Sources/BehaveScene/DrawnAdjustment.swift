import BehaveCore

/// A GtkAdjustment as a `.ui` file drew it, and what a slider (a
/// `GtkScale`) or a stepper (a `GtkSpinButton`) takes of it: its lower and
/// its upper less its page size (GTK stops a scale or a spin button that
/// far short of its upper) as the range, its value, and a spin button's
/// step. One set of rules for `behave window`, which reads the adjustment
/// GTK built, and for a headless run, which reads the file
/// (`InterfaceDrawing`); so are the notes on what no control can take.
public struct DrawnAdjustment: Equatable, Sendable {
    public var value = 0.0, lower = 0.0, upper = 0.0
    public var step = 0.0, pageStep = 0.0, pageSize = 0.0

    public init(value: Double = 0, lower: Double = 0, upper: Double = 0, step: Double = 0, pageStep: Double = 0,
                pageSize: Double = 0) {
        (self.value, self.lower, self.upper) = (value, lower, upper)
        (self.step, self.pageStep, self.pageSize) = (step, pageStep, pageSize)
    }

    /// Where the user can reach.
    public var end: Double { upper - pageSize }

    /// Whether a control can take the range: both ends numbers, the end
    /// above the start.
    public var hasRange: Bool { lower.isFinite && end.isFinite && end > lower }

    /// Whether a stepper can take the step: a number above 0.
    public var hasStep: Bool { step.isFinite && step > 0 }

    /// GtkAdjustment's `value` set: GTK keeps it within the range as it
    /// stands then (not a later one), its end first.
    public mutating func setValue(_ new: Double) {
        value = max(min(new, end), lower)
    }

    /// What a slider (or, `isStepper`, a stepper) takes: the range and the
    /// value when it can take the range (the value within the range ending
    /// at `end`, as GTK puts it once the page size is taken off), the step
    /// when it can take that. The control still checks each (the scene
    /// file's values win).
    public func values(isStepper: Bool) -> [String: Value] {
        var values: [String: Value] = [:]
        if hasRange {
            values["minimumValue"] = .number(lower)
            values["maximumValue"] = .number(end)
            values["value"] = .number(pageSize != 0 ? max(min(value, end), lower) : value)
        }
        if isStepper, hasStep { values["stepValue"] = .number(step) }
        return values
    }

    /// What is noted when no control can take the range, naming the
    /// control, the `.ui` file and the fix; nil when it can, or when the
    /// adjustment is GTK's own for a file that gives none (0 to 0).
    public func rangeNote(for control: View, in file: String) -> String? {
        guard !hasRange, lower != 0 || upper != 0 || pageSize != 0 else { return nil }
        let drawn = "runs from \(formatNumber(lower)) to \(formatNumber(upper))"
            + (pageSize != 0 ? " less its page size \(formatNumber(pageSize))" : "")
        let needs = pageSize != 0 ? "its upper less its page size must be above its lower" : "its upper must be above its lower"
        return DrawnAdjustment.note(control, in: file, "its GtkAdjustment \(drawn), which a \(control.typeName) cannot take (\(needs))",
                                    kept: "\(formatNumber(number(control, "minimumValue")))…\(formatNumber(number(control, "maximumValue")))",
                                    fix: pageSize != 0
                                        ? "give the adjustment an upper above \(formatNumber(lower + pageSize)) (its lower plus its page size), or a smaller page size"
                                        : "give the adjustment an upper above its lower")
    }

    /// What is noted when a stepper cannot take the step (one of 0 is
    /// GTK's when the file gives none: quietly the stepper's own).
    public func stepNote(for control: View, in file: String) -> String? {
        guard !hasStep, step != 0 else { return nil }
        return DrawnAdjustment.note(control, in: file,
                                    "its GtkAdjustment's step-increment \(formatNumber(step)) is no step a \(control.typeName) can take (it must be a number above 0)",
                                    kept: formatNumber(number(control, "stepValue")), fix: "give the adjustment a step-increment above 0")
    }

    private static func note(_ control: View, in file: String, _ what: String, kept: String, fix: String) -> String {
        "`\(control.name)` in \(file): \(what); \(control.name) keeps \(kept); \(fix) in \(file)"
    }

    private func number(_ control: View, _ property: String) -> Double {
        (try? control.value(property))?.numberValue ?? 0
    }
}
