import BehaveCore
import CGtk

/// A GTK widget standing behind a Behave control (`ControlWidget`): what
/// every control has (`alpha` → opacity, `hidden` → visibility,
/// `userInteractionEnabled` → whether it takes pointer events, `enabled`
/// (on the types that have it) → whether it is sensitive,
/// `backgroundColor`, `fontSize` and `fontWeight` → CSS, `frame` → its
/// place in a fixed container, or, laid out by a `.ui` file, read from where
/// GTK put it), with each type's own properties and
/// signals in a subclass.
///
/// The widget owns its binding (`g_object_set_data_full`, as the behaviours
/// articles do with `objc_setAssociatedObject`) and the binding owns the
/// control; the binding holds the widget weakly (`g_object_weak_ref`).
/// When the widget goes, its control leaves the scene and the behaviours
/// the control owns are destroyed.
class WidgetBinding: ControlWidget {
    let control: View
    /// The widget, while it lives.
    private(set) var widget: GtkWidgetPointer?
    /// The host whose scene the control is in. Weak: the host keeps the
    /// widgets (its content), the widgets keep their bindings, so a strong
    /// reference kept every reloaded scene's host, widgets and controls.
    private(set) weak var host: GtkHost?
    /// The widget's own CSS (colours, fonts).
    let style: WidgetStyle
    /// A change from the control is being shown: the signals it raises in
    /// the widget are not the user's.
    private(set) var applying = false

    required init(control: View, widget: GtkWidgetPointer, host: GtkHost) {
        self.control = control
        self.widget = widget
        self.host = host
        // A widget bound before (an app's own, as a reload binds it again)
        // is the new control's alone: the old binding stops hearing it.
        let earlier = bhg_get_data(widget, "behave-binding").map { Unmanaged<WidgetBinding>.fromOpaque($0).takeUnretainedValue() }
        earlier?.letGo()
        style = WidgetStyle(for: widget)
        alphaSet = gtk_widget_get_opacity(widget)
        interactive = gtk_widget_get_can_target(widget) != 0
        bhg_weak_ref(widget, widgetWent, Unmanaged.passUnretained(self).toOpaque())
        bhg_set_data_full(widget, "behave-binding", Unmanaged.passRetained(self).toOpaque(), releaseBinding)
        connectSignals(widget)
        if let earlier { asDrawn = earlier.asDrawn } else if host.appWidgets != nil { recordAsDrawn(widget) }
    }

    /// An app's widget as the app made it, before a binding first took it:
    /// what `letGo` shows again, so that each scene bound to it (a reload)
    /// starts from the app's widget, not from what the last scene left.
    private var asDrawn: [String: Value] = [:]

    private func recordAsDrawn(_ widget: GtkWidgetPointer) {
        for spec in control.schema.properties {
            if let drawn = drawnValue(of: spec) { asDrawn[spec.name] = drawn }
        }
        asDrawn["alpha"] = .number(gtk_widget_get_opacity(widget))
        asDrawn["hidden"] = .bool(gtk_widget_get_visible(widget) == 0)
        asDrawn["userInteractionEnabled"] = .bool(gtk_widget_get_can_target(widget) != 0)
        if control.schema.index(of: "enabled") != nil { asDrawn["enabled"] = .bool(gtk_widget_get_sensitive(widget) != 0) }
    }

    /// Shows the widget as the app made it again: each property the scene
    /// changed goes back to the value drawn (or, when the widget draws
    /// none, the default: a button's image the scene gave is taken off).
    private func showAsDrawn() {
        for (index, spec) in control.schema.properties.enumerated() where !spec.isReadOnly && spec.name != "name" && spec.name != "frame" {
            let current = (try? control.value(spec.name)) ?? spec.defaultValue
            guard let back = asDrawn[spec.name] ?? (current != spec.defaultValue ? spec.defaultValue : nil) else { continue }
            apply(PropertyChange(control: control.name, property: spec.name, index: index, old: current, new: back, source: .scene))
        }
    }

