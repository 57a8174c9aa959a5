/// A toy widget toolkit, standing in for UIKit or GTK: widgets with
/// target–action, drawn as text. Nothing here knows Behave.
open class ToyWidget {
    public let id: String
    public var opacity = 1.0
    public var isVisible = true
    /// What the toolkit calls when the user acts on the widget.
    public var onAction: ((String) -> Void)?
    /// Objects kept as long as the widget lives (the toolkit's associated
    /// objects: `objc_setAssociatedObject`, `g_object_set_data_full`).
    public var associated: [String: AnyObject] = [:]

    public init(id: String) { self.id = id }

    open var drawing: String { id }
}

/// A push button with a title and an icon name.
public final class ToyButton: ToyWidget {
    public var title = ""
    public var icon: String?
    /// The file the icon is drawn from, when the app has one for its name.
    public var iconFile: String?

    /// The user clicks it.
    public func click() { onAction?("clicked") }

    public override var drawing: String { "[\(icon ?? "") \(title)]" }
}

/// A text label.
public final class ToyLabel: ToyWidget {
    public var text = ""
    public override var drawing: String { "\"\(text)\"" }
}

/// A rotary knob from 0 to 1: the app's own widget, which no control type
/// of Behave's describes.
public final class ToyKnob: ToyWidget {
    public private(set) var position = 0.0

    /// The user turns it (the toolkit then tells its target).
    public func turn(to position: Double) {
        self.position = min(1, max(0, position))
        onAction?("turned")
    }

    /// The app sets it: no action, as UIKit's controls send none for
    /// programmatic changes.
    public func set(position: Double) { self.position = min(1, max(0, position)) }

    public override var drawing: String { "(knob \(Int((position * 100).rounded()))%)" }
}

/// A window of widgets: its content, by id. Closing it lets them go.
public final class ToyWindow {
    public private(set) var widgets: [ToyWidget] = []

    public init() {}

    public func add(_ widget: ToyWidget) { widgets.append(widget) }

    public func widget(_ id: String) -> ToyWidget? { widgets.first { $0.id == id } }

    /// A widget is taken out of the window (and released).
    public func removeWidget(_ id: String) { widgets.removeAll { $0.id == id } }

    /// The user closes the window: its widgets go.
    public func close() { widgets.removeAll() }

    public var drawing: String { widgets.map { "\($0.id): \($0.isVisible ? $0.drawing : "(hidden)") α\($0.opacity)" }.joined(separator: "  ") }
}
