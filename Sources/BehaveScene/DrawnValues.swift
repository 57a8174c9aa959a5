import BehaveCore

/// The values a `.ui` file drew for one control, read from the file
/// (`InterfaceDrawing`), standing in for the widget GTK would have built
/// so that a headless run adopts them by the rules `behave window` does
/// (`View.adoptDrawnValues(of:)`: the scene file's win, a value the
/// control refuses is not taken). Never bound: it shows nothing.
final class DrawnValues: ControlWidget {
    private let values: [String: Value]

    init(_ values: [String: Value]) {
        self.values = values
    }

    func apply(_ change: PropertyChange) {}

    func drawnValue(of property: PropertySpec) -> Value? { values[property.name] }
}

extension DrawnValues {
    /// Sliders and steppers whose widgets share one adjustment move
    /// together, as in `behave window`, where the adjustment moves every
    /// widget on it: a value one takes is the others' too, as that
    /// change's consequence, with its source (a script's set stays the
    /// script's); the user's slide of one is that one's edit, and only it
    /// sends `valueChanged`. Not the frames of an animation: the value it
    /// ends at.
    static func link(_ group: [View]) {
        for view in group {
            let others = group.filter { $0 !== view }.map { WeakView($0) }
            view.observeChanges { change in
                guard change.property == "value", !change.isFrame else { return }
                for other in others {
                    guard let control = other.view, (try? control.value("value")) != change.new,
                          !control.widgetDidHold("value", at: change.new, after: change.source) else { continue }
                    // One the control refuses is told as the widget's edit, as the window tells it.
                    control.userDidEdit("value", to: change.new)
                }
            }
        }
    }
}

/// A control held without keeping it (a linked control's observer is
/// kept by the other control).
private struct WeakView {
    weak var view: View?

    init(_ view: View) { self.view = view }
}
