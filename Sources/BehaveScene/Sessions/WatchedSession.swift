/// A command session made again from its source when a file it uses is
/// saved: `behave run --watch`, Behave Studio and `behave window`. A scene
/// that fails to load leaves the last good one running.
public final class WatchedSession {
    /// Makes a session of a source without waking it
    /// (`CommandSession(…, wakes: false)`): the watched session wakes it
    /// once the session it replaces is gone.
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
    /// running one, as UIKit replaces a screen: the new scene is built and
    /// checked whole, then the old one is dismissed (its behaviours'
    /// `destroy` handlers run, heard as any handler is, and its timers,
    /// waits, animations and connections end with it), then `willWake`
    /// runs and the new scene's behaviours wake; nil is returned. On
    /// failure nothing of the new scene ran, the running scene stays, and
    /// the error is returned.
    @discardableResult
    public func reload(from source: SceneSource, willWake: () -> Void = {}) -> SceneSourceError? {
        // A scene file may now name other scripts: watch them too.
        watcher.add(SceneFiles.of(source))
        let fresh: CommandSession
        do throws(SceneSourceError) {
            fresh = try make(source)
        } catch {
            return error
        }
        session.dismiss()
        replacedErrors += session.scene.errorCount
        // The old scene and its Lua state go before the new one wakes.
        session = fresh
        self.source = source
        willWake()
        fresh.wake()
        watcher.add(fresh.running.runtime.compiledPaths)
        return nil
    }

    /// Reloads from `source` with the values `kept` set. If the new scene
    /// refuses them (a range changed, an inspectable is gone) but loads
    /// without them, it loads so, and `dropped` says why they were
    /// refused: the caller forgets them. `error` is why neither loaded.
    public func reload(from source: SceneSource, keeping kept: KeptValues,
                       willWake: () -> Void = {}) -> (error: SceneSourceError?, dropped: SceneSourceError?) {
        guard let refused = reload(from: kept.applied(to: source), willWake: willWake) else { return (nil, nil) }
        guard !kept.isEmpty else { return (refused, nil) }
        // Perhaps only a kept value no longer fits the new script.
        if let error = reload(from: source, willWake: willWake) { return (error, nil) }
        return (nil, refused)
    }
}
