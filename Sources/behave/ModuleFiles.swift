import BehaveCheck
import BehaveLua
import BehaveSyntax
import Foundation

/// The modules scripts require, found as `require` finds them (beside the
/// script, then among the bundled scripts), so `check` looks at them too.
enum ModuleFiles {
    /// `files`, each file once and in their order, each script followed by
    /// the modules it requires with a literal name (and theirs) that are
    /// not among `files`; `isModule` for those, and for a script given by
    /// name that never names `behaviour` (a module checked on its own).
    static func following(_ files: [String]) -> [(file: String, isModule: Bool)] {
        let named = Set(files.map { ($0 as NSString).standardizingPath })
        var seen = Set<String>()
        var result: [(file: String, isModule: Bool)] = []
        for file in files {
            guard seen.insert((file as NSString).standardizingPath).inserted else { continue }
            guard file.hasSuffix(".lua") else {
                result.append((file, false))
                continue
            }
            let isSpec = ScriptLinter.Kind(file: file) == .spec
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
