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
