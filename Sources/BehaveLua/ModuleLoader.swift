import BehaveCore
import CLuaShim
import Foundation

/// `require "name"` (its Lua half is in the prelude), for behaviours and
/// spec files alike. The host resolves a name from the scope of the chunk
/// that calls `require`: first the built-in modules preloaded into the
/// runtime (Lua's `package.preload`: the app's modules, a spec's busted),
/// then the scope's folders in order
/// (`ui.colors` is `ui/colors.lua` or `ui/colors/init.lua` there), each
/// file read only where the runtime's `fileAccess` allows. Modules require
/// from the scope of the code that first required them. Each is loaded once
/// per runtime (per scene, per spec file), under the budget of the callback
/// that first requires it; a cycle, or a name found nowhere, is an error
/// naming the modules or the paths tried.
///
/// A scope also says how its modules run. For behaviours a module runs in a
/// sandbox environment of its own and every script shares its value
/// read-only, so one behaviour cannot change what another sees. For a spec
/// file a module runs in the spec's own environment (its globals are the
/// spec's, as modules share `_G` in Lua) and `require` hands out the value
/// itself, as Lua's does: suites change module tables (stubs, classes).
enum ModuleState {
    /// Its top level began (from a chunk of this name, `@path`; empty for a
    /// preloaded module) in the callback of `serial`, at `depth` frames of
    /// the Lua stack, and has not returned yet. Requiring it again deeper
    /// in the same callback is a cycle (even through tail calls, which
    /// leave no frame of the requiring chunk); once the stack has unwound
    /// past where it began (its top level raised), or in a later callback,
    /// a `require` loads it again.
    case loading(chunk: String, serial: UInt64, depth: Int)
    case loaded(ref: Int32)
}

/// The modules of one runtime: where `require` looks from each chunk, what
/// it may read, and what it loaded.
struct ModuleRegistry {
    /// Modules by path: loading or loaded.
    var states: [String: ModuleState] = [:]
    /// The paths of the module files loaded.
    var paths = Set<String>()
    /// Where `require` looks from code of each chunk (by chunk name), and
    /// how the modules it finds run: beside a script or module, then among
    /// the bundled scripts, for behaviours.
    var scopes: [String: ModuleScope] = [:]
    /// The scope of code whose chunk has none (behaviours: the bundled
    /// scripts only).
    var defaultScope = ModuleScope.bundled
    /// Loaders of built-in modules by name, found before any file (Lua's
    /// `package.preload`).
    var preloads: [String: Int32] = [:]
    /// The preloads that are the app's modules: shared read-only, as a
    /// behaviour's modules are.
    var appModules: Set<String> = []
    /// Files the scripts' `require` may read (a spec's scenes: its folders).
    var fileAccess: FileAccess = .unrestricted
    /// `behaviour`, in a behaviour's module: an error.
    var behaviourID: Int32 = 0
    /// A spec file's: the spec's `package.loaded` (Lua's side) is the cache,
    /// so the host keeps no loaded module, and `require` may be handed the
    /// spec's `package.path` to search instead of the scope's folders.
    var followsPackage = false
}

/// Where `require` looks from a chunk's code, and how what it finds runs.
struct ModuleScope {
    /// Folders in order, or `LuaRuntime.bundledModules`.
    var roots: [String]
    /// The environment the modules run in (a registry ref); nil: a fresh
    /// sandbox environment with the behaviour API for each.
    var environment: Int32?
    /// Whether scripts get a read-only view of a module's value.
    var sharesReadOnly = true
    /// Where modules live, in words, for the message of one not found.
    var hint = "a module is a .lua file beside the script that requires it, or among the bundled scripts"

    static let bundled = ModuleScope(roots: [LuaRuntime.bundledModules])
}

extension LuaRuntime {
    /// `require`'s host half, and what a behaviour's module has for
    /// `behaviour { … }`.
    static let moduleFunctions = [
        HostFunction("requireModule") { runtime, S throws(ValueError) in try runtime.requireModule(S) },
        HostFunction("moduleLoaded") { runtime, S in runtime.moduleLoaded(S) },
    ]
    static let moduleBehaviour = HostFunction("behaviour") { _, _ throws(ValueError) in
        throw ValueError("behaviour { … } declares a behaviour in its own script, and this file is loaded by require as a module; share helpers in a module and give each behaviour a script of its own")
    }

