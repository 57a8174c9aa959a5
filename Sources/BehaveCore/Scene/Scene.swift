import CBehaveCore

/// A running scene: one screen with its controls and behaviours, the clock,
/// the animator and the trace. What `behave run` drives and specs test.
public final class Scene {
    /// What the scene shares with C (`bh_scene`): the trace's records, the
    /// clock's time, the count of text its controls hold, whether an
    /// animation block is capturing. The Lua bridge's C writes controls
    /// through it without calling Swift.
    public let c: UnsafeMutablePointer<bh_scene>
    public let clock = Clock()
    /// The thread that made it (the one that loaded it), where it runs:
    /// what a host calls later (`answerDialog`, `RealTimeDriver.tick`) is
    /// refused from any other.
    public let thread = SceneThread.current
    public let animator: Animator
    // Set once, read instantaneously: not checked at run time.
    @exclusivity(unchecked) public private(set) var trace: Trace!
    public private(set) var keyboard: Keyboard!
    public private(set) var screen: Screen?
    public let screenTitle: String
    /// Its behaviours' records, one a name (a behaviour registered under
    /// a name already taken replaces the record in its place).
    public var records: [BehaviourRecord] {
        indexRecords()
        return storedRecords
    }
    /// The records as registered: those from `indexedCount` on are not yet
    /// in `recordIndex` and may repeat a name (see `indexRecords`).
    /// (Read and changed instantaneously: they are not checked at run time.)
    @exclusivity(unchecked) private var storedRecords: [BehaviourRecord] = []
    /// Where each name's record is in `records` (scenes can hold thousands).
    @exclusivity(unchecked) private var recordIndex: [String: Int] = [:]
    @exclusivity(unchecked) private var indexedCount = 0
    /// The last `maximumActions` actions sent up responder chains.
    public var actions: ArraySlice<ActionRecord> { actionLog.suffix(Scene.maximumActions) }
    public static let maximumActions = 1000
    /// Values one event, action or delegate message carries, at most.
    public static let maximumActionArguments = 64
    /// Bytes of an action's name kept, at most.
    public static let actionNameLimit = 1024
    private var actionLog: [ActionRecord] = []
    private var actionObservers: [ActionObserver] = []
    /// Script errors raised so far (exit status 1 when any).
    public private(set) var errorCount = 0
    /// The first of them, cut as the trace cuts an entry's texts: the trace
    /// keeps its latest entries, and a flood of prints lets it go, where a
    /// reload still names the `awake` that raised first.
    public private(set) var firstError: ScriptError?
    /// Where behaviours' scripts and the scene came from, for messages.
    public var sourceName: String?
    let dialogs = DialogQueue()
    /// Camera, photo library, permissions, Settings (headless unless set).
    public var platform: any Platform = HeadlessPlatform()
    /// Shows dialogs as the host's own (nil: they wait in the state for
    /// `choose`).
    public var dialogPresenter: (any DialogPresenter)?
    /// Resolves image names to the host's images and their sizes: an
    /// image set by a name it has gets that image's size (a scene file's
    /// `images:` folder sets it).
    @exclusivity(unchecked) public var imageCatalog: (any ImageCatalog)? {
        didSet {
            for view in screen?.controls ?? [] { view.updateHostMasks() }
            sizeImages()
        }
    }
    /// The screen's size in points: where the keyboard rises from.
    public var screenSize = Size(width: 375, height: 812)
    /// Wall-clock seconds the scripts may run in all during one command
    /// (a tap, an advance, starting or closing the scene). Each callback
    /// has limits of its own; this bounds a command that runs thousands
    /// of them (a timer every microsecond, a tap heard by thousands of
    /// handlers), so that no script can keep the host busy for hours.
    public var commandTimeLimit: Double = 10
    /// Hears a command begin, with its time limit, and end (with 0): the
    /// script runtime arms and disarms its deadline there.
    public var commandWillBegin: ((Double) -> Void)?
    private var commandDeadline: ContinuousClock.Instant?
    /// Commands under way (`perform`): nested ones share the outer's time.
    @usableFromInline var commandDepth = 0
    /// What hears every change (`observeChanges`).
    var sceneChangeObservers: [ChangeObserver] = []
    /// Bytes of text the scene's controls, behaviours and waiting dialogs
    /// may hold in all (texts, titles, image names, string inspectables,
    /// options): the host keeps a copy of each, outside the scripts'
    /// memory limit, so a script that sets one large string on a thousand
    /// labels is refused here.
    public var textLimit: Int {
        get { Int(c.pointee.text_limit) }
        set { c.pointee.text_limit = Int64(newValue) }
    }
    public var textBytes: Int { Int(c.pointee.text_bytes) }

