import BehaveCore
import BehaveSyntax
import CLuaShim
import Foundation
import Synchronization

/// A behaviour script's source, and where it came from. The source is
/// bytes, as Lua reads them: a string literal holds exactly the bytes the
/// file has, UTF-8 or not.
public final class LuaScript {
    /// The path as messages show it (relative to the working directory when
    /// it is inside it): as the user or the scene named it.
    public let displayName: String
    /// The path read (a link's target, once checked, when access is
    /// restricted).
    public let path: String
    /// The path as named, through any linked folder: messages and the
    /// folder its `require` looks in go by it, so that a script reached
    /// through `link/` is `link/toggle.lua`, not where the link leads.
    public let namedPath: String
    public let source: [UInt8]
    /// The file's name (`toggle.lua`), which every instance's record in the
    /// scene shows: made once, not per instance.
    public let fileName: String

    /// `named`: the path as the user or a scene named it, when it is not
    /// `path` (a link followed).
    public init(path: String, source: [UInt8], named: String? = nil) {
        let named = named ?? path
        self.path = path
        self.namedPath = named
        self.source = source
        self.displayName = LuaScript.display(named)
        self.fileName = named.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(named[named.utf8.index(after: $0)...]) } ?? named
    }

    public convenience init(path: String, source: String) {
        self.init(path: path, source: Array(source.utf8))
    }

    /// Scripts, scenes and specs are read up to this size.
    public static let maximumBytes = 16 << 20

    /// Reads a script file, or a bundled script (`BundledScripts`);
    /// `named` as in `init(path:source:named:)`; a path a restricted
    /// `access` returned is read as it reads it.
    public convenience init(contentsOf path: String, named: String? = nil, access: FileAccess = .unrestricted) throws(LuaError) {
        if let bundled = BundledScripts.source(atPath: path) {
            self.init(path: path, source: bundled)
            return
        }
        let bytes: [UInt8]
        do throws(ValueError) {
            bytes = try access.contents(of: path, maximumBytes: LuaScript.maximumBytes)
        } catch {
            throw LuaError("\(LuaScript.display(named ?? path)): \(error.message)")
        }
        self.init(path: path, source: bytes, named: named)
    }

    /// Finds a script: as given (relative to `directory`), then among the
    /// bundled scripts (embedded in the binary: `BundledScripts`).
    public static func locate(_ name: String, relativeTo directory: String? = nil) -> String? {
        let file = candidate(name, relativeTo: directory)
        return FileManager.default.fileExists(atPath: file) ? file : bundled(name)
    }

    /// Finds a script as `locate` does, among the files `access` allows:
    /// the path to read, nil when there is none. A restricted access (a
    /// spec's, a scene's) takes only `.lua` files and refuses paths outside
    /// its folders; the file the user named is found as it is.
    public static func locate(_ name: String, relativeTo directory: String?,
                              access: FileAccess) throws(ValueError) -> String? {
        guard access.isRestricted, !access.isNamed(candidate(name, relativeTo: directory)) else {
            return locate(name, relativeTo: directory)
        }
        guard name.hasSuffix(".lua") else {
            throw ValueError("\(name): \(access.reader) may load only Lua scripts (files ending in .lua)")
        }
        do throws(ValueError) {
            if let found = try access.check(candidate(name, relativeTo: directory), shown: name) { return found }
        } catch {
            // A path outside the folders is refused, unless it names a
            // bundled script (which anyone may read).
            guard let bundled = bundled(name) else { throw error }
            return bundled
        }
        return bundled(name)
    }

    /// Why `locate` found nothing for `name`, with the script it most
    /// likely means: `like.lua` for `like`, the bundled `toggle.lua` for
    /// `togle.lua`, a script of the folder it names (relative to
    /// `directory`, as `locate` reads it). Callers put the name before it
    /// (`like: no such script …`); `reason` is what was looked for.
    public static func notFound(_ name: String, relativeTo directory: String? = nil,
                                reason: String = "no such script here or among the bundled scripts") -> String {
        if !name.hasSuffix(".lua"), locate(name + ".lua", relativeTo: directory) != nil {
            return "\(reason); did you mean `\(name).lua`?"
        }
        let scripts = files(besides: name, relativeTo: directory, endingWith: ".lua")
        guard let near = Suggestions.nearest(to: name, in: scripts + BundledScripts.names) else { return reason }
        return "\(reason); did you mean `\(near)`?"
    }

    /// The files ending with `suffix` in the folder of `name` (a path as a
    /// scene writes it), written as `name` would name them: what a
    /// misspelt script or `ui:` file most likely meant is among them.
    public static func files(besides name: String, relativeTo directory: String?, endingWith suffix: String) -> [String] {
        let folder = (name as NSString).deletingLastPathComponent
        let listed = candidate(folder.isEmpty ? "." : folder, relativeTo: directory)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: listed)) ?? []
        return files.filter { $0.hasSuffix(suffix) }.map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
    }

    /// The file `name` names: itself when absolute, else inside `directory`.
    public static func candidate(_ name: String, relativeTo directory: String?) -> String {
        if name.hasPrefix("/") { return name }
        return directory.map { ($0 as NSString).appendingPathComponent(name) } ?? name
    }

    /// The bundled script `name` names (never an absolute path).
    private static func bundled(_ name: String) -> String? {
        name.hasPrefix("/") ? nil : BundledScripts.path(of: name)
    }

    /// Put before a behaviour script's text when it is compiled: `...` is
    /// the environment, so each run of the chunk gets its own. Same line,
    /// so line numbers stay the author's. (The EmbedFiles plugin compiles
    /// the bundled scripts with it too.)
    static let chunkPrefix = Array("local _ENV = ...; ".utf8)

    public static func display(_ path: String) -> String {
        if let bundled = BundledScripts.displayName(ofPath: path) { return bundled }
        let cwd = FileManager.default.currentDirectoryPath + "/"
        // `./a/../b.lua` and `b.lua` are one file, shown one way.
        let absolute = FileAccess.absolutePath(path)
        if absolute.hasPrefix(cwd) { return String(absolute.dropFirst(cwd.count)) }
        return path.hasPrefix("/") ? absolute : path
    }

    /// `toggle` for `Scripts/toggle.lua`: the behaviour of its default scene.
    public static func defaultBehaviourName(ofPath path: String) -> String {
        // Asked for every scene a spec makes; Foundation's path functions
        // take about a hundred times a dictionary's lookup.
        if let known = knownNames.withLock({ $0[path] }) { return known }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        knownNames.withLock { known in
            if known.count >= pathsRemembered { known.removeAll() }
            known[path] = name
        }
        return name
    }

    private static let knownNames = Mutex<[String: String]>([:])

    private(set) lazy var defaultBehaviourName = LuaScript.defaultBehaviourName(ofPath: path)

    /// The first line where `key` is assigned (`key =` or `["key"] =`),
    /// for messages and declaration order.
    func line(ofKey key: String) -> Int? { assignmentLines[key].map { $0 >> 32 } }

    /// Every name the source assigns with `=`, at its first line (shifted
    /// 32 bits up) and the offset of that assignment (the low bits), so
    /// that names on one line (`outlets = { title = …, field = … }`) keep
    /// the source's order: built once
    /// per source, so reading a declaration stays linear in the source, and
    /// each scene of a script (a spec's thousand) does not build it again.
    private lazy var assignmentLines: [String: Int] = {
        if let known = LuaScript.knownLines.withLock({ $0[path] }), known.source == source { return known.lines }
        let lines = LuaScript.assignmentLines(in: source)
        LuaScript.knownLines.withLock { known in
            if known.count >= LuaScript.pathsRemembered { known.removeAll() }
            known[path] = (source, lines)
        }
        return lines
    }()

    /// The assignment lines of the scripts read last, by path (with the
    /// source they are of; a bundled script's source is one array, which
    /// compares at once).
    private static let knownLines = Mutex<[String: (source: [UInt8], lines: [String: Int])]>([:])
    /// Paths whose name and lines are remembered at most.
    private static let pathsRemembered = 256

    private static func assignmentLines(in source: [UInt8]) -> [String: Int] {
        source.withUnsafeBufferPointer { bytes in
            // Words are offsets into the source (`start..<end`, empty when
            // equal): no bytes are copied until a name is found, and a
            // letter costs a few instructions (Ranges and a switch of ranges
            // cost a cold start about 55 a byte).
            var lines: [String: Int] = [:]
            var line = 1
            var start = 0, end = 0
            var pendingStart = 0, pendingEnd = 0
            var index = 0
            // Lines as Lua counts them: LF, CR, CR LF and LF CR each end one.
            var pairable: UInt8 = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_") {
                    if start == end { start = index - 1 }
                    end = index
                    pairable = 0
                    continue
                }
                let pairs = pairable != 0 && byte != pairable
                pairable = 0
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if pairs { continue }
                    pairable = byte
                    line += 1
                    (start, end) = (index, index)
                    (pendingStart, pendingEnd) = (0, 0)
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
                    if start != end { (pendingStart, pendingEnd) = (start, end) }
                    (start, end) = (index, index)
                case UInt8(ascii: "="):
                    let candidate = start != end ? start..<end : pendingStart..<pendingEnd
                    let doubled = index < bytes.count && bytes[index] == UInt8(ascii: "=")
                    if !doubled, !candidate.isEmpty {
                        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[candidate]), as: UTF8.self)
                        if lines[name] == nil { lines[name] = line << 32 | candidate.lowerBound }
                    }
                    if doubled { index += 1 }
                    (start, end) = (index, index)
                    (pendingStart, pendingEnd) = (0, 0)
                default:
                    (start, end) = (index, index)
                    (pendingStart, pendingEnd) = (0, 0)
                }
            }
            return lines
        }
    }

    // MARK: What error messages read of the source

    /// The local the script keeps its class in (`Like`), read once.
    private(set) lazy var className: String? = ScriptOutline.className(in: source)

    /// The names the script defines (for "did you mean"), read once.
    private(set) lazy var definedNames: Set<String> = ScriptOutline.definedNames(in: source)

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
        // One name has one order: no need to read the source for it.
        guard names.count > 1 else { return names }
        let positions = Dictionary(uniqueKeysWithValues: names.map { ($0, assignmentLines[$0] ?? Int.max) })
        return names.sorted { (positions[$0]!, $0) < (positions[$1]!, $1) }
    }
}

