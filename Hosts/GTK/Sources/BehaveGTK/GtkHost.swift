import BehaveCore
import BehaveScene
import CGtk
import Foundation

/// One scene on GTK widgets: a widget behind each control (made for it,
/// taken from the scene's `.ui` file by the control's name, or one of an
/// app's own, `init(widgets:in:)`), laid out at the controls' frames or
/// where the file or the app puts it, with the scene's dialogs as GTK
/// windows and its images from files. `hosting` is what the scene loader
/// calls.
public final class GtkHost {
    let styles: GtkStyles
    /// The `.ui` file's objects, when the scene names one.
    private let builder: OpaquePointer?
    private let interface: String?
    /// The window's content: the `.ui` window's content, a fixed
    /// container where controls sit at their frames, or the app's own
    /// (`init(widgets:in:)`), which the host does not keep: read it only
    /// while `contentIsAlive`.
    public let content: GtkWidgetPointer
    /// False once an app's content is gone (its window destroyed).
    public private(set) var contentIsAlive = true
    /// The `.ui` window's title and default size (-1: its content's).
    public private(set) var title: String?
    public private(set) var defaultSize: (width: Int32, height: Int32) = (-1, -1)
    /// The bindings by control name (the widgets own them).
    private var bindings: [String: Weak<WidgetBinding>] = [:]
    /// The widgets made for controls.
    private var made: [GtkWidgetPointer] = []
    /// An app's own widgets by control name (`init(widgets:in:)`).
    let appWidgets: [String: GtkWidgetPointer]?
    /// The bindings an app makes itself, by control name (`bind(_:with:)`),
    /// and those made, kept while the scene runs.
    var ownBindings: [String: (View) -> any ControlWidget] = [:]
    var madeOwnBindings: [any ControlWidget] = []
    /// Those of the app's widgets that were destroyed (watched from the
    /// host's making): a load refuses them, where it read them freed.
    var destroyedAppWidgets: Set<UnsafeMutableRawPointer> = []
    /// The adjustments a range binding is showing its control's change on
    /// now, with its widget and the change's source: the other widgets on
    /// one follow that change (`RangeBinding`).
    var showingOnAdjustment: [UnsafeMutableRawPointer: (widget: GtkWidgetPointer, source: ChangeSource)] = [:]
    /// The frame clock's callback on an app's content, which moves the
    /// scene's clock (`init(widgets:in:)`).
    private var tick: UInt32 = 0
    private var driver: RealTimeDriver?

    /// Controls without a frame, one under the other.
    private var column: GtkWidgetPointer?
    private(set) weak var scene: Scene?
    /// A scene loaded on this host: its controls are bound, and
    /// `bind(_:with:)` comes too late.
    private(set) var hasLoaded = false
    /// The window the scene's dialogs belong to.
    weak var window: GtkWindowHost?

    /// Reads `interface` (a `.ui` file the scene's loader checked) when
    /// given; a file GTK cannot read is an error at its line, with GTK's
    /// reason.
    init(interface: String?, styles: GtkStyles) throws(ValueError) {
        self.styles = styles
        self.interface = interface
        appWidgets = nil
        guard let interface else {
            builder = nil
            // Measured where its controls reach (a wrapping label, as tall as
            // its lines), so that the window's scroller scrolls to them.
            content = g_object_ref_sink(bhg_places_new())!.assumingMemoryBound(to: GtkWidget.self)
            // Room at the right and the bottom, as at the frames' left and top.
            gtk_widget_set_margin_end(content, 16)
            gtk_widget_set_margin_bottom(content, 16)
            return
        }
        let file = (interface as NSString).lastPathComponent
        let builder = try GtkHost.build(interface, named: file)
        self.builder = builder
        if let window = bhg_builder_first_window(builder) {
            guard let child = bhg_window_take_child(window) else {
                bhg_builder_destroy_windows(builder)
                g_object_unref(UnsafeMutableRawPointer(builder))
                throw ValueError(InterfaceDrawing.ScreenRefusal.emptyWindow.message(file: file))
            }
            title = string(bhg_window_get_title(window))
            var width: Int32 = -1, height: Int32 = -1
            bhg_window_get_default_size(window, &width, &height)
            // A window drawn larger than any screen opens at a screen's size.
            defaultSize = (min(width, GtkHost.largestSide), min(height, GtkHost.largestSide))
            content = child
        } else if let lone = bhg_builder_take_lone_widget(builder) {
            // A screen drawn as one widget (a GtkBox at the top, as
            // Cambalache may draw it) is the window's content as it is.
            content = lone
        } else {
            g_object_unref(UnsafeMutableRawPointer(builder))
            throw ValueError(InterfaceDrawing.ScreenRefusal.noScreen.message(file: file))
        }
        // Its content is ours now; the designer's windows are never shown.
        bhg_builder_destroy_windows(builder)
    }

