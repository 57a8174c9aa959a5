import CBehaveCore

/// A control as a host sees it: a widget bound behind it, the user's edits
/// and events coming in, its changes going out.
extension View {
    /// Puts `widget` behind the control (see `ControlWidget`). From now on
    /// every set reaches Swift (the bridge's C fast path is for controls
    /// no widget stands behind), each change reaches `widget.apply` once,
    /// and reads of the properties the widget keeps ask it.
    ///
    /// `adoptingItsValues`: the widget was laid out with values of its own
    /// (a `.ui` file's label text, a scale's range): the control takes the
    /// widget's values (`drawnValue(of:)`), but for those set before the
    /// control joined a scene (a scene file's, `--set`), which win and
    /// which the widget is told (source `.scene`, `old` the default). A
    /// drawn value the control refuses is told back to the widget as the
    /// control's. Otherwise the widget is told every property's value now,
    /// the same way. A control already in a scene adopts nothing: its values
    /// are what the widget showed of it (a widget given back to the running
    /// scene after a refused reload, `SceneLoader.reload`), and the widget
    /// is told them.
    public func bind(_ widget: any ControlWidget, adoptingItsValues: Bool = false) {
        self.widget = widget
        let given = adoptingItsValues && scene == nil ? givenBeforeScene : nil
        // The widget's own values are taken before it is told the scene's:
        // telling it one can redraw another (a range set anew moves a spin
        // button's value back into it, from the control's).
        for index in adoptDrawnValues(of: widget, except: given) {
            widget.apply(PropertyChange(control: name, property: schema.properties[index].name, index: index,
                                        old: schema.properties[index].defaultValue, new: storedValue(at: index), source: .scene))
        }
        for (index, spec) in schema.properties.enumerated() where spec.name != "name" && isSet(index, in: given) {
            widget.apply(PropertyChange(control: name, property: spec.name, index: index, old: spec.defaultValue,
                                        new: storedValue(at: index), source: .scene))
        }
        var reads = PropertyBits()
        for (index, spec) in schema.properties.enumerated() where widget.currentValue(of: spec) != nil {
            reads.insert(index)
        }
        widgetReads = reads
        updateHostMasks()
    }

    /// Takes the values `widget` was laid out with as binding it adopting
    /// them does, without binding it: what a run with no toolkit does with
    /// the values a `.ui` file drew (a headless run reads them from the
    /// file). Only while the control is built, before it joins a scene.
    public func adoptDrawnValues(of widget: any ControlWidget) {
        _ = adoptDrawnValues(of: widget, except: givenBeforeScene)
    }

    /// Takes the widget's drawn values of the properties not in `given`;
    /// returns those the control refuses. `given` nil: every property.
    private func adoptDrawnValues(of widget: any ControlWidget, except given: PropertyBits?) -> [Int] {
        var refused: [Int] = []
        for (index, spec) in schema.properties.enumerated() where !isSet(index, in: given) && !spec.isReadOnly {
            if !adoptDrawnValue(of: widget, at: index) { refused.append(index) }
        }
        // A value checked against others is taken once they are: a
        // slider's 40, drawn within 0…100, after that range.
        refused.removeAll { adoptDrawnValue(of: widget, at: $0) }
        refusedDrawnValues = [:]
        for index in refused {
            let spec = schema.properties[index]
            refusedDrawnValues[spec.name] = widget.drawnValue(of: spec)
        }
        didAdoptDrawnValues(of: widget)
        return refused
    }

    /// Takes the value `widget` was laid out with for property `index`;
    /// false when the control refuses it (true when there is none).
    private func adoptDrawnValue(of widget: any ControlWidget, at index: Int) -> Bool {
        let spec = schema.properties[index]
        guard let drawn = widget.drawnValue(of: spec) else { return true }
        guard let checked = try? validate(drawn, for: spec) else { return false }
        storeWidgetEdit(checked, at: index)
        return true
    }

    /// Whether property `index` is in `given` (nil: every property is).
    private func isSet(_ index: Int, in given: PropertyBits?) -> Bool {
        given?.contains(index) ?? true
    }

    /// Takes the widget away: the control keeps the values it last had.
    public func unbind() {
        for index in schema.properties.indices where widgetReads.contains(index) {
            let shown = value(at: index)
            widgetReads.remove(index)
            storeWidgetEdit(shown, at: index)
        }
        widget = nil
        widgetReads = PropertyBits()
        updateHostMasks()
    }