    /// Bytes of a module name, at most.
    static let maximumModuleName = 200
    /// The path modules preloaded by name are kept under (no file path
    /// starts with a NUL byte).
    private static let preloadPrefix = "\u{0}preload:"

    /// `H.requireModule(name)`: the loaded value (one result); or nil, the
    /// module's loader, its loader data (the path), the key to report its
    /// value under (`moduleLoaded`) and whether its value is shared
    /// read-only, for the prelude to call `loader(name, data)`. An error in
    /// a module's top level goes on up from its own line; the next
    /// `require` loads it again.
    func requireModule(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard lua_type(S, 1) == LUA_TSTRING, let name = string(at: 1, in: S) else {
            throw ValueError("bad argument #1 to 'require' (string expected, got \(typeName(at: 1, in: S)))")
        }
        let scope = callerModuleScope(S)
        let path: String
        var named: String?
        if modules.preloads[name] != nil {
            path = LuaRuntime.preloadPrefix + name
        } else if modules.followsPackage, lua_type(S, 2) == LUA_TSTRING, let searched = string(at: 2, in: S) {
            // A spec's own `package.path` (only passed when it changed).
            let search = try LuaRuntime.searchPackagePath(name, searched, access: modules.fileAccess)
            guard let found = search.found else { throw ValueError(search.notFound(name)) }
            path = found
        } else {
            let (found, tried, shown) = try LuaRuntime.findModule(name, roots: scope.roots, access: modules.fileAccess)
            guard let found else {
                throw ValueError("module '\(name)' not found; tried \(tried.joined(separator: ", ")) (\(scope.hint))")
            }
            path = found
            named = shown
        }
        switch modules.states[path] {
        case .loaded(let ref)?:
            pushRef(ref, on: S)
            return 1
        case .loading(let chunk, let serial, let depth)? where serial == UInt64(bh_slice_serial(L)) && depth < stackDepth(S):
            let chain = loadingChunks(in: serial) + [chunk]
            throw ValueError("require cycle: \(chain.map(LuaRuntime.chunkDisplay).joined(separator: " requires ")); move what both need into a third module")
        case .loading?:
            break
        case nil:
            break
        }
        lua_pushnil(S)
        let chunk: String
        if let loader = modules.preloads[name] {
            pushRef(loader, on: S)
            pushString(":preload:", on: S)
            chunk = ""
        } else {
            chunk = try pushModuleChunk(LuaScript.read(path, named: named, access: modules.fileAccess), scope: scope, on: S)
            pushString(path, on: S)
        }
        pushString(path, on: S)
        let readOnly = scope.sharesReadOnly && (modules.preloads[name] == nil || modules.appModules.contains(name))
        lua_pushboolean(S, readOnly ? 1 : 0)
        modules.states[path] = .loading(chunk: chunk.isEmpty ? LuaRuntime.preloadPrefix + name : chunk,
                                 serial: UInt64(bh_slice_serial(L)), depth: stackDepth(S))
        return 5
    }

    /// Pushes a module file's chunk, compiled with its environment as
    /// `_ENV` (so that `...` is Lua's: the name and the path); the modules
    /// it requires resolve in the same scope. Its chunk name.
    private func pushModuleChunk(_ script: LuaScript, scope: ModuleScope, on S: OpaquePointer) throws(ValueError) -> String {
        let chunkName = "@" + script.displayName
        noteChunkName(chunkName)
        try refuseSlowCompile(script.source, chunkName: chunkName)
        let status = bh_load(S, script.source, script.source.count, chunkName)
        guard status == LUA_OK else {
            throw compileFailure(status, source: script.source, chunkName: chunkName, on: S)
        }
        if let environment = scope.environment {
            pushRef(environment, on: S)
        } else {
            // Its own random numbers, whichever behaviour required it first.
            pushString(chunkName, on: L)
            pushEnvironment(identity: -1)
            lua_rotate(L, -2, 1)
            bh_pop(L, 1)
            lua_xmove(L, S, 1)
            // A behaviour's module declares no behaviour of its own.
            bh_push_host_function(S, modules.behaviourID)
            lua_setfield(S, -2, "behaviour")
        }
        _ = bh_set_env(S, -2)
        modules.scopes[chunkName] = scope
        modules.paths.insert(script.path)
        return chunkName
    }