    public init(screen title: String) {
        screenTitle = title
        c = bh_scene_new(10_000, Trace.keptTextLimit)!
        c.pointee.text_limit = 64 << 20
        clock.mirror = c.pointer(to: \.now)
        animator = Animator(clock: clock)
        animator.capturingFlag = c.pointer(to: \.capturing)
        trace = Trace(scene: c)
        keyboard = Keyboard(scene: self)
        let screen = Screen(title: title)
        screen.sceneReference = self
        self.screen = screen
        clock.onRunaway = { [unowned self] error, timer in
            var error = error
            error.context = "advancing the clock"
            // The behaviour whose timer it was (its card counts the error).
            reportError(error, behaviour: timer.behaviour.flatMap { $0.isAlive ? $0 : nil })
        }
        clock.didAdvance = { [unowned animator] in animator.clockDidMove() }
        clock.timeIsUp = { [unowned self] in commandTimeIsUp }
    }

    /// Why the running command must stop now, once its time is up.
    var commandTimeIsUp: String? {
        guard let commandDeadline, ContinuousClock.now >= commandDeadline else { return nil }
        return "the scripts ran for more than \(formatNumber(commandTimeLimit)) s during this command"
    }

    /// Makes room for `new` in place of `old` in `property`, or refuses it.
    func reserveText(for property: String, replacing old: Value, with new: Value) throws(ValueError) {
        try reserveText(for: property, replacing: old.textBytes, with: new)
    }

    /// Makes room for `new` in place of `oldBytes` of text, or refuses it.
    func reserveText(for property: String, replacing oldBytes: Int, with new: Value) throws(ValueError) {
        let grown = new.textBytes - oldBytes
        guard grown > 0, textBytes + grown > textLimit else { return }
        throw ValueError("\(property) is refused: with its \(new.textBytes) bytes, the scene's controls, behaviours and dialogs would hold more than \(textLimit >> 20) MiB of text; set shorter text")
    }

    /// Makes room for `bytes` more of text in `what`, or refuses it.
    func reserveText(for what: String, bytes: Int) throws(ValueError) {
        guard textBytes + bytes > textLimit else { return }
        throw ValueError("\(what) is refused: with its \(bytes) bytes, the scene's controls, behaviours and dialogs would hold more than \(textLimit >> 20) MiB of text; use shorter text")
    }

    func didReplaceText(_ old: Value, with new: Value) {
        c.pointee.text_bytes += Int64(new.textBytes - old.textBytes)
    }

    func didReserveText(_ bytes: Int) {
        c.pointee.text_bytes += Int64(bytes)
    }

    /// Starts the time limit of one command. `perform` does this (and
    /// ends it) for every command and every event a host delivers; outside
    /// a command only each callback's own limits hold.
    public func beginCommand() {
        commandDeadline = ContinuousClock.now.advanced(by: .seconds(commandTimeLimit))
        commandWillBegin?(commandTimeLimit)
    }

    /// Ends the time limit of the command under way.
    @usableFromInline func endCommand() {
        commandDeadline = nil
        commandWillBegin?(0)
    }

    public var isPresented: Bool { screen != nil }

    // MARK: Lookup

    public func control(named name: String) -> View? { screen?.control(named: name) }

    public func behaviour(named name: String) -> Behaviour? { record(named: name)?.behaviour }

    public func record(named name: String) -> BehaviourRecord? {
        indexRecords()
        return recordIndex[name].map { storedRecords[$0] }
    }

