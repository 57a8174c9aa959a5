import BehaveCore
import Foundation

/// The scene's own image files the page may show, by the names scripts
/// use: the images of its images folder (`images:`), or the photos of its
/// photo library. Nothing else on disk is served: a name is looked up
/// among the files the folder listed when it was read (never joined to a
/// path as given), the file must still lie inside the folder once links
/// are resolved, be a regular file of bounded size, and hold a PNG or a
/// JPEG.
public struct StudioImageFiles: Sendable, Equatable {
    /// The folder, nil when the scene has none.
    let folder: String?
    /// The file (its name in the folder) of each image, by name.
    let files: [String: String]
    /// The folder as it was when read: the folder swapped since for a link
    /// that leads elsewhere is outside it.
    private let access: FileAccess?

    /// Bytes of one file served, at most.
    public static let maximumBytes = 32 << 20

    public static let none = StudioImageFiles(folder: nil, files: [:])

    init(folder: String?, files: [String: String]) {
        self.folder = folder
        self.files = files
        access = folder.map { FileAccess(folders: [$0], description: "the scene's images") }
    }

    public static func == (one: StudioImageFiles, other: StudioImageFiles) -> Bool {
        one.folder == other.folder && one.files == other.files
    }

    /// The photos of `library`, by their file names.
    public init(_ library: PhotoLibrary?) {
        guard let library, let folder = library.location else {
            self = .none
            return
        }
        self.init(folder: folder, files: Dictionary(library.photos.map { ($0.name, $0.name) }) { first, _ in first })
    }

    /// The images of `catalogue`, by their names (`toggle-on` for
    /// `toggle-on.png`).
    public init(_ catalogue: ImageFolder?) {
        guard let catalogue else {
            self = .none
            return
        }
        self.init(folder: catalogue.location, files: catalogue.files.mapValues { ($0 as NSString).lastPathComponent })
    }

    /// Every name, in order.
    public var names: [String] { files.keys.sorted() }

    /// The bytes and media type of the image named `name`, or nil when
    /// there is none (or its file is no longer a readable PNG or JPEG
    /// inside the folder).
    public func file(named name: String) -> (bytes: [UInt8], type: String)? {
        guard let folder, let access, let file = files[name], !file.contains("/"), file != ".", file != "..",
              !file.hasPrefix(".") else {
            return nil
        }
        guard let path = try? access.check(folder + "/" + file),
              let bytes = try? access.contents(of: path, maximumBytes: StudioImageFiles.maximumBytes),
              let type = StudioImageFiles.mediaType(of: bytes) else { return nil }
        return (bytes, type)
    }

    /// `image/png` or `image/jpeg` by the file's first bytes (never by its
    /// name); nil for anything else.
    static func mediaType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        return nil
    }
}
