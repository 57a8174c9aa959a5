import BehaveCore
import BehaveLua
import BehaveScene
import CGtk
import Foundation

/// `behave window`: a scene on real GTK widgets in a window of its own.
/// The clock follows the window's frame clock; the trace goes to standard
/// output as `behave run` prints it; commands may come on standard input
/// (or `--do`); saving a file the scene uses loads it again, keeping the
/// inspectable values set since (a file that does not load shows why in
/// the window, and the last good scene runs on). Closing the window, Ctrl+W,
/// Ctrl+Q, Ctrl-C or SIGTERM ends the scene: every behaviour is destroyed.
public final class GtkWindowHost {
    /// What `behave window` was given.
    public struct Options {
        public var file: String
        public var settings: [String] = []
        public var commands: [String] = []
        /// The sandbox's limits and the image folder, as `behave run` takes them.
        public var limits = SandboxLimits.default
        public var images: String?
        /// Print each control's place in the window once it is shown
        /// (`geometry NAME X Y WIDTH HEIGHT`), and again when a layout
        /// changes it (`GeometryLines`), for tools that drive it.
        public var printGeometry = false
        /// Print `frame N` after each frame drawn, once the X server has
        /// it: a screenshot taken after the line shows what was set before.
        public var printFrames = false
        public init(file: String) { self.file = file }
    }

    let window: GtkWidgetPointer
    private let overlay: GtkWidgetPointer
    /// Holds the scene's widgets: the window opens at their size, up to the
    /// screen's, and scrolls what is larger (a frame thousands of pixels
    /// wide grew the window until X refused it; once, with 19,000 labels,
    /// cairo failed to draw a first frame taller than it allows).
    private let scroller: GtkWidgetPointer
    private let problem: GtkWidgetPointer
    /// What the bar shows: a scene that does not load (until it loads), or
    /// the script error raised last, for `errorShownFor` seconds.
    private var loadProblem: String?
    private var shownError: (text: String, since: Date)?
    private var errorsSeen = 0
    static let errorShownFor: TimeInterval = 6
    /// The most lines the bar shows.
    static let barLines: Int32 = 8
    private let styles = GtkStyles()
    private var watched: WatchedSession?
    private var host: GtkHost?
    /// The host the scene being made binds to (it becomes `host` if the
    /// scene loads).
    private var making: GtkHost?
    private var driver: RealTimeDriver?
    /// The scene's clock waits for its widgets' first layout.
    private var layoutGate = LayoutGate()
    private let options: Options
    private let loop: OpaquePointer
    /// What the scene is made from, without the values set since.
    private let base: SceneSource
    /// Inspectables set at the prompt since the start, kept across reloads.
    private var kept = KeptValues()
    /// `--print-geometry`'s lines for the scene shown, whether GTK laid
    /// the window out since the last frame, and the content's least size
    /// then (`growToContent`).
    private var geometry = GeometryLines()
    private var laidOut = false
    private var layoutsWatched = false
    private var contentLeast: (width: Int32, height: Int32)?
    /// Frames drawn (`--print-frames`); whether the one under way painted.
    private var framesDrawn = 0
    private var painting = false
    private var framesWatched = false
    /// Whether places are printed (`--print-geometry`): dialogs' too.
    var printsGeometry: Bool { options.printGeometry }
    /// The scene ended (a command, the window closed, a signal): the loop
    /// has been told to stop.
    private(set) var ended = false
    /// The window was destroyed (closed): its pointer is GTK's no more.
    private var windowGone = false
    /// The script errors raised in the session, in every scene it ran
    /// (`WatchedSession.scriptErrors`), counted when it ends.
    public private(set) var scriptErrors = 0