    // MARK: Building

    /// Adds a control to the screen.
    public func add(_ view: View) {
        screen?.addSubview(view)
    }

    /// Attaches a behaviour: registers it, binds it to `owner` (the screen
    /// when nil). Call `start()` on it once outlets and inspectables are set.
    public func attach(_ behaviour: Behaviour, owner: (any BehaviourOwner)? = nil) {
        behaviour.attach(to: self)
        behaviour.owner = owner ?? screen
    }

    /// The name is indexed when the records are next read: a screen of
    /// many behaviours being made hashes no name until something looks
    /// one up (about 1 K instructions an attach).
    func register(_ behaviour: Behaviour) {
        storedRecords.append(BehaviourRecord(behaviour))
    }

    /// Indexes the records registered since the last read, in order, with
    /// one lookup of each name: a new one (the usual case) is placed as it
    /// is looked for, and a name registered before keeps its place, its
    /// record replaced by the newer one.
    private func indexRecords() {
        guard indexedCount < storedRecords.count else { return }
        var kept = indexedCount
        for index in indexedCount..<storedRecords.count {
            let record = storedRecords[index]
            if let existing = recordIndex.updateValue(kept, forKey: record.name) {
                recordIndex[record.name] = existing
                storedRecords[existing] = record
            } else {
                storedRecords[kept] = record
                kept += 1
            }
        }
        storedRecords.removeLast(storedRecords.count - kept)
        indexedCount = kept
    }

    func behaviourDidDie(_ behaviour: Behaviour) {
        guard let record = record(named: behaviour.name), record.behaviour === behaviour else { return }
        record.seal()
        trace.record(.lifecycle, subject: behaviour.name, "\(behaviour.name) destroyed",
                     fields: [("behaviour", .string(behaviour.name))])
    }

    // MARK: Dismissal

    /// Dismisses the screen: every behaviour it owns is destroyed, and the
    /// screen and its controls are released.
    public func dismiss() {
        guard let screen else { return }
        trace.record(.lifecycle, subject: "screen", "screen \(screen.title) dismissed")
        screen.destroyAllBehaviours()
        // Its controls store nothing here any more, even if someone keeps them.
        for view in screen.controls { view.leaveScene() }
        self.screen = nil
        if let shown = presentedDialog { dialogPresenter?.dismiss(shown, in: self) }
        // Nobody is left to answer: what was presented goes with the screen.
        didReserveText(-dialogs.waiting.reduce(0) { $0 + $1.dialog.textBytes })
        dialogs.waiting.removeAll()
    }

    // MARK: Reports from the objects

    /// Controls were removed: behaviours forget their outlets to them.
    func controlsDidLeave(_ removed: Set<ObjectIdentifier>) {
        for record in records {
            guard let behaviour = record.behaviour, behaviour.isAlive else { continue }
            behaviour.forgetOutlets(to: removed)
        }
    }

    func propertyDidChange(_ object: Responder, property: String, from old: Value, to new: Value) {
        trace.recordChange(of: object.responderName, property: property, from: old, to: new)
    }

    /// Calls `handler` with the arguments of each action named `action`
    /// that reaches the responder named `responder` (performed by it, or
    /// ending there unhandled: at its target, or at the end of the chain,
    /// the screen), until cancelled.
    @discardableResult
    public func onAction(_ action: String, reaching responder: String,
                         _ handler: @escaping ([Value]) -> Void) -> ActionObserver {
        let observer = ActionObserver(action: action, responder: responder, handler: handler)
        actionObservers.removeAll { !$0.isActive }
        actionObservers.append(observer)
        return observer
    }

