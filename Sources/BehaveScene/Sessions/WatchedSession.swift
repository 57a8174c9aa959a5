import BehaveCore

/// A command session made again from its source when a file it uses is
/// saved: `behave run --watch`, Behave Studio and `behave window`. A scene
/// that fails to load, or whose behaviours raise as they wake, leaves the
/// last good one running.
public final class WatchedSession {
    /// Makes a session of a source without waking it
    /// (`CommandSession(…, wakes: false)`): the watched session wakes it
    /// before it dismisses the session it replaces, so that one whose
    /// `awake` raises replaces nothing.
    public typealias Maker = (SceneSource) throws(SceneSourceError) -> CommandSession

    /// The session running now: the last one that loaded.
    public private(set) var session: CommandSession
    /// What it was made from.
    public private(set) var source: SceneSource
    private var watcher: FileWatcher
    private let make: Maker
    /// The script errors of the scenes a reload replaced.
    private var replacedErrors = 0

    /// The script errors raised in every scene this session ran: those a
    /// reload replaced (their `destroy` handlers' too) and the running
    /// one, so that a script fixed and saved does not hide the errors it
    /// raised before. An exit status counts these, as `behave run` counts
    /// a run's.
    public var scriptErrors: Int { replacedErrors + session.scene.errorCount }

    /// Makes and wakes the first session; `make` makes each one (from
    /// `source`, or from what `reload(from:)` is given).
    public init(source: SceneSource, make: @escaping Maker) throws(SceneSourceError) {
        // Stamped before reading, so that a save while loading is seen.
        watcher = FileWatcher(SceneFiles.of(source))
        session = try make(source)
        self.source = source
        self.make = make
        session.wake()
        // With the modules its behaviours required as they woke.
        watcher.add(session.running.runtime.compiledPaths)
    }

    /// The files watched.
    public var files: [String] { watcher.paths }

    /// The watched files saved (changed, created or removed) since the
    /// last look.
    public func changedFiles() -> [String] {
        watcher.changes()
    }

    /// Makes the scene again from `source`. On success it replaces the
    /// running one: the new scene is built and checked whole, `willWake`
    /// runs and its behaviours wake, then the old one is dismissed (its
    /// behaviours' `destroy` handlers run, heard as any handler is, and its
    /// timers, waits, animations and connections end with it); nil is
    /// returned. On failure the running scene stays, untouched, and the
    /// error is returned: a scene that does not build ran nothing; one
    /// whose behaviours raised as they woke is dismissed at once (its own
    /// `destroy` handlers run, heard), the running scene's controls take
    /// back any widget of the host's it bound, and the error names each
    /// `awake` that raised, at its line, as Defold's and Roblox Studio's
    /// hot reloads keep the last good state. An app reloading on its own
    /// widgets gets the same from `SceneLoader.reload(file:replacing:)`.
    @discardableResult
    public func reload(from source: SceneSource, willWake: () -> Void = {}) -> SceneSourceError? {
        replace(from: source, willWake: willWake)?.error
    }

    /// `reload(from:willWake:)`, telling whether the new scene got as far
    /// as waking.
    private func replace(from source: SceneSource, willWake: () -> Void) -> (error: SceneSourceError, woke: Bool)? {
        // A scene file may now name other scripts: watch them too.
        watcher.add(SceneFiles.of(source))
        // Before the new scene is made, which may bind the running one's widgets.
        let replacement = SceneReplacement(of: session.running)
        let fresh: CommandSession
        do throws(SceneSourceError) {
            fresh = try make(source)
        } catch {
            return (error, false)
        }
        willWake()
        do throws(SceneLoadError) {
            try fresh.wake(replacing: replacement)
        } catch {
            // Modules required as it woke are watched, kept or not: fixing
            // one is the save that should load the scene.
            watcher.add(fresh.running.runtime.compiledPaths)
            // Counted as a replaced scene's: the exit status tells them.
            replacedErrors += fresh.scene.errorCount
            return (.scene(error), true)
        }
        watcher.add(fresh.running.runtime.compiledPaths)
        session.dismiss()
        replacedErrors += session.scene.errorCount
        // The old scene and its Lua state go now.
        session = fresh
        self.source = source
        return nil
    }

    /// Reloads from `source` with the values `kept` set. If the new scene
    /// refuses them (a range changed, an inspectable is gone) but loads
    /// without them, it loads so, and `dropped` says why they were
    /// refused: the caller forgets them. `error` is why neither loaded.
    public func reload(from source: SceneSource, keeping kept: KeptValues,
                       willWake: () -> Void = {}) -> (error: SceneSourceError?, dropped: SceneSourceError?) {
        guard let refused = replace(from: kept.applied(to: source), willWake: willWake) else { return (nil, nil) }
        // A behaviour that raised as it woke is the script's mistake, not the values'.
        guard !kept.isEmpty, !refused.woke else { return (refused.error, nil) }
        // Perhaps only a kept value no longer fits the new script.
        if let error = reload(from: source, willWake: willWake) { return (error, nil) }
        return (nil, refused.error)
    }
}
