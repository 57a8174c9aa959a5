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
    /// The signal handlers and the tick that point at this object, which
    /// does not keep itself alive: `stop` takes them off.
    private var handlers: [(widget: GtkWidgetPointer, id: gulong)] = []
    private var tickID: guint = 0

    init(window: GtkWidgetPointer, widgets: [String: GtkWidgetPointer]) {
        self.window = window
        self.widgets = widgets
        let me = Unmanaged.passUnretained(self).toOpaque()
        let changed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { Unmanaged<ShownWidgets>.fromOpaque(data!).takeUnretainedValue().printChanges() }
        }
        for widget in widgets.values {
            let signal = bhg_is_label(widget) != 0 ? "notify::label" : "notify::sensitive"
            handlers.append((widget, bhg_connect(widget, signal, unsafeBitCast(changed, to: UnsafeMutableRawPointer.self), me)))
        }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, data in
            MainActor.assumeIsolated {
                let shown = Unmanaged<ShownWidgets>.fromOpaque(data!).takeUnretainedValue()
                guard shown.printPlaces() else { return 1 }
                shown.tickID = 0   // GTK takes the tick off when it answers 0
                return 0
            }
        }
        tickID = bhg_add_tick(window, tick, me, nil)
        printChanges()
    }

    /// Takes off what calls back into this object, before it goes.
    func stop() {
        for handler in handlers { g_signal_handler_disconnect(handler.widget, handler.id) }
        handlers = []
        if tickID != 0 { gtk_widget_remove_tick_callback(window, tickID) }
        tickID = 0
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
