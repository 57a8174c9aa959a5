import BehaveLua
import BehaveSyntax
import Foundation

/// The files a scene is made from, found without running it: the scene
/// file, its behaviours' scripts, and the modules they require (beside the
/// script, then among the bundled scripts, as `require` finds them).
/// `check` follows them; `run --watch` and Behave Studio reload when one
/// of them is saved.
public enum SceneFiles {
    /// The files of `source`: a scene file and its scripts, or the script,
    /// each followed by the modules it requires.
    public static func of(_ source: SceneSource) -> [String] {
        switch source.kind {
        case .sceneFile(let file): following([file] + scripts(inScene: file)).map(\.file)
        case .script: following(source.scriptPath.map { [$0] } ?? []).map(\.file)
        }
    }

    /// The scripts a scene file's behaviours use.
    public static func scripts(inScene file: String) -> [String] {
        guard let node = try? SceneLoader.read(file: file), case .map(let entries, _) = node,
              case .map(let behaviours, _)? = entries.first(where: { $0.key == "behaviours" })?.value else { return [] }
        let directory = (file as NSString).deletingLastPathComponent
        return behaviours.compactMap { entry in
            guard case .map(let fields, _) = entry.value,
                  let name = fields.first(where: { $0.key == "script" })?.value.text else { return nil }
            return LuaScript.locate(name, relativeTo: directory)
        }
    }

    /// How many controls each behaviour of a scene file lists for each
    /// outlet collection, by script: for a script used by several
    /// behaviours, the fewest (an index past it fails in one of them).
    public static func collectionSizes(inScene file: String) -> [String: [String: Int]] {
        guard let node = try? SceneLoader.read(file: file), case .map(let entries, _) = node,
              case .map(let behaviours, _)? = entries.first(where: { $0.key == "behaviours" })?.value else { return [:] }
        let directory = (file as NSString).deletingLastPathComponent
        var sizes: [String: [String: Int]] = [:]
        for entry in behaviours {
            guard case .map(let fields, _) = entry.value,
                  let name = fields.first(where: { $0.key == "script" })?.value.text,
                  let script = LuaScript.locate(name, relativeTo: directory),
                  case .map(let collections, _)? = fields.first(where: { $0.key == "outletCollections" })?.value else { continue }
            for collection in collections {
                guard case .list(let items, _) = collection.value else { continue }
                sizes[script, default: [:]][collection.key] = min(items.count, sizes[script]?[collection.key] ?? .max)
            }
        }
        return sizes
    }

    /// `files`, each file once and in their order, each script followed by
    /// the modules it requires with a literal name (and theirs) that are
    /// not among `files`; `isModule` for those, and for a script given by
    /// name that never names `behaviour` (a module checked on its own).
    public static func following(_ files: [String]) -> [(file: String, isModule: Bool)] {
        let named = Set(files.map { ($0 as NSString).standardizingPath })
        var seen = Set<String>()
        var result: [(file: String, isModule: Bool)] = []
        for file in files {
            guard seen.insert((file as NSString).standardizingPath).inserted else { continue }
            guard file.hasSuffix(".lua") else {
                result.append((file, false))
                continue
            }
            let isSpec = file.lowercased().hasSuffix("_spec.lua")
            let source = LuaScript.locate(file).flatMap { try? LuaScript(contentsOf: $0) }?.source
            result.append((file, !isSpec && source.map { !LuaSource.namesBehaviour($0) } ?? false))
            let roots = [(file as NSString).deletingLastPathComponent, LuaRuntime.bundledModules]
            var pending = [file]
            while let script = pending.popLast(), result.count < 1000 {
                guard let source = try? LuaScript(contentsOf: script) else { continue }
                for name in LuaSource.requiredModules(source.source) {
                    guard let (found, _) = try? LuaRuntime.findModule(name, roots: roots) else { continue }
                    // A module given by name is checked in its place.
                    guard let found, !named.contains((found as NSString).standardizingPath),
                          seen.insert((found as NSString).standardizingPath).inserted else { continue }
                    result.append((found.hasPrefix("./") ? String(found.dropFirst(2)) : found, true))
                    pending.append(found)
                }
            }
        }
        return result
    }
}
