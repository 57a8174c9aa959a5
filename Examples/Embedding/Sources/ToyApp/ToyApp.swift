import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

/// The toy app: a window of the toolkit's widgets, a Behave scene bound to
/// them, real time, and what the app hears. `run` plays a short session as
/// a user would and returns what happened, line by line.
public final class ToyApp {
    public private(set) var lines: [String] = []
    let window = ToyWindow()
    private(set) var loaded: LoadedScene?
    private var driver: RealTimeDriver?
    private var pollForSaves: () -> Void = {}

    public init() {}

    /// Opens the window and loads a scene onto its widgets: the app's own,
    /// or the one at `scenePath` (a copy being edited, loaded again when
    /// saved: `reloadIfSaved`).
    public func open(scenePath: String? = nil) throws {
        try ControlType.registerAppTypes()
        try AppModule.registerAppModules()
        window.add(ToyButton(id: "like"))
        window.add(ToyKnob(id: "volume"))
        window.add(ToyLabel(id: "level"))
        guard let scenePath = scenePath ?? Bundle.module.path(forResource: "app.scene", ofType: "yaml", inDirectory: "Behaviours") else {
            throw AppError("the scene is not in the app's resources")
        }
        let hosting = SceneHosting(
            checkControl: { [window] view throws(ValueError) in
                guard window.widget(view.name) != nil else {
                    throw ValueError("the window has no widget `\(view.name)`")   // the scene's mistake, at the control's line
                }
            },
            bindControl: { [window] view in                                       // the whole scene is good
                if let widget = window.widget(view.name) { _ = Binding(control: view, widget: widget) }
            },
            prepare: { [unowned self] scene in
                // Changes out: every change, typed, with where it came from.
                scene.observeChanges { [unowned self] change in
                    // change.control, .property, .old, .new: typed `Value`s
                    // change.source: .script, .scene, .command, .user or .animation
                    // change.isFrame: one frame of an animation under way
                    guard !change.isFrame else { return }
                    lines.append("change \(change.control).\(change.property): \(change.old) → \(change.new) (\(change.source))")
                }
                // An action the scene sends to the screen reaches the app.
                scene.screen?.handle("volumeMaxed") { [unowned self] sender, arguments in
                    lines.append("app hears volumeMaxed from \(sender.responderName): \(arguments.first?.numberValue ?? 0)")
                }
            })
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in
            if entry.kind == .log || entry.kind == .error { lines.append("trace \(entry.message)") }
        }
        let loaded = try SceneLoader.load(file: scenePath, hosting: hosting, listener: listener)
        self.loaded = loaded                                  // keep it while the scene runs
        driver = RealTimeDriver(scene: loaded.scene)          // 60 frames a second
        watch(scenePath, hosting: hosting, listener: listener)
        lines.append("window \(window.drawing)")
    }

    /// Watches the scene's files, to load the scene again when one is saved.
    private func watch(_ scenePath: String, hosting: SceneHosting, listener: @escaping (Trace.Entry) -> Void) {
        let source = SceneSource(file: scenePath)
        var watcher = FileWatcher(SceneFiles.of(source))

        pollForSaves = { [unowned self] in
            guard !watcher.changes().isEmpty, let running = loaded else { return }
            do {
                // Dismisses `running` once the new scene woke (the old behaviours' destroy runs).
                let fresh = try SceneLoader.reload(file: scenePath, replacing: running, hosting: hosting, listener: listener)
                loaded = fresh
                driver = RealTimeDriver(scene: fresh.scene)
                watcher = FileWatcher(SceneFiles.of(source))   // a save may add a module
            } catch {
                lines.append("reload refused: \(error)")       // the file and line; the old scene runs on, on the widgets
            }
        }
    }

    /// Loads the scene again when one of its files was saved since the
    /// last look, as a timer or the frame source asks.
    public func reloadIfSaved() {
        pollForSaves()
    }

    /// Lets `seconds` of wall time pass, ticking at the display's pace.
    public func wait(_ seconds: Double) {
        let end = ContinuousClock.now.advanced(by: .seconds(seconds))
        while ContinuousClock.now < end {
            tick()
            Thread.sleep(forTimeInterval: 1.0 / 60)
        }
        tick()
    }

    /// One frame, as a display link, a GLib timeout or a widget's frame
    /// clock calls it.
    private func tick() {
        do throws(ValueError) {
            try driver?.tick()
        } catch {
            lines.append("tick refused: \(error.message)")   // refused only on another thread than the scene's
        }
    }

    /// The user clicks a button of the window.
    public func click(_ id: String) {
        lines.append("user clicks \(id)")
        (window.widget(id) as? ToyButton)?.click()
    }

    /// The user turns the knob.
    public func turn(_ id: String, to position: Double) {
        lines.append("user turns \(id) to \(position)")
        (window.widget(id) as? ToyKnob)?.turn(to: position)
    }

    /// The user closes the window: its widgets go, and with them the
    /// controls and the behaviours they own; the screen is dismissed.
    public func close() {
        lines.append("user closes the window")
        window.close()
        loaded?.scene.dismiss()
        let behaviours = loaded?.scene.records.map { "\($0.name) \($0.isAlive ? "alive" : "destroyed")" } ?? []
        lines.append("behaviours: \(behaviours.joined(separator: ", "))")
        loaded = nil
        driver = nil
    }

    public var drawing: String { window.drawing }

    /// The folder of the app's own scene and behaviours, in its resources.
    static var sceneFolder: URL? { Bundle.module.url(forResource: "Behaviours", withExtension: nil) }

    /// A short session: like (the toggle fades at wall speed), turn the
    /// knob, close the window.
    public static func run() throws -> [String] {
        let app = ToyApp()
        try app.open()
        app.click("like")
        app.wait(0.1)
        app.lines.append("mid-fade \(app.drawing)")
        app.wait(0.5)
        app.lines.append("after the fade \(app.drawing)")
        app.turn("volume", to: 0.75)
        app.lines.append("window \(app.drawing)")
        app.turn("volume", to: 1)
        app.lines.append("device vibrated \(ToyDevice.shared.takePlayed())")
        app.lines.append("analytics tracked \(ToyAnalytics.shared.takeEvents())")
        app.close()
        return app.lines
    }
}

struct AppError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
