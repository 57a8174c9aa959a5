import BehaveCore
import CLuaShim

/// The Swift objects scripts hold as userdata of one shared metatable (the
/// keyboard, connections, timers: see their types in `Types/`), by handle
/// in the object table; and controls, pushed as the C userdata of their
/// views.
/// How the objects of a runtime's `ObjectTable` are userdata in Lua.
struct ObjectUserdata {
    /// The metatable every such userdata has (`LuaRuntime.objectType`).
    var metatableRef: Int32 = 0
    /// One userdata per object, so `==` compares objects (weak values).
    var cacheRef: Int32 = 0
    var types: [InstalledType] = []
    /// The methods of a connection or timer whose behaviour is gone.
    var noopID: Int32 = 0
}

extension LuaRuntime {
    /// What every such userdata does: its type's properties and methods
    /// (`HostType`), read here.
    static let objectType = HostType("object", metamethods: [
        HostFunction("__index") { runtime, S throws(ValueError) in try runtime.objectIndex(S) },
        HostFunction("__newindex") { runtime, S throws(ValueError) in try runtime.objectNewIndex(S) },
        HostFunction("__tostring") { runtime, S in runtime.objectToString(S) },
    ])

    /// The types of these objects.
    static let userdataTypes = [HostType.keyboard, HostType.connection, HostType.timer]

    /// A method of a connection or timer whose behaviour is gone.
    static let noop = HostFunction("noop") { _, _ in 0 }

    /// `object.key`: a property or a method of the object's type.
    func objectIndex(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard let handle = objectHandle(at: 1, in: S) else { throw ValueError("not an object") }
        let key = try argument(2, "field name", string(at: 2, in: S), in: S)
        guard let object = objects.object(handle) else {
            if objects.kind(handle) == .control {
                throw ValueError("this control no longer exists (it was removed from the screen)")
            }
            // A connection or timer that ended, or whose behaviour was
            // destroyed: finished.
            guard let type = endedType(handle) else { throw ValueError("not an object") }
            if type.property(key)?.get != nil {
                lua_pushboolean(S, 0)
            } else if type.methods.contains(where: { $0.name == key }) {
                bh_push_host_function(S, userdata.noopID)
            } else {
                throw ValueError(type.unknownKey(key))
            }
            return 1
        }
        guard let installed = userdata.types.first(where: { $0.type.holds(object) }) else {
            throw ValueError("not an object")
        }
        if let getter = installed.type.property(key)?.get {
            push(getter(object), on: S)
        } else if let id = installed.methodIDs[key] {
            bh_push_host_function(S, id)
        } else {
            throw ValueError(installed.type.unknownKey(key))
        }
        return 1
    }

    func objectNewIndex(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard let handle = objectHandle(at: 1, in: S) else { throw ValueError("not an object") }
        let key = try argument(2, "property name", string(at: 2, in: S), in: S)
        if objects.kind(handle) == .control, objects.object(handle) == nil {
            throw ValueError("this control no longer exists (it was removed from the screen)")
        }
        throw ValueError("cannot set `\(key)` here")
    }

    func objectToString(_ S: OpaquePointer) -> Int32 {
        let object = objectHandle(at: 1, in: S).flatMap(objects.object)
        if let object, let type = userdata.types.first(where: { $0.type.holds(object) })?.type {
            pushString(type.name, on: S)
        } else if let type = objectHandle(at: 1, in: S).flatMap(endedType) {
            pushString(type.name, on: S)
        } else {
            pushString("object (gone)", on: S)
        }
        return 1
    }

    /// The type of the connection or timer of `handle`, whose entry is
    /// gone (it ended, or its behaviour did): it reads as that type still.
    private func endedType(_ handle: Int) -> HostType? {
        switch objects.kind(handle) {
        case .connection: .connection
        case .timer: .timer
        case .control, nil: nil
        }
    }

    func objectHandle(at index: Int32, in S: OpaquePointer) -> Int? {
        guard lua_type(S, index) == LUA_TUSERDATA, lua_getmetatable(S, index) != 0 else { return nil }
        pushRef(userdata.metatableRef, on: S)
        let ours = lua_rawequal(S, -1, -2) != 0
        bh_pop(S, 2)
        guard ours, let pointer = lua_touserdata(S, index) else { return nil }
        return pointer.load(as: Int.self)
    }

    /// Pushes the userdata of a handle (the same one while it is in use).
    func pushObject(_ handle: Int, on S: OpaquePointer) {
        pushRef(userdata.cacheRef, on: S)
        lua_rawgeti(S, -1, lua_Integer(handle))
        if lua_type(S, -1) == LUA_TUSERDATA {
            lua_rotate(S, -2, 1)
            bh_pop(S, 1)
            return
        }
        bh_pop(S, 1)
        pushNewObject(handle, on: S)
        lua_pushvalue(S, -1)
        lua_rawseti(S, -3, lua_Integer(handle))
        lua_rotate(S, -2, 1)
        bh_pop(S, 1)
    }

    /// Pushes the userdata of a handle made for it, which nothing pushes
    /// again (a connection's or a timer's, which `on` or `after` returns
    /// once): it needs no place in the cache.
    func pushNewObject(_ handle: Int, on S: OpaquePointer) {
        let pointer = lua_newuserdatauv(S, MemoryLayout<Int>.size, 0)!
        pointer.storeBytes(of: handle, as: Int.self)
        pushRef(userdata.metatableRef, on: S)
        lua_setmetatable(S, -2)
    }

    /// Pushes a control (a view, or the keyboard), or nil.
    func pushControl(_ control: Control?, on S: OpaquePointer) {
        switch control {
        case let view as View: bh_push_view(S, view.block)
        case let control?: pushObject(objects.handle(for: control), on: S)
        case nil: lua_pushnil(S)
        }
    }

    /// The view of the control userdata at `index`: nil when it is no
    /// control; `.some(nil)` when the control is gone.
    func view(at index: Int32, in S: OpaquePointer) -> View?? {
        guard let block = bh_toview(S, index) else { return nil }
        guard let host = block.pointee.host else { return .some(nil) }
        return Unmanaged<View>.fromOpaque(host).takeUnretainedValue()
    }

    /// The sender of an action as the handler of `receiver` receives it: a
    /// control, a Lua behaviour of this scene (its `self`, as `receiver`'s
    /// script gets it), or nil.
    func pushResponder(_ responder: Responder, for receiver: LuaBehaviour, on S: OpaquePointer) {
        if let control = responder as? Control, !(responder is Behaviour) {
            pushControl(control, on: S)
        } else if let behaviour = responder as? LuaBehaviour, behaviour.runtime === self, behaviour.selfRef != 0 {
            pushSelf(of: behaviour, for: receiver, on: S)
        } else {
            lua_pushnil(S)
        }
    }

    /// The control (a view, or the keyboard) of the userdata at `index`.
    func control(at index: Int32, in S: OpaquePointer) throws(ValueError) -> Control {
        if let view = view(at: index, in: S) {
            guard let view else { throw ValueError("this control no longer exists (it was removed from the screen)") }
            return view
        }
        guard let handle = objectHandle(at: index, in: S) else {
            throw ValueError("expected a control, got \(typeName(at: index, in: S))")
        }
        guard let control = objects.object(handle) as? Control else {
            throw ValueError("this control no longer exists (it was removed from the screen)")
        }
        return control
    }
}
