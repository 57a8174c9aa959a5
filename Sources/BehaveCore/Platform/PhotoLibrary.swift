import Foundation

/// The headless photo library: a folder of real PNG and JPEG files. Each
/// photo is named by its file name and sized from its own header.
public struct PhotoLibrary: Equatable, Sendable {
    /// The folder, as given.
    public var folder: String
    /// By name, in name order.
    public var photos: [Image]

    public init(folder: String, photos: [Image]) {
        self.folder = folder
        self.photos = photos
    }

    public func photo(named name: String) -> Image? { photos.first { $0.name == name } }

    /// Photos kept at most (every one is a picker option).
    public static let maximumPhotos = 1000

    /// Why a folder cannot be a photo library: every bad file, each
    /// message naming it.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    /// Reads every visible file of `folder` (relative paths from
    /// `directory`). Hidden files and subfolders are skipped; any other
    /// file must be a readable PNG or JPEG.
    public static func load(folder: String, relativeTo directory: String? = nil) throws(Failure) -> PhotoLibrary {
        let path = resolve(folder, relativeTo: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(problems: ["\(folder): no such folder"])
        }
        guard isDirectory.boolValue else { throw Failure(problems: ["\(folder): not a folder"]) }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw Failure(problems: ["\(folder): cannot read the folder"])
        }
        var photos: [Image] = []
        var problems: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let file = (path as NSString).appendingPathComponent(name)
            let shown = (folder as NSString).appendingPathComponent(name)
            switch kind(of: file) {
            case .folder: continue
            case .other:
                problems.append("\(shown): not a regular file")
                continue
            case .missing:
                problems.append("\(shown): cannot read the file (a broken link?)")
                continue
            case .file:
                break
            }
            guard photos.count < maximumPhotos else {
                problems.append("\(folder): more than \(maximumPhotos) photos")
                break
            }
            do throws(ValueError) {
                let header = try ImageHeader.read(file: file)
                photos.append(Image(name: name, width: header.width, height: header.height))
            } catch {
                problems.append("\(shown): \(error.message)")
            }
        }
        guard problems.isEmpty else { throw Failure(problems: problems) }
        return PhotoLibrary(folder: folder, photos: photos)
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
