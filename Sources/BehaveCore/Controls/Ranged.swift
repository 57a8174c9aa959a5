/// Steppers and sliders: `value` within `minimumValue…maximumValue`, a
/// range whose minimum is at most its maximum. A bound set past the other
/// is an error, as UIStepper raises one: a script sets the bound that makes
/// room first. A range of one number is one the control takes (GTK's
/// scale and spin button do).
extension View {
    /// A set `value` must be within the range, and a bound must not pass
    /// the other.
    func validateRanged(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        let checked = try spec.validate(value)
        guard let n = checked.numberValue, boundPassed(by: n, as: spec.name) != nil else { return checked }
        let minimum = number("minimumValue"), maximum = number("maximumValue")
        switch spec.name {
        case "minimumValue":
            throw ValueError(text: "minimumValue must be at most maximumValue (\(formatNumber(maximum))), not \(formatNumber(n))",
                             fix: "give a smaller minimumValue, or raise maximumValue before it")
        case "maximumValue":
            throw ValueError(text: "maximumValue must be at least minimumValue (\(formatNumber(minimum))), not \(formatNumber(n))",
                             fix: "give a larger maximumValue, or lower minimumValue before it")
        default:
            throw ValueError("value must be within \(formatNumber(minimum))…\(formatNumber(maximum)) (minimumValue…maximumValue), not \(formatNumber(n))")
        }
    }

    /// The bound (`minimumValue` or `maximumValue`) that `n`, given to
    /// `property`, would pass, and be refused for; nil when the range takes
    /// it (or `property` is none of the three).
    func boundPassed(by n: Double, as property: String) -> String? {
        switch property {
        case "value" where n < number("minimumValue"), "maximumValue" where n < number("minimumValue"): "minimumValue"
        case "value" where n > number("maximumValue"), "minimumValue" where n > number("maximumValue"): "maximumValue"
        default: nil
        }
    }

    /// Whether a setting refused, of those given together (a scene file's
    /// control, its `--set`s), was refused only for passing a bound given
    /// with it that was itself refused (`minimumValue: ten`): checked
    /// against the bound it kept, not the one given, so the refusal of the
    /// bound is the mistake to tell, and this one would wrongly speak of
    /// the bounds' order. `refused` names the properties refused so far.
    func refusalFollows(from refused: Set<String>, setting property: String, to n: Double?) -> Bool {
        guard let n, let bound = boundPassed(by: n, as: property) else { return false }
        return refused.contains(bound)
    }

    /// Sets `property`, one of settings given together, to `loose` as
    /// `spec` converts it. A refusal joins `refused` (those of the settings
    /// refused so far) and is thrown unless it only follows from one of
    /// them (`refusalFollows`).
    public func set(_ property: String, to loose: LooseValue, as spec: PropertySpec,
                    refused: inout Set<String>) throws(ValueError) {
        do throws(ValueError) {
            try set(property, to: try spec.convert(loose))
        } catch {
            let follows = refusalFollows(from: refused, setting: property, to: (try? spec.convert(loose))?.numberValue)
            refused.insert(property)
            if !follows { throw error }
        }
    }

    /// A new bound brings the value within the range, as UIKit does.
    func keepValueInRange(after index: Int) {
        guard let minimumIndex = schema.index(of: "minimumValue"), let maximumIndex = schema.index(of: "maximumValue"),
              let valueIndex = schema.index(of: "value"), index == minimumIndex || index == maximumIndex else { return }
        let low = number("minimumValue"), high = number("maximumValue")
        // The control's own value: a widget behind it (a GtkScale) has
        // clamped its own to the new range already, and read so, the
        // value moved in without a change the trace and observers hear.
        // A widget holding the value within more than the range (a
        // GtkScale within its fill level, which a lowered minimum lets
        // hold it lower) holds it so now: stored as it holds it.
        let current = storedValue(at: valueIndex).numberValue ?? low
        let kept = heldByWidget(.number(min(max(current, low), high)), at: valueIndex)
        if kept != .number(current) { store(kept, at: valueIndex) }
    }

    /// The order to set properties given together in (a scene file's
    /// control, the `--set`s of one control), as indices into `settings`,
    /// so that each is checked against the others as given, not against
    /// those they replace: the value after the range, and of the bounds
    /// the one that makes room first (the maximum when the minimum given
    /// is above the maximum now); otherwise the order given. Each setting
    /// is its property's name and the number it gives, if any. Not
    /// generic: unspecialized across modules, a generic one cost a cold
    /// start a quarter more instructions (runtime metadata and conformance
    /// lookups).
    public func settingOrder(_ settings: [(name: String, number: Double?)]) -> [Int] {
        let minimum = settings.last { $0.name == "minimumValue" }?.number
        let raised = minimum.map { $0 > number("maximumValue") } ?? false
        func rank(_ name: String) -> Int {
            switch name {
            case "minimumValue": raised ? 2 : 1
            case "maximumValue": raised ? 1 : 2
            case "value": 3
            default: 0
            }
        }
        let ranks = settings.map { rank($0.name) }
        return (0...3).flatMap { wanted in ranks.indices.filter { ranks[$0] == wanted } }
    }
}
