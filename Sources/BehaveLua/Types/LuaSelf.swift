import BehaveCore
import BehaveSyntax
import CLuaShim

/// A behaviour's `self`. Its table and metatable are the prelude's
/// (`Lua/prelude.lua`), which calls `H.set` for a set the host must check
/// and `H.describe` for `tostring`; each `self` gets `send` and
/// `sendAction` as C closures over its id (behaviours.c).
extension HostType {
    static let behaviourSelf = HostType("behaviour", doc: "What every behaviour's `self` has.", receiver: .behaviour, methods: [
        HostFunction("send", LuaSignature("Sends one of the events the behaviour declares.", ("event", "string"), ("...", "any"))) { runtime, S throws(ValueError) in
            let behaviour = try runtime.instance(at: 1, in: S)
            let event = try runtime.dotCalled("send", passing: .behaviour, in: S,
                                              runtime.argument(2, "event name", runtime.string(at: 2, in: S), in: S))
            try behaviour.send(event, arguments: try runtime.eventArguments(from: 3, in: S))
            return 0
        },
        HostFunction("sendAction", LuaSignature("Sends an action up the responder chain (behaviour → owner → parents → screen).",
                                                ("action", "string"), ("...", "any"))) { runtime, S throws(ValueError) in
            let behaviour = try runtime.instance(at: 1, in: S)
            let action = try runtime.dotCalled("sendAction", passing: .behaviour, in: S,
                                               runtime.argument(2, "action name", runtime.string(at: 2, in: S), in: S))
            behaviour.sendAction(action, arguments: try runtime.eventArguments(from: 3, in: S))
            return 0
        },
    ], properties: [
        field("name", "string", "the behaviour's name in its scene (read-only)"),
        field("owner", "Behave.View?", "the control it belongs to; nil when the screen owns it"),
    ], preludeFunctions: [
        HostFunction("set") { runtime, S throws(ValueError) in try runtime.instanceSet(S) },
        HostFunction("describe") { runtime, S in
            let name = runtime.behaviour(Int(runtime.integer(at: 1, in: S) ?? -1))?.name ?? "?"
            runtime.pushString("behaviour \(name)", on: S)
            return 1
        },
    ])
}

/// How the behaviours of a runtime are `self` tables in Lua.
struct BehaviourSelves {
    var sendID: Int32 = 0
    var sendActionID: Int32 = 0
}

extension LuaRuntime {
    /// The behaviour whose id is at `index`.
    func instance(at index: Int32, in S: OpaquePointer) throws(ValueError) -> LuaBehaviour {
        guard let id = integer(at: index, in: S), let behaviour = behaviour(Int(id)) else {
            throw ValueError("this behaviour no longer exists")
        }
        // Its own `destroy` may still use it.
        guard behaviour.isAlive || runningBehaviour === behaviour else {
            throw ValueError("behaviour `\(behaviour.name)` has been destroyed")
        }
        return behaviour
    }

    /// `self.key = value`: inspectables are checked against their
    /// declaration; outlets are the scene's to set. Returns false (the
    /// prelude stores the field) for the behaviour's own state.
    func instanceSet(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let behaviour = try instance(at: 1, in: S)
        guard let key = string(at: 2, in: S) else {
            lua_pushboolean(S, 0)
            return 1
        }
        let declaration = behaviour.declaration
        if let spec = declaration.inspectable(key) {
            try behaviour.setInspectable(key, to: try value(at: 3, for: spec, in: S))
        } else if declaration.outlet(key) != nil || declaration.outletCollection(key) != nil {
            throw ValueError("outlet `\(key)` is connected by the scene and cannot be assigned")
        } else if key == "name" || key == "owner" {
            throw ValueError("`\(key)` of a behaviour is read-only")
        } else {
            // A new field of the behaviour's own (its first set only): if
            // it looks like a misspelt inspectable, say so.
            // (Cheap first: a misspelling keeps the start and about the length.
            // behaviours.c's `own_field` sends here only names within these
            // bounds, from `typeTables`: keep the three alike.)
            // (No list is made unless a name passes: most new fields are no
            // misspelling.)
            var declared: [String] = []
            func consider(_ name: String) {
                if abs(name.utf8.count - key.utf8.count) <= 2, name.utf8.first == key.utf8.first { declared.append(name) }
            }
            for spec in declaration.inspectables { consider(spec.name) }
            for outlet in declaration.outlets { consider(outlet.name) }
            if key.utf8.count >= 4, !declared.isEmpty, let near = Suggestions.nearest(to: key, in: declared) {
                scene.trace.record(.note, subject: behaviour.name,
                                   "\(location(in: S))\(behaviour.name): new field `\(key)`; did you mean `\(near)`?")
            }
            lua_pushboolean(S, 0)
            return 1
        }
        lua_pushboolean(S, 1)
        return 1
    }
}
