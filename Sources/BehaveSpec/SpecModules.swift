import BehaveCore
import Foundation

/// Where `require` in a spec file looks, as busted and Lua people expect:
/// in the working directory's `src/` (busted's default module path,
/// `./src/?.lua;./src/?/?.lua;./src/?/init.lua`, before Lua's own), from
/// the working directory (Lua's default `./?.lua` and `./?/init.lua`),
/// then beside the spec file, then, for a spec inside a suite of its own
/// below the working directory, in that suite's folder (the nearest folder
/// above the spec that holds a `.busted`), its `src/` first, so that a
/// library's specs also run from a checkout's root.
enum SpecModules {
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
