import BehaveCore
import BehaveLua

/// `s:explore`'s shrinking, inside a spec: the `Shrinker` that `behave
/// explore` uses, with the budget the spec gives (`shrinkTime`,
/// `shrinkReplays`), which also stops while the spec has time and
/// instructions left to report what it found. A spec is one callback: were
/// its limit to run out in the middle of shrinking, it would end with
/// "time limit exceeded" and no commands at all.
struct SpecShrinking {
    private(set) var shrinker: Shrinker
    /// The spec's limits, to name them when they stop shrinking.
    private let limits: SandboxLimits
    /// When the replay in progress began, and the instructions left then.
    private var replayStart: (time: ContinuousClock.Instant, instructions: Int?)?
    /// The most one replay has taken so far: seconds, instructions.
    private var longestReplay = 0.0
    private var costliestReplay = 0

    init(_ commands: [String], budget: Shrinker.Budget, limits: SandboxLimits) {
        shrinker = Shrinker(commands, budget: budget)
        self.limits = limits
    }

    /// The next list to replay, or nil when shrinking is over. `left` is
    /// what the spec's callback has left (`LuaRuntime.callbackLeft`): a
    /// replay starts only while a quarter of each limit, and twice the
    /// most a replay has taken, are left.
    mutating func next(left: (seconds: Double?, instructions: Int?),
                       now: ContinuousClock.Instant = .now) -> [String]? {
        if let start = replayStart {
            let took = start.time.duration(to: now).components
            longestReplay = max(longestReplay, Double(took.seconds) + Double(took.attoseconds) / 1e18)
            if let before = start.instructions, let after = left.instructions {
                costliestReplay = max(costliestReplay, before - after)
            }
        }
        if let seconds = left.seconds, seconds < max(limits.seconds / 4, 2 * longestReplay) {
            shrinker.stop(.limit("the spec's time limit (\(formatNumber(limits.seconds)) s)", replays: shrinker.replays))
        }
        if let instructions = left.instructions, instructions < max(limits.instructions / 4, 2 * costliestReplay) {
            shrinker.stop(.limit("the spec's instruction budget (\(limits.instructions) instructions)", replays: shrinker.replays))
        }
        replayStart = (now, left.instructions)
        return shrinker.next(now: now)
    }

    mutating func record(failsTheSameWay: Bool) {
        shrinker.record(failsTheSameWay: failsTheSameWay)
    }

    /// Why shrinking stopped early and what gives it more, as a line of
    /// the spec's failure; nil when it was done.
    var stoppedEarly: String? {
        guard let stopped = shrinker.stopped else { return nil }
        let fix = if case .limit = stopped {
            "--time-limit and --instruction-limit give the spec more, and fewer steps need less"
        } else {
            "shrinkTime and shrinkReplays give shrinking more"
        }
        return "shrinking stopped early: \(stopped.explanation); these commands fail the same way, but fewer might (\(fix))"
    }
}