    /// Opens the window and loads the scene; a scene that does not load
    /// throws (nothing is shown).
    public init(options: Options, loop: OpaquePointer) throws(SceneSourceError) {
        self.options = options
        self.loop = loop
        window = gtk_window_new()
        overlay = gtk_overlay_new()
        problem = gtk_label_new(nil)
        gtk_widget_add_css_class(problem, "bh-problem")
        gtk_widget_set_valign(problem, GTK_ALIGN_START)
        gtk_widget_set_can_target(problem, 0)     // clicks go through to the scene
        gtk_label_set_wrap(OpaquePointer(problem), 1)
        // Its first lines, ended with "…" (`firstLines` for line breaks,
        // these for wrapped lines): an error of hundreds of lines (a
        // script's own text) hid the whole scene it says runs on; the
        // terminal has it whole.
        gtk_label_set_lines(OpaquePointer(problem), GtkWindowHost.barLines)
        gtk_label_set_ellipsize(OpaquePointer(problem), PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(OpaquePointer(problem), 0)
        gtk_widget_set_visible(problem, 0)
        scroller = GtkHost.scrollerWithinScreen()
        bhg_overlay_set_child(overlay, scroller)
        bhg_overlay_add(overlay, problem)
        bhg_window_set_child(window, overlay)
        let source = SceneSource(file: options.file, settings: options.settings, limits: options.limits,
                                 images: options.images)
        base = source
        watched = try WatchedSession(source: source) { [unowned self] source throws(SceneSourceError) in
            try make(source)
        }
        adopt()
        connect()
        for command in options.commands { execute(command) }
        // A command that ended the scene (`--do quit`) closed the window too.
        guard !ended else { return }
        bhg_window_present(window)
    }

    /// Makes a session of `source` on a new host's widgets.
    private func make(_ source: SceneSource) throws(SceneSourceError) -> CommandSession {
        let interface = source.scriptPath == nil ? SceneLoader.interfaceFile(of: source.file, access: source.access) : nil
        let host: GtkHost
        do throws(ValueError) {
            host = try GtkHost(interface: interface, styles: styles)
        } catch {
            // A mistake of the `.ui` file, at its line (the message names
            // its place): said as a scene file's are, not as bad usage.
            throw SceneSourceError.scene(SceneLoadError([SceneDiagnostic(file: "", line: nil, message: error.message)]))
        }
        host.window = self
        making = host
        return try CommandSession(source: source, output: { line in
            print(line)
            fflush(nil)
        }, hosting: host.hosting, wakes: false)
    }

    /// The session made last is running: its widgets fill the window.
    private func adopt() {
        guard let host = making, let session = watched?.session else { return }
        making = nil
        self.host = host
        bhg_scrolled_set_child(scroller, host.content)
        bhg_window_set_title(window, host.title ?? session.scene.screenTitle)
        bhg_window_set_default_size(window, host.defaultSize.width, host.defaultSize.height)
        driver = RealTimeDriver(scene: session.scene)
        layoutGate = LayoutGate()
        geometry = GeometryLines()
        // Its widgets are shown at once but placed at the next layout: read
        // before it (a reload's), a button said `-10 -5 20 10`.
        laidOut = false
        contentLeast = nil
        // The new scene's own errors show, its behaviours' `awake` among them.
        errorsSeen = 0
        shownError = nil
        showProblem(nil)
        // What the scene allows but probably does not mean, as behave run
        // and behave check say it (standard error, a line each).
        for warning in session.running.warnings {
            FileHandle.standardError.write(Data((DisplayText.line(warning.description) + "\n").utf8))
        }
    }

    private func connect() {
        // The frame clock drives the scene's clock; a frame also prints the
        // geometry once it is laid out.
        bhg_add_tick(window, frameTick, Unmanaged.passRetained(SignalAction { [unowned self] in frame() }).toOpaque(),
                     releaseBox)
        g_timeout_add_full(G_PRIORITY_DEFAULT, 300, pollTick,
                           Unmanaged.passRetained(SignalAction { [unowned self] in poll() }).toOpaque(), releaseBox)
        Signals.closeRequest(UnsafeMutableRawPointer(window)) { [unowned self] in
            end()
            return false
        }
        Signals.connect(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.windowGone = true }
        let keys = UnsafeMutableRawPointer(bhg_add_key_controller(window)!)
        Signals.keyPressed(keys) { [unowned self] key in
            let control = key & Signals.controlBit != 0
            let value = key & ~Signals.controlBit
            guard control, value == UInt32(GDK_KEY_w) || value == UInt32(GDK_KEY_q) else { return false }
            close()
            return true
        }
        for signal in [SIGINT, SIGTERM] {
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, pollTick,
                                   Unmanaged.passRetained(SignalAction { [unowned self] in close() }).toOpaque(), releaseBox)
        }
        g_unix_fd_add_full(G_PRIORITY_DEFAULT, 0, G_IO_IN, inputReady,
                           Unmanaged.passRetained(InputReader(tooLong: {
                               FileHandle.standardError.write(Data("error: \(InputReader.tooLongMessage)\n".utf8))
                           }) { [unowned self] line in execute(line) }).toOpaque(), releaseBox)
    }