    /// `H.moduleLoaded(path, value)`: keeps the value for every later
    /// `require` in this runtime (a spec's `package.loaded` keeps it for a
    /// spec) and returns it.
    func moduleLoaded(_ S: OpaquePointer) -> Int32 {
        guard let path = string(at: 1, in: S) else { return 0 }
        lua_settop(S, 2)
        guard !modules.followsPackage else {
            // The spec's `package.loaded` keeps it; the next `require` after
            // `package.loaded[name] = nil` loads the file again.
            modules.states[path] = nil
            return 1
        }
        lua_pushvalue(S, 2)
        let ref = luaL_ref(S, bh_registryindex())
        modules.states[path] = .loaded(ref: ref)
        return 1
    }

    /// The chunks of the modules whose top levels are running in the
    /// callback of `serial`, in the order they began.
    private func loadingChunks(in serial: UInt64) -> [String] {
        modules.states.values.compactMap { state -> (String, Int)? in
            if case .loading(let chunk, serial, let depth) = state { return (chunk, depth) }
            return nil
        }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// A module's chunk name as messages show it (`a.lua`, or a preloaded
    /// module's name).
    private static func chunkDisplay(_ chunk: String) -> String {
        chunk.hasPrefix(preloadPrefix) ? String(chunk.dropFirst(preloadPrefix.count)) : String(chunk.dropFirst())
    }

    /// Frames on the running thread's Lua stack. Asking for one level walks
    /// the frames down to it, so the depth is searched for (doubling, then
    /// halving): a require from deep recursion stays cheap.
    private func stackDepth(_ S: OpaquePointer) -> Int {
        var info = lua_Debug()
        func exists(_ level: Int32) -> Bool { lua_getstack(S, level, &info) != 0 }
        var high: Int32 = 1
        while exists(high) {
            guard high < Int32.max / 2 else { return Int(high) }
            high *= 2
        }
        var low: Int32 = high / 2   // exists(low) (or 0), !exists(high)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if exists(middle) { low = middle } else { high = middle }
        }
        return Int(low) + 1
    }

    /// Frames of the Lua code that called into the host, at most this many
    /// deep, are read to find the requiring chunk (and cycles).
    static let framesRead: Int32 = 256

    /// The chunk names (`@path`) of the Lua functions on the stack,
    /// outermost first (at most `framesRead` of the innermost).
    private func runningChunks(_ S: OpaquePointer) -> [String] {
        var chunks: [String] = []
        var info = lua_Debug()
        var level: Int32 = 1
        while level <= LuaRuntime.framesRead, lua_getstack(S, level, &info) != 0 {
            level += 1
            guard lua_getinfo(S, "S", &info) != 0, let source = info.source else { continue }
            let name = String(cString: source)
            if name.hasPrefix("@"), chunks.last != name { chunks.append(name) }
        }
        return chunks.reversed()
    }

    /// A module's path as messages show it (a preloaded one by its name).
    private static func moduleDisplay(_ path: String) -> String {
        path.hasPrefix(preloadPrefix) ? String(path.dropFirst(preloadPrefix.count)) : LuaScript.display(path)
    }

    /// Where `require` looks after the folders of files: the bundled
    /// scripts, embedded in the binary.
    public static let bundledModules = BundledScripts.pathPrefix + BundledScripts.folder

