import BehaveCore

/// A toy widget standing behind a Behave control: what a UIKit or GTK
/// binding does (Docs/embedding.md, "Bind your widgets").
///
/// The widget owns the binding (`associated["behave"]`), the binding owns
/// the control scripts see, and the control holds the binding weakly: when
/// the widget goes, the control leaves the scene and the behaviours it
/// owns are destroyed (reverse lifetime binding).
final class Binding: ControlWidget {
    let control: View
    private weak var widget: ToyWidget?

    init(control: View, widget: ToyWidget) {
        self.control = control
        self.widget = widget
        widget.associated["behave"] = self            // the widget owns its binding
        // Target–action: the toolkit's actions become the control's events.
        widget.onAction = { [unowned self, weak widget] action in
            switch (action, widget) {
            case ("clicked", _):
                self.control.deliver("touchDown")
                self.control.deliver("touchUpInside")
            case ("turned", let knob as ToyKnob):
                self.control.userDidEdit("value", to: .number(knob.position), sending: "valueChanged")
            default:
                break
            }
        }
        control.bind(self)
    }

    /// Changes out: the checked value, once, to the widget.
    func apply(_ change: PropertyChange) {        // changes out, once each
        guard let widget else { return }
        switch (change.property, change.new, widget) {
        case ("alpha", .number(let alpha), _): widget.opacity = (alpha * 100).rounded() / 100
        case ("hidden", .bool(let hidden), _): widget.isVisible = !hidden
        case ("title", .string(let title), let button as ToyButton): button.title = title
        case ("image", .image(let image), let button as ToyButton):
            button.icon = image.name    // its file too, below
            // A scene file's own images (`images:`) are files of the folder
            // it read; an image it has no file for draws none, not the last.
            button.iconFile = (control.scene?.imageCatalog as? ImageFolder)?.files[image.name]   // toggle-on → …/images/toggle-on.png
        case ("image", .null, let button as ToyButton):
            button.icon = nil
            button.iconFile = nil
        case ("text", .string(let text), let label as ToyLabel): label.text = text
        case ("value", .number(let value), let knob as ToyKnob): knob.set(position: value)
        default: break
        }
    }

    /// The widget is the truth for what the user changes in it.
    func currentValue(of property: PropertySpec) -> Value? {
        guard property.name == "value", let knob = widget as? ToyKnob else { return nil }
        return .number(knob.position)
    }

    deinit {
        // The widget went: so does its control, and what it owns. A widget
        // that took another binding (a reload) leaves this control be.
        guard widget == nil else { return }
        control.removeFromParent()
    }
}
