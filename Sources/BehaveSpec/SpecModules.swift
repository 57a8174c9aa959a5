import BehaveCore
import BehaveLua
import BehaveSyntax
import Foundation

/// Where `require` in a spec file looks, as busted and Lua people expect:
/// in the working directory's `src/` (busted's default module path,
/// `./src/?.lua;./src/?/?.lua;./src/?/init.lua`, before Lua's own), from
/// the working directory (Lua's default `./?.lua` and `./?/init.lua`),
/// then beside the spec file, then, for a spec inside a suite of its own
/// below the working directory, in that suite's folder (the nearest folder
/// above the spec that holds a `.busted`), its `src/` first, so that a
/// library's specs also run from a checkout's root.
public enum SpecModules {
    /// The folders and path templates, in order, for a spec file in `directory`.
    static func roots(forSpecIn directory: String) -> [String] {
        var roots = sourceTemplates(in: ".") + ["."]
        let folder = directory.isEmpty ? "." : directory
        if FileAccess.absolutePath(folder) != FileAccess.absolutePath(".") { roots.append(folder) }
        if let suite = suiteFolder(above: folder), !roots.contains(where: { FileAccess.absolutePath($0) == FileAccess.absolutePath(suite) }) {
            roots += sourceTemplates(in: suite) + [suite]
        }
        return roots
    }

    /// The module files spec file `spec` requires with a literal name
    /// (`require "words"`), and those they require, found as its `require`
    /// finds them, where the spec may read, each once: what `behave test`
    /// and `check` lint as the spec's. busted's modules and Lua's
    /// libraries, which `require` answers with no file, are none; nor is a
    /// module found only through a `package.path` the spec sets.
    public static func files(requiredBy spec: String) -> [String] {
        var found: [String] = [], seen: Set<String> = [], pending = [spec]
        // Where to look, made for a spec that requires something: most
        // specs of a run require nothing, and `behave test` asks of each.
        var search: (roots: [String], access: FileAccess)?
        while let file = pending.popLast(), found.count < 1000 {
            guard let script = try? LuaScript(contentsOf: file) else { continue }
            for name in LuaSource.requiredModules(script.source) where !answeredWithoutFile.contains(name) {
                if search == nil {
                    let directory = (spec as NSString).deletingLastPathComponent
                    search = (SpecModules.roots(forSpecIn: directory), FileAccess.spec(in: directory))
                }
                guard let (roots, access) = search, let module = (try? LuaRuntime.findModule(name, roots: roots, access: access))?.0,
                      seen.insert(FileAccess.realPath(FileAccess.absolutePath(module)) ?? module).inserted else { continue }
                found.append(module)
                pending.append(module)
            }
        }
        return found
    }

    /// What a spec's `require` answers before any file: Lua's libraries
    /// (`package.loaded`) and busted's modules (preloaded), read from the
    /// spec prelude's (Lua/prelude.lua) own tables of them, `loaded` and
    /// `modules`, so that the names are written once. Read the first time
    /// a spec requires something.
    public static let answeredWithoutFile = keys(ofTables: ["loaded", "modules"], in: specPreludeSource)

    /// The string keys of the tables that the top-level `local`s named
    /// `names` are made with (`local loaded = { _G = env, … }`).
    static func keys(ofTables names: Set<String>, in source: [UInt8]) -> Set<String> {
        guard let chunk = try? LuaParser.parse(source) else { return [] }
        var keys: Set<String> = []
        for statement in chunk.statements {
            guard case .local(let locals, let values) = statement.kind else { continue }
            for (local, value) in zip(locals, values) where names.contains(local.name) {
                guard case .table(let items, _) = value else { continue }
                for item in items {
                    switch item {
                    case .named(let key, _): keys.insert(key.name)
                    case .keyed(.string(let key, _), _): keys.insert(key)
                    default: break
                    }
                }
            }
        }
        return keys
    }

    /// The roots as a spec's `package.path` starts: each folder as Lua's
    /// two templates (`./?.lua;./?/init.lua`), a folder below the working
    /// directory written from it (`spec/?.lua`), as `require`'s messages
    /// show the files. Set to this text, the path searches just what the
    /// roots do.
    static func packagePath(_ roots: [String]) -> String {
        // Made for every spec file: the working directory is asked for
        // only when a root is absolute (a suite's folder).
        let cwd = roots.contains { $0.hasPrefix("/") } ? FileAccess.absolutePath(".") + "/" : nil
        var path = ""
        for root in roots {
            let shown = cwd.map { root.hasPrefix($0) ? String(root.dropFirst($0.count)) : root } ?? root
            if !path.isEmpty { path += ";" }
            if shown.hasSuffix(".lua") && shown.contains("?") {
                path += shown
            } else {
                path += shown + "/?.lua;" + shown + "/?/init.lua"
            }
        }
        return path
    }

    /// busted's default module path, in `folder`.
    static func sourceTemplates(in folder: String) -> [String] {
        ["?.lua", "?/?.lua", "?/init.lua"].map { (folder == "." ? "./src/" : folder + "/src/") + $0 }
    }

    /// Where modules live, for the message of one not found.
    static func hint(_ roots: [String]) -> String {
        roots.count > 5
            ? "in a spec, modules are found in the working directory's src/ (as busted looks), from the working directory, then beside the spec file, then in its suite's folder (the nearest with a .busted) and its src/"
            : "in a spec, modules are found in the working directory's src/ (as busted looks), from the working directory, then beside the spec file"
    }

    /// The nearest folder from `folder` up to (not including) the working
    /// directory that holds a `.busted`; nil when the spec is not below the
    /// working directory or no such folder is on the way.
    private static func suiteFolder(above folder: String) -> String? {
        let cwd = FileAccess.absolutePath(".")
        var current = FileAccess.absolutePath(folder)
        while current.hasPrefix(cwd + "/") {
            if FileManager.default.fileExists(atPath: current + "/.busted") { return current }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }
}
