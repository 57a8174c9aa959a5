import BehaveCore
import BehaveScene
import CGtk

/// Label → `GtkLabel`: its text (its start, when longer than a label
/// shows), and `textColor` as CSS.
final class LabelBinding: WidgetBinding {
    /// The text set last, when the label shows only its start.
    private var cut: String?

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        switch change.property {
        case "text":
            let full = text(change.new), shortened = labelText(full)
            cut = shortened == full ? nil : full
            bhg_label_set_text(widget, shortened)
        case "textColor": style.set("color", to: change.new.colorValue)
        default: return false
        }
        return true
    }

    override func shownValue(of property: PropertySpec) -> Value? {
        guard property.name == "text", let widget else { return nil }
        return .string(cut ?? string(bhg_label_get_text(widget)) ?? "")
    }
}

/// Switch → `GtkSwitch`, `GtkCheckButton` or `GtkToggleButton`: its
/// `active` is the switch's `on`, and the user's flip (a switch's
/// `notify::active`, a button's `toggled`) is a `valueChanged`. A
/// `Switch` has no title: a button's label stays as drawn.
final class SwitchBinding: WidgetBinding {
    /// The three widgets' own calls for `active`.
    private struct Toggle {
        let get: (GtkWidgetPointer) -> Int32
        let set: (GtkWidgetPointer, Int32) -> Void
        /// What the widget says when `active` changes.
        let signal: String
    }

    private var toggle: Toggle {
        guard let widget else { return Toggle(get: bhg_switch_get_active, set: bhg_switch_set_active, signal: "notify::active") }
        if bhg_is_check(widget) != 0 { return Toggle(get: bhg_check_get_active, set: bhg_check_set_active, signal: "toggled") }
        if bhg_is_toggle(widget) != 0 { return Toggle(get: bhg_toggle_get_active, set: bhg_toggle_set_active, signal: "toggled") }
        return Toggle(get: bhg_switch_get_active, set: bhg_switch_set_active, signal: "notify::active")
    }

    override func connectSignals(_ widget: GtkWidgetPointer) {
        let instance = UnsafeMutableRawPointer(widget), toggle = toggle
        let flipped = { [unowned self] in
            guard let widget = self.widget else { return }
            userEdited("on", to: .bool(toggle.get(widget) != 0), sending: "valueChanged")
        }
        hear(instance, toggle.signal == "toggled" ? Signals.connect(instance, "toggled", flipped) : Signals.notify(instance, "active", flipped))
    }

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        guard change.property == "on", case .bool(let on) = change.new else { return false }
        toggle.set(widget, on ? 1 : 0)
        return true
    }

    override func shownValue(of property: PropertySpec) -> Value? {
        guard property.name == "on", let widget else { return nil }
        return .bool(toggle.get(widget) != 0)
    }
}

/// Slider → `GtkScale`, Stepper → `GtkSpinButton`: a number within a
/// range; the user's drag or press is a `valueChanged`, and text typed
/// into a spin button that is no number keeps its value. A `.ui` file's
/// adjustment is the control's range (and a stepper's step) unless the
/// scene sets it. Widgets drawn on one adjustment move together: the
/// change is the user's edit of the one they touched, or the change a
/// control showed (a script's set) on its own; the others follow it.
final class RangeBinding: WidgetBinding {

    private var isSpin: Bool { widget.map { bhg_is_spin($0) != 0 } ?? false }
    /// The fewest decimals a spin button shows: those drawn in a `.ui`
    /// file with its step, else those of the control's step (`showStep`).
    private var leastDigits: Int32 = 0
    /// The widget's `value-changed` handler.
    private var valueChanged: UInt = 0

    override func connectSignals(_ widget: GtkWidgetPointer) {
        if isSpin {
            leastDigits = bhg_spin_get_digits(widget)
            hear(UnsafeMutableRawPointer(widget), UInt(bhg_spin_keep_value_on_bad_text(widget)))
        }
        checkDrawnRange(widget)
        if let adjustment = bhg_range_adjustment(widget) {
            _ = added(bhg_adjustment_watch_touches(widget, adjustment)!)
        }
        valueChanged = Signals.connect(UnsafeMutableRawPointer(widget), "value-changed") { [unowned self] in
            guard let value = readValue() else { return }
            if let source = movedThroughAnother() {
                follow(.number(value), after: source)
            } else {
                userEdited("value", to: .number(value), sending: "valueChanged")
            }
            showDigits()
        }
        hear(UnsafeMutableRawPointer(widget), valueChanged)
    }