/// The scripts of one runtime: compiled chunks and declarations read, by
/// path, and the script whose top level is running with the class its
/// `behaviour { … }` made.
/// Registry refs of Lua tables made once per behaviour type: its
/// inspectables' defaults as Lua values (each instance's mirror starts as a
/// copy, made by `bh_push_defaults_copy`, which plans the copies of a type
/// of more than one instance), and the names a script's own field must not take without the
/// host's check (the prelude's `instance`).
struct TypeTables {
    let defaults: Int32
    let declared: Int32
    /// Its events' names to their indices (0-based), which `self:send`
    /// reads.
    let events: Int32
}

struct ScriptRegistry {
    var chunkRefs: [String: (source: [UInt8], ref: Int32)] = [:] {
        didSet { lastCompiled = nil }
    }
    /// The script compiled last and its chunk: instances of one script made
    /// one after another find it without hashing its path (a script's path
    /// and source never change).
    var lastCompiled: (script: LuaScript, ref: Int32)?
    /// Declarations already read, by script path, with the Lua tables every
    /// instance of the type uses (`TypeTables`). Read from the first
    /// instance: a later one's `behaviour { … }` table is not looked at.
    var declarations: [String: (source: [UInt8], declaration: BehaviourDeclaration, tables: TypeTables)] = [:] {
        didSet { declarationsChanged &+= 1 }
    }
    /// Counts the changes of `declarations`: what was found there still
    /// holds when the count has not moved.
    private(set) var declarationsChanged = 0
    /// The script whose declaration was looked up last, what was found and
    /// when (`declarationsChanged`).
    private var lastDeclared: (script: LuaScript, declaration: BehaviourDeclaration, tables: TypeTables, version: Int)?

