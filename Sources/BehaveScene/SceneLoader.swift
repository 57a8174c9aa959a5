import BehaveCore
import BehaveLua
import Foundation

/// Scene files (SPEC §4) to running scenes. A scene comes from YAML or JSON
/// text, or from a `SceneNode` tree built elsewhere (a Lua table in a spec);
/// either way it is checked completely before anything runs: scripts' top
/// levels run to read their declarations, but no `awake` and no handler.
public enum SceneLoader {
    /// Loads, checks, builds and wakes the scene in `file`.
    /// `platform` replaces parts of the scene's `platform:` block.
    public static func load(file: String, limits: SandboxLimits = .default,
                            overrides: [(String, LooseValue)] = [],
                            platform: PlatformOverrides = PlatformOverrides()) throws(SceneLoadError) -> LoadedScene {
        let (root, log) = try parse(file: file)
        let loaded = try build(node: root, file: file, directory: directory(of: file), limits: limits,
                               overrides: overrides, platform: platform, log: log)
        loaded.start()
        return loaded
    }

    /// Loads, checks, builds and wakes a scene from its tree; `file` names it
    /// in diagnostics, scripts are looked up in `directory`, then in the
    /// bundled `Scripts/`.
    public static func load(node: SceneNode, file: String, directory: String, limits: SandboxLimits = .default,
                            overrides: [(String, LooseValue)] = [],
                            platform: PlatformOverrides = PlatformOverrides()) throws(SceneLoadError) -> LoadedScene {
        let loaded = try build(node: node, file: file, directory: directory, limits: limits, overrides: overrides,
                               platform: platform)
        loaded.start()
        return loaded
    }

    /// Every mistake in the scene file, without running it (`behave check`).
    public static func check(file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        inspect(file: file, limits: limits).filter { !$0.isWarning }
    }

    /// Every mistake in the scene file, then every warning (an outlet left
    /// unconnected), without running it.
    public static func inspect(file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        do throws(SceneLoadError) {
            let (root, log) = try parse(file: file)
            let built = try build(node: root, file: file, directory: directory(of: file), limits: limits, overrides: [],
                                  log: log)
            return built.warnings
        } catch {
            return error.diagnostics + error.warnings
        }
    }

    /// The tree of a YAML or JSON file.
    public static func read(file: String) throws(SceneLoadError) -> SceneNode {
        let (root, log) = try parse(file: file)
        guard log.isEmpty else { throw SceneLoadError(log.sorted) }
        return root
    }

    /// The tree of a file and the mistakes that did not stop reading it.
    static func parse(file: String) throws(SceneLoadError) -> (SceneNode, DiagnosticLog) {
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason = FileManager.default.fileExists(atPath: file) ? "cannot read the file" : "no such file"
            throw SceneLoadError([SceneDiagnostic(file: file, line: nil, message: reason)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneLoadError([SceneDiagnostic(file: file, line: nil, message: "the file is not UTF-8 text")])
        }
        return try YAMLReader.parse(text, file: file)
    }

    /// Checks and builds without waking anything. `log` holds what reading
    /// the file already found: the scene is checked on, so that every
    /// mistake is listed, but it is not built.
    static func build(node: SceneNode, file: String, directory: String, limits: SandboxLimits,
                      overrides: [(String, LooseValue)],
                      platform: PlatformOverrides = PlatformOverrides(),
                      log: DiagnosticLog? = nil) throws(SceneLoadError) -> LoadedScene {
        var reader = SchemaReader(log: log ?? DiagnosticLog(file: file))
        let description = reader.read(node)
        var platformReader = PlatformReader(directory: directory, log: reader.log)
        let configuration = platform.applied(to: platformReader.read(description.platform))
        let builder = try SceneBuilder(description: description, file: file, directory: directory,
                                       limits: limits, log: platformReader.log)
        guard builder.build(overrides: overrides) else { throw SceneLoadError(builder.log.sorted, warnings: builder.log.warnings) }
        builder.scene.platform = HeadlessPlatform(configuration)
        let behaviours = builder.finish()
        return LoadedScene(scene: builder.scene, runtime: builder.runtime, platform: description.platform,
                           file: file, behaviours: behaviours, warnings: builder.log.warnings)
    }

    static func directory(of file: String) -> String {
        let directory = (file as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }
}
