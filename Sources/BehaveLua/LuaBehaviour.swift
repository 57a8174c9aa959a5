import BehaveCore
import CLuaShim

/// A behaviour written in Lua: the script's class and its instance table,
/// driven by the core like any Swift behaviour.
public final class LuaBehaviour: Behaviour {
    /// The core's lifecycle methods (`BehaviourDeclaration`), looked up by name.
    static let lifecycleMethods = Set(BehaviourDeclaration.lifecycleMethods)

    public let script: LuaScript
    let runtime: LuaRuntime
    private let classRef: Int32
    // Set once (the handles appended to) and read instantaneously: no
    // access overlaps another, so they are not checked at run time.
    /// `self`. The Lua mirror of outlets and inspectables that it reads is
    /// kept in its metatable (`bh_push_mirror`): a registry reference of
    /// its own cost each attach about 320 instructions.
    @exclusivity(unchecked) private(set) var selfRef: Int32 = 0
    @exclusivity(unchecked) private(set) var id = -1
    /// The handles of the connections and timers it made, in the runtime's
    /// `ObjectTable` (released when it dies).
    @exclusivity(unchecked) var objectHandles = SmallList<Int>()

    /// Loads `script` (its top level runs, in a sandbox of its own) and
    /// makes an instance named `name`. Call `start()` once outlets and
    /// inspectables are set.
    public init(script: LuaScript, name: String, runtime: LuaRuntime) throws(LuaError) {
        let L = runtime.L
        // Its name, pushed once: its environment's (which seeds its
        // math.random), then `self.name`.
        runtime.pushString(name, on: L)
        let nameIndex = lua_gettop(L)
        defer { lua_settop(L, nameIndex - 1) }
        let (declaration, classRef, tables) = try runtime.instantiate(script, identity: nameIndex, keepingEnvironment: true)
        let environment = nameIndex + 1
        self.script = script
        self.runtime = runtime
        self.classRef = classRef
        super.init(name: name, declaration: declaration)
        id = runtime.register(self)
        // The inspectables start at their defaults: a copy of the type's.
        bh_push_defaults_copy(L, tables.defaults, Int32(2 * (declaration.inspectables.count + declaration.outlets.count + 3)))
        lua_pushvalue(L, nameIndex)
        lua_setfield(L, -2, "name")
        // self:send records an event nobody listens to in C.
        runtime.pushRef(tables.events, on: L)
        bh_push_send(L, cControl, lua_Integer(id), runtime.selves.sendID)
        lua_setfield(L, -2, "send")
        bh_push_self_call(L, lua_Integer(id), runtime.selves.sendActionID)
        lua_setfield(L, -2, "sendAction")
        // Its metatable, `self` and `self`'s metatable, made in C.
        selfRef = bh_new_self(L, classRef, lua_Integer(id), tables.declared, environment)
    }

    /// Loads the script at `path` and makes an instance.
    public convenience init(path: String, name: String, runtime: LuaRuntime) throws(LuaError) {
        try self.init(script: LuaScript(contentsOf: path), name: name, runtime: runtime)
    }

    override public var sourceName: String { script.fileName }

    // MARK: The mirror

    override public func inspectableDidChange(_ inspectable: String, to value: Value) {
        guard selfRef != 0, !runtime.isClosed else { return }
        let S = runtime.callerThread
        let pushed = bh_push_mirror(S, selfRef)
        guard pushed > 0 else { return }
        runtime.push(value, on: S)
        runtime.setField(inspectable, in: S)
        bh_pop(S, pushed)
    }

    /// Whether the mirror holds an owner (a control): an owner that is no
    /// control (the screen) reads as nil, as the mirror reads before any,
    /// so attaching to the screen writes nothing.
    @exclusivity(unchecked) private var mirrorsOwner = false

