import BehaveCore
import BehaveLua

/// Loading a scene again onto the widgets of the one running, as a host
/// does when a file of it is saved (Docs/embedding.md, "Reload on save").
extension SceneLoader {
    /// Loads the scene in `file` in the place of `running`, keeping the
    /// last good scene when the new one is not: the new scene is checked
    /// and built whole and bound through `hosting`, its behaviours wake,
    /// and only then is `running` dismissed (its behaviours' `destroy`
    /// runs after the new ones' `awake`); the new scene is returned.
    ///
    /// A mistake in the files throws as `load(file:)` does, binding
    /// nothing. A behaviour that raises as it wakes (or `hosting.prepare`
    /// throwing) throws too, with the file and line of each `awake` that
    /// raised: the new scene is
    /// dismissed (its own `destroy` handlers run, heard by `listener`) and
    /// `running` runs on, its controls bound again to the widgets the new
    /// scene took, through the hosting `running` was loaded with, showing
    /// and hearing them as before, with none of the new files' values.
    /// The other arguments are `load(file:)`'s.
    public static func reload(file: String, replacing running: LoadedScene, limits: SandboxLimits = .default,
                              overrides: [(String, LooseValue)] = [],
                              platform: PlatformOverrides = PlatformOverrides(), images: (any ImageCatalog)? = nil,
                              access: FileAccess = .unrestricted, hosting: SceneHosting = SceneHosting(),
                              listener: ((Trace.Entry) -> Void)? = nil) throws(SceneLoadError) -> LoadedScene {
        let replacement = SceneReplacement(of: running)
        let fresh = try build(file: file, limits: limits, overrides: overrides, platform: platform, images: images,
                              access: access, hosting: hosting)
        try replacement.wake(fresh, listener: listener)
        running.dismiss()
        return fresh
    }
}