    /// Behave on an app's own widgets, made and laid out by the app: each
    /// control is bound to the widget given for its name (a `GtkButton`
    /// behind a `Button`, a `GtkSwitch` behind a `Switch`… as a `.ui`
    /// file's are), which keeps the values the app gave it (a label's text,
    /// a scale's range) unless the scene sets them. `content` is the
    /// screen: the widgets are inside it, a control's `frame` reads where
    /// GTK put its widget, from the content's top left, and the content's
    /// frame clock drives the scene's time while it is shown. Load the
    /// scene with `hosting`; the host lives as long as the scene (its
    /// frame clock keeps it until the scene is dismissed).
    /// A reload binds the same widgets to the new scene's controls; the
    /// old scene's controls no longer reach them.
    public init(widgets: [String: GtkWidgetPointer], in content: GtkWidgetPointer) {
        styles = GtkStyles()
        interface = nil
        builder = nil
        appWidgets = widgets
        // Not kept: when the app's window goes, its widgets go, their
        // controls leave the scene, and the scene is dismissed.
        self.content = content
        bhg_weak_ref(content, contentWent, Unmanaged.passUnretained(self).toOpaque())
        // An app may destroy a widget before it loads the scene (it took it
        // out of its box): the host hears it, rather than read it freed.
        for widget in Set(widgets.values) { bhg_weak_ref(widget, appWidgetWent, Unmanaged.passUnretained(self).toOpaque()) }
    }

    fileprivate func tickEnded() {
        tick = 0
        driver = nil
    }

    fileprivate func contentDidGo() {
        contentIsAlive = false
        tick = 0
        // The app's window went, and with it the screen the scene was on:
        // the scene ends as a window's does (its behaviours destroyed, their
        // timers with them). The window's own host ends with its program.
        if appWidgets != nil, let scene, scene.isPresented { scene.perform { scene.dismiss() } }
    }

    /// The sides of the largest window a `.ui` file may ask for.
    static let largestSide: Int32 = 4096

