import BehaveCore

/// Which GTK classes may stand behind each control type, in one table:
/// headless reads a `.ui` file's classes through it (with GTK's class
/// tree, `GtkClasses`), and behave window checks its widgets against the
/// same names, so that both refuse the same scenes in the same words.
public enum WidgetClasses {
    /// Each control type with the GTK classes (and their subclasses) that
    /// fit it, the first a widget made for it: the core's table, which
    /// also tells a scene that names a GTK class as a type the type meant.
    public static var fitting: [(controlType: String, classes: [String])] { ControlTypes.gtkClasses }

    /// The table's type for a control type: its own, or its nearest
    /// parent's (a host's type that inherits `Button` is a button); any
    /// other, `View`.
    public static func kind(of type: ControlType) -> String {
        var current: ControlType? = type
        while let each = current {
            if fitting.contains(where: { $0.controlType == each.name }) { return each.name }
            current = each.parent
        }
        return "View"
    }

    /// The classes that fit a control type of the table.
    public static func classes(of kind: String) -> [String] {
        fitting.first { $0.controlType == kind }?.classes ?? ["GtkWidget"]
    }

    /// The classes that fit, as messages name them.
    public static func named(_ kind: String) -> String {
        kind == "View" ? "any widget" : classes(of: kind).joined(separator: " or ")
    }

    /// The first control type (not `View`) that a widget fits, by whether
    /// it is a given class (the window asks GTK, headless the class
    /// table); `View` when none does.
    public static func type(fitting isA: (String) -> Bool) -> String {
        fitting.first { $0.controlType != "View" && $0.classes.contains(where: isA) }?.controlType ?? "View"
    }

    /// The control type a GTK class stands behind, by GTK's class tree.
    static func type(ofClass className: String) -> String {
        type { GtkClasses.gtk.isA(className, $0) }
    }

    // MARK: What the window and headless say

    /// The file lacks the control's id.
    public static func missing(_ id: String, in file: String, nearest: String?) -> String {
        "\(file) has no object with id `\(id)`"
            + (nearest.map { " (did you mean `\($0)`?); rename the control or the widget" } ?? "; give the widget that id in the designer")
    }

    /// The control's object is not a widget (an adjustment, a menu).
    public static func notAWidget(_ id: String, in file: String) -> String {
        "`\(id)` in \(file) is not a widget"
    }

    /// The control's widget is not shown: not in the screen's window.
    public static func outsideTheWindow(_ id: String, in file: String) -> String {
        "`\(id)` in \(file) is not inside the screen's window (the file's GtkWindow); bind a widget drawn inside it"
    }

    /// The control's check button is a radio button (drawn with `group`):
    /// GTK keeps one of its group on, and a click on the one that is on
    /// leaves it on, where a `Switch` flips on each tap, alone.
    public static func inRadioGroup(_ id: String, in file: String, typeName: String) -> String {
        "`\(id)` in \(file) is a GtkCheckButton in a group (a radio button), but the scene says \(typeName): "
            + "a \(typeName) flips on its own, where GTK keeps one of the group on; take `group` out in \(file), "
            + "or the control to `type: View` in the scene"
    }

    /// The widget's class does not fit the control's type, with both ways
    /// out: the designer changes the widget's class, or the scene the
    /// control's type, to the one that fits the widget (`fitting`; a
    /// `View` takes any widget, when no other does).
    public static func mismatch(_ id: String, in file: String, className: String, typeName: String, kind: String,
                                fitting: String) -> String {
        "`\(id)` in \(file) is a \(className), but the scene says \(typeName): a \(typeName) is a \(named(kind)); "
            + "change the widget's class to \(named(kind)) in \(file), or the control to `type: \(fitting)` in the scene "
            + (fitting == "View" ? "(a View takes any widget)" : "(a \(className) is a \(fitting))")
    }
}