    /// What `declarations` holds for `script`: found by its identity when
    /// it was looked up last and nothing changed since (instances of one
    /// script are made one after another), else by its path.
    mutating func declared(_ script: LuaScript) -> (declaration: BehaviourDeclaration, tables: TypeTables)? {
        if let last = lastDeclared, last.script === script, last.version == declarationsChanged {
            return (last.declaration, last.tables)
        }
        guard let cached = declarations[script.path], cached.source == script.source else { return nil }
        lastDeclared = (script, cached.declaration, cached.tables, declarationsChanged)
        return (cached.declaration, cached.tables)
    }
    var loading: LuaScript?
    /// The class `behaviour { … }` made, with its declaration and, when it
    /// was read before, its tables (as of `declarationsChanged`).
    var pendingClass: (declaration: BehaviourDeclaration, classRef: Int32, cached: (tables: TypeTables, version: Int)?)?
}

extension LuaRuntime {
    /// A script compiled in this runtime, cached by path: every instance
    /// runs the same compiled chunk with its own environment.
    func compiled(_ script: LuaScript) throws(LuaError) -> Int32 {
        if let last = scripts.lastCompiled, last.script === script { return last.ref }
        if let cached = scripts.chunkRefs[script.path], cached.source == script.source {
            scripts.lastCompiled = (script, cached.ref)
            return cached.ref
        }
        let text = LuaScript.chunkPrefix + script.source
        if BundledScripts.isBundled(script.path) { EmbeddedChunks.seedBundled(name: script.displayName) }
        noteChunkName("@" + script.displayName)
        try refuseSlowCompile(script.source, chunkName: "@" + script.displayName)
        let status = bh_load(L, text, text.count, "@" + script.displayName)
        guard status == LUA_OK else {
            throw compileFailure(status, source: script.source, chunkName: "@" + script.displayName, on: L)
        }
        let ref = luaL_ref(L, bh_registryindex())
        if let stale = scripts.chunkRefs[script.path] { unref(stale.ref) }
        scripts.chunkRefs[script.path] = (script.source, ref)
        scripts.lastCompiled = (script, ref)
        // Its `require` looks beside it first.
        modules.scopes["@" + script.displayName] = ModuleScope(roots: BundledScripts.isBundled(script.path)
            ? [LuaRuntime.bundledModules]
            : [(script.namedPath as NSString).deletingLastPathComponent, LuaRuntime.bundledModules])
        return ref
    }