    /// Makes the adjustment the widget was drawn with one the control can
    /// take, before binding takes it (`drawnValue`), by the rules a
    /// headless run reads the file with (`DrawnAdjustment`). It ends where
    /// the user can reach: a scale or a spin button stops its page size
    /// short of its upper, so that is taken off. A range the control
    /// cannot take (its end not above its start, a number that is none)
    /// is noted, naming the file and the widget, and the widget gets the
    /// control's; so is a step of a spin button's that is none or below
    /// 0. An adjustment of 0 to 0 (with a step of 0) is GTK's when the
    /// file gives none: the control's, quietly.
    private func checkDrawnRange(_ widget: GtkWidgetPointer) {
        guard let adjustment = bhg_range_adjustment(widget) else { return }
        let drawn = DrawnAdjustment(value: gtk_adjustment_get_value(adjustment), lower: gtk_adjustment_get_lower(adjustment),
                                    upper: gtk_adjustment_get_upper(adjustment),
                                    step: gtk_adjustment_get_step_increment(adjustment),
                                    pageStep: gtk_adjustment_get_page_increment(adjustment),
                                    pageSize: gtk_adjustment_get_page_size(adjustment))
        let file = host?.interfaceName ?? "the .ui file"
        if drawn.hasRange {
            if drawn.pageSize != 0 {
                gtk_adjustment_configure(adjustment, drawn.value, drawn.lower, drawn.end, drawn.step, drawn.pageStep, 0)
            }
        } else {
            if let note = drawn.rangeNote(for: control, in: file) { host?.noteWhileBinding(control.name, note) }
            let low = control.storedNumber("minimumValue"), high = control.storedNumber("maximumValue")
            let value = min(high, max(low, control.storedNumber("value")))
            gtk_adjustment_configure(adjustment, value, low, high, drawn.step.isFinite ? drawn.step : 0,
                                     drawn.pageStep.isFinite ? drawn.pageStep : 0, 0)
        }
        guard isSpin, !drawn.hasStep else { return }
        if let note = drawn.stepNote(for: control, in: file) { host?.noteWhileBinding(control.name, note) }
        showStep(control.storedNumber("stepValue"), on: widget)
    }

    private func showStep(_ step: Double, on widget: GtkWidgetPointer) {
        bhg_spin_set_increments(widget, step)
        leastDigits = step == step.rounded() ? 0 : 2
        showDigits()
    }

    /// A spin button shows its value with enough decimals to read it back:
    /// GTK parses the text again when the button loses the focus (or
    /// Enter is pressed) and takes what it reads, so a stepper of whole
    /// steps at 2.5, shown as "2", became 2 at a Tab, a `valueChanged` no
    /// one made.
    private func showDigits() {
        guard let widget, isSpin else { return }
        let digits = RangeBinding.digits(showing: [control.storedNumber("stepValue"), bhg_spin_get_value(widget)], atLeast: leastDigits)
        guard digits != bhg_spin_get_digits(widget) else { return }
        // GTK says `value-changed` again for its new text: no one's edit
        // (while binding, the handler is not connected yet).
        let handler = valueChanged
        if handler != 0 { Signals.block(UnsafeMutableRawPointer(widget), handler) }
        bhg_spin_set_digits(widget, digits)
        if handler != 0 { Signals.unblock(UnsafeMutableRawPointer(widget), handler) }
    }

    /// The fewest decimals, from `least` up to GTK's most (20), that write
    /// each number so that it reads back as GTK reads a spin button's text:
    /// within 1e-10 of it.
    static func digits(showing numbers: [Double], atLeast least: Int32) -> Int32 {
        var digits = max(0, min(least, 20)), scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        func shows(_ number: Double) -> Bool {
            let scaled = number * scale
            return !scaled.isFinite || abs((scaled.rounded() / scale) - number) <= 1e-10
        }
        while digits < 20, !numbers.allSatisfy(shows) {
            digits += 1
            scale *= 10
        }
        return digits
    }

