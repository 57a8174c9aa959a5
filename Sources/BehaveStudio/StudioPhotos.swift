import BehaveCore

/// The scene's own image files the page may show: the photos of its photo
/// library, by their names there. Nothing else on disk is served: a name
/// is looked up among the photos the library listed (never joined to a
/// path as given), the file must still lie inside the library's folder
/// once links are resolved, be a regular file of bounded size, and hold a
/// PNG or a JPEG.
public struct StudioPhotos: Sendable, Equatable {
    /// The library's folder, nil when the scene has none.
    let folder: String?
    /// The photos' names (file names in the folder).
    public let names: Set<String>

    /// Bytes of one photo served, at most.
    public static let maximumBytes = 32 << 20

    public static let none = StudioPhotos(folder: nil, names: [])

    init(folder: String?, names: Set<String>) {
        self.folder = folder
        self.names = names
    }

    /// The photos of `library`.
    public init(_ library: PhotoLibrary?) {
        guard let library, let folder = library.location else {
            self = .none
            return
        }
        self.init(folder: folder, names: Set(library.photos.map(\.name)))
    }

    /// A photo's bytes and media type, or nil when there is no such photo
    /// (or it is no longer a readable PNG or JPEG inside the folder).
    public func photo(named name: String) -> (bytes: [UInt8], type: String)? {
        guard let folder, names.contains(name), !name.contains("/"), name != ".", name != "..", !name.hasPrefix(".") else {
            return nil
        }
        let access = FileAccess(folders: [folder], description: "the photo library")
        guard let path = try? access.check(folder + "/" + name),
              let bytes = try? HostFile.contents(of: path, maximumBytes: StudioPhotos.maximumBytes),
              let type = StudioPhotos.mediaType(of: bytes) else { return nil }
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
