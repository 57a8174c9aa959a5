import BehaveCommandLine
import BehaveCore

/// `behave run`'s platform flags: they replace parts of a scene's
/// `platform:` block (or configure a script's default scene). See
/// Docs/platform.md.
struct PlatformOptions {
    static let parameters = Parameter.section("Platform", [
        .option("camera", valueName: "LIST",
                help: "The camera: `available` or `unavailable` and/or a permission (authorized, denied, notDetermined, restricted), comma-separated."),
        .option("camera-image", valueName: "IMAGE", help: "What the camera takes: an image file, or NAME:WIDTHxHEIGHT."),
        .option("photos", valueName: "DIR", help: "A folder of PNG and JPEG files to be the photo library (makes it available)."),
        .option("photo-library", valueName: "LIST",
                help: "The photo library: `available` or `unavailable` and/or a permission, comma-separated."),
    ])

    var camera: String?
    var cameraImage: String?
    var photos: String?
    var photoLibrary: String?

    init(_ arguments: ParsedArguments) {
        camera = arguments.string("camera")
        cameraImage = arguments.string("camera-image")
        photos = arguments.string("photos")
        photoLibrary = arguments.string("photo-library")
    }

    /// The overrides; a mistake is a usage failure (status 2).
    func overrides() throws -> PlatformOverrides {
        var overrides = PlatformOverrides()
        do throws(ValueError) {
            if let camera { try overrides.set(.camera, from: camera) }
            if let photoLibrary { try overrides.set(.photoLibrary, from: photoLibrary) }
            if let cameraImage {
                if let header = try? ImageHeader.read(file: cameraImage) {
                    let name = cameraImage.split(separator: "/").last.map(String.init) ?? cameraImage
                    overrides.cameraImage = Image(name: name, width: header.width, height: header.height)
                } else {
                    overrides.cameraImage = try Image(parsingSized: cameraImage)
                }
            }
        } catch {
            throw UsageFailure(error.message)
        }
        if let photos {
            do throws(PhotoLibrary.Failure) {
                overrides.setLibrary(try PhotoLibrary.load(folder: photos))
            } catch {
                throw UsageFailure("--photos: " + error.problems.joined(separator: "; "))
            }
        }
        return overrides
    }
}
