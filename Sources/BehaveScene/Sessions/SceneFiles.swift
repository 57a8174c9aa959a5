import BehaveCore
import BehaveLua
import BehaveSyntax
import Foundation

/// The files a scene is made from, found without running it: the scene
/// file, its behaviours' scripts, and the modules they require (beside the
/// script, then among the bundled scripts, as `require` finds them), each
/// only where the scene may read it (`FileAccess`), so that the linter
/// never reads a file the scene could not. `check` follows them; `run
/// --watch` and Behave Studio reload when one of them is saved.
public enum SceneFiles {
    /// The files of `source`: a scene file and its scripts, or the script,
    /// each followed by the modules it requires; then a scene's `.ui` file;
    /// then the files it names that are not there yet, where they would be
    /// found (a script beside the scene, a module beside the script that
    /// requires it), so that making one loads the scene again.
    public static func of(_ source: SceneSource) -> [String] {
        switch source.kind {
        case .sceneFile(let file):
            let named = namedScripts(inScene: file, access: source.access)
            let walked = walk([file] + named.compactMap(\.script), access: source.access)
            return walked.found.map(\.file) + interface(ofScene: file, access: source.access)
                + named.compactMap { $0.script == nil ? $0.beside : nil } + walked.awaited
        case .script:
            let walked = walk(source.scriptPath.map { [$0] } ?? [], access: source.access)
            return walked.found.map(\.file) + walked.awaited
        }
    }

    /// The `.ui` file a scene names, where the scene may read it, whether
    /// or not it is there or right yet: a designer's save (or the file
    /// made at last) loads the scene again.
    private static func interface(ofScene file: String, access: FileAccess) -> [String] {
        guard let written = SceneLoader.writtenInterface(of: file) else { return [] }
        let path = PhotoLibrary.resolve(written, relativeTo: SceneLoader.directory(of: file))
        do throws(ValueError) {
            _ = try access.check(path)
            return [path]
        } catch {
            return []
        }
    }

    /// The scripts a scene file's behaviours use that `access` lets it
    /// read (nil: what a scene named on the command line may read).
    public static func scripts(inScene file: String, access: FileAccess? = nil) -> [String] {
        behaviours(inScene: file, access: access).map(\.script)
    }

    /// Each script of a scene file (as `scripts(inScene:)` names it) that
    /// the scene names by another path, through a linked folder: the path
    /// as the scene names it (`link/esc.lua`, where the file read is the
    /// one the link leads to).
    public static func scriptNames(inScene file: String, access: FileAccess? = nil) -> [String: String] {
        var names: [String: String] = [:]
        for named in namedScripts(inScene: file, access: access) {
            guard let script = named.script, !BundledScripts.isBundled(script),
                  FileAccess.absolutePath(script) != FileAccess.absolutePath(named.beside) else { continue }
            names[script] = LuaScript.display(named.beside)
        }
        return names
    }

    /// How many controls each behaviour of a scene file lists for each
    /// outlet collection, by script (as `scripts(inScene:)` names it): for
    /// a script used by several behaviours, the fewest (an index past it
    /// fails in one of them).
    public static func collectionSizes(inScene file: String, access: FileAccess? = nil) -> [String: [String: Int]] {
        var sizes: [String: [String: Int]] = [:]
        for (script, fields) in behaviours(inScene: file, access: access) {
            guard case .map(let collections, _)? = fields.first(where: { $0.key == "outletCollections" })?.value else { continue }
            for collection in collections {
                guard case .list(let items, _) = collection.value else { continue }
                sizes[script, default: [:]][collection.key] = min(items.count, sizes[script]?[collection.key] ?? .max)
            }
        }
        return sizes
    }

    /// Each behaviour of a scene file that names a script `access` lets it
    /// read: the script's path and the behaviour's fields.
    private static func behaviours(inScene file: String, access: FileAccess?) -> [(script: String, fields: [SceneNode.Entry])] {
        namedScripts(inScene: file, access: access).compactMap { named in named.script.map { ($0, named.fields) } }
    }

