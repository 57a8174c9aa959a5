import BehaveCore
import BehaveSyntax
import CLuaShim
import Foundation

/// A behaviour script's source, and where it came from. The source is
/// bytes, as Lua reads them: a string literal holds exactly the bytes the
/// file has, UTF-8 or not.
public final class LuaScript {
    /// The path as messages show it (relative to the working directory when
    /// it is inside it).
    public let displayName: String
    public let path: String
    public let source: [UInt8]

    public init(path: String, source: [UInt8]) {
        self.path = path
        self.source = source
        self.displayName = LuaScript.display(path)
    }

    public convenience init(path: String, source: String) {
        self.init(path: path, source: Array(source.utf8))
    }

    /// Scripts, scenes and specs are read up to this size.
    public static let maximumBytes = 16 << 20

    /// Reads a script file.
    public convenience init(contentsOf path: String) throws(LuaError) {
        let bytes: [UInt8]
        do throws(ValueError) {
            bytes = try HostFile.contents(of: path, maximumBytes: LuaScript.maximumBytes)
        } catch {
            throw LuaError("\(LuaScript.display(path)): \(error.message)")
        }
        self.init(path: path, source: bytes)
    }

    /// The directory of the bundled behaviours (`Scripts/` of the checkout,
    /// or `$BEHAVE_SCRIPTS`).
    public static var bundledDirectory: String {
        if let override = ProcessInfo.processInfo.environment["BEHAVE_SCRIPTS"], !override.isEmpty { return override }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts").path
    }

    /// Finds a script: as given (relative to `directory`), then in the
    /// bundled `Scripts/`.
    public static func locate(_ name: String, relativeTo directory: String? = nil) -> String? {
        candidates(name, relativeTo: directory).first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Finds a script as `locate` does, among the files `access` allows:
    /// the path to read, nil when there is none. A restricted access (a
    /// spec's) takes only `.lua` files and refuses paths outside its folders.
    public static func locate(_ name: String, relativeTo directory: String?,
                              access: FileAccess) throws(ValueError) -> String? {
        guard access.isRestricted else { return locate(name, relativeTo: directory) }
        guard name.hasSuffix(".lua") else {
            throw ValueError("\(name): a spec may load only Lua scripts (files ending in .lua)")
        }
        var refusal: ValueError?
        for candidate in candidates(name, relativeTo: directory) {
            do throws(ValueError) {
                if let found = try access.check(candidate, shown: name) { return found }
            } catch {
                refusal = refusal ?? error
            }
        }
        if let refusal { throw refusal }
        return nil
    }

    private static func candidates(_ name: String, relativeTo directory: String?) -> [String] {
        if name.hasPrefix("/") { return [name] }
        return [directory.map { ($0 as NSString).appendingPathComponent(name) } ?? name,
                (bundledDirectory as NSString).appendingPathComponent(name)]
    }

    static func display(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let standardized = (path as NSString).standardizingPath
        if standardized.hasPrefix(cwd) { return String(standardized.dropFirst(cwd.count)) }
        return path
    }

    /// `toggle` for `Scripts/toggle.lua`.
    var defaultBehaviourName: String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The first line where `key` is assigned (`key =` or `["key"] =`),
    /// for messages and declaration order.
    func line(ofKey key: String) -> Int? { assignmentLines[key] }

    /// Every name the source assigns with `=`, at its first line: built once,
    /// so reading a declaration stays linear in the source.
    private lazy var assignmentLines: [String: Int] = {
        var lines: [String: Int] = [:]
        var line = 1
        var word: [UInt8] = []
        var pendingWord: [UInt8]?
        var bytes = source[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                word.removeAll()
                pendingWord = nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                word.append(byte)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
                if !word.isEmpty { pendingWord = word }
                word.removeAll()
            case UInt8(ascii: "="):
                let candidate = word.isEmpty ? pendingWord : word
                if bytes.first != UInt8(ascii: "="), let candidate, !candidate.isEmpty {
                    let name = String(decoding: candidate, as: UTF8.self)
                    if lines[name] == nil { lines[name] = line }
                }
                if bytes.first == UInt8(ascii: "=") { bytes.removeFirst() }
                word.removeAll()
                pendingWord = nil
            default:
                word.removeAll()
                pendingWord = nil
            }
        }
        return lines
    }()

    // MARK: What error messages read of the source

    /// The local the script keeps its class in (`Like`), read once.
    private(set) lazy var className: String? = ScriptOutline.className(in: source)

    /// The fields the script sets on `self`, at their first line, read once.
    private(set) lazy var selfAssignments: [String: Int] = ScriptOutline.selfAssignments(in: source)

    /// Tokens of lines errors were raised on (a failing handler often fails
    /// again on the same line): a few kept.
    private var lineTokens: [Int: [LuaToken]] = [:]

    func tokens(onLine line: Int) -> [LuaToken] {
        if let cached = lineTokens[line] { return cached }
        let tokens = ScriptOutline.tokens(onLine: line, in: source)
        if lineTokens.count >= 32 { lineTokens.removeAll() }
        lineTokens[line] = tokens
        return tokens
    }

    /// Names in the order the source first assigns them (Lua tables have
    /// no order; inspectors should show the author's).
    func sortedBySource(_ names: [String]) -> [String] {
        let positions = Dictionary(uniqueKeysWithValues: names.map { ($0, line(ofKey: $0) ?? Int.max) })
        return names.sorted { (positions[$0]!, $0) < (positions[$1]!, $1) }
    }
}

