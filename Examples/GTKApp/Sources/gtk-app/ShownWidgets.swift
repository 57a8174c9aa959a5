import BehaveGTK
import CGtk

/// `--print-widgets`: what the window shows, read from GTK's widgets, for
/// a test that drives the app with real input as a user would. Once the
/// window is first laid out, a line for each widget Behave binds, with its
/// place on the screen's X window (`place save 240 96 58 34`); then, as they
/// change, what each label says (`count shows "Clicked twice"`) and whether
/// a button takes clicks (`save is insensitive`).
@MainActor final class ShownWidgets {
    private let window: GtkWidgetPointer
    private let widgets: [String: GtkWidgetPointer]
    private var printed: [String: String] = [:]

    init(window: GtkWidgetPointer, widgets: [String: GtkWidgetPointer]) {
        self.window = window
        self.widgets = widgets
        let me = Unmanaged.passUnretained(self).toOpaque()
        let changed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { Unmanaged<ShownWidgets>.fromOpaque(data!).takeUnretainedValue().printChanges() }
        }
        for widget in widgets.values {
            let signal = bhg_is_label(widget) != 0 ? "notify::label" : "notify::sensitive"
            bhg_connect(widget, signal, unsafeBitCast(changed, to: UnsafeMutableRawPointer.self), me)
        }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, data in
            MainActor.assumeIsolated { Unmanaged<ShownWidgets>.fromOpaque(data!).takeUnretainedValue().printPlaces() ? 0 : 1 }
        }
        bhg_add_tick(window, tick, me, nil)
        printChanges()
    }

    /// Prints each widget's place once all have one; whether it did.
    private func printPlaces() -> Bool {
        // The window's drawing may start inside its X window (a shadow of
        // client-side decorations): the X window is what xdotool clicks in.
        var left = 0.0, top = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &left, &top)
        var lines: [String] = []
        for (name, widget) in widgets.sorted(by: { $0.key < $1.key }) {
            var x = 0.0, y = 0.0, width = 0.0, height = 0.0
            guard bhg_bounds(widget, window, &x, &y, &width, &height) != 0, width > 0 else { return false }
            lines.append("place \(name) " + [x + left, y + top, width, height].map { String(Int($0.rounded())) }.joined(separator: " "))
        }
        lines.forEach(printNow)
        return true
    }

    private func printChanges() {
        for (name, widget) in widgets.sorted(by: { $0.key < $1.key }) {
            let line = bhg_is_label(widget) != 0
                ? "\(name) shows \"\(String(cString: bhg_label_get_text(widget)))\""
                : "\(name) is \(gtk_widget_get_sensitive(widget) != 0 ? "sensitive" : "insensitive")"
            if printed[name] != line { printNow(line) }
            printed[name] = line
        }
    }
}
