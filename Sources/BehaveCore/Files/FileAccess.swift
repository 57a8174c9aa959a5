import Foundation

/// Which host files untrusted input may make Behave read. Spec files,
/// behaviour scripts, scene files and transcripts are untrusted: every path
/// one of them hands the host (a scene file, a script, a module it
/// requires, a photo folder, a camera image, and the paths inside a scene
/// it loads) must lie inside one of a few folders once `..` and symbolic
/// links are resolved (`spec(in:)`, `named(_:)`). What the user names on
/// the command line is their own choice and is read wherever it is; what
/// that file names in turn is not.
public struct FileAccess: Sendable {
    /// Each folder's absolute path as given and its real path; nil: any path.
    private let roots: [(given: String, real: String)]?
    /// The folders in words, for messages.
    public let description: String
    /// Who is refused, for messages ("a spec", "the scene").
    public let reader: String
    /// What to do about a refusal, for messages; nil: nothing said.
    private let fix: String?
    /// The file the user named (absolute, without `..`), read as given.
    private var named: String?

    /// Any path (what the user names on the command line).
    public static let unrestricted = FileAccess(roots: nil, description: "any folder", reader: "the command line", fix: nil)

    private init(roots: [(given: String, real: String)]?, description: String, reader: String, fix: String?) {
        self.roots = roots
        self.description = description
        self.reader = reader
        self.fix = fix
    }

    /// Only what lies inside `folders` (absolute, or from the working
    /// directory); `description` names them in messages ("the spec's
    /// folder, the working directory or the bundled Scripts/"), `reader`
    /// says who may read them ("a spec") and `fix` what to do instead.
    public init(folders: [String], description: String, reader: String = "a spec", fix: String? = nil) {
        let roots = folders.map { folder -> (given: String, real: String) in
            let given = FileAccess.normalized(FileAccess.absolute(folder))
            return (given, FileAccess.realPath(given) ?? given)
        }
        self.init(roots: roots, description: description, reader: reader, fix: fix)
    }

    /// What a spec file in `folder` may make the host read (a transcript
    /// `behave test` finds too): the spec's own folder and the working
    /// directory, with what lies below them (the bundled Scripts/ are
    /// embedded in the binary and open to all).
    public static func spec(in folder: String) -> FileAccess {
        FileAccess(folders: [folder.isEmpty ? "." : folder, "."],
                   description: "the spec's folder, the working directory and the bundled Scripts/",
                   fix: "keep what a spec uses in its folder or the working directory, as files rather than links that lead elsewhere")
    }

    /// What a scene file (`isScene`) or a script named on the command line
    /// may make the host read: its own folder and what lies below it (and,
    /// when the file is a symbolic link, the folder of the file it leads
    /// to). The file itself lies inside.
    public static func named(_ file: String, isScene: Bool) -> FileAccess {
        let folder = FileAccess.folder(of: file)
        var folders = [folder]
        if let real = realPath(absolute(file)) {
            let realFolder = (real as NSString).deletingLastPathComponent
            if realFolder != realPath(absolute(folder)) { folders.append(realFolder) }
        }
        // One sentence for both, so that a script run alone and the same
        // script in a scene are refused in the same words.
        let owner = isScene ? "the scene" : "the script"
        let uses = isScene ? "its scripts, the modules they require, its photos" : "the modules it requires"
        var access = FileAccess(folders: folders, description: "\(owner)'s folder and the bundled Scripts/", reader: owner,
                                fix: "keep what \(owner) uses (\(uses)) in its folder or below it, as files rather than links that lead elsewhere")
        access.named = absolutePath(file)
        return access
    }

    /// The same, with `folder` and what lies below it open too: a folder
    /// the user named on the command line (`--images DIR`), their own
    /// choice as the file they named is.
    public func adding(_ folder: String) -> FileAccess {
        guard let roots else { return self }
        let given = FileAccess.absolute(folder)
        var access = FileAccess(roots: roots + [(given, FileAccess.realPath(given) ?? given)], description: description,
                                reader: reader, fix: fix)
        access.named = named
        return access
    }

