import BehaveCore
import BehaveGTK
import BehaveScene
import CGtk
import Foundation

/// The app's window: built from app.ui, whose widgets app.scene.yaml names
/// are given to Behave under those names; saving a file of the scene loads
/// it again on the same widgets.
@MainActor final class AppWindow {
    /// The ids of app.ui that the scene's controls stand in front of.
    static let controlled = ["plus", "count", "name", "save", "status"]

    private let window: GtkWidgetPointer
    /// What holds the controlled widgets: GtkHost's content.
    private let content: GtkWidgetPointer
    private let widgets: [String: GtkWidgetPointer]
    private let scenePath: String
    private let listener: (Trace.Entry) -> Void = { entry in printNow(entry.line) }
    private var loaded: LoadedScene
    private var watcher: FileWatcher
    private var poll: UInt32 = 0
    private var shown: ShownWidgets?

    struct InterfaceError: Error, CustomStringConvertible { let description: String }

    init(application: UnsafeMutablePointer<GtkApplication>, folder: URL, printsWidgets: Bool) throws {
        let builder = gtk_builder_new()
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let file = folder.appendingPathComponent("app.ui").path
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_file(builder, file, &error) != 0 else {
            defer { g_error_free(error) }
            throw InterfaceError(description: error.map { String(cString: $0.pointee.message) } ?? "\(file) cannot be read")
        }
        func widget(_ id: String) throws -> GtkWidgetPointer {
            var notAWidget: Int32 = 0
            guard let widget = bhg_builder_widget(builder, id, &notAWidget) else {
                let problem = notAWidget != 0 ? "is no widget" : "is missing"
                throw InterfaceError(description: "\(file): the object with id `\(id)` \(problem); the app needs a widget with that id")
            }
            return widget
        }
        window = try widget("window")
        content = try widget("content")
        widgets = try Dictionary(uniqueKeysWithValues: Self.controlled.map { ($0, try widget($0)) })
        gtk_window_set_application(UnsafeMutablePointer(OpaquePointer(window)), application)

        scenePath = folder.appendingPathComponent("app.scene.yaml").path
        let host = GtkHost(widgets: widgets, in: content)
        loaded = try SceneLoader.load(file: scenePath, hosting: host.hosting, listener: listener)   // keep it while the scene runs
        watcher = FileWatcher(SceneFiles.of(SceneSource(file: scenePath)))

        if printsWidgets { shown = ShownWidgets(window: window, widgets: widgets) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        poll = g_timeout_add(250, { data in
            MainActor.assumeIsolated { Unmanaged<AppWindow>.fromOpaque(data!).takeUnretainedValue().reloadIfSaved() }
            return 1   // G_SOURCE_CONTINUE
        }, me)
        let destroyed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            MainActor.assumeIsolated { Unmanaged<AppWindow>.fromOpaque(data!).takeUnretainedValue().close() }
        }
        bhg_connect(window, "destroy", unsafeBitCast(destroyed, to: UnsafeMutableRawPointer.self), me)
    }

    func present() {
        bhg_window_present(window)
    }

    /// A save of the scene, a script or a module it requires loads the
    /// scene again on the same widgets; a save with a mistake leaves the
    /// running scene as it was, and says why.
    private func reloadIfSaved() {
        guard !watcher.changes().isEmpty else { return }
        do {
            let host = GtkHost(widgets: widgets, in: content)
            loaded = try SceneLoader.reload(file: scenePath, replacing: loaded, hosting: host.hosting, listener: listener)
            watcher = FileWatcher(SceneFiles.of(SceneSource(file: scenePath)))   // a save may add a module
            printNow("reloaded \(URL(fileURLWithPath: scenePath).lastPathComponent)")
        } catch {
            printNow("reload refused: \(error)")
        }
    }

    /// The window is going: its behaviours' `destroy` runs, and nothing
    /// polls for saves.
    private func close() {
        if poll != 0 { g_source_remove(poll) }
        poll = 0
        // The behaviours' `destroy` may still change a label that `shown`
        // hears: it stops hearing only after.
        loaded.scene.dismiss()
        shown?.stop()
        shown = nil
    }
}
