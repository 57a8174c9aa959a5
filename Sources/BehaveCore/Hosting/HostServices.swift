import Foundation

/// Presents what waits for the user (`ask{}`'s action sheets and alerts,
/// permission requests, the photo picker) as the host's own dialogs.
/// Without one, a scene keeps its dialogs in its state and `choose`
/// answers them (`behave run`, specs, the studio).
public protocol DialogPresenter: AnyObject {
    /// Shows `dialog`, the one the scene waits on now. The user's answer
    /// goes back through `Scene.answerDialog(with:)`: an option's text, or
    /// nil for the cancel button (or a dialog closed without an answer).
    func present(_ dialog: Dialog, in scene: Scene)

    /// `dialog` was answered or the screen went away: take it down if it
    /// is still shown.
    func dismiss(_ dialog: Dialog, in scene: Scene)
}

extension Scene {
    /// Answers the presented dialog as the host's dialog was answered: an
    /// option's text, or nil for cancel. Runs as one command. Refused (it
    /// throws, and the dialog still waits) from another thread than the
    /// scene's.
    public func answerDialog(with option: String?) throws(ValueError) {
        try thread.check("the dialog was answered", "the answer is refused and the dialog still waits",
                         act: "answer", example: "try scene.answerDialog(with: option)")
        try perform { () throws(ValueError) in
            if let option { try choose(option) } else { try choose(cancelling: true) }
        }
    }
}

/// Moves a scene's clock at wall speed, driven by the host's frame source
/// (a display link, a GLib timeout, a widget's frame clock): `wait`,
/// `after` and `animate` then take real time. Each tick is one command,
/// with its limits. Tests keep the manual clock instead.
public final class RealTimeDriver {
    public private(set) weak var scene: Scene?
    private let thread: SceneThread
    private var wall: WallClock

    /// `interval`: the host's frame, in seconds (1/60 for most displays);
    /// ticks closer together than that do nothing.
    public init(scene: Scene, interval: Double = 1.0 / 60, now: ContinuousClock.Instant = .now) {
        self.scene = scene
        thread = scene.thread
        wall = WallClock(now: now, interval: interval)
    }

    /// Advances the scene by the wall time since the last advance (at most
    /// `WallClock.longestStep` at once: after a stall the scene lags rather
    /// than jumping). Returns the seconds advanced (0 when none were due).
    /// Refused (it throws, and the clock stays) from another thread than
    /// the scene's: a frame source on a thread of its own hops to the
    /// scene's.
    @discardableResult
    public func tick(now: ContinuousClock.Instant = .now) throws(ValueError) -> Double {
        try thread.check("RealTimeDriver.tick was called", "the scene's clock stays where it was",
                         act: "tick", example: "try driver.tick()")
        guard let scene, scene.isPresented, let step = wall.due(now: now) else { return 0 }
        scene.perform { scene.clock.advance(by: step) }
        return step
    }

    /// The last frame's timestamp (`tick(timestamp:)`, in seconds on the
    /// frame source's clock: `CADisplayLink.timestamp`,
    /// `gdk_frame_clock_get_frame_time` / 1e6) and the instant it stood
    /// for; a nil timestamp when the next frame stands for the instant
    /// (after `resume`).
    private var lastFrame: (seconds: Double?, instant: ContinuousClock.Instant)?

    /// The longest time between two frames' timestamps that counts: a
    /// bigger one (a frame source's clock reset, a timestamp in the wrong
    /// unit) would make no `Duration`; the scene takes `longestStep` of
    /// it anyway.
    static let longestFrameGap = 3600.0

    /// `tick(now:)` for a frame source that gives its frame's time in
    /// seconds on a clock of its own: only the time between two frames
    /// counts, so any monotonic clock will do, and a timestamp earlier
    /// than the last counts none. The first such tick counts from when it
    /// is called.
    @discardableResult
    public func tick(timestamp seconds: Double) throws(ValueError) -> Double {
        try thread.check("RealTimeDriver.tick was called", "the scene's clock stays where it was",
                         act: "tick", example: "try driver.tick(timestamp: link.timestamp)")
        guard seconds.isFinite else {
            throw ValueError("RealTimeDriver.tick(timestamp:) takes a frame's time in seconds, not \(seconds); the scene's clock stays where it was")
        }
        let instant: ContinuousClock.Instant = switch lastFrame {
        case nil: .now
        case (nil, let resumed)?: resumed
        case (let last?, let at)?: at.advanced(by: .seconds(min(max(seconds - last, 0), Self.longestFrameGap)))
        }
        lastFrame = (seconds, instant)
        return try tick(now: instant)
    }

    public var isRunning: Bool { wall.isRunning }

    /// Time stands still until `resume`.
    public func pause() { wall.pause() }

    public func resume(now: ContinuousClock.Instant = .now) {
        // The next frame's timestamp stands for `now`: the frame source's
        // clock may have stood while the wall's ran (GTK's frame clock
        // and a display link's do not count a suspended machine).
        if !wall.isRunning, lastFrame != nil { lastFrame = (nil, now) }
        wall.run(now: now)
    }
}
