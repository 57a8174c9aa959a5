import CBehaveCore

/// A behaviour: an object with one job, bound to its owner's lifetime,
/// configured through outlets and inspectables, wired to events. Subclass it
/// in Swift, or write it in Lua (the Lua bridge subclasses it too).
open class Behaviour: Control, DelegateReceiver {
    /// The name in its scene (`toggle`, `picker`).
    public let name: String
    public let declaration: BehaviourDeclaration
    // These are read, set or appended to instantaneously (no access
    // overlaps another), so they are not checked at run time: an attach
    // made about 20 checked accesses, 2.3 K instructions with their ends.
    @exclusivity(unchecked) private weak var ownerReference: (any BehaviourOwner)?
    @exclusivity(unchecked) private weak var sceneReference: Scene?
    /// Each declared outlet's control, in the declaration's order: a
    /// behaviour has a few, and finding one by comparing names costs less
    /// than hashing its name into a dictionary. The first is kept inline
    /// (most behaviours have one outlet: an array's buffer cost each attach
    /// about 350 instructions), the others in a list made at the first set
    /// of one of them.
    @exclusivity(unchecked) private weak var firstOutlet: View?
    @exclusivity(unchecked) private var otherOutlets: [WeakView] = []
    @exclusivity(unchecked) private var collectionReferences: [String: [WeakView]] = [:]
    @exclusivity(unchecked) private var inspectableValues: [String: Value] = [:]
    @exclusivity(unchecked) private var bindings = SmallList<any Cancellable>()
    @exclusivity(unchecked) private var prunedAt = 16
    // Set once each, read instantaneously: no access overlaps another.
    @exclusivity(unchecked) public private(set) var isAwake = false
    @exclusivity(unchecked) public private(set) var isAlive = true
    /// Errors its handlers raised.
    public var errorCount = 0

    public init(name: String, declaration: BehaviourDeclaration) {
        self.name = name
        self.declaration = declaration
        super.init()
        inspectableValues = declaration.defaultValues
    }

    override open var responderName: String { name }
    override open var scene: Scene? { sceneReference ?? ownerReference?.scene }
    override open var eventNames: [String] { declaration.events }
    override open var nextResponder: Responder? { ownerReference }

    // MARK: Lifetime

    /// The owner keeps the behaviour alive. Setting the same owner again does
    /// nothing; a new owner releases it from the old one.
    public var owner: (any BehaviourOwner)? {
        get { ownerReference }
        set {
            guard newValue !== ownerReference else { return }
            let keepAlive = self
            ownerReference?.ownedBehaviours.remove(keepAlive)
            ownerReference = newValue
            newValue?.ownedBehaviours.insert(keepAlive)
            if let scene = newValue?.scene { sceneReference = scene }
            cControlDidChange(scene: scene, alive: isAlive)
            ownerDidChange()
        }
    }

    /// Registers the behaviour with a scene (its trace, clock and name).
    public func attach(to scene: Scene) {
        sceneReference = scene
        if let catalogue = scene.imageCatalog { sizeImages(with: catalogue) }
        scene.register(self)
        cControlDidChange(scene: scene, alive: isAlive)
    }

    private static let awakeText = CSchema.Text("awake")

    /// Calls `awake` once outlets and inspectables are set.
    public func start() {
        guard isAlive, !isAwake else { return }
        isAwake = true
        if let scene {
            if responderName == name {
                // The text its events are traced with.
                scene.trace.recordLifecycle(of: traceName, Behaviour.awakeText.pointer)
            } else {
                let subject = name.makeText()!
                scene.trace.recordLifecycle(of: subject, Behaviour.awakeText.pointer)
                bh_text_release(subject)
            }
        }
        awake()
    }

    /// Destroys the behaviour: its connections, timers and animations are
    /// cancelled, `destroy` runs, and nothing of it runs again.
    public func tearDown() {
        guard isAlive else { return }
        isAlive = false
        cControlDidChange(scene: scene, alive: false)
        let pending = bindings
        bindings.removeAll()
        for binding in pending { binding.cancel() }
        if isAwake { destroy() }
        // Whether it woke or not: one torn down before `start` held as much.
        dispose()
        scene?.behaviourDidDie(self)
        let keepAlive = self
        ownerReference?.ownedBehaviours.remove(keepAlive)
        ownerReference = nil
    }

    /// Ties a connection, timer or animation to this behaviour's life.
    public func bind(_ cancellable: any Cancellable) {
        guard isAlive else { return cancellable.cancel() }
        // Timers that fired and animations that ended are dropped as more
        // come, so a behaviour that waits in a loop holds a bounded list.
        if bindings.count >= prunedAt {
            bindings.removeAll { !$0.isActive }
            prunedAt = max(16, bindings.count * 2)
        }
        bindings.append(cancellable)
        cancellable.bound(to: self)
    }

    /// Drops a binding that ended by itself (a timer that fired).
    public func unbind(_ cancellable: any Cancellable) {
        bindings.removeAll { $0 === cancellable }
    }

    // MARK: Overridable lifecycle

    open func awake() {}
    /// Every inspectable change, before `awake` too (for subclasses that
    /// mirror values, such as the Lua bridge).
    open func inspectableDidChange(_ inspectable: String, to value: Value) {}
    /// An outlet or outlet collection was connected.
    open func outletDidChange(_ outlet: String) {}
    /// The owner changed (or went).
    open func ownerDidChange() {}
    open func changed(_ inspectable: String, from old: Value, to new: Value) {}
    open func destroy() {}
    /// Once torn down, after `destroy` (or without it, for one that never
    /// woke): a subclass lets go of what it holds for the behaviour. Runs
    /// no script.
    open func dispose() {}

