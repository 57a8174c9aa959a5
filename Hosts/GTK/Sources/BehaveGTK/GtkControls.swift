import BehaveCore
import BehaveScene
import CGtk

/// Which GTK widget stands behind each control type: the widget a scene
/// with frames makes, and the binding that connects the two. The classes
/// a `.ui` file's object of that type may be are `WidgetClasses`', which
/// headless reads too.
struct GtkControlKind {
    let controlType: String
    let make: () -> GtkWidgetPointer
    let binding: WidgetBinding.Type

    static var all: [GtkControlKind] {
        [
        GtkControlKind(controlType: "Button", make: { gtk_button_new() }, binding: ButtonBinding.self),
        GtkControlKind(controlType: "Label", make: {
                           // UILabel's text: at the leading edge, and on as
                           // many lines as its width needs (the studio's too).
                           let label = gtk_label_new(nil)!
                           gtk_label_set_xalign(OpaquePointer(label), 0)
                           gtk_label_set_wrap(OpaquePointer(label), 1)
                           return label
                       }, binding: LabelBinding.self),
        GtkControlKind(controlType: "Switch", make: {
                           let toggle = gtk_switch_new()!
                           gtk_widget_set_halign(toggle, GTK_ALIGN_START)
                           return toggle
                       }, binding: SwitchBinding.self),
        GtkControlKind(controlType: "Slider", make: {
                           // A UISlider draws no number; a .ui file's scale draws one when its designer says so (`draw-value`).
                           let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.01)!
                           bhg_scale_set_draw_value(scale, 0)
                           gtk_widget_set_size_request(scale, 160, -1)
                           return scale
                       }, binding: RangeBinding.self),
        GtkControlKind(controlType: "Stepper", make: { gtk_spin_button_new_with_range(0, 100, 1) }, binding: RangeBinding.self),
        GtkControlKind(controlType: "TextField", make: { gtk_entry_new() }, binding: TextFieldBinding.self),
        GtkControlKind(controlType: "ImageView", make: { gtk_picture_new() }, binding: ImageViewBinding.self),
        GtkControlKind(controlType: "ScrollView", make: {
                           let scroller = gtk_scrolled_window_new()!
                           bhg_scrolled_set_child(scroller, gtk_fixed_new())
                           return scroller
                       }, binding: ScrollViewBinding.self),
        GtkControlKind(controlType: "Stack", make: { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) }, binding: StackBinding.self),
        GtkControlKind(controlType: "View", make: { gtk_fixed_new() }, binding: ContainerBinding.self),
        ]
    }

    /// The GTK classes that fit, as messages name them.
    var classes: String { WidgetClasses.named(controlType) }

    /// Whether `widget` is of a class that fits (GTK asked of the names
    /// headless reads).
    func fits(_ widget: GtkWidgetPointer) -> Bool {
        WidgetClasses.classes(of: controlType).contains { bhg_is_of_class(widget, $0) != 0 }
    }

    /// The control type a widget fits (`View` when no other does).
    static func type(fitting widget: GtkWidgetPointer) -> String {
        WidgetClasses.type { bhg_is_of_class(widget, $0) != 0 }
    }

    /// The kind of a control type: its own, or its nearest parent's (a
    /// host's type that inherits `Button` is a button; any other, a container).
    static func of(_ type: ControlType) -> GtkControlKind {
        let name = WidgetClasses.kind(of: type)
        return all.first { $0.controlType == name } ?? all[all.count - 1]
    }
}
