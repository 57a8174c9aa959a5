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

    /// `files`, each script followed by the modules it requires with a
    /// literal name (and theirs), each file once; `isModule` for those.
    public static func following(_ files: [String]) -> [(file: String, isModule: Bool)] {
        var seen = Set<String>()
        var result: [(file: String, isModule: Bool)] = []
        for file in files {
            guard seen.insert((file as NSString).standardizingPath).inserted else { continue }
            result.append((file, false))
            guard file.hasSuffix(".lua") else { continue }
            let roots = [(file as NSString).deletingLastPathComponent, LuaScript.bundledDirectory]
            var pending = [file]
            while let script = pending.popLast(), result.count < 1000 {
                guard let data = FileManager.default.contents(atPath: script) else { continue }
                for name in LuaSource.requiredModules(Array(data)) {
                    guard let relative = try? LuaRuntime.modulePath(name) else { continue }
                    let found = roots.lazy.flatMap { root in
                        [relative + ".lua", relative + "/init.lua"].map { (root as NSString).appendingPathComponent($0) }
                    }.first { FileManager.default.fileExists(atPath: $0) }
                    guard let found, seen.insert((found as NSString).standardizingPath).inserted else { continue }
                    result.append((found.hasPrefix("./") ? String(found.dropFirst(2)) : found, true))
                    pending.append(found)
                }
            }
        }
        return result
    }
}
