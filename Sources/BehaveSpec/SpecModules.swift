import BehaveCore
import Foundation

/// Where `require` in a spec file looks, as Lua people expect: from the
/// working directory (Lua's default `./?.lua` and `./?/init.lua`), then
/// beside the spec file, then, for a spec inside a suite of its own below
/// the working directory, in that suite's folder (the nearest folder above
/// the spec that holds a `.busted`), so that a library's specs also run
/// from a checkout's root.
enum SpecModules {
    /// The folders, in order, for a spec file in `directory`.
    static func roots(forSpecIn directory: String) -> [String] {
        var roots = ["."]
        let folder = directory.isEmpty ? "." : directory
        if FileAccess.absolutePath(folder) != FileAccess.absolutePath(".") { roots.append(folder) }
        if let suite = suiteFolder(above: folder), !roots.contains(where: { FileAccess.absolutePath($0) == FileAccess.absolutePath(suite) }) {
            roots.append(suite)
        }
        return roots
    }

    /// Where modules live, for the message of one not found.
    static func hint(_ roots: [String]) -> String {
        roots.count > 2
            ? "in a spec, modules are found from the working directory, then beside the spec file, then in its suite's folder (the nearest with a .busted)"
            : "in a spec, modules are found from the working directory, then beside the spec file"
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