    /// Connects the widget's signals to the control (subclasses), each
    /// through `hear`.
    func connectSignals(_ widget: GtkWidgetPointer) {}

    /// The signal handlers this binding connected, and the controllers it
    /// added: taken off when another binding takes the widget.
    private var handlers: [(instance: UnsafeMutableRawPointer, id: UInt)] = []
    private var controllers: [OpaquePointer] = []

    /// Keeps a handler's id (`Signals.connect`'s answer) to disconnect it in `letGo`.
    final func hear(_ instance: UnsafeMutableRawPointer, _ id: UInt) {
        handlers.append((instance, id))
    }

    /// Keeps a controller the binding added to its widget, to remove it in `letGo`.
    final func added(_ controller: OpaquePointer) -> UnsafeMutableRawPointer {
        controllers.append(controller)
        return UnsafeMutableRawPointer(controller)
    }

    // MARK: Changes out

    final func apply(_ change: PropertyChange) {
        guard let widget else { return }
        applying = true
        defer { applying = false }
        if handlingUserEdit { settleAfterThisSignal() }
        if applyOwn(change, to: widget) { return }
        switch (change.property, change.new) {
        case ("alpha", .number(let alpha)):
            gtk_widget_set_opacity(widget, alpha)
            // An animation's frames are drawn; its end (set at its start)
            // decides, as UIKit's model layer does.
            if !change.isFrame {
                alphaSet = alpha
                target(widget)
            }
        case ("hidden", .bool(let hidden)):
            // The control's touch is cancelled (`View.store`); so is GTK's.
            if hidden { bhg_cancel_gestures(widget) }
            gtk_widget_set_visible(widget, hidden ? 0 : 1)
        case ("userInteractionEnabled", .bool(let enabled)):
            interactive = enabled
            target(widget)
        case ("enabled", .bool(let enabled)):
            // Every control type that has it (UIControl's `isEnabled`):
            // GTK's insensitive widget takes no input and is drawn dimmed.
            gtk_widget_set_sensitive(widget, enabled ? 1 : 0)
        case ("backgroundColor", let color):
            style.set("background-color", to: color.colorValue)
        case ("fontSize", _), ("fontWeight", _):
            style.setFont(change)
        case ("frame", .rect(let frame)):
            if isLaidOutByDesign { tellFrameUnused(change) } else { host?.place(widget, at: frame) }
        default:
            break
        }
    }

    /// The alpha and `userInteractionEnabled` last told the widget (an
    /// app's widget's own at first).
    private var alphaSet = 1.0
    private var interactive = true

    /// Whether a click finds the widget: GTK picks one at opacity 0 (it asks
    /// only that it is shown, targetable and sensitive), but a touch passes
    /// over a control whose alpha is below 0.01, as in UIKit, so GTK is
    /// told so. Made non-interactive, what GTK was doing with the pointer
    /// in it stops, as the control's touch is cancelled; faded out, it goes
    /// on, as the control's does.
    private func target(_ widget: GtkWidgetPointer) {
        if !interactive { bhg_cancel_gestures(widget) }
        gtk_widget_set_can_target(widget, interactive && alphaSet >= View.touchableAlpha ? 1 : 0)
    }

    /// A change of the type's own properties; false when it is not one.
    func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool { false }

    /// What the widget shows: its type's own properties (`shownValue`),
    /// and, where a `.ui` file lays it out, its frame (`laidOutFrame`).
    final func currentValue(of property: PropertySpec) -> Value? {
        if property.name == "frame", isLaidOutByDesign { return .rect(laidOutFrame()) }
        return shownValue(of: property)
    }

    /// The value the widget shows for one of its type's own properties
    /// (subclasses); nil when the control's stands.
    func shownValue(of property: PropertySpec) -> Value? { nil }

    /// The value the widget holds once told `value` (subclasses): `value`
    /// unless GTK keeps the property within bounds of its own.
    func heldValue(_ value: Value, for property: PropertySpec) -> Value { value }

