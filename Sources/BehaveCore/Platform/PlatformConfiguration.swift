import Foundation

/// How the headless platform is set up: which sources exist, the user's
/// permissions, what the camera "takes" and which folder is the photo
/// library. Made from a scene's `platform:` block, `behave run` flags or a
/// spec; the default has no camera and no photo library.
public struct PlatformConfiguration: Equatable, Sendable {
    public struct Source: Equatable, Sendable {
        public var available: Bool
        public var permission: PermissionState

        public init(available: Bool = false, permission: PermissionState = .authorized) {
            self.available = available
            self.permission = permission
        }
    }

    public var camera = Source()
    public var photoLibrary = Source()
    /// What the camera returns.
    public var cameraImage = PlatformConfiguration.defaultCameraImage
    /// The photo library's photos; nil when no folder is given (an
    /// available library is then empty).
    public var library: PhotoLibrary?

    /// A 12-megapixel photo, as phone cameras take them.
    public static let defaultCameraImage = Image(name: "camera.jpg", width: 4032, height: 3024)

    public init() {}

    public subscript(capability: Capability) -> Source {
        get { capability == .camera ? camera : photoLibrary }
        set { if capability == .camera { camera = newValue } else { photoLibrary = newValue } }
    }
}

/// Settings that replace parts of a configuration (`behave run --camera
/// available,denied --photos DIR`): what is not given stays as it was.
public struct PlatformOverrides: Equatable, Sendable {
    public var available: [Capability: Bool] = [:]
    public var permission: [Capability: PermissionState] = [:]
    public var cameraImage: Image?
    public var library: PhotoLibrary?

    public init() {}

    public var isEmpty: Bool { self == PlatformOverrides() }

    /// Reads a comma-separated list of `available` / `unavailable` and a
    /// permission (`available,denied`, `notDetermined`).
    public mutating func set(_ capability: Capability, from list: String) throws(ValueError) {
        let words = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !words.isEmpty else {
            throw ValueError("give `available` or `unavailable` and/or a permission, e.g. `available,denied`")
        }
        for word in words {
            switch word {
            case "available", "true", "yes": available[capability] = true
            case "unavailable", "false", "no": available[capability] = false
            default:
                guard let state = PermissionState(rawValue: word) else {
                    let choices = ["available", "unavailable"] + PermissionState.allCases.map(\.rawValue)
                    throw ValueError("unknown \(capability.rawValue) setting `\(word)`\(Suggestions.hint(for: word, in: choices)); settings: \(choices.joined(separator: ", "))")
                }
                permission[capability] = state
            }
        }
    }

    /// A photo library makes the source available unless told otherwise.
    public mutating func setLibrary(_ library: PhotoLibrary) {
        self.library = library
        if available[.photoLibrary] == nil { available[.photoLibrary] = true }
    }

    public func apply(to configuration: inout PlatformConfiguration) {
        for (capability, value) in available { configuration[capability].available = value }
        for (capability, value) in permission { configuration[capability].permission = value }
        if let cameraImage { configuration.cameraImage = cameraImage }
        if let library { configuration.library = library }
    }

    /// The configuration with these overrides applied.
    public func applied(to configuration: PlatformConfiguration) -> PlatformConfiguration {
        var result = configuration
        apply(to: &result)
        return result
    }
}

extension Image {
    /// `NAME:WIDTHxHEIGHT` (`selfie.jpg:3024x4032`), as flags write an image
    /// with its size.
    public init(parsingSized text: String) throws(ValueError) {
        let form = "write NAME:WIDTHxHEIGHT, e.g. selfie.jpg:3024x4032"
        guard let colon = text.lastIndex(of: ":"), colon > text.startIndex else { throw ValueError(form) }
        let size = text[text.index(after: colon)...].split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              (1...1_000_000).contains(width), (1...1_000_000).contains(height) else {
            throw ValueError("`\(text)`: \(form) (sizes from 1 to 1000000)")
        }
        self.init(name: String(text[..<colon]), width: width, height: height)
    }
}