    /// The source of the change when another widget on this one's
    /// adjustment moved it: a change shown there (a script's set), or the
    /// user's, touching that one; nil when it came through this widget.
    private func movedThroughAnother() -> ChangeSource? {
        guard let widget, let adjustment = bhg_range_adjustment(widget) else { return nil }
        if let showing = host?.showingOnAdjustment[UnsafeMutableRawPointer(adjustment)] {
            return showing.widget == widget ? nil : showing.source
        }
        guard let touched = bhg_adjustment_touched(adjustment), touched != widget else { return nil }
        return .user
    }

    /// Takes the value another widget on the adjustment moved this one
    /// to, as that change's consequence: no `valueChanged` of its own.
    private func follow(_ value: Value, after source: ChangeSource) {
        guard !showsControlChange, !control.widgetDidHold("value", at: value, after: source) else { return }
        // One the control refuses is told as the widget's edit, which the control puts back.
        userEdited("value", to: value, sending: nil)
    }

    private func readValue() -> Double? {
        guard let widget else { return nil }
        return isSpin ? bhg_spin_get_value(widget) : bhg_range_get_value(widget)
    }

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        // The widgets sharing the adjustment follow the change, by its source.
        let adjustment = bhg_range_adjustment(widget).map { UnsafeMutableRawPointer($0) }
        let first = adjustment.map { host?.showingOnAdjustment[$0] == nil } ?? false
        if first, let adjustment { host?.showingOnAdjustment[adjustment] = (widget, change.source) }
        defer { if first, let adjustment { host?.showingOnAdjustment[adjustment] = nil } }
        switch (change.property, change.new) {
        case ("value", .number(let value)):
            if isSpin { bhg_spin_set_value(widget, value) } else { bhg_range_set_value(widget, value) }
            showDigits()
        case ("minimumValue", _), ("maximumValue", _):
            // The control refuses a bound set past the other (GTK's ranges
            // ask lower ≤ upper too); a range of one number it takes. The
            // widget's value stays within what the control holds.
            let low = control.storedNumber("minimumValue"), high = control.storedNumber("maximumValue")
            if isSpin { bhg_spin_set_range(widget, low, high) } else { bhg_range_set_range(widget, low, high) }
            let value = control.storedNumber("value")
            if isSpin { bhg_spin_set_value(widget, value) } else { bhg_range_set_value(widget, value) }
            showDigits()
        case ("stepValue", .number(let step)):
            if isSpin { showStep(step, on: widget) }
        default:
            return false
        }
        return true
    }

    override func shownValue(of property: PropertySpec) -> Value? {
        guard property.name == "value" else { return nil }
        return readValue().map(Value.number)
    }

    /// A scale drawn with a fill level holds its value within it (as it
    /// holds a drag), which headless does not know of.
    override func heldValue(_ value: Value, for property: PropertySpec) -> Value {
        guard property.name == "value", let widget, !isSpin, case .number(let number) = value else { return value }
        return .number(min(number, bhg_range_value_ceiling(widget)))
    }

    /// The range (and a spin button's step) as drawn, checked by
    /// `checkDrawnRange`: the control takes them, but reads of them stay
    /// the control's, which only the control changes. A scale that rounds
    /// a drag tells its decimals (`Slider.dragDigits`).
    override func drawnValue(of property: PropertySpec) -> Value? {
        guard let widget, let adjustment = bhg_range_adjustment(widget) else { return nil }
        switch property.name {
        case "minimumValue": return .number(gtk_adjustment_get_lower(adjustment))
        case "maximumValue": return .number(gtk_adjustment_get_upper(adjustment))
        case "stepValue": return isSpin ? .number(gtk_adjustment_get_step_increment(adjustment)) : nil
        case Slider.dragDigits.name:
            let digits = isSpin ? -1 : bhg_range_get_round_digits(widget)
            return digits >= 0 ? .number(Double(digits)) : nil
        default: return shownValue(of: property)
        }
    }
}

/// TextField → `GtkEntry` or `GtkPasswordEntry`: typing is an edit
/// (`editingChanged`), focus begins and ends editing, Enter is the return
/// key.
final class TextFieldBinding: WidgetBinding {
    /// Where the caret goes once a refused key is put back.
    private var caretPutBack: Int32?

