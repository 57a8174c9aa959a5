import CBehaveCore

/// A control on a screen (UIKit's `UIView`/`UIControl`): typed properties,
/// events, subviews, and the behaviours it owns.
open class View: Control, BehaviourOwner {
    public let name: String
    /// Its type's declaration (`ControlType.button`, or a host's own).
    public let controlType: ControlType
    public let schema: ControlSchema
    public private(set) weak var parent: View?
    public private(set) var subviews: [View] = []
    weak var screenReference: Screen?
    public let ownedBehaviours = BehaviourBag()
    /// Its property values, in C (`bh_view`): the Lua bridge reads and
    /// sets them there, checked against the schema, without calling Swift.
    public let block: UnsafeMutablePointer<bh_view>
    /// The animation presenting each animated property (by index), if any.
    private var presenters: [Int: Animation] = [:]

    /// The host's widget standing behind the control (`bind`), held weakly:
    /// the widget owns its control, as in the behaviours articles.
    public internal(set) weak var widget: (any ControlWidget)?
    /// Bit i: the widget keeps property i, and reads ask it.
    var widgetReads = PropertyBits()
    /// What hears this control's changes (`observeChanges`).
    var changeObservers: [ChangeObserver] = []
    /// A change the widget reported is being stored: it is not echoed back.
    var storingWidgetEdit = false
    /// One of its type's user commands is running (`turn volume 0.5`):
    /// the user's edits it makes come from the command, not the widget,
    /// which is told them as any change.
    var performingUserCommand = false
    /// Bit i: property i was set before the control joined a scene (a
    /// scene file's value, `--set`): a widget bound with its own values
    /// is told these instead (`bind(_:adoptingItsValues:)`).
    var givenBeforeScene = PropertyBits()
    /// The values its widget was drawn with that it refused, by property
    /// (a drawn minimum above the maximum a scene file gives): the
    /// scene's loader warns of the range ones, headless and bound alike.
    public internal(set) var refusedDrawnValues: [String: Value] = [:]
    /// The last frame each animated property showed, for frames' `old`.
    var lastFrames: [Int: Value] = [:]

    /// The delegate (a scroll view's or a text field's): one slot, held
    /// weakly as in UIKit; a `Multiplexer` serves several behaviours from it.
    public weak var delegate: (any DelegateReceiver)?

    /// The type a subclass's controls are when made by name alone.
    open class var controlType: ControlType { .view }

    /// A control of its class's type (`Button(name: "like")`).
    public required convenience init(name: String) {
        self.init(name: name, type: Self.controlType)
    }