    /// Whether `path` is the file the user named (`named(_:isScene:)`):
    /// their own choice, read as it is.
    public func isNamed(_ path: String) -> Bool {
        named == FileAccess.absolutePath(path)
    }

    /// The folder `file` is in (`.` for a bare name).
    static func folder(of file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
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
        let advice = fix.map { "; \($0)" } ?? ""
        let absolute = FileAccess.absolute(path)
        // Refused before anything is asked of the file system, so that a
        // message cannot tell whether a file outside exists.
        let lexical = FileAccess.normalized(absolute)
        guard roots.contains(where: { FileAccess.isInside(lexical, $0.given) || FileAccess.isInside(lexical, $0.real) })
        else {
            throw ValueError("\(name)outside the folders \(reader) may read (\(description))\(advice)")
        }
        guard let real = FileAccess.realPath(absolute) else { return nil }
        guard roots.contains(where: { FileAccess.isInside(real, $0.real) }) else {
            throw ValueError("\(name)a symbolic link leads outside the folders \(reader) may read (\(description))\(advice)")
        }
        return real
    }

    /// The bytes of `path`, which `check` returned: read from the file
    /// that was opened, and refused unless that file is the one `path`
    /// leads to once opened, inside the folders. Between the check and
    /// the read, a part of the path can be swapped for a symbolic link
    /// that leads outside; the open file is what counts. Unrestricted
    /// access and the file the user named read as `HostFile` does.
    public func contents(of path: String, maximumBytes: Int) throws(ValueError) -> [UInt8] {
        try HostFile.contents(of: path, maximumBytes: maximumBytes, confirm: confirmation(path))
    }

    /// A reader of `path`, which `check` returned, confined as `contents(of:maximumBytes:)` is.
    public func reader(_ path: String) throws(ValueError) -> HostFile.Reader {
        try HostFile.Reader(path, confirm: confirmation(path))
    }

    private func confirmation(_ path: String) -> HostFile.Confirmation? {
        guard let roots, !isNamed(path) else { return nil }
        let refusal = "a symbolic link leads outside the folders \(reader) may read (\(description))" + (fix.map { "; \($0)" } ?? "")
        return { (opened: FileIdentity?) throws(ValueError) in
            // What the path leads to now, with its links resolved, must be
            // inside and be the very file that was opened: a file outside
            // reached through a swapped folder differs from it.
            guard let opened, let real = FileAccess.realPath(FileAccess.absolute(path)),
                  roots.contains(where: { FileAccess.isInside(real, $0.real) }),
                  FileIdentity(real) == opened else { throw ValueError(refusal) }
        }
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
        // Most paths are normal already: one pass over the bytes says so,
        // where splitting them into parts costs ten times as much.
        if isNormal(absolute) { return absolute }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        // Joined by hand: `joined(separator:)` is generic code that looks
        // its types up at run time, a tenth of the time `behave` takes to
        // start.
        var path = ""
        for part in parts {
            path.append("/")
            path.append(contentsOf: part)
        }
        return path.isEmpty ? "/" : path
    }

    /// Whether `path` starts with `/` and has no empty, `.` or `..` part
    /// and no `/` at its end (`/` itself is normal).
    static func isNormal(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == slash else { return false }
        // The bytes of the part read so far: 0 (empty), 1 ("."), 2 (".."),
        // 3 (anything else).
        var part = 0
        var length = 1
        while let byte = bytes.next() {
            length += 1
            if byte == slash {
                guard part == 3 else { return false }
                part = 0
            } else if byte == dot, part < 2 {
                part += 1
            } else {
                part = 3
            }
        }
        return part == 3 || length == 1
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// The path with every symbolic link resolved; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }
}
