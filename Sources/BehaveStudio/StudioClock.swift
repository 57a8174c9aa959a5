/// The studio's clock: while it runs, the scene's virtual clock follows
/// the wall clock in small steps (an `advance` every `tick`), so that
/// animations play at their speed; paused, it stands still until a step.
struct StudioClock {
    /// Seconds between two advances while running: 30 a second.
    static let tick = 1.0 / 30
    /// The longest advance one tick makes: after a stall (a slow handler, a
    /// sleeping laptop) the scene's time lags rather than jumping.
    static let longestStep = 0.25

    private(set) var isRunning = true
    /// Wall seconds owed to the scene and not advanced yet.
    private var owed = 0.0
    private var last: ContinuousClock.Instant

    init(now: ContinuousClock.Instant) {
        last = now
    }

    mutating func run(now: ContinuousClock.Instant) {
        if !isRunning { last = now; owed = 0 }
        isRunning = true
    }

    mutating func pause() {
        isRunning = false
        owed = 0
    }

    /// When the next advance is due; nil while paused.
    var nextTick: ContinuousClock.Instant? {
        isRunning ? last.advanced(by: .seconds(StudioClock.tick)) : nil
    }

    /// The seconds to advance now, in whole milliseconds (so the scene's
    /// time reads 1.234, not 1.2340000001); nil when none are due.
    mutating func due(now: ContinuousClock.Instant) -> Double? {
        guard isRunning else { return nil }
        let elapsed = now - last
        guard elapsed >= .seconds(StudioClock.tick) else { return nil }
        last = now
        owed = min(owed + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                   StudioClock.longestStep)
        let milliseconds = (owed * 1000).rounded(.down)
        guard milliseconds >= 1 else { return nil }
        owed -= milliseconds / 1000
        return milliseconds / 1000
    }
}
