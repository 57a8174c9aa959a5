/// Which GTK classes may stand behind each control type. The core keeps
/// the table, although it draws no widget, so that a scene or a script
/// that names a GTK class as a control's type (`type: GtkEntry`) is told
/// the type it means; BehaveScene's `WidgetClasses` reads it to check a
/// `.ui` file's widgets, and the GTK host its own.
extension ControlTypes {
    /// Each control type with the GTK classes (and their subclasses) that
    /// fit it, the first a widget made for it; a `View` takes any widget.
    /// A class may fit two types: a GtkToggleButton is a GtkButton, so a
    /// `Button`, and on or off, so a `Switch` (UIKit's UISwitch is GTK's
    /// switch, check button and toggle button alike); messages name the
    /// first type it fits.
    public static let gtkClasses: [(controlType: String, classes: [String])] = [
        ("Button", ["GtkButton"]),
        ("Label", ["GtkLabel"]),
        ("Switch", ["GtkSwitch", "GtkCheckButton", "GtkToggleButton"]),
        ("Slider", ["GtkScale"]),
        ("Stepper", ["GtkSpinButton"]),
        ("TextField", ["GtkEntry", "GtkPasswordEntry"]),
        ("ImageView", ["GtkPicture"]),
        ("ScrollView", ["GtkScrolledWindow"]),
        ("Stack", ["GtkBox"]),
        ("View", ["GtkWidget"]),
    ]

    /// GTK's classes as words for control types: `GtkEntry` is GTK's class
    /// for a `TextField` (the first type a class fits).
    static let toolkitTypes: ToolkitWords = {
        var words: [String: ToolkitWord] = [:]
        for (type, classes) in gtkClasses {
            for gtkClass in classes where words[gtkClass] == nil { words[gtkClass] = .gtk(type) }
        }
        return ToolkitWords(noun: "class", words)
    }()
}
