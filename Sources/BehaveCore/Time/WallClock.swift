/// Wall time for a scene: while it runs, the scene's virtual clock follows
/// the wall clock in small steps (an `advance` every `tick`), so that
/// animations play at their speed; paused, it stands still. The studio and
/// hosts (`RealTimeDriver`) drive scenes with it; tests keep the manual clock.
public struct WallClock: Sendable {
    /// Seconds between two advances while running, unless told: 30 a second.
    public static let tick = 1.0 / 30
    /// The longest advance one tick makes: after a stall (a slow handler, a
    /// sleeping laptop) the scene's time lags rather than jumping.
    public static let longestStep = 0.25

    public private(set) var isRunning = true
    /// Wall seconds owed to the scene and not advanced yet.
    private var owed = 0.0
    private var last: ContinuousClock.Instant

    /// Seconds between two advances at least (a display's frame: 1/60).
    public let interval: Double

    public init(now: ContinuousClock.Instant, interval: Double = WallClock.tick) {
        last = now
        self.interval = interval
    }

    public mutating func run(now: ContinuousClock.Instant) {
        if !isRunning { last = now; owed = 0 }
        isRunning = true
    }

    public mutating func pause() {
        isRunning = false
        owed = 0
    }

    /// When the next advance is due; nil while paused.
    public var nextTick: ContinuousClock.Instant? {
        isRunning ? last.advanced(by: .seconds(interval)) : nil
    }

    /// The seconds to advance now, in whole milliseconds (so the scene's
    /// time reads 1.234, not 1.2340000001); nil when none are due.
    public mutating func due(now: ContinuousClock.Instant) -> Double? {
        guard isRunning else { return nil }
        let elapsed = now - last
        guard elapsed >= .seconds(interval) else { return nil }
        last = now
        owed = min(owed + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                   WallClock.longestStep)
        let milliseconds = (owed * 1000).rounded(.down)
        guard milliseconds >= 1 else { return nil }
        owed -= milliseconds / 1000
        return milliseconds / 1000
    }
}
