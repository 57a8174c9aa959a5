import BehaveCore
import BehaveScene
import CGtk
import Foundation

/// One scene on GTK widgets: a widget behind each control (made for it, or
/// taken from the scene's `.ui` file by the control's name), laid out at
/// the controls' frames, with the scene's dialogs as GTK windows and its
/// images from files. `hosting` is what the scene loader calls.
public final class GtkHost {
    let styles: GtkStyles
    /// The `.ui` file's objects, when the scene names one.
    private let builder: OpaquePointer?
    private let interface: String?
    /// The window's content: the `.ui` window's content, or a fixed
    /// container where controls sit at their frames.
    public let content: GtkWidgetPointer
    /// The `.ui` window's title and default size (-1: its content's).
    public private(set) var title: String?
    public private(set) var defaultSize: (width: Int32, height: Int32) = (-1, -1)
    /// The bindings by control name (the widgets own them).
    private var bindings: [String: Weak<WidgetBinding>] = [:]
    /// Controls without a frame, one under the other.
    private var column: GtkWidgetPointer?
    private(set) weak var scene: Scene?
    /// The window the scene's dialogs belong to.
    weak var window: GtkWindowHost?

    /// Reads `interface` (a `.ui` file the scene's loader checked) when
    /// given; a file GTK cannot read is an error at its line, with GTK's
    /// reason.
    init(interface: String?, styles: GtkStyles) throws(ValueError) {
        self.styles = styles
        self.interface = interface
        guard let interface else {
            builder = nil
            content = g_object_ref_sink(gtk_fixed_new())!.assumingMemoryBound(to: GtkWidget.self)
            // Room at the right and the bottom, as at the frames' left and top.
            gtk_widget_set_margin_end(content, 16)
            gtk_widget_set_margin_bottom(content, 16)
            return
        }
        let file = (interface as NSString).lastPathComponent
        // Read as the scene's files are (a regular file, bounded), then
        // handed to GTK whole: GTK never opens the path itself.
        var text: [UInt8]
        do throws(ValueError) {
            text = try HostFile.contents(of: interface, maximumBytes: SceneLoader.maximumBytes)
        } catch {
            throw ValueError("\(file): \(error.message)")
        }
        var error: UnsafeMutablePointer<GError>?
        let made = text.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                bhg_builder_from_text($0, gssize(bytes.count), &error)
            }
        }
        guard let builder = made else {
            let reason = error.map { string($0.pointee.message) ?? "" } ?? "it cannot be read"
            if let error { g_error_free(error) }
            throw ValueError(GtkHost.located(reason, in: file))
        }
        self.builder = builder
        guard let window = bhg_builder_first_window(builder), let child = bhg_window_take_child(window) else {
            throw ValueError("\((interface as NSString).lastPathComponent): no GtkWindow with a child; draw the screen inside a window")
        }
        title = string(bhg_window_get_title(window))
        var width: Int32 = -1, height: Int32 = -1
        bhg_window_get_default_size(window, &width, &height)
        defaultSize = (width, height)
        content = child
        // Its content is ours now; the designer's window itself is never shown.
        bhg_window_destroy(window)
    }

    /// GTK's reason for refusing a `.ui` file's text, as `file:line:column:
    /// reason`: GtkBuilder says `.:28:1 Unhandled tag: <packing>` (the
    /// text's name, then its place), GLib's XML reader `Error on line 20
    /// char 54: Element …`.
    static func located(_ reason: String, in file: String) -> String {
        if let space = reason.firstIndex(of: " ") {
            let parts = reason[..<space].split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
                return "\(file):\(line):\(column): \(reason[reason.index(after: space)...])"
            }
        }
        let words = reason.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        if words.count == 6, words[0] == "Error", words[1] == "on", words[2] == "line", words[4] == "char",
           words[5].contains(":"), let line = Int(words[3]) {
            let rest = words[5]
            let column = rest[..<rest.firstIndex(of: ":")!]
            return "\(file):\(line):\(column):\(rest[rest.index(after: rest.firstIndex(of: ":")!)...])"
        }
        return "\(file): \(reason)"
    }

    deinit {
        if let builder { g_object_unref(UnsafeMutableRawPointer(builder)) }
        g_object_unref(content)
    }

    /// What the scene loader calls: widgets bound as controls are made,
    /// the layout and the services set once the scene is built.
    public var hosting: SceneHosting {
        SceneHosting(bindControl: { [unowned self] view throws(ValueError) in try bind(view) },
                     prepare: { [unowned self] scene in prepare(scene) })
    }

    /// Binds the control's widget: from the `.ui` file by the control's
    /// name (it must be a widget of a class that fits the control's type),
    /// or a new one.
    func bind(_ view: View) throws(ValueError) {
        let kind = GtkControlKind.of(view.controlType)
        let widget: GtkWidgetPointer
        var adopting = false
        if let builder, let interface {
            var notAWidget: Int32 = 0
            let file = (interface as NSString).lastPathComponent
            guard let found = bhg_builder_widget(builder, view.name, &notAWidget) else {
                if notAWidget != 0 { throw ValueError("`\(view.name)` in \(file) is not a widget") }
                let near = Suggestions.nearest(to: view.name, in: ids(of: builder))
                throw ValueError("\(file) has no object with id `\(view.name)`"
                                 + (near.map { " (did you mean `\($0)`?); rename the control or the widget" }
                                    ?? "; give the widget that id in the designer"))
            }
            guard kind.fits(found) else {
                let actual = string(bhg_type_name(found)) ?? "another widget"
                throw ValueError("`\(view.name)` in \(file) is a \(actual), but the scene says \(view.typeName): "
                                 + "a \(view.typeName) is a \(kind.classes); "
                                 + GtkControlKind.wayOut(for: found, named: actual, in: file, not: kind))
            }
            widget = found
            adopting = true
        } else {
            widget = kind.make()
        }
        let binding = kind.binding.init(control: view, widget: widget, host: self)
        bindings[view.name] = Weak(binding)
        view.bind(binding, adoptingItsValues: adopting)
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
        scene.dialogPresenter = GtkDialogs(host: self)
        scene.screenSize = Size(width: 400, height: 700)
        guard builder == nil else { return }
        for view in scene.screen?.rootViews ?? [] { lay(view, in: content) }
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
            bhg_fixed_put(container, widget, frame.x, frame.y)
            gtk_widget_set_size_request(widget, Int32(frame.width), Int32(frame.height))
        } else if container == content {
            bhg_box_append(flow(), widget)
        } else {
            bhg_fixed_put(container, widget, 0, 0)
            // A stack in a view fills its width, as on the screen.
            if view is Stack, let width = view.parent.map(openWidth), width > 0 {
                gtk_widget_set_size_request(widget, Int32(width), -1)
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
        bhg_fixed_move(parent, widget, frame.x, frame.y)
        gtk_widget_set_size_request(widget, Int32(frame.width), Int32(frame.height))
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
            guard let widget = bindings[name]?.object?.widget, gtk_widget_is_visible(widget) != 0 else { return nil }
            var x = 0.0, y = 0.0, width = 0.0, height = 0.0
            guard bhg_bounds(widget, window, &x, &y, &width, &height) != 0 else { return nil }
            return (name, x, y, width, height)
        }
    }
}

/// A reference that does not keep its object.
struct Weak<T: AnyObject> {
    weak var object: T?
    init(_ object: T) { self.object = object }
}
