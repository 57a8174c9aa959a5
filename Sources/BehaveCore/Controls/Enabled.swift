/// Whether a control takes what a person does to it: UIControl's
/// `isEnabled`, GTK's `sensitive`. Each type that is a control in UIKit's
/// sense (a button, a switch, a slider, a stepper, a text field: what a
/// person works, not a view they read or a container) lists this one spec
/// among its properties; a host's own control type lists it too. A
/// disabled control takes no touches, drags, steps or keys (`View.
/// canReceiveTouches` asks its schema's `enabledIndex`), so sends no event
/// of the user's; `show`, the studio and the hosts draw it dimmed. Scripts
/// still set its values.
extension PropertySpec {
    public static let enabled = PropertySpec("enabled", .bool, default: .bool(true))
}

extension View {
    /// Whether it is enabled; a view whose type has no `enabled` (a label,
    /// a stack) always is.
    public var isEnabled: Bool { schema.enabledIndex.map { boolValue(at: $0) ?? true } ?? true }
}
