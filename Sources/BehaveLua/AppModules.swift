import BehaveCore
import BehaveSyntax
import Synchronization

/// The app's modules for behaviour scripts, for the whole process: the
/// one list that runtimes install (each runtime made after a module is
/// registered has it), that `behave check`'s linter checks calls against
/// and that `behave types` describes (`ScriptAPI.appModules`).
///
/// Process-wide rather than per scene, as Defold's native extensions and
/// Roblox's services are: the tools that check scripts have no scene, and
/// must know the same modules the scenes get. A body that needs to know
/// which scene called reads `AppCall.scene`.
public enum AppModules {
    private static let registry = Mutex<[String: AppModule]>([:])

    /// Adds `module` (or replaces the module of that name) for the
    /// runtimes made from now on; runtimes already made keep what they
    /// had. Refused, with the reason and the fix, when a name is not a Lua
    /// name, the module's name is one of Behave's globals, a function is
    /// there twice, or a signature has a type Behave cannot check.
    public static func register(_ module: AppModule) throws(LuaError) {
        try validate(module)
        registry.withLock { $0[module.name] = module }
    }

    /// Removes the module named `name` for the runtimes made from now on.
    public static func unregister(_ name: String) {
        _ = registry.withLock { $0.removeValue(forKey: name) }
    }

    /// The modules registered, by name.
    public static var all: [AppModule] {
        registry.withLock { Array($0.values) }.sorted { $0.name < $1.name }
    }

    /// The module named `name`, if one is registered.
    public static func named(_ name: String) -> AppModule? {
        registry.withLock { $0[name] }
    }

    // MARK: Checking a registration

    static let maximumName = 64
    static let maximumFunctions = 200

    private static func validate(_ module: AppModule) throws(LuaError) {
        try checkName(module.name, what: "an app module's name", example: "haptics")
        guard !module.name.hasPrefix("_") else {
            throw LuaError(text: "app module `\(module.name)`: names starting with `_` are Lua's", fix: "name it without the `_`")
        }
        if ScriptAPI.builtinGlobals[module.name] != nil || ScriptAPI.sandboxGlobals[module.name] != nil {
            throw LuaError(text: "app module `\(module.name)`: behaviours already have a global `\(module.name)` of Behave's",
                           fix: "give the module a name of the app's own (`app\(module.name.prefix(1).uppercased() + module.name.dropFirst())`)")
        }
        guard !module.functions.isEmpty, module.functions.count <= maximumFunctions else {
            throw LuaError(text: "app module `\(module.name)` has \(module.functions.count) functions",
                           fix: "give it 1 to \(maximumFunctions)")
        }
        var seen = Set<String>()
        for function in module.functions {
            let qualified = "\(module.name).\(function.name)"
            try checkName(function.name, what: "the name of a function of `\(module.name)`", example: "vibrate")
            guard seen.insert(function.name).inserted else {
                throw LuaError(text: "app module `\(module.name)` has two functions `\(function.name)`", fix: "keep one")
            }
            try checkSignature(function.signature, of: qualified)
        }
    }

    private static func checkName(_ name: String, what: String, example: String) throws(LuaError) {
        guard LuaLexer.isName(name), name.utf8.count <= maximumName else {
            throw LuaError(text: "\(what) `\(DisplayText.line(String(name.prefix(maximumName))))` is not a Lua name",
                           fix: "use letters, digits and `_`, not starting with a digit, at most \(maximumName) (`\(example)`)")
        }
    }

    private static func checkSignature(_ signature: LuaSignature, of qualified: String) throws(LuaError) {
        let parameters = signature.parameters
        guard parameters.count <= AppFunction.maximumParameters else {
            throw LuaError(text: "\(qualified) has \(parameters.count) parameters",
                           fix: "take at most \(AppFunction.maximumParameters); pass more as one table")
        }
        var names = Set<String>()
        for (index, parameter) in parameters.enumerated() {
            if parameter.name == "..." {
                guard index == parameters.count - 1 else {
                    throw LuaError(text: "\(qualified): `...` is parameter \(index + 1) of \(parameters.count)", fix: "make it the last")
                }
            } else {
                try checkName(parameter.name, what: "a parameter of \(qualified)", example: "style")
                guard names.insert(parameter.name).inserted else {
                    throw LuaError(text: "\(qualified) has two parameters `\(parameter.name)`", fix: "name each once")
                }
            }
            do throws(LuaError) {
                _ = try LuaDataType(parsing: parameter.type)
            } catch {
                throw LuaError(text: "\(qualified), parameter `\(parameter.name)`: \(error.text)", fix: error.fix)
            }
        }
        // The results are the app's own, and not checked; their types are
        // still written in `behave types`, so they must read as types.
        for result in signature.returns.map({ splitResults($0) }) ?? [] {
            do throws(LuaError) {
                _ = try LuaDataType(parsing: result)
            } catch {
                throw LuaError(text: "\(qualified), result: \(error.text)", fix: error.fix)
            }
        }
    }

    /// `boolean, string?` as its types.
    private static func splitResults(_ text: String) -> [String] {
        var parts: [String] = [], depth = 0, current = ""
        for character in text {
            switch character {
            case "(", "<", "{": depth += 1
            case ")", ">", "}": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        return parts + [current]
    }
}
