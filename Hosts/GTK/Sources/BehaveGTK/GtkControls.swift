import BehaveCore
import CGtk

/// Which GTK widget stands behind each control type, in one table: the
/// widget a scene with frames makes, the classes a `.ui` file's object of
/// that type may be, and the binding that connects the two.
struct GtkControlKind {
    let controlType: String
    /// The GTK classes that fit, as messages name them.
    let classes: String
    let fits: (GtkWidgetPointer) -> Bool
    let make: () -> GtkWidgetPointer
    let binding: WidgetBinding.Type

    static var all: [GtkControlKind] {
        [
        GtkControlKind(controlType: "Button", classes: "GtkButton", fits: { bhg_is_button($0) != 0 },
                       make: { gtk_button_new() }, binding: ButtonBinding.self),
        GtkControlKind(controlType: "Label", classes: "GtkLabel", fits: { bhg_is_label($0) != 0 },
                       make: {
                           // UILabel's text: at the leading edge, and on as
                           // many lines as its width needs (the studio's too).
                           let label = gtk_label_new(nil)!
                           gtk_label_set_xalign(OpaquePointer(label), 0)
                           gtk_label_set_wrap(OpaquePointer(label), 1)
                           return label
                       }, binding: LabelBinding.self),
        GtkControlKind(controlType: "Switch", classes: "GtkSwitch", fits: { bhg_is_switch($0) != 0 },
                       make: {
                           let toggle = gtk_switch_new()!
                           gtk_widget_set_halign(toggle, GTK_ALIGN_START)
                           return toggle
                       }, binding: SwitchBinding.self),
        GtkControlKind(controlType: "Slider", classes: "GtkScale", fits: { bhg_is_scale($0) != 0 },
                       make: {
                           // A UISlider draws no number; a .ui file's scale draws one when its designer says so (`draw-value`).
                           let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.01)!
                           bhg_scale_set_draw_value(scale, 0)
                           gtk_widget_set_size_request(scale, 160, -1)
                           return scale
                       }, binding: RangeBinding.self),
        GtkControlKind(controlType: "Stepper", classes: "GtkSpinButton", fits: { bhg_is_spin($0) != 0 },
                       make: { gtk_spin_button_new_with_range(0, 100, 1) }, binding: RangeBinding.self),
        GtkControlKind(controlType: "TextField", classes: "GtkEntry or GtkPasswordEntry",
                       fits: { bhg_is_entry($0) != 0 || bhg_is_password_entry($0) != 0 },
                       make: { gtk_entry_new() }, binding: TextFieldBinding.self),
        GtkControlKind(controlType: "ImageView", classes: "GtkPicture", fits: { bhg_is_picture($0) != 0 },
                       make: { gtk_picture_new() }, binding: ImageViewBinding.self),
        GtkControlKind(controlType: "ScrollView", classes: "GtkScrolledWindow", fits: { bhg_is_scrolled($0) != 0 },
                       make: {
                           let scroller = gtk_scrolled_window_new()!
                           bhg_scrolled_set_child(scroller, gtk_fixed_new())
                           return scroller
                       }, binding: ScrollViewBinding.self),
        GtkControlKind(controlType: "Stack", classes: "GtkBox", fits: { bhg_is_box($0) != 0 },
                       make: { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) }, binding: StackBinding.self),
        GtkControlKind(controlType: "View", classes: "any widget", fits: { _ in true },
                       make: { gtk_fixed_new() }, binding: ContainerBinding.self),
        ]
    }

    /// Both ways out of a widget that does not fit its control's type:
    /// the designer changes the widget's class, or the scene the
    /// control's type, to the one that fits the widget (a `View` takes
    /// any widget, when no other does).
    static func wayOut(for widget: GtkWidgetPointer, named className: String, in file: String, not kind: GtkControlKind) -> String {
        let fitting = all.first { $0.controlType != "View" && $0.fits(widget) }?.controlType ?? "View"
        return "change the widget's class to \(kind.classes) in \(file), or the control to `type: \(fitting)` in the scene "
            + (fitting == "View" ? "(a View takes any widget)" : "(a \(className) is a \(fitting))")
    }

    /// The kind of a control type: its own, or its nearest parent's (a
    /// host's type that inherits `Button` is a button; any other, a container).
    static func of(_ type: ControlType) -> GtkControlKind {
        var current: ControlType? = type
        while let each = current {
            if let kind = all.first(where: { $0.controlType == each.name }) { return kind }
            current = each.parent
        }
        return all[all.count - 1]
    }
}