    // MARK: Outlets

    public func outlet(_ name: String) -> View? {
        guard let index = declaration.outletIndex(name) else { return nil }
        return outlet(at: index)
    }

    private func outlet(at index: Int) -> View? {
        if index == 0 { return firstOutlet }
        return index <= otherOutlets.count ? otherOutlets[index - 1].view : nil
    }
    public func outletCollection(_ name: String) -> [View] { collectionReferences[name]?.compactMap(\.view) ?? [] }

    public func setOutlet(_ name: String, to view: View) throws(ValueError) {
        guard let index = declaration.outletIndex(name) else { throw declaration.unknownOutlet(name) }
        try checkKind(view, for: declaration.outlets[index])
        setOutlet(view, at: index)
        outletDidChange(name)
    }

    /// Drops outlets to removed controls (a collection keeps the others).
    func forgetOutlets(to removed: Set<ObjectIdentifier>) {
        for index in declaration.outlets.indices {
            guard let view = outlet(at: index), removed.contains(ObjectIdentifier(view)) else { continue }
            setOutlet(nil, at: index)
            outletDidChange(declaration.outlets[index].name)
        }
        for (name, references) in collectionReferences {
            let kept = references.filter { $0.view.map { !removed.contains(ObjectIdentifier($0)) } ?? false }
            guard kept.count != references.count else { continue }
            collectionReferences[name] = kept
            outletDidChange(name)
        }
    }

    private func setOutlet(_ view: View?, at index: Int) {
        if index == 0 { return firstOutlet = view }
        if otherOutlets.isEmpty {
            // Appended one by one: Array(repeating:count:) copies a weak
            // reference through the generic witness, at twice the cost.
            otherOutlets.reserveCapacity(declaration.outlets.count - 1)
            for _ in 1..<declaration.outlets.count { otherOutlets.append(WeakView(nil)) }
        }
        otherOutlets[index - 1] = WeakView(view)
    }

    public func setOutletCollection(_ name: String, to views: [View]) throws(ValueError) {
        guard let outlet = declaration.outletCollection(name) else { throw declaration.unknownOutlet(name) }
        for view in views { try checkKind(view, for: outlet) }
        collectionReferences[name] = views.map(WeakView.init)
        outletDidChange(name)
    }

    private func checkKind(_ view: View, for outlet: BehaviourDeclaration.Outlet) throws(ValueError) {
        guard view.controlType.isKind(of: outlet.type) else {
            throw ValueError("outlet `\(outlet.name)` of \(declaration.name) takes a \(outlet.type), but `\(view.name)` is a \(view.typeName)")
        }
    }

    // MARK: Inspectables

    public func inspectable(_ name: String) -> Value? { inspectableValues[name] }

    /// Checks the value against the declaration and stores it; after
    /// `awake`, `changed` hears about it.
    public func setInspectable(_ name: String, to value: Value) throws(ValueError) {
        guard let spec = declaration.inspectable(name) else { throw declaration.unknownInspectable(name) }
        var checked = try spec.validate(value)
        if let catalogue = scene?.imageCatalog { checked = catalogue.sized(checked) }
        let old = inspectableValues[name] ?? .null
        guard old != checked else {
            // The same colour written another way reads back as now written;
            // nothing changed, so nothing is traced or heard.
            if !old.isIdentical(to: checked) {
                inspectableValues[name] = checked
                inspectableDidChange(name, to: checked)
            }
            return
        }
        try scene?.reserveText(for: name, replacing: old, with: checked)
        inspectableValues[name] = checked
        scene?.didReplaceText(old, with: checked)
        inspectableDidChange(name, to: checked)
        scene?.propertyDidChange(self, property: name, from: old, to: checked)
        if isAwake, isAlive { changed(name, from: old, to: checked) }
    }

    /// Stores what `name` holds, made more complete (an image's size from
    /// the scene's catalogue): untraced, and `changed` does not hear it.
    func fillIn(_ name: String, _ value: Value) {
        inspectableValues[name] = value
        inspectableDidChange(name, to: value)
    }

    public var inspectableSnapshot: [(String, Value)] {
        declaration.inspectables.map { ($0.name, inspectableValues[$0.name] ?? .null) }
    }

    // MARK: Events and actions

    /// Sends one of the declared events to whatever is connected.
    public func send(_ event: String, arguments: [Value] = []) throws(ValueError) {
        guard declaration.events.contains(event) else {
            throw ValueError("\(declaration.name) does not declare the event `\(JSON.cutForReading(event))`\(Suggestions.hint(for: event, in: declaration.events)); add it to `events`")
        }
        sendActions(for: event, arguments: arguments)
    }

    override open func canPerformAction(_ action: String) -> Bool {
        isAlive && declaration.actions.contains(action)
    }

    // MARK: Delegate messages

    open func respondsToDelegateMessage(_ message: String) -> Bool {
        isAlive && declaration.delegateMessages.contains(message)
    }

    open func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? { nil }

    /// Override where `receiveDelegateMessage` itself ignores a message it
    /// does not respond to (see `DelegateReceiver`).
    open func deliverDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        guard respondsToDelegateMessage(message) else { return nil }
        return receiveDelegateMessage(message, from: sender, arguments: arguments)
    }

    /// What the state shows of the behaviour's own fields.
    open var fieldSnapshot: [(String, JSON)] { [] }

    /// The script (or Swift type) it runs, for the state.
    open var sourceName: String { "\(type(of: self))" }

    deinit {
        // An owner that vanished without tearing down (a released bag) still
        // gets its behaviours destroyed.
        if isAlive { tearDown() }
    }
}

struct WeakView {
    weak var view: View?
    init(_ view: View?) { self.view = view }
}
