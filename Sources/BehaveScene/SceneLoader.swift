import BehaveCore
import BehaveLua
import Foundation

/// Scene files (Docs/scenes.md) to running scenes. A scene comes from YAML or JSON
/// text, or from a `SceneNode` tree built elsewhere (a Lua table in a spec);
/// either way it is checked completely before anything runs: scripts' top
/// levels run to read their declarations, but no `awake` and no handler.
public enum SceneLoader {
    /// Loads, checks, builds and wakes the scene in `file`.
    /// `platform` replaces parts of the scene's `platform:` block, and
    /// `images` its `images:` folder.
    /// `access` says which files may be read: the scene file, its scripts,
    /// photo folders and images (a spec's are restricted; see
    /// `readScene(file:access:)`). `listener` hears the trace from the
    /// start (what `awake` handlers do).
    public static func load(file: String, limits: SandboxLimits = .default,
                            overrides: [(String, LooseValue)] = [],
                            platform: PlatformOverrides = PlatformOverrides(), images: (any ImageCatalog)? = nil,
                            access: FileAccess = .unrestricted, hosting: SceneHosting = SceneHosting(),
                            listener: ((Trace.Entry) -> Void)? = nil) throws(SceneLoadError) -> LoadedScene {
        let loaded = try build(file: file, limits: limits, overrides: overrides, platform: platform, images: images,
                               access: access, hosting: hosting)
        loaded.start(listener: listener)
        return loaded
    }

    /// Loads, checks and builds the scene in `file`, as `load` does, but
    /// wakes nothing: a reload builds the new scene, then dismisses the
    /// old one, then wakes the new one.
    static func build(file: String, limits: SandboxLimits, overrides: [(String, LooseValue)],
                      platform: PlatformOverrides, images: (any ImageCatalog)?, access: FileAccess,
                      hosting: SceneHosting) throws(SceneLoadError) -> LoadedScene {
        let (path, root, log) = try readScene(file: file, access: access)
        return try build(node: root, file: file, directory: directory(of: path), limits: limits,
                         overrides: overrides, platform: platform, images: images, log: log, access: access,
                         hosting: hosting)
    }

    /// Loads, checks, builds and wakes a scene from its tree; `file` names it
    /// in diagnostics, scripts are looked up in `directory`, then in the
    /// bundled `Scripts/`. `images`, `hosting` and `listener` are as
    /// `load(file:)`'s: a host that builds its scene in code binds its
    /// widgets the same way.
    public static func load(node: SceneNode, file: String, directory: String, limits: SandboxLimits = .default,
                            overrides: [(String, LooseValue)] = [],
                            platform: PlatformOverrides = PlatformOverrides(), images: (any ImageCatalog)? = nil,
                            access: FileAccess = .unrestricted, hosting: SceneHosting = SceneHosting(),
                            listener: ((Trace.Entry) -> Void)? = nil) throws(SceneLoadError) -> LoadedScene {
        let loaded = try build(node: node, file: file, directory: directory, limits: limits, overrides: overrides,
                               platform: platform, images: images, access: access, hosting: hosting)
        loaded.start(listener: listener)
        return loaded
    }

    /// Builds and wakes the default scene of the script at `path` (found
    /// already): a screen, one control per declared outlet (named after
    /// it, of the declared type), the behaviour owned by the screen, its
    /// inspectables at their defaults but for `inspectables`
    /// (`SceneDescription(defaultSceneOf:)`). Mistakes name the script.
    /// `images` names its images (`behave run toggle.lua --images icons/`).
    public static func load(script path: String, inspectables: [(String, LooseValue)] = [],
                            limits: SandboxLimits = .default,
                            platform: PlatformConfiguration = PlatformConfiguration(), images: (any ImageCatalog)? = nil,
                            access: FileAccess = .unrestricted, hosting: SceneHosting = SceneHosting(),
                            listener: ((Trace.Entry) -> Void)? = nil) throws(SceneLoadError) -> LoadedScene {
        let loaded = try build(script: path, inspectables: inspectables, limits: limits, platform: platform,
                               images: images, access: access, hosting: hosting)
        loaded.start(listener: listener)
        return loaded
    }

