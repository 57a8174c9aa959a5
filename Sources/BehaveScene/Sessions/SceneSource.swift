import BehaveCore
import BehaveLua
import Foundation

/// What a running scene is made from, so that it can be made again the same
/// way: a scene file, or a script's default scene, with its `--set`
/// overrides, limits and platform. `behave run`, transcripts and
/// exploration all build scenes through it.
public struct SceneSource: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A scene file (YAML or JSON).
        case sceneFile(String)
        /// A script, found in the working directory or among the bundled
        /// scripts; its default scene.
        case script(String)
    }

    public var kind: Kind
    /// `NAME=VALUE` inspectable overrides (a script's default scene).
    public var settings: [String]
    public var limits: SandboxLimits
    public var platform: PlatformOverrides
    /// A folder of PNG and JPEG files whose names scripts use (`--images`):
    /// a script's images, or in place of a scene file's `images:`.
    public var images: String?
    /// Which files the scene may read: a transcript's or a spec's, their
    /// folders; a file's named on the command line, that file's folder
    /// (`FileAccess.named`).
    public var access: FileAccess

    public init(kind: Kind, settings: [String] = [], limits: SandboxLimits = .default,
                platform: PlatformOverrides = PlatformOverrides(), images: String? = nil,
                access: FileAccess = .unrestricted) {
        self.kind = kind
        self.settings = settings
        self.limits = limits
        self.platform = platform
        self.images = images
        self.access = access
    }

    /// A script or a scene file, by the name the user gave (`behave run`,
    /// `explore`, `studio`): the file is read wherever it is, and what it
    /// names (a scene's scripts and photos, the modules its scripts
    /// require) only inside its folder and the bundled Scripts/.
    public init(file: String, settings: [String] = [], limits: SandboxLimits = .default,
                platform: PlatformOverrides = PlatformOverrides(), images: String? = nil) {
        let isScene = Checker.isScene(file)
        self.init(kind: isScene ? .sceneFile(file) : .script(file), settings: settings, limits: limits,
                  platform: platform, images: images,
                  access: images.map { FileAccess.named(file, isScene: isScene).adding($0) } ?? .named(file, isScene: isScene))
    }

    /// The `--images` folder, read.
    public func imageFolder() throws(SceneSourceError) -> ImageFolder? {
        guard let images else { return nil }
        do throws(PhotoLibrary.Failure) {
            return try ImageFolder(folder: images, access: access)
        } catch {
            throw SceneSourceError.usage("--images: " + error.problems.joined(separator: "; "))
        }
    }

    /// The file as given.
    public var file: String {
        switch kind {
        case .sceneFile(let path), .script(let path): path
        }
    }

    /// The `--set` overrides, read. Of a name set more than once the last
    /// is the one applied, as most command lines take an option given
    /// again: applied in turn, a first `--set volume.maximumValue=5` was
    /// refused, or pulled the value down, where the last alone fitted.
    public func overrides() throws(SceneSourceError) -> [(String, LooseValue)] {
        var overrides: [(String, LooseValue)] = []
        for setting in settings {
            guard let equals = setting.firstIndex(of: "="), equals > setting.startIndex else {
                throw SceneSourceError.usage("--set takes NAME=VALUE, not `\(setting)`")
            }
            do throws(ValueError) {
                overrides.append((String(setting[..<equals]), try LooseValue.parse(String(setting[setting.index(after: equals)...]))))
            } catch {
                throw SceneSourceError.usage("--set \(setting[..<equals]): \(error.message)")
            }
        }
        guard overrides.count > 1 else { return overrides }
        let last = Dictionary(overrides.enumerated().map { ($1.0, $0) }) { _, later in later }
        return overrides.indices.filter { last[overrides[$0].0] == $0 }.map { overrides[$0] }
    }

    /// The path of the script, or nil when there is none (or it may not
    /// be read).
    public var scriptPath: String? {
        guard case .script(let name) = kind, !Checker.isDrawing(name) else { return nil }
        return try? LuaScript.locate(name, relativeTo: nil, access: access)
    }

    /// Builds and wakes the scene; `listener` hears its trace from the
    /// first `awake` on.
    /// `hosting` binds a host's widgets once the scene is checked whole (a window).
    public func make(listener: ((Trace.Entry) -> Void)? = nil,
                     hosting: SceneHosting = SceneHosting()) throws(SceneSourceError) -> LoadedScene {
        let loaded = try build(hosting: hosting)
        loaded.start(listener: listener)
        return loaded
    }

    /// Builds the scene, checked whole (its scripts' top levels have run),
    /// without waking it: `LoadedScene.start` does.
    func build(hosting: SceneHosting) throws(SceneSourceError) -> LoadedScene {
        let overrides = try overrides()
        let images = try imageFolder()
        switch kind {
        case .sceneFile(let file):
            do throws(SceneLoadError) {
                return try SceneLoader.build(file: file, limits: limits, overrides: overrides, platform: platform,
                                             images: images, access: access, hosting: hosting)
            } catch {
                throw SceneSourceError.scene(error)
            }
        case .script(let name):
            // A `.ui` file read as Lua fails on its first `<`: say what it is.
            if Checker.isDrawing(name) { throw SceneSourceError.usage("\(name): \(Checker.neitherSceneNorScript(name))") }
            let found: String?
            do throws(ValueError) {
                found = try LuaScript.locate(name, relativeTo: nil, access: access)
            } catch {
                throw SceneSourceError.usage(error.message)
            }
            guard let path = found else {
                throw SceneSourceError.usage("\(name): \(LuaScript.notFound(name))")
            }
            do throws(SceneLoadError) {
                return try SceneLoader.build(script: path, inspectables: overrides, option: "--set", limits: limits,
                                             platform: platform.applied(to: PlatformConfiguration()), images: images,
                                             access: access, hosting: hosting)
            } catch {
                // Bad usage, each line as a scene's `--set` says it.
                throw SceneSourceError.usage(error.diagnostics.map { $0.isOption ? $0.message : $0.description }
                    .joined(separator: "\n"))
            }
        }
    }
}

/// Why a scene could not be made: a mistake in what was given (one line),
/// or a scene file's diagnostics.
public enum SceneSourceError: Error, CustomStringConvertible {
    case usage(String)
    case scene(SceneLoadError)

    public var description: String {
        switch self {
        case .usage(let message): message
        case .scene(let error): error.description
        }
    }
}