extension LuaRuntime {
    /// A script compiled in this runtime, cached by path: every instance
    /// runs the same compiled chunk with its own environment.
    func compiled(_ script: LuaScript) throws(LuaError) -> Int32 {
        if let cached = chunkRefs[script.path], cached.source == script.source { return cached.ref }
        // `...` is the environment: each run of the chunk gets its own.
        // Same line, so line numbers stay the author's.
        let text = Array("local _ENV = ...; ".utf8) + script.source
        let status = bh_load(L, text, text.count, "@" + script.displayName)
        guard status == LUA_OK else {
            throw compileFailure(status, source: script.source, chunkName: "@" + script.displayName, on: L)
        }
        let ref = luaL_ref(L, bh_registryindex())
        if let stale = chunkRefs[script.path] { unref(stale.ref) }
        chunkRefs[script.path] = (script.source, ref)
        // Its `require` looks beside it first.
        moduleRoots["@" + script.displayName] = [(script.path as NSString).deletingLastPathComponent, LuaScript.bundledDirectory]
        return ref
    }

    /// Runs a script in a fresh sandbox environment: its declaration, and
    /// the registry ref of its class table.
    func instantiate(_ script: LuaScript) throws(LuaError) -> (BehaviourDeclaration, classRef: Int32) {
        let chunk = try compiled(script)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushRef(chunk, on: L)
        pushEnvironment()
        loadingScript = script
        pendingClass = nil
        let failure = protectedCall(arguments: 1, results: 1)
        loadingScript = nil
        let pending = pendingClass
        pendingClass = nil
        if let failure {
            if let pending { unref(pending.classRef) }
            // A script that cannot load gets a one-line reason.
            throw LuaError(String(explained(failure, in: nil, script: script).prefix { $0 != "\n" }))
        }
        guard let (declaration, classRef) = pending else {
            // A module of helpers is no behaviour: say how it is used.
            let module = LuaSource.namesBehaviour(script.source) ? "" : " (a module of helpers is not run as a behaviour: the scripts that use it load it with `require`)"
            throw LuaError("\(script.displayName): the script does not declare a behaviour; start it with `local Name = behaviour { … }` and end it with `return Name`\(module)")
        }
        pushRef(classRef, on: L)
        guard lua_rawequal(L, -1, -2) != 0 else {
            unref(classRef)
            // The fix names the local the script keeps its class in.
            let fix = script.className.map { "end the script with `return \($0)`" }
                ?? "end the script with `return` and the local that holds `behaviour { … }`"
            let line = ScriptOutline.lastLine(of: script.source)
            throw LuaError("\(script.displayName):\(line): the script must end by returning its behaviour, or Behave cannot use it; \(fix)")
        }
        if let cached = declarations[script.path], cached.source == script.source {
            return (cached.declaration, classRef)
        }
        var finished = declaration
        let methods = functionKeys(ofTableAt: -1)
        let delegateNames = Set(ScriptAPI.delegateMessages)
        finished.delegateMessages = methods.filter { delegateNames.contains($0) }
        // One rule for inspect, check, scenes and the responder chain.
        finished.actions = script.sortedBySource(methods.filter(ScriptAPI.isAction))
        // Instances of a script share its declaration: read it once.
        declarations[script.path] = (script.source, finished)
        return (finished, classRef)
    }

    /// A fresh sandbox environment with the behaviour API in it.
    func pushEnvironment() {
        bh_push_sandbox_env(L)
        pushRef(apiRef, on: L)
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            // A library table (`platform`) is copied: one behaviour
            // replacing a function in it must not reach another.
            if lua_type(L, -1) == LUA_TTABLE { replaceWithShallowCopy() }
            lua_pushvalue(L, -2)
            lua_rotate(L, -2, 1)
            lua_rawset(L, -5)
        }
        bh_pop(L, 1)
    }

    /// Replaces the table on top of the main stack with a raw copy of it.
    private func replaceWithShallowCopy() {
        let source = lua_absindex(L, -1)
        lua_createtable(L, 0, 8)
        lua_pushnil(L)
        while lua_next(L, source) != 0 {
            lua_pushvalue(L, -2)
            lua_rotate(L, -2, 1)
            lua_rawset(L, -4)
        }
        lua_rotate(L, -2, 1)
        bh_pop(L, 1)
    }

    /// The string keys of the table at `index` whose values are functions
    /// (raw), at most `limit` of them.
    func functionKeys(ofTableAt index: Int32, limit: Int = .max) -> [String] {
        let table = lua_absindex(L, index)
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -1) == LUA_TFUNCTION, let key = string(at: -2, in: L) { keys.append(key) }
            bh_pop(L, 1)
            if keys.count >= limit {
                bh_pop(L, 1)
                break
            }
        }
        return keys
    }
}

extension LuaScript {
    /// The script's declaration, read by running its top level in a
    /// throwaway sandbox; no handler runs.
    public func declaration(limits: SandboxLimits = .default) throws(LuaError) -> BehaviourDeclaration {
        let scene = Scene(screen: defaultBehaviourName)
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        defer { runtime.close() }
        let (declaration, classRef) = try runtime.instantiate(self)
        runtime.unref(classRef)
        return declaration
    }
}