    /// A scrolled window as large as what it holds, up to the screen's
    /// size, that scrolls what is larger: GTK sizes a new window to its
    /// content, however large (a scene of a huge frame, a dialog of
    /// thousands of options, whose last ones and Cancel were off the screen).
    static func scrollerWithinScreen() -> GtkWidgetPointer {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        var width = largestSide, height = largestSide
        _ = bhg_screen_size(&width, &height)
        gtk_scrolled_window_set_max_content_width(OpaquePointer(scroller), min(width, largestSide))
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), min(height, largestSide))
        return scroller
    }

    /// The objects of the `.ui` file at `path` (read once, at most as
    /// large as a scene file, a regular file), or an error naming `file`,
    /// the line and column, and the fix.
    private static func build(_ path: String, named file: String) throws(ValueError) -> OpaquePointer {
        let bytes: [UInt8]
        do throws(ValueError) {
            bytes = try HostFile.contents(of: path, maximumBytes: SceneLoader.maximumBytes)
        } catch {
            throw ValueError("\(file): \(error.message)")
        }
        // The child types GtkBuilder answered each class takes, which headless reads too.
        bhg_scan_set_child_types(GtkChildTypes.gtk.text)
        var error: UnsafeMutablePointer<GError>?
        let built = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { bhg_builder_from_ui($0.baseAddress, buffer.count, &error) }
        }
        if let built { return built }
        let reason = error.map { string($0.pointee.message) ?? "" } ?? "it cannot be read"
        if let error { g_error_free(error) }
        // The reason quotes the file (a handler's name, a value): on one
        // line, a long name cut as every scene message cuts it.
        throw ValueError("\(file):\(GtkHost.located(DisplayText.shortened(DisplayText.line(reason))))")
    }

    /// The reason with its place first (`12:5: …`), as the scan gives it;
    /// GtkBuilder names the text it was given (`.:12:5 …`, `<input>:12:5 …`),
    /// GLib's XML reader says `Error on line 12 char 5: …`.
    static func located(_ reason: String) -> String {
        if reason.first?.isNumber == true { return reason }
        if let space = reason.firstIndex(of: " ") {
            let parts = reason[..<space].split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
                return "\(line):\(column):\(reason[space...])"
            }
        }
        let words = reason.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        if words.count == 6, words[0] == "Error", words[1] == "on", words[2] == "line", words[4] == "char",
           let line = Int(words[3]), let colon = words[5].firstIndex(of: ":"), let column = Int(words[5][..<colon]) {
            return "\(line):\(column):\(words[5][words[5].index(after: colon)...])"
        }
        return " " + reason
    }

    deinit {
        for widget in made { g_object_unref(widget) }
        if let builder { g_object_unref(UnsafeMutableRawPointer(builder)) }
        if appWidgets == nil {
            g_object_unref(content)
        } else if contentIsAlive {
            if tick != 0 { gtk_widget_remove_tick_callback(content, guint(tick)) }
            bhg_weak_unref(content, contentWent, Unmanaged.passUnretained(self).toOpaque())
        }
        for widget in Set(appWidgets.map { Array($0.values) } ?? []) where !destroyedAppWidgets.contains(UnsafeMutableRawPointer(widget)) {
            bhg_weak_unref(widget, appWidgetWent, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// What the scene loader calls: each control checked against the `.ui`
    /// file as it is made, widgets bound once the scene is good, the
    /// layout and the services set once it is built. Its calls keep the
    /// host while the scene loads (an app may make it in the call to
    /// `load`); the loader keeps none of them after.
    public var hosting: SceneHosting {
        SceneHosting(checkControl: { view throws(ValueError) in try self.check(view) },
                     checkControlNames: { names in self.mistakesInGivenNames(against: names) },
                     bindControl: { view in self.bind(view) },
                     prepare: { scene in self.prepare(scene) })
    }

    /// `hosting`, then the app's own `prepare` with the built scene, before
    /// any behaviour wakes: where an app observes the scene's changes,
    /// handles the screen's actions and listens to a behaviour's events
    /// (`scene.behaviour(named:)?.on(…)`), so that it hears those of `awake`.
    /// What it throws is the scene's error (`SceneHosting.prepare`).
    public func hosting(prepare: @escaping (Scene) throws -> Void) -> SceneHosting {
        var hosting = self.hosting
        hosting.prepare = { scene in
            self.prepare(scene)
            try prepare(scene)
        }
        return hosting
    }

    /// The `.ui` file's widgets found for controls, until they are bound.
    var found: [String: GtkWidgetPointer] = [:]
    /// The scene's control names, told before its controls are checked: a
    /// control given no widget is offered only a key no control has.
    var sceneControlNames: Set<String> = []

    /// The `.ui` file's name, as messages give it.
    var interfaceName: String? { interface.map { ($0 as NSString).lastPathComponent } }

    /// Whether a `.ui` file or the app lays the widgets out, not the
    /// controls' frames; and who, as messages name it.
    var layoutOwner: String? { interfaceName ?? (appWidgets != nil ? "your app" : nil) }

    /// What bindings noted about the `.ui` file's widgets (a range a
    /// control cannot take) before the scene's trace was at hand: recorded
    /// there by `prepare`, before any behaviour wakes.
    private var bindingNotes: [(subject: String, text: String)] = []

    func noteWhileBinding(_ subject: String, _ text: String) {
        bindingNotes.append((subject, text))
    }

    /// With a `.ui` file, finds the control's widget by the control's name:
    /// it must be a widget of a class that fits the control's type, inside
    /// the screen's window.
    func check(_ view: View) throws(ValueError) {
        if ownBindings[view.name] != nil { return }
        if let appWidgets { return try checkAppWidget(of: view, among: appWidgets) }
        guard let builder, let interface else { return }
        let kind = GtkControlKind.of(view.controlType)
        var notAWidget: Int32 = 0
        let file = (interface as NSString).lastPathComponent
        guard let widget = bhg_builder_widget(builder, view.name, &notAWidget) else {
            if notAWidget != 0 { throw ValueError(WidgetClasses.notAWidget(view.name, in: file)) }
            throw ValueError(WidgetClasses.missing(view.name, in: file, nearest: Suggestions.nearest(to: view.name, in: ids(of: builder))))
        }
        // Only the window's content is shown: a widget elsewhere
        // (another window, one drawn at the top level) never would be.
        guard widget == content || gtk_widget_is_ancestor(widget, content) != 0 else {
            throw ValueError(WidgetClasses.outsideTheWindow(view.name, in: file))
        }
        guard kind.fits(widget) else {
            throw ValueError(WidgetClasses.mismatch(view.name, in: file, className: string(bhg_type_name(widget)) ?? "another widget",
                                                    typeName: view.typeName, kind: kind.controlType,
                                                    fitting: GtkControlKind.type(fitting: widget)))
        }
        if kind.controlType == "Switch", bhg_check_is_radio(widget) != 0 {
            throw ValueError(WidgetClasses.inRadioGroup(view.name, in: file, typeName: view.typeName))
        }
        found[view.name] = widget
    }

    /// Binds the control's widget: the one `check` found in the `.ui` file
    /// or among the app's, which keeps the values drawn in it, or a new one.
    func bind(_ view: View) {
        if let make = ownBindings[view.name] { return bindOwn(view, with: make) }
        let kind = GtkControlKind.of(view.controlType)
        let widget: GtkWidgetPointer
        if layoutOwner != nil {
            guard let checked = found.removeValue(forKey: view.name) else { return }
            widget = checked
        } else {
            // Ours while the host lives (a control in a parent GTK cannot
            // hold never lays it out: a floating widget is never freed).
            widget = kind.make()
            g_object_ref_sink(widget)
            made.append(widget)
        }
        let binding = kind.binding.init(control: view, widget: widget, host: self)
        bindings[view.name] = Weak(binding)
        view.bind(binding, adoptingItsValues: layoutOwner != nil)
    }

    /// The ids of the `.ui` file's objects.
    private func ids(of builder: OpaquePointer) -> [String] {
        guard let joined = bhg_builder_ids(builder) else { return [] }
        defer { g_free(joined) }
        return (string(joined) ?? "").split(separator: "\n").map(String.init)
    }

    /// Lays the controls out and sets the scene's services.
    func prepare(_ scene: Scene) {
        self.scene = scene
        hasLoaded = true
        for note in bindingNotes { scene.trace.record(.note, subject: note.subject, note.text) }
        bindingNotes = []
        scene.dialogPresenter = GtkDialogs(host: self)
        scene.screenSize = Size(width: 400, height: 700)
        if appWidgets != nil { return driveTime(of: scene) }
        guard builder == nil else { return }
        for view in scene.screen?.rootViews ?? [] { lay(view, in: content) }
    }

    /// The content's frame clock moves the scene's clock, a frame at a
    /// time, while the content is shown (GTK calls no tick of a widget
    /// that is not), once GTK has laid it out (`LayoutGate`). The tick
    /// keeps the host, so an app need keep only its `LoadedScene`: the
    /// tick ends when the scene is dismissed (or released), and lets the
    /// host go.
    private func driveTime(of scene: Scene) {
        driver = RealTimeDriver(scene: scene)
        var gate = LayoutGate()
        let keeper = TickKeeper(host: self)
        tick = UInt32(bhg_add_tick(content, hostTick, Unmanaged.passRetained(SignalQuestion { _ in
            let host = keeper.host
            guard let scene = host.scene, scene.screen != nil else { return false }
            guard gate.opens(for: host.content) else { return true }
            // Only from another thread than the scene's: GTK ticks on the loop's.
            do throws(ValueError) { try host.driver?.tick() } catch { scene.trace.record(.note, subject: "clock", error.message) }
            return true
        }).toOpaque(), releaseBox))
    }

    /// Puts a control's widget in its container: in a stack, after the
    /// stack's others; else at its frame, or under the others when it has
    /// none. Then its subviews in it.
    private func lay(_ view: View, in container: GtkWidgetPointer) {
        guard let widget = bindings[view.name]?.object?.widget else { return }
        let frame = view.frame
        if let stack = view.parent.flatMap({ bindings[$0.name]?.object as? StackBinding }) {
            stack.arrange(view, widget)
        } else if frame.width > 0 || frame.height > 0 {
            bhg_fixed_put(container, widget, GtkHost.coordinate(frame.x), GtkHost.coordinate(frame.y))
            gtk_widget_set_size_request(widget, GtkHost.pixels(frame.width), GtkHost.pixels(frame.height))
        } else if container == content {
            bhg_box_append(flow(), widget)
        } else {
            bhg_fixed_put(container, widget, 0, 0)
            // A stack in a view fills its width, as on the screen.
            if view is Stack, let width = view.parent.map(openWidth), width > 0 {
                gtk_widget_set_size_request(widget, GtkHost.pixels(width), -1)
            }
        }
        let inner = bhg_is_scrolled(widget) != 0 ? bhg_scrolled_get_child(widget) : widget
        guard let inner, bhg_is_fixed(inner) != 0 || view is Stack else { return }
        for child in view.subviews { lay(child, in: inner) }
    }

    /// The width a view gives its content: a scroll view's content width,
    /// else its frame's.
    private func openWidth(of view: View) -> Double {
        let content = (view as? ScrollView).flatMap { (try? $0.value("contentSize"))?.sizeValue?.width } ?? 0
        return content > 0 ? content : view.frame.width
    }

    /// The column of controls without frames, made when first needed.
    private func flow() -> GtkWidgetPointer {
        if let column { return column }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(box, 16)
        }
        gtk_widget_set_size_request(box, 320, -1)
        bhg_fixed_put(content, box, 0, 0)
        column = box
        return box
    }

    /// A frame changed: the widget moves within its fixed container; in a
    /// stack, it takes the new size where the stack puts it.
    func place(_ widget: GtkWidgetPointer, at frame: Rect) {
        guard let parent = gtk_widget_get_parent(widget) else { return }
        if let stack = binding(of: parent) as? StackBinding, let child = binding(of: widget)?.control {
            return stack.resize(child, widget)
        }
        guard bhg_is_fixed(parent) != 0 else { return }
        bhg_fixed_move(parent, widget, GtkHost.coordinate(frame.x), GtkHost.coordinate(frame.y))
        gtk_widget_set_size_request(widget, GtkHost.pixels(frame.width), GtkHost.pixels(frame.height))
    }

    /// The largest length or place GTK is given, in pixels either way. A
    /// control's frame or content size may be any finite number, but GTK's
    /// sizes are C ints (a larger one trapped in the conversion), and its
    /// layout sums them: what lies beyond a hundred screens is drawn at
    /// this edge (the control keeps its value).
    static let largestLength = 100_000.0

    /// A length or a place held within ±`largestLength`.
    static func coordinate(_ value: Double) -> Double {
        value.isFinite ? max(-largestLength, min(largestLength, value)) : 0
    }

    /// A length as GTK's whole pixels, held within ±`largestLength`.
    static func pixels(_ length: Double) -> Int32 {
        Int32(coordinate(length).rounded())
    }

    /// The binding of a widget bound as a control.
    private func binding(of widget: GtkWidgetPointer) -> WidgetBinding? {
        bhg_get_data(widget, "behave-binding").map { Unmanaged<WidgetBinding>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The file of an image scripts name: from the scene's image folder,
    /// else a photo of its photo library; nil when there is none.
    func imageFile(named name: String) -> String? {
        if let folder = scene?.imageCatalog as? ImageFolder, let file = folder.files[name] { return file }
        if let library = (scene?.platform as? HeadlessPlatform)?.configuration.library, let location = library.location,
           library.photo(named: name) != nil {
            return (location as NSString).appendingPathComponent(name)
        }
        return nil
    }

    /// Each bound control's place in `window`, in the window's pixels.
    func geometry(in window: GtkWidgetPointer) -> [(name: String, x: Double, y: Double, width: Double, height: Double)] {
        bindings.keys.sorted().compactMap { name in
            // Mapped: a page of a stack not shown has no place.
            guard let widget = bindings[name]?.object?.widget, gtk_widget_get_mapped(widget) != 0 else { return nil }
            var x = 0.0, y = 0.0, width = 0.0, height = 0.0
            guard bhg_bounds(widget, window, &x, &y, &width, &height) != 0 else { return nil }
            return (name, x, y, width, height)
        }
    }
}

/// An app's content is gone: its host forgets it.
private let contentWent: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue().contentDidGo()
}

/// One of an app's widgets is gone: its host refuses it from now on.
private let appWidgetWent: GWeakNotify = { data, widget in
    guard let data, let widget else { return }
    Unmanaged<GtkHost>.fromOpaque(data).takeUnretainedValue().destroyedAppWidgets.insert(UnsafeMutableRawPointer(widget))
}

private let hostTick: GtkTickCallback = { _, _, data in
    guard let data else { return 0 }
    return Unmanaged<SignalQuestion>.fromOpaque(data).takeUnretainedValue().ask(0) ? 1 : 0
}

/// The host an app's frame clock keeps: when GTK lets the tick go (the
/// scene dismissed, the content gone), the host hears that it has none
/// before it is let go.
private final class TickKeeper {
    let host: GtkHost
    init(host: GtkHost) { self.host = host }
    deinit { host.tickEnded() }
}

/// A reference that does not keep its object.
struct Weak<T: AnyObject> {
    weak var object: T?
    init(_ object: T) { self.object = object }
}