    func recordAction(_ action: String, from sender: Responder, target: Responder?, handledBy handler: Responder?,
                      reached: Responder, arguments: [Value]) {
        if !actionObservers.isEmpty {
            let name = reached.responderName
            for observer in actionObservers where observer.isActive && observer.action == action && observer.responder == name {
                observer.handler(arguments)
            }
        }
        // Older records go in batches, so keeping the last ones costs O(1) a record.
        if actionLog.count >= 2 * Scene.maximumActions { actionLog.removeFirst(Scene.maximumActions) }
        actionLog.append(ActionRecord(name: action.clipped(to: Scene.actionNameLimit), from: sender.responderName,
                                      target: target?.responderName, handledBy: handler?.responderName))
        let outcome = handler.map { "handled by \($0.responderName)" } ?? "unhandled"
        let destination = target.map { " to \($0.responderName)" } ?? ""
        // The action's name is the script's: one line in the trace (the JSON field keeps it as it is).
        trace.record(.action, subject: sender.responderName,
                     "action \(DisplayText.line(action)) from \(sender.responderName)\(destination): \(outcome)",
                     fields: [("action", .string(action)), ("handledBy", handler.map { .string($0.responderName) } ?? .null)])
    }

    /// A script error: counted, traced, and the rest of the scene runs on.
    public func reportError(_ error: ScriptError, behaviour: Behaviour?) {
        if errorCount == 0 { firstError = error.clipped(to: Trace.entryTextLimit) }
        errorCount += 1
        behaviour?.errorCount += 1
        let subject = behaviour?.name ?? "scene"
        let where_ = error.context.map { " (\($0))" } ?? ""
        trace.record(.error, subject: subject, "error\(where_): \(error.message)",
                     fields: [("error", .string(error.message)), ("context", error.context.map(JSON.string) ?? .null),
                              ("file", error.file.map(JSON.string) ?? .null),
                              ("line", error.line.map { .number(Double($0)) } ?? .null)],
                     error: error)
    }

    /// An error the host tells of (no script raised it).
    public func reportError(_ text: String, behaviour: Behaviour?, context: String?) {
        reportError(ScriptError(text: text, context: context), behaviour: behaviour)
    }

    deinit {
        c.pointee.alive = 0
        c.pointee.on_change = nil
        for view in screen?.controls ?? [] { view.leaveScene() }
        clock.mirror = nil
        animator.capturingFlag = nil
        bh_scene_release(c)
    }

    /// `print`/`log` from a behaviour.
    public func log(_ message: String, from subject: String) {
        trace.record(.log, subject: subject, "[\(subject)] \(message)")
    }
}

/// What the state shows of a behaviour, alive or destroyed.
public final class BehaviourRecord {
    public let name: String
    public private(set) weak var behaviour: Behaviour?
    public let sourceName: String
    private var sealed: JSON?

    init(_ behaviour: Behaviour) {
        self.name = behaviour.name
        self.behaviour = behaviour
        self.sourceName = behaviour.sourceName
    }

    public var isAlive: Bool { behaviour?.isAlive ?? false }

    /// Keeps the last state of a behaviour that is being destroyed.
    func seal() {
        sealed = liveState(alive: false)
    }

    public var state: JSON {
        if let sealed { return sealed }
        return liveState(alive: behaviour?.isAlive ?? false)
    }

    private func liveState(alive: Bool) -> JSON {
        guard let behaviour else {
            return .object([("script", .string(sourceName)), ("alive", .bool(false))])
        }
        let owner: JSON = behaviour.owner.map { .string($0.responderName) } ?? .null
        return .object([
            ("script", .string(sourceName)),
            ("alive", .bool(alive)),
            ("owner", alive ? owner : .null),
            ("inspectables", .object(behaviour.inspectableSnapshot.map { ($0.0, $0.1.json) })),
            ("fields", .object(behaviour.fieldSnapshot)),
            ("errors", .number(Double(behaviour.errorCount))),
        ])
    }
}

public struct ActionRecord: Equatable, Sendable {
    public var name: String
    public var from: String
    public var target: String?
    public var handledBy: String?
}

/// Hears actions reaching one responder (`Scene.onAction`).
public final class ActionObserver: Cancellable {
    let action: String
    let responder: String
    fileprivate let handler: ([Value]) -> Void
    public private(set) var isActive = true

    init(action: String, responder: String, handler: @escaping ([Value]) -> Void) {
        self.action = action
        self.responder = responder
        self.handler = handler
    }

    public func cancel() { isActive = false }
}