    /// The values the widget was drawn with, its type's own: a frame is
    /// never taken from it, but read (`currentValue`), GTK moving it.
    func drawnValue(of property: PropertySpec) -> Value? { shownValue(of: property) }

    // MARK: Frames

    /// A `.ui` file lays the widget out, not the control's frame.
    var isLaidOutByDesign: Bool { host?.layoutOwner != nil }

    /// Where GTK laid the widget out, as a frame is given: from the top
    /// left of its parent control's widget (a scroll view's content), or
    /// of the screen's (the window's content) for a control on the screen.
    /// GTK gives the widget no place before it lays the window out (while
    /// behaviours wake), nor while the widget is not shown (hidden, on a
    /// stack page not shown): then it is [0, 0, 0, 0]. Read again each
    /// time, so a window the user resized gives the new place.
    private func laidOutFrame() -> Rect {
        let nowhere = Rect(x: 0, y: 0, width: 0, height: 0)
        guard let widget, let host, host.contentIsAlive, gtk_widget_get_mapped(widget) != 0,
              gtk_widget_get_width(host.content) > 0 || gtk_widget_get_height(host.content) > 0 else { return nowhere }
        // The screen's top left is the content's outside its margins (a
        // box drawn 20 from the window's left puts its first child at 20).
        var target = host.content
        var left = Double(gtk_widget_get_margin_start(target)), top = Double(gtk_widget_get_margin_top(target))
        if let parent = (control.parent?.widget as? WidgetBinding)?.widget {
            target = bhg_is_scrolled(parent) != 0 ? bhg_scrolled_get_child(parent) ?? parent : parent
            (left, top) = (0, 0)
        }
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        guard bhg_bounds(widget, target, &x, &y, &width, &height) != 0 else { return nowhere }
        return Rect(x: x + left, y: y + top, width: width, height: height)
    }

    /// A script's (or a command's) frame for a widget a `.ui` file lays
    /// out moves nothing: said once per control, where the trace is read.
    /// The scene file's was warned of at its line.
    private var toldFrameUnused = false

    private func tellFrameUnused(_ change: PropertyChange) {
        guard change.source != .scene, !toldFrameUnused, let host, let file = host.layoutOwner else { return }
        toldFrameUnused = true
        host.scene?.trace.record(.note, subject: control.name, "\(control.name).frame is not used in behave window, where \(file) lays its widget out: \(control.name).frame reads where the widget is (it places the control only headless: behave run, specs, the studio); size and place the widget in \(file)")
    }

    // MARK: Edits in

    /// The user's edit is being handled.
    private var handlingUserEdit = false
    /// A change was shown while the user's edit was handled (the value
    /// put back from a refused edit, a handler's set), and GTK is not done
    /// with the signal that reported the edit: what the widget reports
    /// until then is that change, not the user's. GLib emits a signal that
    /// does not recurse, such as GtkAdjustment's `value-changed`, again
    /// once the handler returns: a stepper sent `valueChanged` for a press
    /// it refused, and again for a handler's own set.
    private var settling = false

    /// What the widget reports now is the control's own change, not the user's.
    var showsControlChange: Bool { applying || settling }

    private func settleAfterThisSignal() {
        guard !settling else { return }
        settling = true
        Signals.afterThis { [weak self] in
            guard let self else { return }
            settling = false
            didSettle()
        }
    }

    /// The user changed `property` in the widget: the control hears it
    /// (unless the change is the control's own, being shown or settling:
    /// see `settling`). An edit the
    /// control refuses (out of its range, past the scene's text) comes
    /// back through `apply` with the value it keeps: the widget shows that
    /// again, as a GTK widget that will not take a value does, and no
    /// event is sent.
    final func userEdited(_ property: String, to value: Value, sending event: String?) {
        guard !showsControlChange else { return }
        handlingUserEdit = true
        defer { handlingUserEdit = false }
        control.userDidEdit(property, to: value, sending: event)
    }

