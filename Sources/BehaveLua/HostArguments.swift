import BehaveCore
import BehaveSyntax
import CLuaShim

/// Reading a host function's arguments on its thread `S`, with the
/// messages scripts see for a wrong one.
extension LuaRuntime {
    func argument<T>(_ index: Int32, _ what: String, _ value: T?, in S: OpaquePointer) throws(ValueError) -> T {
        guard let value else {
            throw ValueError("bad argument #\(index) (\(what) expected, got \(typeName(at: index, in: S)))")
        }
        return value
    }

    func integer(at index: Int32, in S: OpaquePointer) -> Int? {
        number(at: index, in: S).flatMap { Int(exactly: $0) }
    }

    /// Checks that argument `index` of `function` is a function, with the
    /// message Lua's own functions give.
    func checkFunction(_ index: Int32, of function: String, in S: OpaquePointer) throws(ValueError) {
        guard lua_type(S, index) == LUA_TFUNCTION else {
            throw ValueError("bad argument #\(index) to \(function) (function expected, got \(typeName(at: index, in: S)))")
        }
    }

    /// The advice for `receiver.method(…)` written for `receiver:method(…)`,
    /// when the calling line has it.
    func dotCallError(_ method: String, passing what: ScriptAdvice.Receiver, arguments: String = "…",
                      in S: OpaquePointer) -> ValueError? {
        dotCallReceiver(method, in: S).map {
            ValueError(ScriptAdvice.dotCall(method, on: $0, passing: what, arguments: arguments).text)
        }
    }

    /// The same for a method of `type`, its parameters named as its
    /// signature names them.
    func dotCallError(_ method: String, of type: HostType, in S: OpaquePointer) -> ValueError? {
        let signature = type.methods.first { $0.name == method }?.signature
        return dotCallError(method, passing: type.receiver,
                            arguments: signature.map { $0.parameters.map(\.name).joined(separator: ", ") } ?? "…", in: S)
    }

    /// `value()`, or the dot-call advice when it fails on a line that
    /// calls `method` with a dot (the arguments moved down one place).
    func dotCalled<T>(_ method: String, passing what: ScriptAdvice.Receiver, in S: OpaquePointer,
                      _ value: @autoclosure () throws(ValueError) -> T) throws(ValueError) -> T {
        do throws(ValueError) {
            return try value()
        } catch {
            throw dotCallError(method, passing: what, in: S) ?? error
        }
    }

    /// Values passed with an event or action, from stack index `first` on.
    func eventArguments(from first: Int32, in S: OpaquePointer) throws(ValueError) -> [Value] {
        let top = lua_gettop(S)
        guard top >= first else { return [] }
        guard top - first < LuaRuntime.maximumArguments else {
            throw ValueError("\(top - first + 1) arguments; events and actions carry at most \(LuaRuntime.maximumArguments)")
        }
        var values: [Value] = []
        for index in first...top {
            guard let value = value(at: index, in: S) else {
                throw ValueError("argument #\(index - first + 1) is a \(typeName(at: index, in: S)); events carry nil, booleans, numbers, strings, images and {x, y} / {width, height} tables")
            }
            values.append(value)
        }
        return values
    }

    /// The behaviour whose code is running: connections and timers it makes
    /// die with it.
    func currentBehaviour(_ what: String) throws(ValueError) -> LuaBehaviour {
        guard let behaviour = runningBehaviour else {
            throw ValueError("\(what) can only be used inside a behaviour's methods (not at the top level of a script)")
        }
        return behaviour
    }
}
