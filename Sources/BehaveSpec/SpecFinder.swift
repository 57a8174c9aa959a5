import BehaveCore
import BehaveScene
import Foundation

/// Finds spec files: `*_spec.lua` under each directory (recursively,
/// skipping hidden directories such as `.git` and `.build`), or a file given
/// by name. The search is bounded on any tree: symbolic links met on the way
/// are not followed (a link back up would loop, and one out of the tree
/// would search elsewhere), every real file runs once however many paths
/// lead to it, and the search stops with an error past `maximumDepth`
/// levels, `maximumEntries` entries or `maximumFiles` spec files.
public enum SpecFinder {
    public static let maximumDepth = 64
    public static let maximumEntries = 200_000
    public static let maximumFiles = 20_000

    /// Why the search cannot give the files: a path that does not exist, or
    /// a tree past a bound.
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason = "no such file or directory"
        public var description: String { "\(path): \(reason)" }
    }

    public static func find(_ paths: [String]) throws(Failure) -> [String] {
        var search = Search()
        for path in paths.isEmpty ? ["."] : paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Failure(path: path) }
            if isDirectory.boolValue {
                try search.directory(path, depth: 0)
            } else if Checker.isScene(path) || Checker.isDrawing(path) {
                // A file given by name runs whatever it is called, but a
                // scene (or its drawing) read as Lua fails on its first line.
                throw Failure(path: path, reason: notASpec(path))
            } else {
                search.add(path)
            }
        }
        return search.files
    }

    private static func notASpec(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let what = Checker.isScene(path) ? "a scene file" : "a GtkBuilder file"
        let scene = Checker.isScene(path) ? name : "SCENE.yaml"
        return "\(what), not a spec: a spec is a *_spec.lua file that loads the scene, `scene.load(\"\(scene)\")`, "
            + "and `behave test` with no path runs those of the working directory; `behave check \(Checker.isScene(path) ? name : scene)` checks it without a spec"
    }

    private struct Search {
        var files: [String] = []
        var seenFiles = Set<FileIdentity>()
        var seenDirectories = Set<FileIdentity>()
        var entries = 0

        mutating func add(_ path: String) {
            guard let identity = FileIdentity(path) else { return files.append(path) }
            if seenFiles.insert(identity).inserted { files.append(path) }
        }

        mutating func directory(_ directory: String, depth: Int) throws(Failure) {
            // A directory named twice (`behave test . Scripts`) is searched once.
            guard let identity = FileIdentity(directory), seenDirectories.insert(identity).inserted else { return }
            guard depth <= SpecFinder.maximumDepth else {
                throw Failure(path: directory, reason: "more than \(SpecFinder.maximumDepth) directories deep; name the directories that hold specs")
            }
            guard let listing = FolderListing.read(directory, limit: SpecFinder.maximumEntries - entries) else { return }
            entries += listing.entries.count
            guard !listing.isTruncated else {
                throw Failure(path: directory, reason: "more than \(SpecFinder.maximumEntries) files and directories to search; name the directories that hold specs")
            }
            for entry in listing.entries where !entry.name.hasPrefix(".") {
                let path = directory == "." ? entry.name : (directory as NSString).appendingPathComponent(entry.name)
                switch entry.kind {
                case .folder:
                    try self.directory(path, depth: depth + 1)
                case .file where entry.name.hasSuffix("_spec.lua") || entry.name.hasSuffix(".behave"):
                    guard files.count < SpecFinder.maximumFiles else {
                        throw Failure(path: directory, reason: "more than \(SpecFinder.maximumFiles) spec files; name the directories that hold specs")
                    }
                    add(path)
                default:
                    break  // links, other files
                }
            }
        }
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