    /// Each behaviour of a scene file that names a script inside what
    /// `access` lets it read: the script's path (nil when it is not
    /// there), where it would be beside the scene, and the behaviour's
    /// fields.
    private static func namedScripts(inScene file: String, access: FileAccess?)
        -> [(script: String?, beside: String, fields: [SceneNode.Entry])] {
        guard let node = try? SceneLoader.read(file: file), case .map(let entries, _) = node,
              case .map(let behaviours, _)? = entries.first(where: { $0.key == "behaviours" })?.value else { return [] }
        let directory = (file as NSString).deletingLastPathComponent
        let access = access ?? .named(file, isScene: true)
        return behaviours.compactMap { entry in
            guard case .map(let fields, _) = entry.value,
                  let name = fields.first(where: { $0.key == "script" })?.value.text,
                  // A script outside the folders is refused, not awaited.
                  case .success(let found) = Result(catching: { () throws(ValueError) in
                      try LuaScript.locate(name, relativeTo: directory, access: access)
                  }) else { return nil }
            let beside = name.hasPrefix("/") ? name : (directory as NSString).appendingPathComponent(name)
            return (found, beside, fields)
        }
    }

    /// `files`, each file once and in their order, each script followed by
    /// the modules it requires with a literal name (and theirs) that are
    /// not among `files`; `isModule` for those, and for a script given by
    /// name that never names `behaviour` (a module checked on its own).
    /// A spec file's modules are not followed here: its `require` finds
    /// them as busted does (`SpecModules.files(requiredBy:)`).
    /// Modules are found where `access` allows (nil: for each file given,
    /// what a script named on the command line may read).
    public static func following(_ files: [String], access: FileAccess? = nil) -> [(file: String, isModule: Bool)] {
        walk(files, access: access).found
    }

    /// What `following` finds, and where each module a script requires
    /// but that is not there yet would be found first (beside the script:
    /// `words.lua` and `words/init.lua` for `require "words"`).
    private static func walk(_ files: [String], access: FileAccess?)
        -> (found: [(file: String, isModule: Bool)], awaited: [String]) {
        // One file by every path to it (modules are found by real path).
        func key(_ path: String) -> String { FileAccess.realPath(FileAccess.absolutePath(path)) ?? FileAccess.absolutePath(path) }
        let named = Set(files.map(key))
        var seen = Set<String>()
        var result: [(file: String, isModule: Bool)] = []
        var awaited: [String] = []
        for file in files {
            guard seen.insert(key(file)).inserted else { continue }
            guard file.hasSuffix(".lua") else {
                result.append((file, false))
                continue
            }
            let isSpec = file.lowercased().hasSuffix("_spec.lua")
            let source = LuaScript.locate(file).flatMap { try? LuaScript(contentsOf: $0) }?.source
            result.append((file, !isSpec && source.map { !LuaSource.namesBehaviour($0) } ?? false))
            // A spec's `require` looks elsewhere (`SpecModules`, which its
            // caller follows).
            guard !isSpec else { continue }
            let roots = [(file as NSString).deletingLastPathComponent, LuaRuntime.bundledModules]
            let modules = access ?? .named(file, isScene: false)
            var pending = [file]
            while let script = pending.popLast(), result.count < 1000 {
                // A module is read as its check found it; the file given, as it is.
                guard let source = try? LuaScript(contentsOf: script, access: script == file ? .unrestricted : modules) else { continue }
                for name in LuaSource.requiredModules(source.source) {
                    guard let (found, _, _) = try? LuaRuntime.findModule(name, roots: roots, access: modules) else { continue }
                    guard let found else {
                        if let relative = try? LuaRuntime.modulePath(name) {
                            awaited += [relative + ".lua", relative + "/init.lua"]
                                .map { LuaScript.display((roots[0] as NSString).appendingPathComponent($0)) }
                        }
                        continue
                    }
                    // A module given by name is checked in its place.
                    guard !named.contains(key(found)), seen.insert(key(found)).inserted else { continue }
                    result.append((BundledScripts.isBundled(found) ? found : LuaScript.display(found), true))
                    pending.append(found)
                }
            }
        }
        return (result, awaited)
    }
}