    override func connectSignals(_ widget: GtkWidgetPointer) {
        let entry = UnsafeMutableRawPointer(widget)
        hear(entry, Signals.connect(entry, "changed") { [unowned self] in
            guard let widget = self.widget, !showsControlChange else { return }
            (control as? TextField)?.beginEditing()
            userEdited("text", to: .string(string(bhg_editable_get_text(widget)) ?? ""), sending: "editingChanged")
        })
        hear(entry, Signals.connect(entry, "activate") { [unowned self] in
            (control as? TextField)?.pressReturn()
        })
        let focus = added(bhg_add_focus_controller(widget)!)
        Signals.connect(focus, "enter") { [unowned self] in
            guard !applying, let field = control as? TextField else { return }
            control.scene?.perform { field.beginEditing() }
        }
        Signals.connect(focus, "leave") { [unowned self] in
            guard !applying, let field = control as? TextField else { return }
            control.scene?.perform { field.endEditing() }
        }
    }

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        switch (change.property, change.new) {
        case ("text", let value):
            let shown = string(bhg_editable_get_text(widget)) ?? "", new = text(value)
            guard shown != new else { break }
            bhg_editable_set_text(widget, new)
            // Put back from a refused key: the caret goes where the key
            // went (where the two texts begin to differ), as after a key
            // GTK itself refuses; GTK moves it past the key once the
            // `changed` being handled returns, so it is placed after that.
            // Any other text (a `keys` or `type` command's, a script's)
            // leaves it at the end, where the user's own typing would:
            // GTK left it at the start, and the next key went before the text.
            if putsBack(change) {
                caretPutBack = Int32(zip(shown.unicodeScalars, new.unicodeScalars).prefix { $0 == $1 }.count)
            } else {
                caretPutBack = nil
                bhg_editable_set_position(widget, -1)
            }
        case ("placeholder", let value):
            bhg_entry_set_placeholder(widget, text(value))
        case ("maxLength", .number(let length)):
            // GTK cuts a longer text here, as the control has (its
            // `changed` is the control's own change, not the user's).
            bhg_entry_set_max_length(widget, Int32(length))
        case ("secureTextEntry", .bool(let secure)):
            bhg_entry_set_visibility(widget, secure ? 0 : 1)
        case ("editing", .bool(let editing)):
            if editing {
                gtk_widget_grab_focus(widget)
            } else if let root = gtk_widget_get_root(widget), gtk_widget_has_focus(widget) != 0 {
                gtk_root_set_focus(root, nil)
            }
        default:
            return false
        }
        return true
    }

    override func shownValue(of property: PropertySpec) -> Value? {
        guard let widget else { return nil }
        switch property.name {
        case "text": return .string(string(bhg_editable_get_text(widget)) ?? "")
        case "maxLength": return .number(Double(bhg_entry_get_max_length(widget)))
        default: return nil
        }
    }

    /// The text and the placeholder the entry was drawn with.
    override func drawnValue(of property: PropertySpec) -> Value? {
        guard property.name == "placeholder", let widget else { return shownValue(of: property) }
        let placeholder = bhg_entry_dup_placeholder(widget)
        defer { g_free(placeholder) }
        return .string(placeholder.map { String(cString: $0) } ?? "")
    }

    override func didSettle() {
        guard let caret = caretPutBack, let widget else { return }
        caretPutBack = nil
        bhg_editable_set_position(widget, caret)
    }
}

/// ImageView → `GtkPicture`: a named image from the scene's image folder,
/// or a photo the user picked.
final class ImageViewBinding: WidgetBinding {
    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        guard change.property == "image" else { return false }
        if case .image(let image) = change.new, let file = host?.imageFile(named: image.name) {
            bhg_picture_set_filename(widget, file)
            // Without a frame, the picture takes the image's size (as fitted
            // by the scripts), within a screen's width.
            let frame = (try? control.value("frame"))?.rectValue
            if frame.map({ $0.width == 0 && $0.height == 0 }) ?? true, let width = image.width, let height = image.height {
                let scale = min(1, 320 / Double(max(width, height)))
                gtk_widget_set_size_request(widget, Int32(Double(width) * scale), Int32(Double(height) * scale))
            }
        } else {
            bhg_picture_clear(widget)
        }
        return true
    }
}

/// ScrollView → `GtkScrolledWindow`: its content is a fixed container of
/// `contentSize`; the user's scroll moves `contentOffset` (the delegate
/// hears `scrollViewDidScroll`), and a script's offset scrolls it, held
/// within the content as GTK holds it.
final class ScrollViewBinding: WidgetBinding {
    /// The offset the control last gave GTK, and where it came from, until
    /// the user scrolls: GTK's layout may hold it within content it lays
    /// out later (an offset set before the first layout where a `.ui`
    /// file or the app lays the scroll view out), which is that set's
    /// consequence, not the user's scroll.
    private var given: (offset: Point, source: ChangeSource)?

