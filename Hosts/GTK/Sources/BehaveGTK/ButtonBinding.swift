import BehaveCore
import CGtk

/// Button → `GtkButton`: its face is a label, with a picture before it
/// while the button shows an image; `titleColor` is CSS (a disabled one
/// keeps the theme's dimmed text), `selected` a style class. A real press sends `touchDown`, a release over the button
/// `touchUpInside` and off it `touchUpOutside`; a keyboard activation is a
/// tap.
final class ButtonBinding: WidgetBinding {
    /// The box the binding put in the button, holding the label and, while
    /// an image shows, the picture; nil when the file's own child (an
    /// icon, a box) stands in the button.
    private var face: GtkWidgetPointer?
    private var picture: GtkWidgetPointer?
    private var label: GtkWidgetPointer?
    /// A release just ended a press: a `clicked` GTK sends for it, in the
    /// same event, is that press's. GTK sends none for a release off the
    /// button (or one whose handler hid or disabled it), so the mark goes
    /// once the event is done: left, it took the next Space for the press's.
    private var releasing = false
    /// False until the event being handled when the binding was made is
    /// done: GTK gives a controller added during an event that event too,
    /// so a scene loaded from a tap's handler heard that tap as its own.
    private var hearing = false

    override func connectSignals(_ widget: GtkWidgetPointer) {
        if let face = bhg_button_get_child(widget), bhg_get_data(face, "behave-face") != nil {
            // The face a binding before this one made (an app's button bound again).
            self.face = face
            label = gtk_widget_get_last_child(face)
            let first = gtk_widget_get_first_child(face)
            picture = first != label ? first : nil
        } else if bhg_button_get_child(widget) == nil || bhg_button_get_label(widget) != nil {
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            // A label drawn with `use-underline` keeps its mnemonic (`_Save` shows `Save`).
            let drawn = bhg_button_get_label(widget)
            let label = (bhg_button_get_use_underline(widget) != 0 ? gtk_label_new_with_mnemonic(drawn) : gtk_label_new(drawn))!
            gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
            bhg_box_append(box, label)
            bhg_button_set_child(widget, box)
            bhg_set_data_full(box, "behave-face", UnsafeMutableRawPointer(box), nil)
            face = box
            self.label = label
        }
        Signals.afterThis { [weak self] in self?.hearing = true }
        let press = added(bhg_add_press_controller(widget)!)
        Signals.press(press, "pressed") { [unowned self] _, _ in
            guard hearing else { return }
            _ = try? control.beginTouch()
        }
        Signals.press(press, "released") { [unowned self] x, y in
            guard hearing, let widget = self.widget, control.touch != nil else { return }
            let inside = x >= 0 && y >= 0 && x < Double(gtk_widget_get_width(widget)) && y < Double(gtk_widget_get_height(widget))
            releasing = true
            Signals.afterThis { [weak self] in self?.releasing = false }
            try? control.endTouch(outside: !inside)
        }
        hear(UnsafeMutableRawPointer(widget), Signals.connect(UnsafeMutableRawPointer(widget), "clicked") { [unowned self] in
            if releasing {
                releasing = false
            } else if hearing {
                control.tap()   // Enter or Space on the focused button
            }
        })
    }

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        switch (change.property, change.new) {
        case ("title", let title):
            if let label { bhg_label_set_text(label, labelText(text(title))) } else { bhg_button_set_label(widget, labelText(text(title))) }
        case ("image", .image(let image)):
            guard face != nil else { return true }
            if let file = host?.imageFile(named: image.name) {
                let picture = showPicture()
                bhg_picture_set_filename(picture, file)
                gtk_widget_set_size_request(picture, Int32(min(image.width ?? 32, 32)), Int32(min(image.height ?? 32, 32)))
            } else {
                // No file for the name: the name stands in, as the studio's placeholder does.
                hidePicture()
                if let label { bhg_label_set_text(label, labelText("[\(image.name)] " + text(control.storedTitle))) }
            }
        case ("image", .null):
            hidePicture()
            // The name that stood in for a missing file goes with the image.
            if let label { bhg_label_set_text(label, labelText(text(control.storedTitle))) }
        case ("titleColor", let color):
            // A disabled button keeps the theme's dimmed text, as UIKit's does.
            style.set("color", to: color.colorValue, state: ":not(:disabled)")
        case ("selected", .bool(let selected)):
            if selected { gtk_widget_add_css_class(widget, "bh-selected") } else { gtk_widget_remove_css_class(widget, "bh-selected") }
        default:
            return false
        }
        return true
    }

    /// The face's picture, put before the label. It is in the face only
    /// while an image shows: a `GtkPicture` sizes its height for its
    /// width, and GTK 4.8 takes a box's way of sizing from all its
    /// children, hidden ones too, so a hidden picture made the button and
    /// its row size their height for a width, where the row measured a
    /// pixel taller than without one (GTK's CRITICAL "GtkBox reports a
    /// minimum height of 34, but minimum height for width of 1048576 is
    /// 35", at every start of an app whose buttons showed no image).
    private func showPicture() -> GtkWidgetPointer {
        if let picture { return picture }
        let picture = gtk_picture_new()!
        bhg_box_prepend(face, picture)
        self.picture = picture
        return picture
    }

    /// Takes the picture out of the face (the face held its only reference).
    private func hidePicture() {
        guard let picture, let face else { return }
        bhg_box_remove(face, picture)
        self.picture = nil
    }

    /// The title the button was drawn with, as its label shows it; none
    /// when a child of the file's own (an icon, a box) stands in its place.
    override func drawnValue(of property: PropertySpec) -> Value? {
        guard property.name == "title", let label else { return nil }
        return .string(string(bhg_label_get_text(label)) ?? "")
    }
}

extension View {
    var storedTitle: Value { (try? value("title")) ?? .null }
}