    /// The file module `name` is in, looked for in `roots` in order (a
    /// folder, `bundledModules`, or a template of Lua's `package.path`,
    /// a path ending in `.lua` with `?` for the module's path, such as
    /// busted's `./src/?/init.lua`), and the places tried, as messages show
    /// them (`./name.lua` in the working directory, as Lua's path reads),
    /// and the module's path as named (through a linked folder: `named`).
    public static func findModule(_ name: String, roots: [String], access: FileAccess = .unrestricted)
        throws(ValueError) -> (String?, [String], named: String?) {
        let relative = try modulePath(name)
        var tried: [String] = []
        for root in roots {
            let isTemplate = root.hasSuffix(".lua") && root.contains("?")
            for candidate in isTemplate ? [""] : [relative + ".lua", relative + "/init.lua"] {
                if root == bundledModules {
                    tried.append(BundledScripts.folder + "/" + candidate)
                    if let path = BundledScripts.path(of: candidate) { return (path, tried, nil) }
                    continue
                }
                let path = isTemplate
                    ? root.replacingOccurrences(of: "?", with: relative) : (root as NSString).appendingPathComponent(candidate)
                tried.append(root == "." ? "./" + candidate : isTemplate && path.hasPrefix("./") ? path : LuaScript.display(path))
                if let real = try access.check(path, shown: "module '\(name)'") {
                    return (access.isRestricted ? real : path, tried, path)
                }
            }
        }
        return (nil, tried, nil)
    }

    /// `a.b` (or `a/b`, as Lua's path allows) as `a/b`: words of letters,
    /// digits, `_` and `-`, joined by dots or slashes.
    public static func modulePath(_ name: String) throws(ValueError) -> String {
        // The length first: a name's parts are read only when it is short.
        let parts = name.isEmpty || name.utf8.count > maximumModuleName ? []
            : name.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "/" }
        let valid = !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        }
        guard valid else {
            throw ValueError("module '\(shownModuleName(name))': a module name is words of letters, digits, _ and - joined by dots (require \"helpers\" for helpers.lua, require \"ui.colors\" for ui/colors.lua)")
        }
        return parts.joined(separator: "/")
    }

    /// A name as an error shows it: its first `maximumModuleName` scalars,
    /// then its length when it has more. Cut by scalars, not characters:
    /// one letter under a megabyte of accents is one character.
    static func shownModuleName(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maximumModuleName, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return DisplayText.line(name) }
        return DisplayText.line(String(scalars[..<end])) + "… (\(name.utf8.count) bytes)"
    }

    /// The scope of the Lua code that called `require`: its chunk's, found
    /// on the stack past the prelude and C functions.
    private func callerModuleScope(_ S: OpaquePointer) -> ModuleScope {
        for chunk in runningChunks(S).reversed() {
            if let scope = modules.scopes[chunk] { return scope }
        }
        return modules.defaultScope
    }

    /// Makes `require` from code of the chunk named `chunk` (`@path`, as
    /// loaded), and from code without a scope of its own, look in `roots`
    /// in order and run what it finds in `environment`, handing out the
    /// values themselves: a spec file's scope. `hint` says where modules
    /// live in the message of one not found.
    /// The spec's `require` keeps what it loaded in its `package.loaded`
    /// and may pass its `package.path`.
    public func setModuleScope(roots: [String], environment: LuaReference, forChunk chunk: String, hint: String) {
        pushRef(environment.id, on: L)
        let scope = ModuleScope(roots: roots, environment: luaL_ref(L, bh_registryindex()), sharesReadOnly: false, hint: hint)
        modules.scopes[chunk] = scope
        modules.defaultScope = scope
        modules.followsPackage = true
    }

    /// Makes `require(name)` call `loader(name, ":preload:")` the first
    /// time, before looking for any file (Lua's `package.preload`): a
    /// built-in module. The runtime keeps the reference.
    public func preloadModule(_ name: String, loader: LuaReference) {
        if let old = modules.preloads[name] { unref(old) }
        modules.preloads[name] = loader.id
    }
}

extension LuaScript {
    /// A script or module file, read within the size scripts may have.
    static func read(_ path: String, named: String? = nil, access: FileAccess) throws(ValueError) -> LuaScript {
        try LuaScript(contentsOf: path, named: named, access: access)
    }
}

extension LuaRuntime {
    /// The `require` scripts call (to hand it to a spec file's
    /// environment); release it when done.
    public func requireFunction() -> LuaReference {
        pushRef(apiRef, on: L)
        lua_getfield(L, -1, "require")
        let ref = luaL_ref(L, bh_registryindex())
        bh_pop(L, 1)
        return LuaReference(id: ref)
    }
}
