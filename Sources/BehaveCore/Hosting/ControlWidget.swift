/// A host toolkit's widget standing behind a control: a `GtkButton` behind
/// a `Button`, a `UISwitch` behind a `Switch`, an app's own knob behind a
/// `Knob`. Scripts still see the control; the widget is the truth.
///
/// * **Changes out.** Every change of a property, checked against the
///   type's schema first (from a script, the scene, a `set`, an
///   animation's end), reaches `apply` once, with its old and new value.
/// * **Edits in.** What the user does in the widget reaches the control
///   through `View.userDidEdit(_:to:sending:)` (a switch flipped, text
///   typed, a scroll) and `View.deliver(_:)` (a click): handlers, target–
///   action, the responder chain and delegates hear them as they hear the
///   command language's `tap`.
/// * **Reads.** When `currentValue(of:)` answers, scripts and tools read
///   the widget's value, never a stale copy.
/// * **Animations.** Frame by frame, `apply` hears each frame (source
///   `.animation`, `isFrame` true); or the host takes an animation over
///   (`animate`) and says when it ended.
///
/// All calls happen on the scene's thread (a toolkit's main thread).
public protocol ControlWidget: AnyObject {
    /// A checked change to show: the control's property `change.property`
    /// is now `change.new`. Called once per change; a change the widget
    /// itself reported (`userDidEdit`) is not echoed back, and one the
    /// control refused is answered with the value it keeps (`change.old`
    /// the refused value, source `.user`): the widget shows it again.
    func apply(_ change: PropertyChange)

    /// The value the widget shows for `property` now, when it keeps that
    /// property (a text field's text, a switch's state); nil when the
    /// control's own value stands (the default).
    func currentValue(of property: PropertySpec) -> Value?

    /// The value the widget will hold for `property` once told `value`,
    /// a property it keeps (`currentValue(of:)` answers) within bounds of
    /// its own: a GTK scrolled window keeps its offset within its content.
    /// A script's or a command's set stores (and traces) that value, so
    /// what it reads back, the trace and the widget agree. `value` by
    /// default.
    func heldValue(_ value: Value, for property: PropertySpec) -> Value

    /// The value the widget was laid out with for `property`, which the
    /// control takes when it is bound adopting the widget's values (a
    /// `.ui` file's), unless the scene set it: `currentValue(of:)` by
    /// default. A property the widget shows but only the control changes
    /// (a scale's range, drawn in its adjustment) answers here alone, so
    /// reads of it stay the control's. Asked too of what no property holds
    /// (`Slider.dragDigits`).
    func drawnValue(of property: PropertySpec) -> Value?

    /// Takes an animation of one property over (UIKit's property
    /// animators): the widget animates from `animation.from` to
    /// `animation.to` over `animation.duration` seconds along
    /// `animation.curve` and calls `animation.finished()` at its end.
    /// Returns false to be driven frame by frame instead (the default).
    func animate(_ animation: HostAnimation) -> Bool

    /// The control left the screen (a `remove`, its parent removed): the
    /// widget may leave its window too. Not called when the widget's own
    /// going took the control away.
    func controlWasRemoved()
}

extension ControlWidget {
    public func currentValue(of property: PropertySpec) -> Value? { nil }
    public func heldValue(_ value: Value, for property: PropertySpec) -> Value { value }
    public func drawnValue(of property: PropertySpec) -> Value? { currentValue(of: property) }
    public func animate(_ animation: HostAnimation) -> Bool { false }
    public func controlWasRemoved() {}
}

/// Where a property change came from.
public enum ChangeSource: Int32, Sendable, CaseIterable {
    /// A behaviour script set it (`self.button.title = "Done"`), or a
    /// control kept itself consistent after one.
    case script
    /// The scene file or the scene being built.
    case scene
    /// A `set` command (the prompt, a spec's `s:set`, the studio's inspector).
    case command
    /// The user, in the widget or through the command language (`type`,
    /// `slide`, a switch's `tap`).
    case user
    /// An animation: each frame while it runs, and its end.
    case animation
}

/// One change of one control's property, as hosts hear it: typed values,
/// not text.
public struct PropertyChange: Sendable, Equatable {
    /// The control's name.
    public let control: String
    public let property: String
    /// The property's index in the control's schema.
    public let index: Int
    public let old: Value
    public let new: Value
    public let source: ChangeSource
    /// A frame of an animation under way (the model value is unchanged
    /// until the animation ends, which comes as a change of its own).
    public let isFrame: Bool

    public init(control: String, property: String, index: Int, old: Value, new: Value, source: ChangeSource,
                isFrame: Bool = false) {
        self.control = control
        self.property = property
        self.index = index
        self.old = old
        self.new = new
        self.source = source
        self.isFrame = isFrame
    }
}

/// An animation of one property handed to a host (`ControlWidget.animate`).
public final class HostAnimation {
    public let control: String
    public let property: PropertySpec
    public let from: Value
    public let to: Value
    /// Seconds of the scene's clock.
    public let duration: Double
    public let curve: Curve
    private var onFinish: (() -> Void)?
    /// Made by the scene's animator, so on the scene's thread.
    private let thread = SceneThread.current

    init(control: String, property: PropertySpec, from: Value, to: Value, duration: Double, curve: Curve,
         onFinish: @escaping () -> Void) {
        self.control = control
        self.property = property
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
        self.onFinish = onFinish
    }

    /// The host's animation ended: the handler that waits on it resumes
    /// once every part of its animation has ended. Later calls do nothing.
    /// Refused (it throws, and the handler still waits) from another
    /// thread than the scene's.
    public func finished() throws(ValueError) {
        try thread.check("the host animation of \(control).\(property.name) was finished",
                         "the handler still waits in animate", act: "call finished()", example: "try animation.finished()")
        let finish = onFinish
        onFinish = nil
        finish?()
    }

    /// A part the widget refused: nothing waits for it.
    func discard() { onFinish = nil }

    /// Whether the scene still waits for `finished()`. Read it on the
    /// scene's thread.
    public var isWaiting: Bool { onFinish != nil }
}
