/// The scene's clock: virtual by default, so runs and tests are
/// deterministic. Time moves only in `advance(by:)`, which fires due timers
/// in order and lets animations progress to each moment.
public final class Clock {
    public private(set) var now: Double = 0
    private var pending: [Timer] = []
    private var sequence = 0
    /// Called at each moment time reaches during an advance, before the
    /// timers due then fire (the animator moves its frames here).
    var onTick: ((Double) -> Void)?

    public init() {}

    /// Calls `action` once, `delay` seconds from now.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> Timer {
        sequence += 1
        let timer = Timer(clock: self, fireTime: now + max(0, delay), sequence: sequence, action: action)
        let index = pending.firstIndex { ($0.fireTime, $0.sequence) > (timer.fireTime, timer.sequence) } ?? pending.endIndex
        pending.insert(timer, at: index)
        return timer
    }

    /// Moves time forward, firing every timer that falls due on the way, in
    /// time order (timers scheduled by timers included).
    public func advance(by seconds: Double) {
        let target = now + max(0, seconds)
        while let next = pending.first, next.fireTime <= target {
            pending.removeFirst()
            if next.fireTime > now {
                now = next.fireTime
                onTick?(now)
            }
            next.fire()
        }
        if target > now {
            now = target
            onTick?(now)
        }
    }

    /// Timers not yet fired.
    public var pendingCount: Int { pending.count }

    fileprivate func remove(_ timer: Timer) {
        pending.removeAll { $0 === timer }
    }
}

/// A scheduled call; `cancel()` stops it.
public final class Timer: Cancellable {
    public let fireTime: Double
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

    fileprivate func fire() {
        let action = self.action
        self.action = nil
        action?()
    }

    public func cancel() {
        guard action != nil else { return }
        action = nil
        clock?.remove(self)
    }
}
