import Foundation

/// Which host files untrusted input may make Behave read. A spec file is
/// untrusted code: every path it hands the host (a scene file, a script, a
/// photo folder, a camera image, and the paths inside a scene it loads)
/// must lie inside one of a few folders once `..` and symbolic links are
/// resolved. The command line is the user's own choice and reads any path
/// (`unrestricted`).
public struct FileAccess: Sendable {
    /// Each folder's absolute path as given and its real path; nil: any path.
    private let roots: [(given: String, real: String)]?
    /// The folders in words, for messages.
    public let description: String

    /// Any path (what the user names on the command line).
    public static let unrestricted = FileAccess(roots: nil, description: "any folder")

    private init(roots: [(given: String, real: String)]?, description: String) {
        self.roots = roots
        self.description = description
    }

    /// Only what lies inside `folders` (absolute, or from the working
    /// directory); `description` names them in messages ("the spec's
    /// folder, the working directory or the bundled Scripts/").
    public init(folders: [String], description: String) {
        let roots = folders.map { folder -> (given: String, real: String) in
            let given = FileAccess.normalized(FileAccess.absolute(folder))
            return (given, FileAccess.realPath(given) ?? given)
        }
        self.init(roots: roots, description: description)
    }

    public var isRestricted: Bool { roots != nil }

    /// The path to read for `path` (absolute, or from the working
    /// directory), or nil when nothing is there: its real path when access
    /// is restricted, else `path` itself. Throws when `path` lies outside
    /// the folders; `shown` names it in messages (nil: the message names
    /// nothing), which never say more about a path outside than that it is
    /// outside.
    public func check(_ path: String, shown: String? = nil) throws(ValueError) -> String? {
        guard let roots else { return FileManager.default.fileExists(atPath: path) ? path : nil }
        let name = shown.map { "\($0): " } ?? ""
        let absolute = FileAccess.absolute(path)
        // Refused before anything is asked of the file system, so that a
        // message cannot tell whether a file outside exists.
        let lexical = FileAccess.normalized(absolute)
        guard roots.contains(where: { FileAccess.isInside(lexical, $0.given) || FileAccess.isInside(lexical, $0.real) })
        else {
            throw ValueError("\(name)outside the folders a spec may read (\(description))")
        }
        guard let real = FileAccess.realPath(absolute) else { return nil }
        guard roots.contains(where: { FileAccess.isInside(real, $0.real) }) else {
            throw ValueError("\(name)a symbolic link leads outside the folders a spec may read (\(description))")
        }
        return real
    }

    // MARK: Paths

    /// `path` as an absolute path without `.` and `..` (the file system is
    /// not asked).
    public static func absolutePath(_ path: String) -> String {
        normalized(absolute(path))
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `/a/b/../c/./d` as `/a/c/d`, without asking the file system.
    static func normalized(_ absolute: String) -> String {
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// The path with every symbolic link resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }
}