    override public func ownerDidChange() {
        guard selfRef != 0, !runtime.isClosed else { return }
        let view = owner as? View
        guard view != nil || mirrorsOwner else { return }
        let S = runtime.callerThread
        let pushed = bh_push_mirror(S, selfRef)
        guard pushed > 0 else { return }
        mirrorsOwner = view != nil
        runtime.pushControl(view, on: S)
        lua_setfield(S, -2, "owner")
        bh_pop(S, pushed)
    }

    override public func outletDidChange(_ outlet: String) {
        guard selfRef != 0, !runtime.isClosed else { return }
        let S = runtime.callerThread
        let pushed = bh_push_mirror(S, selfRef)
        guard pushed > 0 else { return }
        if declaration.outlet(outlet) != nil {
            runtime.pushControl(self.outlet(outlet), on: S)
        } else {
            let views = outletCollection(outlet)
            lua_createtable(S, Int32(views.count), 0)
            for (i, view) in views.enumerated() {
                runtime.pushControl(view, on: S)
                lua_rawseti(S, -2, lua_Integer(i + 1))
            }
        }
        runtime.setField(outlet, in: S)
        bh_pop(S, pushed)
    }

    // MARK: Lifecycle

    /// The lifecycle methods' infos, one for every behaviour (an error's
    /// text names the behaviour): one made at each call cost its
    /// allocation and release, about 500 instructions an attach.
    private static let awakeInfo = HandlerInfo(.lifecycle("awake"))
    private static let changedInfo = HandlerInfo(.lifecycle("changed"))
    private static let destroyInfo = HandlerInfo(.lifecycle("destroy"), unpausable: .destroy)

    override public func awake() {
        callMethod("awake", info: LuaBehaviour.awakeInfo)
    }

    override public func changed(_ inspectable: String, from old: Value, to new: Value) {
        callMethod("changed", info: LuaBehaviour.changedInfo) { S in
            runtime.pushString(inspectable, on: S)
            runtime.push(old, on: S)
            runtime.push(new, on: S)
            return 3
        }
    }

    override public func destroy() {
        callMethod("destroy", info: LuaBehaviour.destroyInfo, evenIfDestroyed: true)
    }

    /// Also for one torn down before it woke: its top level may have read
    /// `math` (taking a slot) and its handles are in the runtime's tables.
    override public func dispose() {
        // Its math.random's slot, for the next behaviour of its name: an
        // app that names a behaviour per row holds what it has live.
        if selfRef != 0, !runtime.isClosed { bh_release_self_generator(runtime.callerThread, selfRef) }
        runtime.forget(self)
    }

    // MARK: Actions and delegate messages

    public func hasMethod(_ name: String) -> Bool {
        guard !runtime.isClosed else { return false }
        let L = runtime.L
        runtime.pushRef(classRef, on: L)
        runtime.pushName(name, on: L)
        let found = lua_rawget(L, -2) == LUA_TFUNCTION
        bh_pop(L, 2)
        return found
    }

    /// Whether `self` holds a field `name` now (read raw).
    func hasField(_ name: String) -> Bool {
        guard selfRef != 0, !runtime.isClosed else { return false }
        let L = runtime.L
        runtime.pushRef(selfRef, on: L)
        let found = runtime.field(name, of: -1, in: L) != LUA_TNIL
        bh_pop(L, 2)
        return found
    }

    /// The names of the class's methods (its function fields, read raw),
    /// at most `limit`: messages read them, and a script may make millions.
    func methodNames(limit: Int = 1000) -> [String] {
        guard !runtime.isClosed else { return [] }
        let L = runtime.L
        runtime.pushRef(classRef, on: L)
        defer { bh_pop(L, 1) }
        return runtime.functionKeys(ofTableAt: -1, limit: limit)
    }

    /// The names of the fields `self` holds now (the behaviour's own
    /// state), at most `limit`.
    func fieldNames(limit: Int = 1000) -> [String] {
        guard selfRef != 0, !runtime.isClosed else { return [] }
        let L = runtime.L
        runtime.pushRef(selfRef, on: L)
        defer { bh_pop(L, 1) }
        return runtime.stringKeys(ofTableAt: -1, limit: limit)
    }

