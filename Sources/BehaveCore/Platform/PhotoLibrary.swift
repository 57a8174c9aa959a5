import Foundation

/// The headless photo library: a folder of real PNG and JPEG files. Each
/// photo is named by its file name and sized from its own header.
public struct PhotoLibrary: Equatable, Sendable {
    /// The folder, as given.
    public var folder: String
    /// By name, in name order.
    public var photos: [Image]
    /// The folder's path as it was read (its real path when access was
    /// restricted); nil for a library made in memory. Behave Studio shows
    /// the photos from here.
    public var location: String?

    public init(folder: String, photos: [Image], location: String? = nil) {
        self.folder = folder
        self.photos = photos
        self.location = location
    }

    public func photo(named name: String) -> Image? { photos.first { $0.name == name } }

    /// Photos kept at most (every one is a picker option).
    public static let maximumPhotos = 1000
    /// Entries of the folder looked at, at most (hidden files and
    /// subfolders included): a folder of millions costs no more.
    public static let maximumEntries = 4000
    /// Bytes read of all the photos' headers together, at most (each
    /// photo's at most `ImageHeader.maximumRead`).
    public static let maximumBytes = 128 << 20
    /// Problems listed at most; the rest are counted.
    static let maximumProblems = 20

    /// Why a folder cannot be a photo library: every bad file, each
    /// message naming it (and what is wrong, never what the file holds).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var problems: [String]
        /// The folder itself is not there (its reader may say where it
        /// was looked for).
        public var isMissingFolder = false
        public var description: String { problems.joined(separator: "\n") }

        public init(problems: [String], isMissingFolder: Bool = false) {
            self.problems = problems
            self.isMissingFolder = isMissingFolder
        }
    }

    /// Reads every visible file of `folder` (relative paths from
    /// `directory`). Hidden files and subfolders are skipped; any other
    /// file must be a readable PNG or JPEG. `access` says which folders and
    /// files may be read (a spec's are checked, links included). The work is
    /// bounded: at most `maximumEntries` entries, `maximumPhotos` photos
    /// and `maximumBytes` read.
    public static func load(folder: String, relativeTo directory: String? = nil,
                            access: FileAccess = .unrestricted) throws(Failure) -> PhotoLibrary {
        try load(folder: folder, relativeTo: directory, access: access, maximumBytes: maximumBytes)
    }

    /// What a folder of image files is to its reader, for messages.
    enum Contents {
        /// The photo library (`platform: { photoLibrary: photos/ }`).
        case photos
        /// A scene's images (`images: icons/`, `ImageFolder`).
        case images

        var plural: String { self == .photos ? "photos" : "images" }
        /// "a photo", "an image".
        var one: String { self == .photos ? "a photo" : "an image" }
        var container: String { self == .photos ? "a photo library" : "an images folder" }
        var reader: String { self == .photos ? "a library" : "an images folder" }
        /// The name scripts use for the file `file`: a photo's is its
        /// file's; an image's, its file's without the extension.
        func name(ofFile file: String) -> String {
            self == .photos ? file : (file as NSString).deletingPathExtension
        }
        /// Said after a file that is no image (every file of a scene's
        /// images folder is an image its scripts may name).
        var fileFix: String {
            self == .photos ? "" : "; an images folder holds PNG and JPEG files only: move it out, or hide it (a name starting with a dot)"
        }
    }

    static func load(folder: String, relativeTo directory: String?, access: FileAccess,
                     maximumBytes: Int, contents: Contents = .photos) throws(Failure) -> PhotoLibrary {
        let found: String?
        do throws(ValueError) {
            found = try access.check(resolve(folder, relativeTo: directory), shown: folder)
        } catch {
            throw Failure(problems: [error.message])
        }
        var isDirectory: ObjCBool = false
        guard let path = found, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(problems: ["\(folder): no such folder"], isMissingFolder: true)
        }
        guard isDirectory.boolValue else { throw Failure(problems: ["\(folder): not a folder"]) }
        guard let listing = FolderListing.read(path, limit: maximumEntries) else {
            throw Failure(problems: ["\(folder): cannot read the folder"])
        }
        guard !listing.isTruncated else {
            throw Failure(problems: ["\(folder): more than \(maximumEntries) entries; \(contents.container) holds at most \(maximumPhotos) \(contents.plural)"])
        }
        var photos: [Image] = []
        var problems: [String] = []
        var unlisted = 0
        func problem(_ text: String) {
            if problems.count < maximumProblems { problems.append(text) } else { unlisted += 1 }
        }
        var budget = maximumBytes
        // The file of each name (an images folder names by the file's name
        // without its extension: `a.png` and `a.jpg` would be one name).
        var fileNamed: [String: String] = [:]
        for entry in listing.entries where !entry.name.hasPrefix(".") {
            let file = (path as NSString).appendingPathComponent(entry.name)
            let shown = (folder as NSString).appendingPathComponent(entry.name)
            let found: String?
            do throws(ValueError) {
                found = try access.check(file, shown: shown)
            } catch {
                problem(error.message)
                continue
            }
            guard let readable = found else {
                problem("\(shown): cannot read the file (a broken link?)")
                continue
            }
            switch kind(of: readable) {
            case .folder: continue
            case .other:
                problem("\(shown): not a regular file")
                continue
            case .missing:
                problem("\(shown): cannot read the file (a broken link?)")
                continue
            case .file:
                break
            }
            guard photos.count < maximumPhotos else {
                problem("\(folder): more than \(maximumPhotos) \(contents.plural); \(contents.container) holds at most \(maximumPhotos): "
                        + "keep the \(contents.plural) the scene uses in a folder of their own")
                break
            }
            do throws(ValueError) {
                let header = try ImageHeader.read(file: readable, access: access, budget: &budget)
                let name = contents.name(ofFile: entry.name)
                if let other = fileNamed[name] {
                    problem("\(folder): two \(contents.plural) are named `\(name)` (\(other) and \(entry.name)); keep one")
                    continue
                }
                fileNamed[name] = entry.name
                photos.append(Image(name: entry.name, width: header.width, height: header.height))
            } catch {
                guard budget > 0 else {
                    problem("\(folder): the \(contents.plural)' headers take more than \(maximumBytes >> 20) MiB in all; \(contents.reader) may read at most that (\(ImageHeader.maximumRead >> 20) MiB \(contents.one))")
                    break
                }
                problem("\(shown): \(error.message)\(contents.fileFix)")
            }
        }
        if unlisted > 0 { problems.append("\(folder): \(unlisted) more problems") }
        guard problems.isEmpty else { throw Failure(problems: problems) }
        return PhotoLibrary(folder: folder, photos: photos, location: FileAccess.absolutePath(path))
    }

    /// `path` from `directory` unless it is absolute.
    public static func resolve(_ path: String, relativeTo directory: String?) -> String {
        guard let directory, !path.hasPrefix("/") else { return path }
        return (directory as NSString).appendingPathComponent(path)
    }

    private enum Kind { case file, folder, other, missing }

    /// What a path is, through symbolic links. Only regular files are read
    /// (opening a FIFO would block).
    private static func kind(of path: String) -> Kind {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType else {
            return .missing
        }
        switch type {
        case .typeRegular: return .file
        case .typeDirectory: return .folder
        default: return .other
        }
    }
}