    private func frame() {
        guard !ended else { return }
        if options.printFrames, !framesWatched { watchFrames() }
        do throws(ValueError) {
            if let host, layoutGate.opens(for: host.content) { try driver?.tick() }
        } catch {
            // Only from another thread than the scene's: GLib's frame
            // source runs on the main loop's, so this says it moved.
            FileHandle.standardError.write(Data("behave window: \(error.message)\n".utf8))
        }
        if !layoutsWatched { watchLayouts() }
        guard laidOut, let host, gtk_widget_get_width(window) > 0 else { return }
        growToContent(host)
        guard options.printGeometry else { return laidOut = false }
        guard let lines = geometry.lines(for: host.geometry(in: window)) else { return }
        laidOut = false
        guard !lines.isEmpty else { return }
        for line in lines { print(line) }
        fflush(nil)
    }

    /// Places and sizes change only when GTK lays the window out (the
    /// frame clock's layout phase, which runs when a widget's size or
    /// visibility changed): the frame after one reads them again.
    private func watchLayouts() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        layoutsWatched = true
        laidOut = true
        Signals.connect(UnsafeMutableRawPointer(clock), "layout") { [unowned self] in laidOut = true }
    }

    /// A GTK window grows when its content's least size outgrows it, and
    /// otherwise keeps the size it has (the user's); the scroller that
    /// keeps a huge scene within the screen hides that size from GTK, so
    /// a label a behaviour made longer was cut off at the window's edge.
    /// The window grows by what the content's least size grew past what
    /// the scroller shows, up to the screen's size (beyond it, it scrolls).
    private func growToContent(_ host: GtkHost) {
        let content = host.content
        let shown = (width: gtk_widget_get_width(scroller), height: gtk_widget_get_height(scroller))
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_measure(content, GTK_ORIENTATION_HORIZONTAL, -1, &width, nil, nil, nil)
        gtk_widget_measure(content, GTK_ORIENTATION_VERTICAL, max(width, shown.width), &height, nil, nil, nil)
        defer { contentLeast = (width, height) }
        // The first layout's size is the one the window opened at.
        guard let before = contentLeast, width > before.width || height > before.height else { return }
        let more = (width: width > before.width ? max(0, width - shown.width) : 0,
                    height: height > before.height ? max(0, height - shown.height) : 0)
        guard more.width > 0 || more.height > 0 else { return }
        var screenWidth = GtkHost.largestSide, screenHeight = GtkHost.largestSide
        _ = bhg_screen_size(&screenWidth, &screenHeight)
        let now = (width: gtk_widget_get_width(window), height: gtk_widget_get_height(window))
        bhg_window_set_default_size(window, max(now.width, min(now.width + more.width, screenWidth)),
                                    max(now.height, min(now.height + more.height, screenHeight)))
    }

    /// `--print-frames`: the window's frame clock (there once it is shown)
    /// paints only what changed, and after its paint the X server is
    /// waited for, so that what the line follows is on the screen.
    private func watchFrames() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        framesWatched = true
        let instance = UnsafeMutableRawPointer(clock)
        Signals.connect(instance, "paint") { [unowned self] in painting = true }
        Signals.connect(instance, "after-paint") { [unowned self] in
            guard painting, !windowGone else { return }
            painting = false
            framesDrawn += 1
            gdk_display_sync(gtk_widget_get_display(window))
            print("frame \(framesDrawn)")
            fflush(nil)
        }
    }

    /// Reloads when a file the scene uses was saved; shows a script error
    /// raised since.
    private func poll() {
        guard !ended, let watched else { return }
        showScriptErrors(of: watched.session.scene)
        let saved = watched.changedFiles()
        guard !saved.isEmpty else { return }
        let names = saved.map(LuaScript.display).joined(separator: ", ")
        // Said before the new scene's first words (the old one's last follow them).
        let (error, dropped) = watched.reload(from: base, keeping: kept) {
            print("\(names) saved: loading the scene again")
            fflush(nil)
        }
        if let dropped {
            kept.removeAll()
            FileHandle.standardError.write(Data("the values set since were dropped, as the new scene refuses them:\n\(GtkWindowHost.printable(dropped))".utf8))
        }
        if let error {
            making = nil
            let message = "\(names) saved, but the scene does not load; the last good scene keeps running.\n\(error.description)"
            FileHandle.standardError.write(Data("\(names) saved, but the scene does not load; the last good scene keeps running.\n\(GtkWindowHost.printable(error))".utf8))
            showProblem(message)
            return
        }
        adopt()
    }

    /// A script error raised since the last poll shows in the bar (the
    /// newest, with its place and its handler), as a saved file's mistake
    /// does: in the terminal alone, a click that did nothing on the screen
    /// gave no sign. It goes after a while, or when the scene loads again.
    private func showScriptErrors(of scene: Scene) {
        if scene.errorCount != errorsSeen {
            errorsSeen = scene.errorCount
            if let entry = scene.trace.entries.last(where: { $0.kind == .error }) {
                // Its place, what went wrong and the fix, and where it ran; not the traceback.
                let context = entry.error?.context.map { " (\($0))" } ?? ""
                shownError = ((entry.error?.summary ?? entry.message) + context, Date())
            }
        } else if let shown = shownError, Date().timeIntervalSince(shown.since) > GtkWindowHost.errorShownFor {
            shownError = nil
        } else {
            return
        }
        showBar()
    }

    private func showProblem(_ message: String?) {
        loadProblem = message
        showBar()
    }

    /// The bar over the window: a load mistake first, else a script error.
    private func showBar() {
        let message = loadProblem ?? shownError.map { "A script error (the scene runs on):\n\($0.text)" }
        // A scene of thousands of mistakes: their start, as a label shows.
        bhg_label_set_text(problem, labelText(GtkWindowHost.firstLines(of: message ?? "")))
        gtk_widget_set_visible(problem, message == nil ? 0 : 1)
    }

    /// The text's first `barLines` lines, with `…` for the rest.
    static func firstLines(of text: String) -> String {
        let lines = text.split(separator: "\n", maxSplits: Int(barLines), omittingEmptySubsequences: false)
        guard lines.count > Int(barLines) else { return text }
        return lines.prefix(Int(barLines)).joined(separator: "\n") + "…"
    }

    /// A command line (stdin, `--do`), as `behave run` takes it.
    private func execute(_ line: String) {
        guard !ended, let session = watched?.session else { return }
        if session.execute(line) { return close() }
        // A behaviour's inspectable set by hand is kept across reloads.
        if session.lastFailure == nil, case .set(let name, let property, _)? = try? SceneCommand.parse(line),
           session.scene.behaviour(named: name) != nil {
            let written = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).dropFirst(2).first ?? ""
            kept.keep(behaviour: name, property: property, value: String(written))
        }
    }

    /// Ends the scene and closes the window (once: GTK frees a destroyed
    /// window, and a second Ctrl-C or SIGTERM, or one after Ctrl+W or the
    /// window's close button, destroyed it again).
    public func close() {
        end()
        guard !windowGone else { return }
        bhg_window_destroy(window)
    }

    /// Ends the scene: every behaviour is destroyed, the loop stops.
    private func end() {
        guard !ended else { return }
        ended = true
        if let watched {
            let scene = watched.session.scene
            scene.perform { scene.dismiss() }
            scriptErrors = watched.scriptErrors
        }
        driver = nil
        watched = nil
        g_main_loop_quit(loop)
    }

    /// A scene's mistakes as standard error shows them, as `behave run`
    /// prints them: an input that cannot be used (a `--set` the script
    /// refuses, a missing file) as `behave: REASON`, a scene file's
    /// mistakes each on one line, what the files chose escaped (a name
    /// holding a line feed or an escape sequence).
    static func printable(_ error: SceneSourceError) -> String {
        switch error {
        case .usage(let message): DisplayText.indented("behave: " + message, by: "    ") + "\n"
        case .scene(let failure): (failure.diagnostics + failure.warnings).map { DisplayText.line($0.description) + "\n" }.joined()
        }
    }

    /// Why GTK found no display: none named, or the one named does not
    /// answer (DISPLAY set to a display no X server runs).
    static func noDisplay() -> String {
        let environment = ProcessInfo.processInfo.environment
        let named = ["WAYLAND_DISPLAY", "DISPLAY"].compactMap { (name: String) -> String? in
            guard let value = environment[name], !value.isEmpty else { return nil }
            return "\(name)=\(value)"
        }
        guard !named.isEmpty else {
            return "no display to open a window on; set DISPLAY (for example, under Xvfb: Xvfb :99 & DISPLAY=:99 behave window …)"
        }
        return "cannot open the display (\(named.joined(separator: ", "))): no display server answers there; "
            + "start one (for example, Xvfb :99 & DISPLAY=:99 behave window …) or set DISPLAY to one that runs"
    }

    /// Runs `behave-window`: opens the window, runs until it closes; the
    /// exit status (0, 1 when a script raised an error in any scene of the
    /// session, 2 when the scene does not load or there is no display).
    public static func run(_ options: Options) -> Int32 {
        // Without a session bus (a bare X server, a CI machine) GTK's
        // accessibility bridge could only warn that it has none.
        if getenv("DBUS_SESSION_BUS_ADDRESS") == nil, getenv("GTK_A11Y") == nil { setenv("GTK_A11Y", "none", 1) }
        guard gtk_init_check() != 0 else {
            FileHandle.standardError.write(Data("behave window: \(noDisplay())\n".utf8))
            return 2
        }
        let loop = g_main_loop_new(nil, 0)!
        let app: GtkWindowHost
        do throws(SceneSourceError) {
            app = try GtkWindowHost(options: options, loop: loop)
        } catch {
            FileHandle.standardError.write(Data(printable(error).utf8))
            return 2
        }
        // A loop told to stop before it runs would run on: `--do quit`
        // ended the scene, and the process waited, deaf to SIGTERM.
        if !app.ended { g_main_loop_run(loop) }
        // Let GTK finish destroying the window before the process ends.
        while g_main_context_iteration(nil, 0) != 0 {}
        return app.scriptErrors > 0 ? 1 : 0
    }
}

private let frameTick: GtkTickCallback = { _, _, data in
    guard let data else { return 0 }
    Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue().run()
    return 1
}

private let pollTick: GSourceFunc = { data in
    guard let data else { return 0 }
    Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue().run()
    return 1
}

private let inputReady: GUnixFDSourceFunc = { _, _, data in
    guard let data else { return 0 }
    // Called when the input is ready: another reader of a shared pipe may
    // have taken it first, and the main loop must not wait for more.
    return Unmanaged<InputReader>.fromOpaque(data).takeUnretainedValue().read(waits: false) ? 1 : 0
}
