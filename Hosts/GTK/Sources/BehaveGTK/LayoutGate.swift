import CGtk

/// Holds a scene's clock until GTK has laid its widgets out. A frame
/// clock ticks before it lays the frame out, so the first tick after a
/// scene's widgets are shown came before their first layout, and a
/// script's `after(0, …)` from `awake` read frames of 0 × 0, as `awake`
/// does (the window's, under load; an app's, each time). The clock starts
/// at the tick after the one that first finds the widgets shown.
struct LayoutGate {
    private var shown = false

    /// Whether the scene's clock may move at this tick of `content`'s frame clock.
    mutating func opens(for content: GtkWidgetPointer) -> Bool {
        if shown { return true }
        shown = gtk_widget_get_mapped(content) != 0
        return false
    }
}
