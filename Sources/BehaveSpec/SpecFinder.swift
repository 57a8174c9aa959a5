import Foundation

/// Finds spec files: `*_spec.lua` under each directory (recursively,
/// skipping hidden and `.build*` directories), or a file given by name.
public enum SpecFinder {
    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): no such file or directory" }
    }

    public static func find(_ paths: [String]) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths.isEmpty ? ["."] : paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Missing(path: path) }
            if isDirectory.boolValue {
                var visited = Set<String>()
                files += search(path, visited: &visited)
            } else {
                files.append(path)
            }
        }
        var seen = Set<String>()
        return files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }

    private static func search(_ directory: String, visited: inout Set<String>) -> [String] {
        var found: [String] = []
        // A symbolic link back up the tree must not loop.
        guard visited.insert((directory as NSString).resolvingSymlinksInPath).inserted,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory == "." ? name : (directory as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found += search(path, visited: &visited)
            } else if name.hasSuffix("_spec.lua") {
                found.append(path)
            }
        }
        return found
    }

    /// A path as messages show it: relative to the working directory when
    /// it is inside it.
    public static func display(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        let absolute = path.hasPrefix("/") ? path : cwd + path
        let standardized = (absolute as NSString).standardizingPath
        return standardized.hasPrefix(cwd) ? String(standardized.dropFirst(cwd.count)) : standardized
    }
}
