import BehaveCore
import Foundation

/// Reads a scene's `platform:` block (Docs/platform.md) into the configuration of
/// the headless platform. Every mistake is logged with its line and reading
/// goes on; the photo library's files are read here, so a file that is not
/// an image is reported before anything runs.
///
///     platform:
///       camera: { available: true, permission: denied, image: { name: selfie.jpg, width: 3024, height: 4032 } }
///       photoLibrary: photos/            # or { available, permission, folder }
struct PlatformReader {
    static let keys = Capability.allCases.map(\.rawValue)
    static let cameraKeys = ["available", "permission", "image"]
    static let libraryKeys = ["available", "permission", "folder"]

    /// Relative folders and image files are found from here (the scene's).
    let directory: String
    /// Which folders and image files may be read.
    var access: FileAccess = .unrestricted
    var log: DiagnosticLog

    mutating func read(_ node: SceneNode?) -> PlatformConfiguration {
        var configuration = PlatformConfiguration()
        guard let node, case .map(let entries, _) = node else { return configuration }
        var seen: [String: Int] = [:]
        for entry in entries {
            if let first = seen[entry.key] {
                log.error("duplicate key `\(entry.key)` in `platform` (first at line \(first)); names must be unique", line: entry.keyLine)
                continue
            }
            seen[entry.key] = entry.keyLine
            switch entry.key {
            case "camera": camera(entry.value, into: &configuration)
            case "photoLibrary": photoLibrary(entry.value, into: &configuration)
            default:
                log.error("`platform` has no key `\(entry.key)`\(Suggestions.hint(for: entry.key, in: PlatformReader.keys)); keys: \(PlatformReader.keys.joined(separator: ", "))", line: entry.keyLine)
            }
        }
        return configuration
    }

    // MARK: Sources

    private mutating func camera(_ node: SceneNode, into configuration: inout PlatformConfiguration) {
        configuration.camera.available = true
        switch node {
        case .scalar:
            // `camera: false` has no camera; `camera: true` a default one.
            if let available = bool(node, "`camera` (true, false or a mapping)") { configuration.camera.available = available }
        case .list:
            log.error("`camera` must be true, false or a mapping such as { available: true, permission: denied }, not a list", line: node.line)
        case .map(let entries, _):
            for field in unique(entries, in: "`camera`") {
                switch field.key {
                case "available": configuration.camera.available = bool(field.value, "camera `available`") ?? true
                case "permission": permission(field.value, into: &configuration.camera)
                case "image": if let image = image(field.value) { configuration.cameraImage = image }
                default: unknown(field, in: "`camera`", keys: PlatformReader.cameraKeys)
                }
            }
        }
    }

    private mutating func photoLibrary(_ node: SceneNode, into configuration: inout PlatformConfiguration) {
        configuration.photoLibrary.available = true
        switch node {
        case .scalar:
            // `photoLibrary: photos/` is a folder; true and false say
            // whether there is an (empty) library.
            if node.isNull || node.text == "true" || node.text == "false" {
                configuration.photoLibrary.available = node.text == "true"
                if node.isNull { log.error("`photoLibrary` needs a folder (photoLibrary: photos/), true, false or a mapping", line: node.line) }
            } else if let folder = node.text {
                configuration.library = library(folder, line: node.line)
            }
        case .list:
            log.error("`photoLibrary` must be a folder (photos/) or a mapping such as { folder: photos/, permission: denied }, not a list", line: node.line)
        case .map(let entries, _):
            for field in unique(entries, in: "`photoLibrary`") {
                switch field.key {
                case "available": configuration.photoLibrary.available = bool(field.value, "photoLibrary `available`") ?? true
                case "permission": permission(field.value, into: &configuration.photoLibrary)
                case "folder":
                    guard case .scalar = field.value, let folder = field.value.text else {
                        log.error("photoLibrary `folder` must be a folder's path, not \(field.value.kindDescription)", line: field.value.line)
                        continue
                    }
                    configuration.library = library(folder, line: field.value.line)
                default: unknown(field, in: "`photoLibrary`", keys: PlatformReader.libraryKeys)
                }
            }
        }
    }

