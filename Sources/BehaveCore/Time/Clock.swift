import HeapModule

/// The scene's clock: virtual by default, so runs and tests are
/// deterministic. Time moves only in `advance(by:)`, which fires due timers
/// in order; animations read their progress from `now`.
public final class Clock {
    public private(set) var now: Double = 0 {
        didSet { mirror?.pointee = now }
    }
    /// Where the scene's C half reads the time (the trace's records).
    var mirror: UnsafeMutablePointer<Double>?
    /// Timers by due time, then by order of scheduling. A cancelled timer
    /// stays in the heap, inert, until its time comes or the cancelled ones
    /// outnumber the pending ones (`cancelled`).
    private var pending = Heap<Due>()
    private var live = 0
    private var sequence = 0

    public init() {}

    /// Calls `action` once, `delay` seconds from now.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> Timer {
        sequence += 1
        let timer = Timer(clock: self, fireTime: now + max(0, delay), sequence: sequence, action: action)
        pending.insert(Due(timer: timer))
        live += 1
        return timer
    }

    /// Timers that may fire at one same moment before the clock calls it a
    /// runaway (a timer that reschedules itself with no delay, forever).
    public static let maximumFiringsAtOneMoment = 10_000
    /// Timers one advance may fire: a timer that repeats every microsecond
    /// over a long advance is stopped too (the clock stays where it got to).
    public static let maximumFiringsPerAdvance = 200_000
    /// Hears about a runaway, and the timer that would have fired next
    /// (whose behaviour it is counted against): the clock stops there; at
    /// one moment that timer is cancelled, the rest stay pending.
    var onRunaway: ((ScriptError, Timer) -> Void)?
    /// Why the advance must stop now (the command's time is up), if so;
    /// asked between timers.
    var timeIsUp: () -> String? = { nil }
    /// Hears the end of each advance (the animator's frame).
    var didAdvance: (() -> Void)?

    /// The latest time the clock reaches: two finite advances (1e308 s
    /// each) would make `now` infinite, the state's time no number and
    /// every timer set after due at once. A timer set past it never fires.
    public static let latest = Double.greatestFiniteMagnitude

    /// Moves time forward, firing every timer that falls due on the way, in
    /// time order (timers scheduled by timers included).
    public func advance(by seconds: Double) {
        let target = min(now + max(0, seconds), Clock.latest)
        var firingsNow = 0, firings = 0
        while let due = pending.min, due.timer.fireTime <= target {
            let next = due.timer
            guard next.isPending else {
                pending.removeMin()
                continue
            }
            if next.fireTime > now {
                now = next.fireTime
                firingsNow = 0
            }
            firingsNow += 1
            firings += 1
            if firingsNow > Clock.maximumFiringsAtOneMoment {
                let text = "more than \(Clock.maximumFiringsAtOneMoment) timers fired at \(formatNumber(now)) s without time moving on; the clock stopped there"
                // The script's line that set the last of them, when a script did.
                onRunaway?(next.site.map {
                    ScriptError(file: $0.file, line: $0.line, text: text,
                                fix: "a loop that waits 0 s (`wait(0)`, `after(0, …)`) never lets time pass: wait a frame or more (`wait(1/60)`)")
                } ?? ScriptError(text: text + " (a timer that reschedules itself with no delay?)"), next)
                // The loop ends here: left pending, it held the clock again
                // at every advance after (the studio's 30 a second), each
                // time with the same error.
                next.cancel()
                return
            }
            if firings > Clock.maximumFiringsPerAdvance {
                onRunaway?(ScriptError("more than \(Clock.maximumFiringsPerAdvance) timers fired in one advance (a timer that repeats too often?); the clock stopped at \(formatNumber(now)) s"), next)
                return
            }
            if firings & 63 == 0, let reason = timeIsUp() {
                onRunaway?(ScriptError("\(reason); the clock stopped at \(formatNumber(now)) s"), next)
                return
            }
            pending.removeMin()
            live -= 1
            next.fire()
        }
        if target > now { now = target }
        didAdvance?()
    }

    /// Timers not yet fired.
    public var pendingCount: Int { live }
    /// Timers the heap holds: the pending ones and cancelled ones not yet
    /// dropped.
    var heldCount: Int { pending.count }

    /// A timer set far ahead and cancelled at once, in a loop, would
    /// otherwise keep every one of them until its time (15 MB a second of
    /// a script's loop): the heap is made again from the pending ones when
    /// the cancelled ones outnumber them, at a cost constant per timer.
    fileprivate func cancelled(_ timer: Timer) {
        live -= 1
        if pending.count > 2 * live + 64 {
            pending = Heap(pending.unordered.filter { $0.timer.isPending })
        }
    }
}

/// A scheduled call; `cancel()` stops it.
public final class Timer: Cancellable {
    public let fireTime: Double
    /// The script's line that set it, for a timer with no delay (only
    /// those can hold the clock at one moment): a runaway names it.
    public var site: ScriptError.Frame?
    /// The behaviour it is bound to (`Behaviour.bind`): a runaway of the
    /// clock at this timer is that behaviour's error.
    public private(set) weak var behaviour: Behaviour?
    let sequence: Int
    private weak var clock: Clock?
    private var action: (() -> Void)?

    init(clock: Clock, fireTime: Double, sequence: Int, action: @escaping () -> Void) {
        self.clock = clock
        self.fireTime = fireTime
        self.sequence = sequence
        self.action = action
    }

    public var isPending: Bool { action != nil }
    public var isActive: Bool { isPending }

    public func bound(to behaviour: Behaviour) { self.behaviour = behaviour }

    fileprivate func fire() {
        let action = self.action
        self.action = nil
        action?()
    }

    public func cancel() {
        guard action != nil else { return }
        action = nil
        clock?.cancelled(self)
    }
}

/// A timer in the clock's heap, ordered by due time, then by scheduling.
private struct Due: Comparable {
    let timer: Timer

    static func < (a: Due, b: Due) -> Bool {
        (a.timer.fireTime, a.timer.sequence) < (b.timer.fireTime, b.timer.sequence)
    }

    static func == (a: Due, b: Due) -> Bool { a.timer === b.timer }
}