    /// Whether `change` is the control putting the widget back from the
    /// user's edit it refused (a handler's set, meanwhile, is the script's).
    func putsBack(_ change: PropertyChange) -> Bool { handlingUserEdit && change.source == .user }

    /// GTK is done with the signal of a user's edit during which a change
    /// was shown (subclasses: what GTK moved after it, an entry's caret).
    func didSettle() {}

    // MARK: Lifetime

    /// The control left the scene (a `remove`, the screen dismissed): its
    /// widget leaves the window. A box or a fixed container lets go of a
    /// child; other containers of a `.ui` file (a frame, a button, a paned)
    /// keep a pointer to theirs, which unparenting left dangling (GTK
    /// freed the child, then unparented it again): there it is hidden,
    /// and takes no room.
    func controlWasRemoved() {
        guard let widget, let parent = gtk_widget_get_parent(widget) else { return }
        if bhg_is_box(parent) != 0 {
            bhg_box_remove(parent, widget)
        } else if bhg_is_fixed(parent) != 0 {
            bhg_fixed_remove(parent, widget)
        } else {
            gtk_widget_set_visible(widget, 0)
        }
    }

    fileprivate func widgetDidGo() {
        widget = nil
    }

    /// Another binding takes the widget: it shows what the app drew again,
    /// and this binding's handlers, controllers, style sheet and weak
    /// reference come off it (the handlers held this
    /// binding unowned, and its weak reference would have reached it once
    /// freed), and its control keeps its scene, which its host dismisses.
    private func letGo() {
        guard let widget else { return }
        showAsDrawn()
        for handler in handlers { g_signal_handler_disconnect(handler.instance, gulong(handler.id)) }
        for controller in controllers { gtk_widget_remove_controller(widget, controller) }
        handlers = []
        controllers = []
        style.remove(from: widget)
        bhg_weak_unref(widget, widgetWent, Unmanaged.passUnretained(self).toOpaque())
        self.widget = nil
        retired = true
    }

    /// Another binding took the widget (`letGo`).
    private var retired = false

    deinit {
        // The widget went: its control leaves the scene, and the behaviours
        // it owns are destroyed.
        if !retired, control.scene != nil { control.removeFromParent() }
    }
}

/// The widget's data let go of its binding (the widget is being finalized).
private let releaseBinding: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<WidgetBinding>.fromOpaque(data).release()
}

/// The widget is gone: its binding forgets it.
private let widgetWent: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<WidgetBinding>.fromOpaque(data).takeUnretainedValue().widgetDidGo()
}

extension Value {
    var colorValue: Color? { if case .color(let color) = self { color } else { nil } }
}

/// Text for GTK: a property's string, or "".
func text(_ value: Value) -> String { value.stringValue ?? "" }

/// The most characters a label shows. Pango lays a wrapping label out
/// again at each width GTK tries, so a script's two megabytes stopped the
/// window for minutes; no one reads this much in a label, and the
/// control keeps all of it.
let shownCharacters = 10_000

/// The most Unicode scalars of one character a label shows. Pango lays a
/// character (a letter and the marks on it) out in a time that grows as
/// the square of its scalars: a letter under 100,000 accents, one
/// character, stopped the window for minutes. Unicode's stream-safe text
/// (UAX #15) puts no more than 30 marks on a letter.
let shownScalarsOfACharacter = 31

/// Text for a label: at most `shownCharacters`, then "…"; a character of
/// more than `shownScalarsOfACharacter` scalars shows that many.
func labelText(_ text: String) -> String {
    guard text.utf8.count > shownScalarsOfACharacter else { return text }
    var shown = "", characters = 0
    for character in text {
        guard characters < shownCharacters else { return shown + "…" }
        if character.utf8.count > shownScalarsOfACharacter, character.unicodeScalars.count > shownScalarsOfACharacter {
            shown.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(shownScalarsOfACharacter))
        } else {
            shown.append(character)
        }
        characters += 1
    }
    return shown
}