    // MARK: Values

    private mutating func bool(_ node: SceneNode, _ what: String) -> Bool? {
        guard let value = try? PropertySpec("available", .bool).convert(node.looseValue).boolValue else {
            log.error("\(what) must be true or false, not \(node.kindDescription)", line: node.line)
            return nil
        }
        return value
    }

    private mutating func permission(_ node: SceneNode, into source: inout PlatformConfiguration.Source) {
        guard case .scalar = node, let text = node.text else {
            log.error("`permission` must be one of \(PermissionState.allCases.map(\.rawValue).joined(separator: ", ")), not \(node.kindDescription)", line: node.line)
            return
        }
        do throws(ValueError) {
            source.permission = try PermissionState(parsing: text)
        } catch {
            log.error(error.message, line: node.line)
        }
    }

    /// `{ name, width, height }`, or the path of an image file whose header
    /// gives the size.
    private mutating func image(_ node: SceneNode) -> Image? {
        if case .scalar = node, let path = node.text {
            do throws(ValueError) {
                guard let file = try access.check(PhotoLibrary.resolve(path, relativeTo: directory)) else {
                    throw ValueError("no such file")
                }
                let header = try ImageHeader.read(file: file, access: access)
                return Image(name: (path as NSString).lastPathComponent, width: header.width, height: header.height)
            } catch {
                log.error("camera `image`: \(path): \(error.message)", line: node.line)
                return nil
            }
        }
        let form = "camera `image` must be { name: selfie.jpg, width: 3024, height: 4032 } or an image file's path"
        guard case .map = node else {
            log.error("\(form), not \(node.kindDescription)", line: node.line)
            return nil
        }
        guard case .image(let image)? = try? PropertySpec("image", .image).convert(node.looseValue),
              let width = image.width, let height = image.height,
              (1...1_000_000).contains(width), (1...1_000_000).contains(height) else {
            log.error("\(form) (width and height whole numbers from 1 to 1000000)", line: node.line)
            return nil
        }
        return image
    }

    private mutating func library(_ folder: String, line: Int) -> PhotoLibrary? {
        do throws(PhotoLibrary.Failure) {
            return try PhotoLibrary.load(folder: folder, relativeTo: directory, access: access)
        } catch {
            for problem in error.problems { log.error("photoLibrary: \(problem)", line: line) }
            return nil
        }
    }

    // MARK: Shapes

    private mutating func unique(_ entries: [SceneNode.Entry], in what: String) -> [SceneNode.Entry] {
        var seen = Set<String>()
        return entries.filter { entry in
            guard seen.insert(entry.key).inserted else {
                log.error("duplicate key `\(entry.key)` in \(what)", line: entry.keyLine)
                return false
            }
            return true
        }
    }

    private mutating func unknown(_ entry: SceneNode.Entry, in what: String, keys: [String]) {
        log.error("\(what) has no key `\(entry.key)`\(Suggestions.hint(for: entry.key, in: keys)); keys: \(keys.joined(separator: ", "))", line: entry.keyLine)
    }
}

extension SceneLoader {
    /// A `platform:` block on its own (a spec's `scene.script` option):
    /// the configuration, or every mistake in it. `file` names it in
    /// diagnostics; folders and image files are found from `directory`.
    public static func platform(node: SceneNode, file: String, directory: String,
                                access: FileAccess = .unrestricted) throws(SceneLoadError) -> PlatformConfiguration {
        guard case .map = node else {
            throw SceneLoadError([SceneDiagnostic(file: file, line: node.line,
                                                  message: "`platform` must be a mapping (camera: { available: true, permission: denied }), not \(node.kindDescription)")])
        }
        var reader = PlatformReader(directory: directory, access: access, log: DiagnosticLog(file: file))
        let configuration = reader.read(node)
        guard reader.log.isEmpty else { throw SceneLoadError(reader.log.sorted) }
        return configuration
    }
}