    /// A control of `type`, its properties at their defaults.
    public init(name: String, type: ControlType) {
        self.name = name
        self.controlType = type
        let schema = type.schema
        self.schema = schema
        var bytes = name
        block = bytes.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { bh_view_new(schema.c.pointer, $0.baseAddress, $0.count)! }
        }
        super.init()
        // Its name is property 0, as it reads in scripts.
        var named = bh_value()
        named.type = BH_VSTRING
        named.text = name.isEmpty ? nil : bh_text_retain(block.pointee.name)
        bh_view_value(block, 0).pointee = named
        block.pointee.host = Unmanaged.passUnretained(self).toOpaque()
    }

    /// The name as the trace keeps it.
    override var traceName: CText { block.pointee.name }
    override var cScene: UnsafeMutablePointer<bh_scene>? { block.pointee.scene }
    override func typeEventText(_ event: String) -> CText? { schema.eventText(event) }

    public var typeName: String { schema.typeName }
    public var screen: Screen? { screenReference }
    override open var scene: Scene? { screenReference?.scene }
    override open var responderName: String { name }
    override open var eventNames: [String] { schema.events }
    override open var nextResponder: Responder? { parent ?? screenReference }

    // MARK: Properties

    public func value(_ property: String) throws(ValueError) -> Value {
        guard let index = schema.index(of: property) else { throw schema.unknownProperty(property) }
        return value(at: index)
    }

    /// What the property shows now: mid-animation, the animation's value;
    /// the widget's, when a widget keeps it.
    public func value(at index: Int) -> Value {
        if !presenters.isEmpty, let animation = presenters[index],
           let presented = animation.presentedValue(of: self, property: index) {
            return presented
        }
        if widgetReads.contains(index), let widget,
           let shown = widget.currentValue(of: schema.properties[index]) {
            return shown
        }
        return storedValue(at: index)
    }

    /// A boolean property as `value(at:)` reads it (nil when it holds no
    /// boolean), read from the C half without making a `Value` when no
    /// animation presents a property and no widget keeps this one: what a
    /// touch or a scroll asks of each ancestor.
    func boolValue(at index: Int) -> Bool? {
        if presenters.isEmpty, !widgetReads.contains(index) {
            let c = bh_view_value(block, Int32(index))!
            return c.pointee.type == BH_VBOOL ? c.pointee.n.0 != 0 : nil
        }
        return value(at: index).boolValue
    }

    /// The value the control keeps (what the C half holds).
    func storedValue(at index: Int) -> Value {
        Value(bh_view_value(block, Int32(index)).pointee)
    }

    public func set(_ property: String, to value: Value) throws(ValueError) {
        guard let index = schema.index(of: property) else { throw schema.unknownProperty(property) }
        try set(at: index, to: value)
    }

    /// Validates and sets a property. Inside an animation block, an
    /// animatable change is captured by the animator instead.
    public func set(at index: Int, to value: Value) throws(ValueError) {
        let spec = schema.properties[index]
        if spec.isReadOnly { throw ValueError("\(typeName).\(spec.name) is read-only") }
        var checked = try validate(value, for: spec)
        checked = heldByWidget(checked, at: index)
        let scene = self.scene
        // A name the host's catalogue knows becomes its image, with its size.
        if let catalogue = scene?.imageCatalog { checked = catalogue.sized(checked) }
        if let animator = scene?.animator, animator.isCapturing {
            guard spec.type.isAnimatable else {
                throw ValueError("\(spec.name) cannot be animated (only numbers, points, sizes, rects and colours can); set it before or after the animate block")
            }
            // Nil is no value to move from or to: it would jump, silently.
            if checked == .null || self.value(at: index) == .null {
                throw ValueError("\(spec.name) cannot be animated \(checked == .null ? "to nil" : "from nil (it has no value yet)"); set it before or after the animate block")
            }
            animator.capture(self, property: index, to: checked)
            return
        }
        if checked.holdsText {
            try scene?.reserveText(for: spec.name, replacing: bh_value_text_bytes(bh_view_value(block, Int32(index))), with: checked)
        }
        store(checked, at: index)
    }

    /// Sets a property without validation or capture: the end of an
    /// animation and the control's own state changes (a stepper's value).
    /// A set takes the property over from an animation presenting it.
    /// `source` marks the change (else the scene's current source does):
    /// only the change itself, not what handlers do after it.
    func store(_ value: Value, at index: Int, source: ChangeSource? = nil) {
        if !presenters.isEmpty, let animation = presenters.removeValue(forKey: index) {
            animation.release(self, property: index)
            endHostPresentation(index)
        }
        // The C half stores it, counts its text and traces the change; the
        // same colour written another way ("red" for "#FF3B30") reads back
        // as now written, untraced.
        let heard = widget != nil || !changeObservers.isEmpty
        let old = heard ? storedValue(at: index) : .null
        let cScene = block.pointee.scene
        let outerSource = cScene?.pointee.source
        if let source, let cScene { cScene.pointee.source = source.rawValue }
        var c = value.makeC()
        let changed = bh_view_store(block, Int32(index), &c) != 0
        bh_value_release(&c)
        if cScene == nil, !storingWidgetEdit { givenBeforeScene.insert(index) }
        if changed, heard { didChange(index, from: old, source: source) }
        if let outerSource, let cScene { cScene.pointee.source = outerSource }
        guard changed else { return }
        didStore(at: index)
        for (text, limit) in schema.lengthLimits where limit == index { keepWithinLength(text, allowedBy: limit) }
        // Hidden, disabled or made non-interactive under a finger (its own
        // or one on a subview): the system cancels the touch.
        if schema.touchGates.contains(index) { cancelTouchesThatCannotGoOn() }
    }

    /// Sets a transient state the control keeps for readers (a scroll
    /// view's `dragging`): not traced, nothing follows from it.
    func setState(_ value: Value, at index: Int) {
        var c = value.makeC()
        bh_value_copy(bh_view_value(block, Int32(index)), &c)
        bh_value_release(&c)
    }

    /// Whether an animation presents the property now.
    func presentsAnimation(_ index: Int) -> Bool { presenters[index] != nil }

    /// From now on `animation` presents the property (taking it over from
    /// any other).
    func present(_ index: Int, by animation: Animation) {
        if let previous = presenters.updateValue(animation, forKey: index), previous !== animation {
            previous.release(self, property: index)
        }
        // Reads and sets of it need the animation: the host's now.
        if index < 64 {
            block.pointee.host_mask |= 1 << UInt64(index)
            block.pointee.presented_mask |= 1 << UInt64(index)
        }
    }

    func endPresentation(_ index: Int, by animation: Animation) {
        if presenters[index] === animation {
            presenters[index] = nil
            endHostPresentation(index)
        }
    }

    /// The property is no longer presented: the bridge's C may set it
    /// again, unless its schema says it never may.
    private func endHostPresentation(_ index: Int) {
        lastFrames[index] = nil
        guard index < 64 else { return }
        block.pointee.presented_mask &= ~(1 << UInt64(index)) | widgetReads.first
        if schema.c.pointer.pointee.properties[index].flags & BH_PHOST == 0, !isHeard {
            block.pointee.host_mask &= ~(1 << UInt64(index))
        }
    }

    /// Whether the control wants to hear `presentationDidMove` for the
    /// property while an animation moves it (a scroll view's offset).
    class func observesPresentation(of index: Int) -> Bool { false }

    /// Whether the property's frames are heard while an animation moves it:
    /// by the control itself, its widget, or observers of its changes.
    func followsPresentation(of index: Int) -> Bool {
        type(of: self).observesPresentation(of: index) || isHeard || (scene?.hasChangeObservers ?? false)
    }

    /// The clock moved while an animation presents the property: its
    /// widget and observers hear the frame.
    func presentationDidMove(_ index: Int) {
        guard isHeard || (scene?.hasChangeObservers ?? false) else { return }
        let frame = value(at: index)
        let old = lastFrames[index] ?? storedValue(at: index)
        guard frame != old else { return }
        lastFrames[index] = frame
        let change = PropertyChange(control: name, property: schema.properties[index].name, index: index,
                                    old: old, new: frame, source: .animation, isFrame: true)
        widget?.apply(change)
        for observer in changeObservers where observer.isActive { observer.handler(change) }
        scene?.frameDidMove(change)
    }

    /// After a property changed: what the control keeps consistent (a
    /// slider's value within its range).
    open func didStore(at index: Int) {}

    /// The control took the values `widget` was drawn with (bound adopting
    /// them, or a headless run's `.ui` file): a subclass keeps what the
    /// widget tells that no property holds (a slider's drag digits).
    open func didAdoptDrawnValues(of widget: any ControlWidget) {}

    /// Whether a tap does something to the control (a button's touch, a
    /// switch's flip): exploration taps only those.
    open var takesTaps: Bool { schema.events.contains("touchDown") }

    /// Type checks, plus what a control knows about its own ranges; a
    /// text longer than its bound (`lengthLimit`) is cut to it.
    open func validate(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        let checked = try spec.validate(value)
        guard let limit = spec.lengthLimit.flatMap(schema.index(of:)) else { return checked }
        return withinLength(checked, allowedBy: limit)
    }

    // MARK: Lengths

    /// `text` cut to as many characters as property `limit` allows, when
    /// it allows any, to `PropertySpec.boundedTextBytes`, and at its first
    /// NUL: as GTK keeps an entry's (`GtkEntryBuffer`: counted in Unicode
    /// scalars, so `👍🏽` is two and may be cut between them; in bytes,
    /// whatever its max-length, so 40,000 `é` keep 32,767; set as a C
    /// string, so `"ab\0cd"` is `"ab"`).
    func withinLength(_ text: Value, allowedBy limit: Int) -> Value {
        guard case .string(let string) = text else { return text }
        let bound = value(at: limit).numberValue.flatMap { $0 > 0 ? $0 : nil }
        let bytes = string.utf8.count
        guard bytes > PropertySpec.boundedTextBytes || View.holdsNUL(string)
              || bound.map({ Double(bytes) > $0 && Double(string.unicodeScalars.count) > $0 }) == true else { return text }
        var cut = "", kept = 0
        for scalar in string.unicodeScalars.prefix(bound.map { Int(min($0, Double(Int32.max))) } ?? .max) {
            kept += UTF8.width(scalar)
            guard kept <= PropertySpec.boundedTextBytes, scalar != "\0" else { break }
            cut.unicodeScalars.append(scalar)
        }
        return .string(cut)
    }

    /// Whether `text` holds a NUL, looked for as C looks for a byte: each
    /// key typed into a field asks it of the whole text.
    private static func holdsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.isEmpty ? false : memchr($0.baseAddress!, 0, $0.count) != nil }
            ?? text.utf8.contains(0)
    }

    /// The bound on text `index`'s length changed: a text now too long is
    /// cut, as `gtk_entry_set_max_length` cuts it (a change like a
    /// script's set: no user's event).
    private func keepWithinLength(_ index: Int, allowedBy limit: Int) {
        let cut = withinLength(value(at: index), allowedBy: limit)
        if cut != storedValue(at: index) { store(cut, at: index) }
    }

    // MARK: Common properties

    static let alphaIndex = 1
    static let frameIndex = 5
    public var alpha: Double { value(at: View.alphaIndex).numberValue ?? 1 }
    public var isHidden: Bool { boolValue(at: 2) ?? false }
    public var isUserInteractionEnabled: Bool { boolValue(at: 3) ?? true }

    func bool(_ property: String) -> Bool { (try? value(property))?.boolValue ?? false }
    func number(_ property: String) -> Double { (try? value(property))?.numberValue ?? 0 }
    func string(_ property: String) -> String { (try? value(property))?.stringValue ?? "" }

    /// Whether touches pass through it as through a hidden view: UIKit's
    /// hit-testing skips a view whose `alpha` is below 0.01. The alpha set
    /// counts, not the one an animation shows on its way there, as UIKit
    /// asks the model layer: a control fading out is refused at once, one
    /// fading in takes touches at once (an animation stores its end only
    /// when it ends, so its target is asked while it runs). A touch
    /// already down goes on, as in UIKit (and a set from Lua keeps the
    /// fast path: `alpha` is no touch gate).
    public var isTransparentToTouches: Bool {
        if !presenters.isEmpty, let target = presenters[View.alphaIndex]?.target(of: self, property: View.alphaIndex) {
            return target.numberValue.map { $0 < View.touchableAlpha } ?? false
        }
        let stored = bh_view_value(block, Int32(View.alphaIndex))!.pointee
        return stored.type == BH_VNUMBER && stored.n.0 < View.touchableAlpha
    }

    /// The least alpha a touch finds a view at (UIKit's 0.01).
    public static let touchableAlpha = 0.01

    /// Whether a touch reaches this control: no dialog is presented (they
    /// are modal), it and its ancestors are shown, opaque enough to touch
    /// and interactive, and it is enabled.
    public var canReceiveTouches: Bool {
        if scene?.isPresentingDialog == true { return false }
        var view: View? = self
        while let current = view {
            if current.isHidden || current.isTransparentToTouches || !current.isUserInteractionEnabled { return false }
            view = current.parent
        }
        if let index = schema.enabledIndex, boolValue(at: index) == false { return false }
        return true
    }

    // MARK: Hierarchy

    public func addSubview(_ view: View) {
        view.removeFromParent(destroyingBehaviours: false)
        subviews.append(view)
        view.parent = self
        view.attach(to: screenReference)
    }

    func attach(to screen: Screen?) {
        // Before it is in the scene (its trace): values set off the scene
        // take their sizes as quietly as they were set.
        if let catalogue = screen?.scene?.imageCatalog { sizeImages(with: catalogue) }
        screenReference = screen
        bh_view_set_scene(block, screen?.scene?.c)
        screen?.register(self)
        if screen?.scene?.imageCatalog != nil { updateHostMasks() }
        for child in subviews { child.attach(to: screen) }
    }

    /// Off its scene: nothing it stores is traced or counted there.
    func leaveScene() {
        bh_view_set_scene(block, nil)
    }

    /// Removes the control (and its subviews) from the screen. Behaviours it
    /// owns are destroyed: their owner is gone.
    public func removeFromParent(destroyingBehaviours: Bool = true) {
        if destroyingBehaviours {
            // Off the screen, a finger on it loses its touch.
            forEachInTree { $0.cancelTouch() }
            destroyOwnedBehaviours()
        }
        if let parent {
            parent.subviews.removeAll { $0 === self }
            self.parent = nil
        } else {
            screenReference?.removeRootView(self)
        }
        if destroyingBehaviours {
            // Off the screen: no more actions up its chain, no more trace;
            // outlets to it read as gone (as weak IBOutlets would).
            let scene = self.scene
            var removed: Set<ObjectIdentifier> = []
            forEachInTree { view in
                removed.insert(ObjectIdentifier(view))
                view.screenReference?.unregister(view)
                view.screenReference = nil
                view.leaveScene()
            }
            scene?.controlsDidLeave(removed)
            forEachInTree { $0.widget?.controlWasRemoved() }
        }
    }

    func destroyOwnedBehaviours() {
        forEachInTree { $0.ownedBehaviours.destroyAll() }
    }

    func forEachInTree(_ body: (View) -> Void) {
        body(self)
        for child in subviews { child.forEachInTree(body) }
    }

    // MARK: Touches

    /// Where a finger held down on the control is, while one is.
    public enum Touch: Sendable { case inside, outside }
    public private(set) var touch: Touch?
    /// Why a finger that is down reaches nothing (the system cancelled its
    /// touch, or the press was refused): lifting or sliding it then only
    /// says so, in the trace.
    private var strayFinger: String?

    /// A full touch (`touchDown`, `touchUpInside`), if the control takes it.
    @discardableResult
    public func tap() -> Bool {
        // From a host, outside a command: one command of its own.
        if let scene, scene.commandDepth == 0 { return scene.perform { tap() } }
        guard takesUserInput("the tap") else { return false }
        guard touch == nil else {
            scene?.trace.record(.note, subject: name, "\(name) ignores the tap (a finger is already on it: release it first)")
            return false
        }
        // A control sends the touch events it has (a label has none).
        for event in ["touchDown", "touchUpInside"] { sendTouchEvent(event) }
        return true
    }

    /// A finger comes down on the control and stays (`touchDown`). Only
    /// controls with touch events (buttons) can be held.
    @discardableResult
    public func beginTouch() throws(ValueError) -> Bool {
        if let scene, scene.commandDepth == 0 { return try scene.perform { () throws(ValueError) in try beginTouch() } }
        guard schema.events.contains("touchDown") else {
            throw ValueError("`\(name)` is a \(typeName): it has no touch events, so a finger cannot be held on it; press, drag and release are for buttons")
        }
        guard touch == nil else { throw ValueError("`\(name)` is already pressed; release it first") }
        guard takesUserInput("the press") else {
            strayFinger = "the press was refused (\(touchRefusal))"
            return false
        }
        strayFinger = nil
        touch = .inside
        sendTouchEvent("touchDown")
        return true
    }

    /// The held finger slides off the control (`touchDragExit`) or back
    /// onto it (`touchDragEnter`).
    public func moveTouch(inside: Bool) throws(ValueError) {
        if let scene, scene.commandDepth == 0 { return try scene.perform { () throws(ValueError) in try moveTouch(inside: inside) } }
        guard let touch else { return try noteStrayFinger(inside ? "slides back on" : "slides off") }
        guard (touch == .inside) != inside else { return }
        self.touch = inside ? .inside : .outside
        sendTouchEvent(inside ? "touchDragEnter" : "touchDragExit")
    }

    /// The held finger lifts: `touchUpInside` on the control,
    /// `touchUpOutside` off it (`outside` slides it off first).
    public func endTouch(outside: Bool = false) throws(ValueError) {
        if let scene, scene.commandDepth == 0 { return try scene.perform { () throws(ValueError) in try endTouch(outside: outside) } }
        guard touch != nil else {
            try noteStrayFinger("lifts")
            strayFinger = nil
            return
        }
        if outside { try moveTouch(inside: false) }
        // A handler of touchDragExit may have hidden it: the touch is gone.
        guard let touch else {
            strayFinger = nil
            return
        }
        self.touch = nil
        sendTouchEvent(touch == .inside ? "touchUpInside" : "touchUpOutside")
    }

    /// The system takes the touch away (`touchCancel`): a dialog came up,
    /// or the control was hidden, disabled or removed under the finger.
    /// The finger is still down; lifting it sends nothing.
    public func cancelTouch() {
        guard touch != nil else { return }
        touch = nil
        strayFinger = "its touch was cancelled (touchCancel)"
        sendTouchEvent("touchCancel")
    }

    /// A finger that reaches nothing moved: a note, or the mistake of
    /// moving a finger that was never put down.
    private func noteStrayFinger(_ move: String) throws(ValueError) {
        guard let strayFinger else { throw ValueError("`\(name)` is not pressed; press it first") }
        scene?.trace.record(.note, subject: name, "the finger on \(name) \(move), but \(strayFinger): nothing is sent")
    }

    /// Cancels the touches of this control and its subviews that can no
    /// longer go on (after `hidden`, `userInteractionEnabled` or `enabled`
    /// changed).
    func cancelTouchesThatCannotGoOn() {
        forEachInTree { view in
            if view.touch != nil, !view.canReceiveTouches { view.cancelTouch() }
        }
    }

    /// Sends a touch event if the control has it (a label has none).
    private func sendTouchEvent(_ event: String) {
        if schema.events.contains(event) { sendActions(for: event) }
    }

    /// Whether what the user does to the control (`what`: "the tap",
    /// "typing") reaches it; when it does not, the trace says why.
    func takesUserInput(_ what: String) -> Bool {
        guard canReceiveTouches else {
            scene?.trace.record(.note, subject: name, "\(name) ignores \(what) (\(touchRefusal))")
            return false
        }
        return true
    }

    var touchRefusal: String {
        if let dialog = scene?.presentedDialog {
            return "a\(dialog.style == .alert || dialog.style == .actionSheet ? "n" : "") \(dialog.style.rawValue) is presented: choose an option first"
        }
        var view: View? = self
        while let current = view {
            let who = current === self ? "it" : current.name
            if current.isHidden { return "\(who) is hidden" }
            if current.isTransparentToTouches { return "\(who) is transparent: alpha below 0.01" }
            if !current.isUserInteractionEnabled { return "\(who) is not user-interactive" }
            view = current.parent
        }
        return "it is disabled"
    }

    // MARK: Delegate

    /// Passes a delegate message to the delegate; its answer, if any.
    @discardableResult
    public func sendDelegateMessage(_ message: String, arguments: [Value] = []) -> Value? {
        delegate?.deliverDelegateMessage(message, from: self, arguments: arguments)
    }

    deinit {
        ownedBehaviours.destroyAll()
        // Scripts may still hold the block: they find the control gone.
        block.pointee.host = nil
        bh_view_release(block)
    }
}

/// The receiver of a control's delegate messages: a behaviour that has a
/// method of the message's name, or a `Multiplexer`.
public protocol DelegateReceiver: AnyObject {
    func respondsToDelegateMessage(_ message: String) -> Bool
    func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value?
    /// `receiveDelegateMessage` when it responds to the message, else nil
    /// (what a control and a `Multiplexer` send): a receiver whose
    /// `receiveDelegateMessage` ignores what it does not respond to answers
    /// at once, rather than asking twice at every scroll.
    func deliverDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value?
}

extension DelegateReceiver {
    public func deliverDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        guard respondsToDelegateMessage(message) else { return nil }
        return receiveDelegateMessage(message, from: sender, arguments: arguments)
    }
}