    /// Builds the default scene of the script at `path`, as `load` does,
    /// but wakes nothing; `option` names the command-line option that gave
    /// `inspectables` (`--set`), nil when a spec did.
    static func build(script path: String, inspectables: [(String, LooseValue)], option: String? = nil,
                      limits: SandboxLimits, platform: PlatformConfiguration, images: (any ImageCatalog)?,
                      access: FileAccess, hosting: SceneHosting) throws(SceneLoadError) -> LoadedScene {
        let file = LuaScript.display(path)
        let description = SceneDescription(defaultSceneOf: path, name: LuaScript.defaultBehaviourName(ofPath: path),
                                           inspectables: inspectables, option: option)
        return try SceneAssembler.assemble(description, file: file, directory: nil, limits: limits,
                                           platform: platform, images: images, access: access, hosting: hosting,
                                           log: DiagnosticLog(file: file))
    }

    /// The path read, the tree and the mistakes that did not stop reading.
    /// With a restricted access (a spec's) only a scene file inside its
    /// folders is read (`.yaml`, `.yml` or `.json`, whose top level has a
    /// scene's keys): what the spec learns of any other file is that it is
    /// not a scene, never what it holds. The file the user named is read
    /// as it is.
    static func readScene(file: String, access: FileAccess) throws(SceneLoadError) -> (String, SceneNode, DiagnosticLog) {
        guard access.isRestricted, !access.isNamed(file) else {
            let (root, log) = try parse(file: file)
            return (file, root, log)
        }
        func refuse(_ message: String) -> SceneLoadError {
            SceneLoadError([SceneDiagnostic(file: file, line: nil, message: message)])
        }
        guard Checker.isScene(file) else {
            throw refuse("not a scene file: \(access.reader) may load only scene files (.yaml, .yml or .json)")
        }
        let found: String?
        do throws(ValueError) { found = try access.check(file) } catch { throw refuse(error.message) }
        guard let path = found else { throw refuse("no such file") }
        let (root, log) = try parse(file: path, named: file, access: access)
        guard case .map(let entries, _) = root, entries.contains(where: { SchemaReader.sceneKeys.contains($0.key) }) else {
            throw refuse("not a scene file: its top level has none of the keys \(SchemaReader.sceneKeys.joined(separator: ", "))")
        }
        return (path, root, log)
    }

    /// Every mistake in the scene file, without running it (`behave check`).
    public static func check(file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        inspect(file: file, limits: limits).filter { !$0.isWarning }
    }

    /// Every mistake in the scene file, then every warning (an outlet left
    /// unconnected), without running it. What the scene names is read as
    /// `behave run` reads it: only inside its folder (`FileAccess.named`).
    public static func inspect(file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        do throws(SceneLoadError) {
            let (root, log) = try parse(file: file)
            let built = try build(node: root, file: file, directory: directory(of: file), limits: limits, overrides: [],
                                  log: log, access: .named(file, isScene: true))
            return built.warnings
        } catch {
            return error.diagnostics + error.warnings
        }
    }

    /// The `.ui` file a scene file's `ui:` names, resolved beside it; nil
    /// when it names none, or one loading the scene refuses (missing,
    /// outside the scene's folder, not a regular file, for GTK 3): loading
    /// says why, at the scene's line. A host that binds a `.ui` file's
    /// widgets reads this before loading, so it never opens a file the
    /// scene may not read.
    /// `access` is what loading the scene may read (a `SceneSource`'s).
    public static func interfaceFile(of file: String, access: FileAccess? = nil) -> String? {
        guard let written = writtenInterface(of: file) else { return nil }
        return try? InterfaceFile.check(written, directory: directory(of: file),
                                        access: access ?? .named(file, isScene: true))
    }

