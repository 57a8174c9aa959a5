import ArgumentParser
import BehaveCore

/// `behave run`'s platform flags: they replace parts of a scene's
/// `platform:` block (or configure a script's default scene). See
/// Docs/platform.md.
struct PlatformOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The camera: `available` or `unavailable` and/or a permission (authorized, denied, notDetermined, restricted), comma-separated.",
                               valueName: "LIST"))
    var camera: String?

    @Option(help: ArgumentHelp("What the camera takes: an image file, or NAME:WIDTHxHEIGHT.", valueName: "IMAGE"))
    var cameraImage: String?

    @Option(help: ArgumentHelp("A folder of PNG and JPEG files to be the photo library (makes it available).", valueName: "DIR"))
    var photos: String?

    @Option(help: ArgumentHelp("The photo library: `available` or `unavailable` and/or a permission, comma-separated.",
                               valueName: "LIST"))
    var photoLibrary: String?

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
