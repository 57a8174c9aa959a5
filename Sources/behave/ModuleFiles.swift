import BehaveLua
import BehaveSyntax
import Foundation

/// The modules scripts require, found as `require` finds them (beside the
/// script, then among the bundled scripts), so `check` looks at them too.
enum ModuleFiles {
    /// `files`, each script followed by the modules it requires with a
    /// literal name (and theirs), each file once; `isModule` for those.
    static func following(_ files: [String]) -> [(file: String, isModule: Bool)] {
        var seen = Set<String>()
        var result: [(file: String, isModule: Bool)] = []
        for file in files {
            guard seen.insert((file as NSString).standardizingPath).inserted else { continue }
            result.append((file, false))
            guard file.hasSuffix(".lua") else { continue }
            let roots = [(file as NSString).deletingLastPathComponent, LuaRuntime.bundledModules]
            var pending = [file]
            while let script = pending.popLast(), result.count < 1000 {
                guard let source = try? LuaScript(contentsOf: script) else { continue }
                for name in LuaSource.requiredModules(source.source) {
                    guard let (found, _) = try? LuaRuntime.findModule(name, roots: roots) else { continue }
                    guard let found, seen.insert((found as NSString).standardizingPath).inserted else { continue }
                    result.append((found.hasPrefix("./") ? String(found.dropFirst(2)) : found, true))
                    pending.append(found)
                }
            }
        }
        return result
    }
}
