import Foundation

/// Resolves image names (`"toggle-on"`) to images the host has, with
/// their sizes: an asset catalogue, a folder of the scene's images.
public protocol ImageCatalog: AnyObject {
    /// The image named `name`, with its size; nil when there is none.
    func image(named name: String) -> Image?
}

extension ImageCatalog {
    /// `value` with its size when it is an image named without one that
    /// the catalogue has; otherwise `value` as it is (a name the catalogue
    /// lacks stays a bare name, and a size given is kept).
    public func sized(_ value: Value) -> Value {
        guard case .image(let image) = value, image.width == nil, let found = self.image(named: image.name) else {
            return value
        }
        return .image(found)
    }
}

/// A folder of PNG and JPEG files as an image catalogue: each file is the
/// image named after it without its extension (`toggle-on.png` is
/// `toggle-on`), sized from its own header. A scene file's `images:`
/// reads one.
public final class ImageFolder: ImageCatalog {
    /// The folder as given (for messages).
    public let folder: String
    /// The folder's path as read.
    public let location: String
    private let images: [String: Image]
    /// The file of each image, by name.
    public let files: [String: String]

    /// Reads the folder (bounded as a photo library is, and through
    /// `access`); every problem names the file. Subfolders and hidden
    /// files are skipped; any other file must be a PNG or a JPEG, and no
    /// two may have the same name.
    public init(folder: String, relativeTo directory: String? = nil,
                access: FileAccess = .unrestricted) throws(PhotoLibrary.Failure) {
        let library = try PhotoLibrary.load(folder: folder, relativeTo: directory, access: access,
                                            maximumBytes: PhotoLibrary.maximumBytes, contents: .images)
        let location = library.location ?? PhotoLibrary.resolve(folder, relativeTo: directory)
        var images: [String: Image] = [:]
        var files: [String: String] = [:]
        for photo in library.photos {
            let name = PhotoLibrary.Contents.images.name(ofFile: photo.name)
            images[name] = Image(name: name, width: photo.width, height: photo.height)
            files[name] = (location as NSString).appendingPathComponent(photo.name)
        }
        self.folder = folder
        self.location = location
        self.images = images
        self.files = files
    }

    public func image(named name: String) -> Image? { images[name] }

    /// Every image, by name.
    public var names: [String] { images.keys.sorted() }
}

// Images named before a catalogue could size them (a scene file's values
// are set before its controls join the scene; a host sets its catalogue
// when the scene is built) take their sizes when they meet one. Filling in
// a size is no change of the value a script chose: it is not traced, and
// `changed` does not run.

extension Scene {
    /// Sizes the images of every control and behaviour by `imageCatalog`.
    func sizeImages() {
        guard let imageCatalog else { return }
        for view in screen?.controls ?? [] { view.sizeImages(with: imageCatalog) }
        for record in records { record.behaviour?.sizeImages(with: imageCatalog) }
    }
}

extension View {
    func sizeImages(with catalogue: any ImageCatalog) {
        for (index, spec) in schema.properties.enumerated() where spec.type == .image && !spec.isReadOnly {
            let stored = storedValue(at: index)
            let sized = catalogue.sized(stored)
            // The same image, now with its size: no change to trace or hear.
            if sized != stored { setState(sized, at: index) }
        }
    }
}

extension Behaviour {
    func sizeImages(with catalogue: any ImageCatalog) {
        for spec in declaration.inspectables where spec.type == .image {
            guard let value = inspectable(spec.name) else { continue }
            let sized = catalogue.sized(value)
            if sized != value { fillIn(spec.name, sized) }
        }
    }
}