    /// What a scene file's `ui:` says, unchecked; nil when it says nothing.
    static func writtenInterface(of file: String) -> String? {
        guard case .map(let entries, _)? = try? read(file: file) else { return nil }
        return entries.first(where: { $0.key == "ui" })?.value.text
    }

    /// The tree of a YAML or JSON file.
    public static func read(file: String) throws(SceneLoadError) -> SceneNode {
        let (root, log) = try parse(file: file)
        guard log.isEmpty else { throw SceneLoadError(log.sorted) }
        return root
    }

    /// The tree of a file and the mistakes that did not stop reading it.
    /// The file at `path` is named `file` in diagnostics.
    /// Read as `access` reads a path its check returned.
    static func parse(file path: String, named file: String? = nil,
                      access: FileAccess = .unrestricted) throws(SceneLoadError) -> (SceneNode, DiagnosticLog) {
        let file = file ?? path
        let bytes: [UInt8]
        do throws(ValueError) {
            bytes = try access.contents(of: path, maximumBytes: maximumBytes)
        } catch {
            throw SceneLoadError([SceneDiagnostic(file: file, line: nil, message: error.message)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstByteNotUTF8(in: bytes)
            let message = "the file is not UTF-8 text: byte \(String(format: "0x%02X", bytes[offset])) on this line is no part of a "
                + "UTF-8 character (a file saved as Latin-1 or Windows-1252?); save it as UTF-8"
            throw SceneLoadError([SceneDiagnostic(file: file, line: YAMLReader.line(of: offset, in: bytes), message: message)])
        }
        return try YAMLReader.parse(text, file: file)
    }

    /// Where `bytes`, which are not UTF-8, first go wrong.
    private static func firstByteNotUTF8(in bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return min(offset, bytes.count - 1)
    }

    /// Scene files are read up to this size.
    public static let maximumBytes = 16 << 20

    /// Reads the tree as a scene and assembles it, without waking anything.
    /// `log` holds what reading the file already found.
    /// `images` replaces the scene's `images:` folder (`--images`).
    static func build(node: SceneNode, file: String, directory: String, limits: SandboxLimits,
                      overrides: [(String, LooseValue)],
                      platform: PlatformOverrides = PlatformOverrides(), images: (any ImageCatalog)? = nil,
                      log: DiagnosticLog? = nil, access: FileAccess = .unrestricted,
                      hosting: SceneHosting = SceneHosting()) throws(SceneLoadError) -> LoadedScene {
        var reader = SchemaReader(log: log ?? DiagnosticLog(file: file))
        let description = reader.read(node)
        var platformReader = PlatformReader(directory: directory, access: access, log: reader.log)
        let configuration = platform.applied(to: platformReader.read(description.platform))
        var log = platformReader.log
        let catalogue = images ?? imageFolder(description.images, directory: directory, access: access, log: &log)
        return try SceneAssembler.assemble(description, file: file, directory: directory, limits: limits,
                                           overrides: overrides, platform: configuration, images: catalogue,
                                           access: access, hosting: hosting, log: log)
    }

    /// The scene's `images:` folder, or nil (with its problems logged at
    /// its line) when it has none or it cannot be read.
    static func imageFolder(_ folder: Located<String>?, directory: String, access: FileAccess,
                            log: inout DiagnosticLog) -> ImageFolder? {
        guard let folder else { return nil }
        do throws(PhotoLibrary.Failure) {
            return try ImageFolder(folder: folder.value, relativeTo: directory, access: access)
        } catch {
            for problem in error.problems {
                let fix = error.isMissingFolder
                    ? " at \(PhotoLibrary.resolve(folder.value, relativeTo: directory)) (the path is relative to the scene file's folder): make it, or correct the path" : ""
                log.error("images: \(problem)\(fix)", line: folder.line)
            }
            return nil
        }
    }

    static func directory(of file: String) -> String {
        let directory = (file as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }
}