    /// Hears every change of this control's properties (what a binding
    /// without a `ControlWidget` uses), until cancelled.
    @discardableResult
    public func observeChanges(_ handler: @escaping (PropertyChange) -> Void) -> ChangeObserver {
        let observer = ChangeObserver(handler)
        changeObservers.removeAll { !$0.isActive }
        changeObservers.append(observer)
        updateHostMasks()
        return observer
    }

    /// The user edited the widget: property `index` is now `value`, and
    /// `event` (if any) is sent, as the command language's edits do
    /// (`valueChanged` after a switch flipped). The value is checked
    /// against the schema and the control's own rules; a refused edit
    /// leaves a note, sends nothing, puts the widget back to the value the
    /// control keeps (its `apply` hears it, `old` the refused value, source
    /// `.user`) and returns false. Runs under the limits of one command
    /// unless a command is running already.
    @discardableResult
    public func userDidEdit(_ index: Int, to value: Value, sending event: String? = nil) -> Bool {
        guard index >= 0, index < schema.properties.count else { return false }
        if takeUserEdit(index, to: value, sending: event) { return true }
        // The widget shows what the control refused, and reads ask the
        // widget: left so, scripts would read the refused value too.
        widget?.apply(PropertyChange(control: name, property: schema.properties[index].name, index: index,
                                     old: value, new: storedValue(at: index), source: .user))
        return false
    }

    /// Checks and stores the user's edit, then sends `event`; false when refused.
    private func takeUserEdit(_ index: Int, to value: Value, sending event: String?) -> Bool {
        let spec = schema.properties[index]
        // Keys reach a focused widget whatever takes the pointer: a field,
        // a switch or a slider that takes no touches (not user-interactive,
        // in a view that is not) ignores the user's edit, as it ignores
        // `keys`, `tap` and `slide`. An edit without an event (a scroll
        // GTK holds within new content) is the widget's own.
        if event != nil, !takesUserInput("the user's \(spec.name)") { return false }
        let checked: Value
        do throws(ValueError) {
            checked = try validate(value, for: spec)
        } catch {
            scene?.trace.record(.note, subject: name, "\(name) refuses the user's \(spec.name) \(value): \(error.message)")
            return false
        }
        guard let scene else {
            storeWidgetEdit(checked, at: index)
            return true
        }
        return scene.perform { () -> Bool in
            if checked.holdsText, (try? scene.reserveText(for: "\(name).\(spec.name)", replacing: storedValue(at: index), with: checked)) == nil {
                scene.trace.record(.note, subject: name, "\(name) refuses the user's \(spec.name): the scene holds too much text")
                return false
            }
            if performingUserCommand {
                store(checked, at: index, source: .user)  // the widget has not changed: tell it
            } else {
                storeWidgetEdit(checked, at: index, source: .user)
            }
            if let event {
                noteIfUndeclared(event)
                sendActions(for: event)
            }
            return true
        }
    }

    /// `userDidEdit` by the property's name.
    @discardableResult
    public func userDidEdit(_ property: String, to value: Value, sending event: String? = nil) -> Bool {
        guard let index = schema.index(of: property) else {
            // The binding's mistake, not the user's: say so where the host reads.
            scene?.trace.record(.note, subject: name, "\(name) refuses the user's \(property) \(value): \(schema.unknownProperty(property).message); the binding names a property the control does not have")
            return false
        }
        return userDidEdit(index, to: value, sending: event)
    }

    /// The widget moved `property` to `value` by itself, holding a value
    /// the control gave it within bounds it learnt later (GTK's first
    /// layout holds a scroll view's offset, set before it, within the
    /// content laid out): stored as that change's consequence, marked with
    /// its `source`, with no event; not the user's edit. False, storing
    /// nothing, for a value the control refuses or a text (which the
    /// scene counts): the widget tells it as the user's edit then.
    public func widgetDidHold(_ property: String, at value: Value, after source: ChangeSource) -> Bool {
        guard let index = schema.index(of: property), let checked = try? validate(value, for: schema.properties[index]),
              !checked.holdsText else { return false }
        guard let scene else {
            storeWidgetEdit(checked, at: index, source: source)
            return true
        }
        scene.perform { storeWidgetEdit(checked, at: index, source: source) }
        return true
    }

