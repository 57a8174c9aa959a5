/// A command session made again from its source when a file it uses is
/// saved: `behave run --watch` and Behave Studio. A scene that fails to
/// load leaves the last good one running.
public final class WatchedSession {
    public typealias Maker = (SceneSource) throws(SceneSourceError) -> CommandSession

    /// The session running now: the last one that loaded.
    public private(set) var session: CommandSession
    /// What it was made from.
    public private(set) var source: SceneSource
    private var watcher: FileWatcher
    private let make: Maker

    /// Makes the first session; `make` makes each one (from `source`, or
    /// from what `reload(from:)` is given).
    public init(source: SceneSource, make: @escaping Maker) throws(SceneSourceError) {
        // Stamped before reading, so that a save while loading is seen.
        var watcher = FileWatcher(SceneFiles.of(source))
        session = try make(source)
        watcher.add(session.running.runtime.compiledPaths)
        self.watcher = watcher
        self.source = source
        self.make = make
    }

    /// The files watched.
    public var files: [String] { watcher.paths }

    /// The watched files saved (changed, created or removed) since the
    /// last look.
    public func changedFiles() -> [String] {
        watcher.changes()
    }

    /// Makes the scene again from `source`; on success it replaces the
    /// running one (which is dismissed: its behaviours are destroyed), and
    /// nil is returned. On failure the running scene stays and the error is
    /// returned.
    @discardableResult
    public func reload(from source: SceneSource) -> SceneSourceError? {
        // A scene file may now name other scripts: watch them too.
        watcher.add(SceneFiles.of(source))
        do throws(SceneSourceError) {
            let fresh = try make(source)
            watcher.add(fresh.running.runtime.compiledPaths)
            session = fresh
            self.source = source
            return nil
        } catch {
            return error
        }
    }
}