    /// Runs a script in a fresh sandbox environment, named by the string at
    /// stack index `identity` (the instance's name; 0 for none): its
    /// declaration, and the registry ref of its class table. With
    /// `keepingEnvironment`, the environment is left on top of the stack
    /// (its instance keeps it, to give its math.random's slot back); a
    /// script that fails gives it back at once.
    func instantiate(_ script: LuaScript, identity: Int32, keepingEnvironment: Bool = false) throws(LuaError)
        -> (BehaviourDeclaration, classRef: Int32, tables: TypeTables) {
        let chunk = try compiled(script)
        let top = lua_gettop(L)
        var made = false
        defer {
            if !made { bh_release_generator(L, top + 1) }
            lua_settop(L, made && keepingEnvironment ? top + 1 : top)
        }
        pushEnvironment(identity: identity)
        pushRef(chunk, on: L)
        lua_pushvalue(L, top + 1)
        scripts.loading = script
        scripts.pendingClass = nil
        let failure = protectedCall(arguments: 1, results: 1)
        scripts.loading = nil
        let pending = scripts.pendingClass
        scripts.pendingClass = nil
        if let failure {
            if let pending { unref(pending.classRef) }
            // A script that cannot load gets a one-line reason.
            var error = explained(failure, in: nil, script: script)
            error.traceback = nil
            throw error
        }
        guard let (declaration, classRef, cached) = pending else {
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
            throw LuaError(file: script.displayName, line: line,
                           text: "the script must end by returning its behaviour, or Behave cannot use it", fix: fix)
        }
        // Found by behaviour { … } (one lookup of the path, not two).
        made = true
        if let cached, cached.version == scripts.declarationsChanged {
            return (declaration, classRef, cached.tables)
        }
        if let cached = scripts.declared(script) {
            return (cached.declaration, classRef, cached.tables)
        }
        var finished = declaration
        let methods = functionKeys(ofTableAt: -1)
        let delegateNames = Set(ScriptAPI.delegateMessages)
        finished.delegateMessages = methods.filter { delegateNames.contains($0) }
        // One rule for inspect, check, scenes and the responder chain.
        finished.actions = script.sortedBySource(methods.filter(ScriptAPI.isAction))
        // Instances of a script share its declaration: read it once.
        let tables = typeTables(finished)
        if let stale = scripts.declarations[script.path] {
            unref(stale.tables.defaults)
            unref(stale.tables.declared)
            unref(stale.tables.events)
        }
        scripts.declarations[script.path] = (script.source, finished, tables)
        return (finished, classRef, tables)
    }