    /// The widget sent `event` (a click's `touchUpInside`): handlers,
    /// targets and the responder chain hear it, under the limits of one
    /// command.
    public func deliver(_ event: String, arguments: [Value] = []) {
        guard let scene else { return sendActions(for: event, arguments: arguments) }
        noteIfUndeclared(event)
        scene.perform { sendActions(for: event, arguments: arguments) }
    }

    /// An event the control's type does not declare reaches no script
    /// (`on` refuses it, and no scene file can wire it): the binding's
    /// mistake, said where the host reads, with what was meant. It is
    /// still sent, for targets the host itself added.
    private func noteIfUndeclared(_ event: String) {
        guard !schema.events.contains(event) else { return }
        scene?.trace.record(.note, subject: name, "\(name) delivers `\(JSON.cutForReading(event))`, an event \(schema.typeName) does not declare\(Suggestions.eventHint(for: event, in: schema.events)); the binding names an event the control does not send")
    }

    /// Stores a value the widget already shows: no echo back to it.
    private func storeWidgetEdit(_ value: Value, at index: Int, source: ChangeSource? = nil) {
        storingWidgetEdit = true
        defer { storingWidgetEdit = false }
        store(value, at: index, source: source)
    }

    /// The user changed the property through the command language (a
    /// switch's tap, a stepper's press): stored as the user's, then
    /// `event` is sent.
    func storeUserEdit(_ index: Int, to value: Value, sending event: String) -> Bool {
        let held = heldByWidget(value, at: index)
        // The widget holds it where it is (a scale at its fill level): nothing moved.
        if held != value, held == storedValue(at: index) { return false }
        store(held, at: index, source: .user)
        sendActions(for: event)
        return true
    }

    /// `value` as the widget bound behind the control holds it, for a
    /// property the widget keeps (`ControlWidget.heldValue`): what a set
    /// stores and traces, so that the trace, reads and the widget agree.
    @inline(__always)
    func heldByWidget(_ value: Value, at index: Int) -> Value {
        guard widgetReads.contains(index), let widget else { return value }
        return widget.heldValue(value, for: schema.properties[index])
    }

    /// Whether a widget or observers hear this control's changes.
    var isHeard: Bool { widget != nil || changeObservers.contains { $0.isActive } }

    /// A change was stored: its widget and observers hear it.
    func didChange(_ index: Int, from old: Value, source marked: ChangeSource? = nil) {
        // A control not in a scene yet is being built (values set after
        // a host bound it, before it joined): the scene's.
        let source = marked ?? scene.map { ChangeSource(rawValue: $0.c.pointee.source) ?? .script } ?? .scene
        let change = PropertyChange(control: name, property: schema.properties[index].name, index: index,
                                    old: old, new: storedValue(at: index), source: source)
        if !storingWidgetEdit { widget?.apply(change) }
        for observer in changeObservers where observer.isActive { observer.handler(change) }
    }

    /// Sets and reads go through Swift while anything hears the control;
    /// else only those its schema or an animation asks for.
    func updateHostMasks() {
        if isHeard {
            block.pointee.host_mask = ~0
        } else {
            var mask: UInt64 = 0
            // With a catalogue, image names are resolved in Swift.
            let resolvesImages = scene?.imageCatalog != nil
            for index in 0..<min(schema.properties.count, 64)
            where schema.c.pointer.pointee.properties[index].flags & BH_PHOST != 0 || presentsAnimation(index)
                || (resolvesImages && schema.properties[index].type == .image) {
                mask |= 1 << UInt64(index)
            }
            block.pointee.host_mask = mask
        }
        var presented = widgetReads.first
        for index in 0..<min(schema.properties.count, 64) where presentsAnimation(index) { presented |= 1 << UInt64(index) }
        block.pointee.presented_mask = presented
    }
}

/// Hears changes (`View.observeChanges`, `Scene.observeChanges`) until
/// cancelled.
public final class ChangeObserver: Cancellable {
    let handler: (PropertyChange) -> Void
    public private(set) var isActive = true

    init(_ handler: @escaping (PropertyChange) -> Void) {
        self.handler = handler
    }

    public func cancel() { isActive = false }
}
