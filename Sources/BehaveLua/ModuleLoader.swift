import BehaveCore
import CLuaShim
import Foundation

/// `require "name"` (its Lua half is in the prelude): finds a module
/// beside the script that requires it (`ui.colors` is `ui/colors.lua`
/// there), then among the bundled scripts; modules require from the same
/// folders as the script that first required them. Each is loaded once
/// per runtime (per scene). A module is Lua source that runs
/// in a sandbox environment of its own, under the budget of the callback
/// that first requires it, and returns its value (usually a table of
/// functions), which every script then shares read-only.
enum ModuleState {
    /// Its top level ran from a chunk of this name (`@path`), and had not
    /// returned yet: while that chunk is on the stack, requiring it again
    /// is a cycle; once the stack has unwound (its top level raised), a
    /// `require` loads it again.
    case loading(chunk: String)
    case loaded(ref: Int32)
}

extension LuaRuntime {
    /// Bytes of a module name, at most.
    static let maximumModuleName = 200

    /// `H.requireModule(name)`: the loaded value (one result); or nil, the
    /// module's chunk, a fresh environment and its path, for the prelude to
    /// run (four results).
    func requireModule() throws(ValueError) -> Int32 {
        guard lua_type(stack, 1) == LUA_TSTRING, let name = string(at: 1) else {
            throw ValueError("bad argument #1 to 'require' (string expected, got \(typeName(at: 1)))")
        }
        let roots = callerModuleRoots()
        let (found, tried) = try LuaRuntime.findModule(name, roots: roots, access: fileAccess)
        guard let path = found else {
            throw ValueError("module '\(name)' not found; tried \(tried.joined(separator: ", ")) (a module is a .lua file beside the script that requires it, or among the bundled scripts)")
        }
        switch modules[path] {
        case .loaded(let ref)?:
            pushRef(ref)
            return 1
        case .loading(let chunk)?:
            let running = runningChunks()
            if running.contains(chunk) {
                let chain = running.filter { isLoading($0) } + [chunk]
                throw ValueError("require cycle: \(chain.map { String($0.dropFirst()) }.joined(separator: " requires ")); move what both need into a third module")
            }
        case nil:
            break
        }
        let script = try LuaScript.read(path)
        let chunk: Int32
        do throws(LuaError) {
            chunk = try compiled(script)
        } catch {
            throw ValueError(error.message)
        }
        // Names it requires resolve from the same folders: `ui/colors.lua`
        // requires "helpers" as the script beside `ui/` does.
        moduleRoots["@" + script.displayName] = roots
        modules[path] = .loading(chunk: "@" + script.displayName)
        lua_pushnil(stack)
        pushRef(chunk, on: stack)
        pushEnvironment()
        lua_xmove(L, stack, 1)
        pushString(path)
        return 4
    }

    /// `H.moduleLoaded(path, value)`: keeps the value for every later
    /// `require` in this scene and returns it.
    func moduleLoaded() -> Int32 {
        guard let path = string(at: 1) else { return 0 }
        lua_settop(stack, 2)
        lua_pushvalue(stack, 2)
        let ref = luaL_ref(stack, bh_registryindex())
        modules[path] = .loaded(ref: ref)
        return 1
    }

    /// Whether a module's top level ran from this chunk and has not returned.
    private func isLoading(_ chunk: String) -> Bool {
        modules.values.contains { state in
            if case .loading(let loading) = state { return loading == chunk }
            return false
        }
    }

    /// Frames of the Lua code that called into the host, at most this many
    /// deep, are read to find the requiring chunk (and cycles).
    static let framesRead: Int32 = 256

    /// The chunk names (`@path`) of the Lua functions on the stack,
    /// outermost first (at most `framesRead` of the innermost).
    private func runningChunks() -> [String] {
        var chunks: [String] = []
        var info = lua_Debug()
        var level: Int32 = 1
        while level <= LuaRuntime.framesRead, lua_getstack(stack, level, &info) != 0 {
            level += 1
            guard lua_getinfo(stack, "S", &info) != 0, let source = info.source else { continue }
            let name = String(cString: source)
            if name.hasPrefix("@"), chunks.last != name { chunks.append(name) }
        }
        return chunks.reversed()
    }

    /// Where `require` looks after the folders of files: the bundled
    /// scripts, embedded in the binary.
    public static let bundledModules = BundledScripts.pathPrefix + BundledScripts.folder

    /// The file module `name` is in, looked for in `roots` in order (a
    /// folder, or `bundledModules`), and the places tried, as messages
    /// show them.
    public static func findModule(_ name: String, roots: [String],
                                  access: FileAccess = .unrestricted) throws(ValueError) -> (String?, [String]) {
        let relative = try modulePath(name)
        var tried: [String] = []
        for root in roots {
            for candidate in [relative + ".lua", relative + "/init.lua"] {
                if root == bundledModules {
                    tried.append(BundledScripts.folder + "/" + candidate)
                    if let path = BundledScripts.path(of: candidate) { return (path, tried) }
                    continue
                }
                let path = (root as NSString).appendingPathComponent(candidate)
                tried.append(LuaScript.display(path))
                if let real = try access.check(path, shown: "module '\(name)'") {
                    return (access.isRestricted ? real : path, tried)
                }
            }
        }
        return (nil, tried)
    }

    /// `a.b` as `a/b`: letters, digits, `_` and `-`, parts joined by dots.
    public static func modulePath(_ name: String) throws(ValueError) -> String {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !name.isEmpty && name.utf8.count <= maximumModuleName && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        }
        guard valid else {
            throw ValueError("module '\(DisplayText.line(String(name.prefix(maximumModuleName))))': a module name is words of letters, digits, _ and - joined by dots (require \"helpers\" for helpers.lua, require \"ui.colors\" for ui/colors.lua)")
        }
        return parts.joined(separator: "/")
    }

    /// The roots for the Lua code that called `require`: its chunk's,
    /// found on the stack past the prelude and C functions.
    private func callerModuleRoots() -> [String] {
        for chunk in runningChunks().reversed() {
            if let roots = moduleRoots[chunk] { return roots }
        }
        return [LuaRuntime.bundledModules]
    }

    /// Makes `require` look in `roots` from code of the chunk named `chunk`
    /// (`@path`, as loaded): a spec file's own roots, say.
    public func setModuleRoots(_ roots: [String], forChunk chunk: String) {
        moduleRoots[chunk] = roots
    }
}

extension LuaScript {
    /// A script or module file, read within the size scripts may have.
    static func read(_ path: String) throws(ValueError) -> LuaScript {
        do throws(LuaError) {
            return try LuaScript(contentsOf: path)
        } catch {
            throw ValueError(error.message)
        }
    }
}