    override func connectSignals(_ widget: GtkWidgetPointer) {
        for adjustment in [bhg_scrolled_vadjustment(widget), bhg_scrolled_hadjustment(widget)] {
            guard let adjustment else { continue }
            hear(UnsafeMutableRawPointer(adjustment), Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [unowned self] in
                guard !showsControlChange, let offset = readOffset() else { return }
                if let given, holds(given.offset, at: offset),
                   control.widgetDidHold("contentOffset", at: .point(offset), after: given.source) { return }
                given = nil
                userEdited("contentOffset", to: .point(offset), sending: nil)
            })
        }
    }

    /// Whether `offset` is `given` held within the bounds GTK laid out.
    private func holds(_ given: Point, at offset: Point) -> Bool {
        guard offset != given, let widget, let vertical = bhg_scrolled_vadjustment(widget),
              let horizontal = bhg_scrolled_hadjustment(widget) else { return false }
        func held(_ wanted: Double, _ adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Double {
            let lower = gtk_adjustment_get_lower(adjustment)
            let furthest = max(lower, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
            return min(max(GtkHost.coordinate(wanted), lower), furthest)
        }
        return offset == Point(x: held(given.x, horizontal), y: held(given.y, vertical))
    }

    private func readOffset() -> Point? {
        guard let widget, let vertical = bhg_scrolled_vadjustment(widget), let horizontal = bhg_scrolled_hadjustment(widget) else { return nil }
        return Point(x: gtk_adjustment_get_value(horizontal), y: gtk_adjustment_get_value(vertical))
    }

    override func applyOwn(_ change: PropertyChange, to widget: GtkWidgetPointer) -> Bool {
        switch (change.property, change.new) {
        case ("contentOffset", .point(let offset)):
            given = (offset, change.source)
            let view = unlaidView
            _ = bhg_scrolled_scroll(widget, GTK_ORIENTATION_VERTICAL, GtkHost.coordinate(offset.y), view.height)
            _ = bhg_scrolled_scroll(widget, GTK_ORIENTATION_HORIZONTAL, GtkHost.coordinate(offset.x), view.width)
        case ("contentSize", _), ("bottomInset", _):
            // The change is stored already: both read as they are now.
            let size = (try? control.value("contentSize"))?.sizeValue ?? Size(width: 0, height: 0)
            let inset = (try? control.value("bottomInset"))?.numberValue ?? 0
            if let content = bhg_scrolled_get_child(widget) {
                gtk_widget_set_size_request(content, GtkHost.pixels(size.width), GtkHost.pixels(size.height + inset))
            }
        default:
            return false
        }
        return true
    }

    override func shownValue(of property: PropertySpec) -> Value? {
        guard property.name == "contentOffset" else { return nil }
        return readOffset().map(Value.point)
    }

    /// GTK keeps the offset within the content, from 0 to the content's
    /// size less the visible size (a UIScrollView, and headless, take any
    /// offset): a script's offset past the content is held at its end.
    override func heldValue(_ value: Value, for property: PropertySpec) -> Value {
        guard property.name == "contentOffset", case .point(let offset) = value, let widget else { return value }
        let view = unlaidView
        func held(_ wanted: Double, _ orientation: GtkOrientation, _ visible: Double) -> Double {
            min(max(GtkHost.coordinate(wanted), 0), bhg_scrolled_furthest(widget, orientation, visible))
        }
        return .point(Point(x: held(offset.x, GTK_ORIENTATION_HORIZONTAL, view.width),
                            y: held(offset.y, GTK_ORIENTATION_VERTICAL, view.height)))
    }

    /// What is visible before GTK lays the window out: the frame's size
    /// (0 where a `.ui` file lays the scroll view out; GTK's layout then
    /// holds the offset within the content, as the set's consequence:
    /// `given`).
    private var unlaidView: Size {
        guard !isLaidOutByDesign, let frame = (try? control.value("frame"))?.rectValue else { return Size(width: 0, height: 0) }
        return Size(width: frame.width, height: frame.height)
    }
}

/// View (and a type GTK has no widget of its own for) → a fixed container.
final class ContainerBinding: WidgetBinding {}

extension View {
    func storedNumber(_ property: String) -> Double { (try? value(property))?.numberValue ?? 0 }
}