    /// An action is what the declaration lists (`ScriptAPI.isAction`), as
    /// `inspect` and scene files see it: a helper (`_refresh`), a lifecycle
    /// method or a delegate message is not performed even when sent.
    override public func canPerformAction(_ action: String) -> Bool {
        isAlive && declaration.actions.contains(action) && hasMethod(action)
    }

    override public func performAction(_ action: String, sender: Responder, arguments: [Value]) {
        callMethod(action, info: HandlerInfo(.action(action, of: name, from: sender.responderName))) { S in
            runtime.pushResponder(sender, for: self, on: S)
            return 1 + runtime.push(arguments, on: S)
        }
    }

    override public func respondsToDelegateMessage(_ message: String) -> Bool {
        isAlive && hasMethod(message)
    }

    /// Delegate messages whose answer the control reads (the others, such
    /// as `scrollViewDidScroll`, may pause like any handler).
    static let answeredMessages: Set<String> = ["textFieldShouldReturn"]

    /// What running a delegate message needs, made once per message (a
    /// list: a behaviour hears few, and comparing beats hashing a name):
    /// its handler's info and its name as a Lua string (a registry
    /// reference; 0 for a message past the first 64).
    private var messageInfos: [(message: String, info: HandlerInfo, name: Int32)] = []

    private func messageEntry(_ message: String) -> (info: HandlerInfo, name: Int32) {
        for entry in messageInfos where entry.message == message { return (entry.info, entry.name) }
        let unpausable = LuaBehaviour.answeredMessages.contains(message) ? Unpausable.answer(message) : nil
        let info = HandlerInfo(.method(message, of: name), unpausable: unpausable)
        guard messageInfos.count < 64 else { return (info, 0) }
        runtime.pushString(message, on: runtime.L)
        let name = luaL_ref(runtime.L, bh_registryindex())
        messageInfos.append((message, info, name))
        return (info, name)
    }

    override public func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        guard selfRef != 0, !runtime.isClosed else { return nil }
        let entry = messageEntry(message)
        guard entry.name > 0 else {
            return callMethod(message, info: entry.info) { S in
                runtime.pushControl(sender, on: S)
                return 1 + runtime.push(arguments, on: S)
            }
        }
        // One lookup of the method, in C (callMethod's check and push are two).
        return runtime.runMethod(self, entry.info, classRef: classRef, name: entry.name, selfRef: selfRef,
                                 sender: sender, arguments: arguments)
    }

    /// `receiveDelegateMessage` runs nothing without the method (or once
    /// destroyed): no need to ask first.
    override public func deliverDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        receiveDelegateMessage(message, from: sender, arguments: arguments)
    }

    /// Runs `self:method(…)` as a handler; nothing when it has no such method.
    @discardableResult
    func callMethod(_ method: String, info: HandlerInfo, evenIfDestroyed: Bool = false,
                    arguments: (OpaquePointer) -> Int32 = { _ in 0 }) -> Value? {
        guard selfRef != 0 else { return nil }
        return runtime.runMethod(self, info, classRef: classRef, method: method, selfRef: selfRef,
                                 evenIfDestroyed: evenIfDestroyed, arguments: arguments)
    }

    // MARK: State

    override public var fieldSnapshot: [(String, JSON)] {
        guard selfRef != 0, !runtime.isClosed else { return [] }
        let L = runtime.L
        runtime.pushRef(selfRef, on: L)
        defer { bh_pop(L, 1) }
        guard case .object(let pairs) = runtime.tableJSON(at: -1, in: L) else { return [] }
        return pairs
    }

    deinit {
        runtime.unref(selfRef)
        runtime.unref(classRef)
        for entry in messageInfos { runtime.unref(entry.name) }
    }
}