    /// The Lua tables the instances of `declaration` share (`TypeTables`).
    private func typeTables(_ declaration: BehaviourDeclaration) -> TypeTables {
        lua_createtable(L, 0, Int32(declaration.inspectables.count))
        for spec in declaration.inspectables {
            push(spec.defaultValue, on: L)
            setField(spec.name, in: L)
        }
        let defaults = luaL_ref(L, bh_registryindex())
        // Each declared name; and by first byte, the shortest and longest
        // name a new field could be a misspelling of (`instanceSet` says).
        lua_createtable(L, 0, 8)
        let names = declaration.inspectables.map(\.name) + declaration.outlets.map(\.name)
        for name in names + declaration.outletCollections.map(\.name) + ["name", "owner"] {
            lua_pushboolean(L, 1)
            setField(name, in: L)
        }
        // (Kept in the table as they are found: a Swift dictionary keyed by
        // a new type would cost the cold start a conformance scan.)
        for name in names {
            guard let first = name.utf8.first else { continue }
            let length = lua_Integer(name.utf8.count)
            if lua_rawgeti(L, -1, lua_Integer(first)) == LUA_TTABLE {
                lua_rawgeti(L, -1, 1)
                let shortest = lua_tointegerx(L, -1, nil)
                lua_rawgeti(L, -2, 2)
                let longest = lua_tointegerx(L, -1, nil)
                bh_pop(L, 2)
                lua_pushinteger(L, Swift.min(shortest, length))
                lua_rawseti(L, -2, 1)
                lua_pushinteger(L, Swift.max(longest, length))
                lua_rawseti(L, -2, 2)
                bh_pop(L, 1)
            } else {
                bh_pop(L, 1)
                lua_createtable(L, 2, 0)
                lua_pushinteger(L, length)
                lua_rawseti(L, -2, 1)
                lua_pushinteger(L, length)
                lua_rawseti(L, -2, 2)
                lua_rawseti(L, -2, lua_Integer(first))
            }
        }
        let declared = luaL_ref(L, bh_registryindex())
        lua_createtable(L, 0, Int32(declaration.events.count))
        for (index, event) in declaration.events.enumerated() {
            lua_pushinteger(L, lua_Integer(index))
            setField(event, in: L)
        }
        return TypeTables(defaults: defaults, declared: declared, events: luaL_ref(L, bh_registryindex()))
    }

    /// A fresh sandbox environment with the behaviour API in it: its
    /// names are brought in as they are first used (`environment.c`), so
    /// a behaviour costs what it uses of them. The string at stack index
    /// `identity` (a behaviour's name, a module's chunk; 0 for none) seeds
    /// its `math.random` when it reads `math`.
    func pushEnvironment(identity: Int32) {
        bh_push_behaviour_env(L, identity)
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
    /// throwaway sandbox; no handler runs. The modules it requires are read
    /// only inside its folder (`FileAccess.named`), as when it runs.
    public func declaration(limits: SandboxLimits = .default) throws(LuaError) -> BehaviourDeclaration {
        let scene = Scene(screen: defaultBehaviourName)
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        defer { runtime.close() }
        runtime.fileAccess = .named(path, isScene: false)
        let (declaration, classRef, _) = try runtime.instantiate(self, identity: 0)
        runtime.unref(classRef)
        return declaration
    }
}
