import BehaveCore
import CGtk

/// Stack → `GtkBox`: `axis` is its orientation, `spacing` its spacing,
/// `distribution: fillEqually` makes it homogeneous, `padding` is CSS
/// padding (inside its background, as a UIStackView's layout margins are),
/// and `alignment` is each child's `halign` in a vertical box or `valign`
/// in a horizontal one. The host appends the stack's subviews' widgets in
/// their order (`arrange`); a hidden one is not drawn and takes no room.
final class StackBinding: WidgetBinding {
    private var stack: Stack? { control as? Stack }

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        // The change is stored already: the stack reads as it is now.
        guard let stack else { return false }
        switch change.property {
        case "axis":
            bhg_box_set_orientation(widget, stack.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
            alignChildren()
        case "spacing":
            bhg_box_set_spacing(widget, Int32(stack.spacing.rounded()))
        case "distribution":
            bhg_box_set_homogeneous(widget, stack.distribution == .fillEqually ? 1 : 0)
            alignChildren()
        case "alignment":
            alignChildren()
        case "padding":
            style.set("padding", to: stack.padding > 0 ? "\(formatNumber(stack.padding))px" : nil)
        default:
            return false
        }
        return true
    }

    /// Puts a subview's widget at the end of the box, at the size its
    /// frame gives (its x and y are the stack's to choose).
    func arrange(_ child: View, _ childWidget: GtkWidgetPointer) {
        guard let widget else { return }
        bhg_box_append(widget, childWidget)
        resize(child, childWidget)
    }

    /// A subview's frame changed: its size, and so its alignment.
    func resize(_ child: View, _ childWidget: GtkWidgetPointer) {
        let frame = child.frame
        gtk_widget_set_size_request(childWidget, frame.width > 0 ? GtkHost.pixels(frame.width) : -1,
                                    frame.height > 0 ? GtkHost.pixels(frame.height) : -1)
        align(child, childWidget)
    }

    private func alignChildren() {
        for child in stack?.arrangedSubviews ?? [] {
            if let childWidget = (child.widget as? WidgetBinding)?.widget { align(child, childWidget) }
        }
    }

    /// Across the axis: where the alignment puts the child. A switch, a
    /// stepper and a control whose frame gives its size across keep that
    /// size where the alignment is `fill`: at the leading edge (in a row, a
    /// switch and a stepper in its middle). Along a row's axis, the room
    /// left goes to the controls that hug their content least, as in
    /// UIKit: labels, text fields, sliders and plain views and stacks,
    /// shared equally (`GtkWidget:hexpand`), unless the frame gives a width.
    private func align(_ child: View, _ childWidget: GtkWidgetPointer) {
        guard let stack else { return }
        let vertical = stack.axis == .vertical
        let frame = child.frame
        let keepsItsSize = child.controlType.isKind(of: "Switch") || child.controlType.isKind(of: "Stepper")
        var across: GtkAlign
        switch stack.alignment {
        case .fill where keepsItsSize: across = vertical ? GTK_ALIGN_START : GTK_ALIGN_CENTER
        case .fill where (vertical ? frame.width : frame.height) > 0: across = GTK_ALIGN_START
        case .fill: across = GTK_ALIGN_FILL
        case .leading: across = GTK_ALIGN_START
        case .center: across = GTK_ALIGN_CENTER
        case .trailing: across = GTK_ALIGN_END
        }
        let takesTheRoomLeft = !vertical && stack.distribution == .fill && frame.width == 0 && Stack.stretches(child)
        gtk_widget_set_halign(childWidget, vertical ? across : GTK_ALIGN_FILL)
        gtk_widget_set_valign(childWidget, vertical ? GTK_ALIGN_FILL : across)
        gtk_widget_set_hexpand(childWidget, takesTheRoomLeft ? 1 : 0)
    }
}

extension View {
    /// Its frame, or an empty one.
    var frame: Rect { (try? value("frame"))?.rectValue ?? Rect(x: 0, y: 0, width: 0, height: 0) }
}
