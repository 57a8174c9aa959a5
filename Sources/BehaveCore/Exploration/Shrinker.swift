/// Shrinking a failure found by exploration: taking commands out of the
/// list for as long as what is left still fails the same way, within a
/// budget of time and replays. Each try is a replay of the whole list on a
/// new scene, which can take as long as the run that found the failure, so
/// shrinking without a bound could go on for hours; once the budget is
/// spent, the shortest list found so far is the answer, and `stopped` says
/// why it may not be the shortest.
///
/// The shrinker proposes and its caller replays: `next()` gives the list to
/// try, `record(_:)` says whether it failed the same way. So `behave
/// explore` (in Swift) and `s:explore` (whose invariants are Lua functions
/// of the spec) share one way of shrinking and one budget.
///
/// First it takes out chunks (halves, then thirds, … down to single
/// commands, as delta debugging does), then every run of one to six
/// commands in a row (a press and its release; two taps that come back
/// where they started), then it tries a `tap` for each press and release
/// of one control that follow each other (a person reads one command
/// better than two), taking runs out again when one did.
public struct Shrinker: Sendable {
    /// How much shrinking may take.
    public struct Budget: Sendable, Equatable {
        /// Wall-clock seconds: no replay starts after them.
        public var seconds: Double
        /// Replays, at most.
        public var replays: Int

        public init(seconds: Double = Budget.default.seconds, replays: Int = Budget.default.replays) {
            self.seconds = seconds
            self.replays = replays
        }

        /// Half a minute and ten thousand replays: a run of a few hundred
        /// steps on a quick scene shrinks all the way well within them
        /// (two hundred steps take about two thousand replays), and a
        /// person waits out the half minute on a slow one.
        public static let `default` = Budget(seconds: 30, replays: 10_000)
    }

    /// Why shrinking stopped before it was done.
    public enum Stop: Sendable, Equatable {
        /// The time budget (seconds) ran out, after this many replays.
        case time(seconds: Double, replays: Int)
        /// The budget of replays ran out.
        case replays(Int)
        /// Something else was about to run out (in words: "the spec's time
        /// limit (1 s)"), after this many replays.
        case limit(String, replays: Int)

        /// The reason, for a sentence that begins "shrinking stopped
        /// early: ".
        public var explanation: String {
            switch self {
            case .time(let seconds, let replays):
                "its time budget (\(formatNumber(seconds)) s) ran out after \(replays) replay\(replays == 1 ? "" : "s")"
            case .replays(let replays):
                "its budget of \(replays) replay\(replays == 1 ? "" : "s") ran out"
            case .limit(let what, let replays):
                "\(what) was about to run out, after \(replays) replay\(replays == 1 ? "" : "s")"
            }
        }
    }

    /// The shortest list found so far that fails the same way.
    public private(set) var commands: [String]
    /// Replays asked for so far.
    public private(set) var replays = 0
    /// Why shrinking stopped early; nil while it goes on, or when it was done.
    public private(set) var stopped: Stop?

    private let budget: Budget
    private let deadline: ContinuousClock.Instant
    private var phase = Phase.chunks(count: 2, start: 0)
    /// The list `next()` gave, waiting for its verdict, and the commands it left out.
    private var trying: (candidate: [String], removed: Int)?

    private enum Phase: Sendable {
        /// Taking out one of `count` chunks, from the one at `start`.
        case chunks(count: Int, start: Int)
        /// Taking out runs of `width` commands, from `start`.
        case runs(width: Int, start: Int)
        /// Making a tap of the press at `start` or after it and its
        /// release; `progressed` once one was kept.
        case taps(start: Int, progressed: Bool)
        case done
    }

    /// The widest run of commands in a row the second phase takes out.
    static let widestRun = 6

    public init(_ commands: [String], budget: Budget = .default, now: ContinuousClock.Instant = .now) {
        self.commands = commands
        self.budget = budget
        let seconds = budget.seconds.isFinite ? min(max(budget.seconds, 0), 1e9) : 1e9
        deadline = now.advanced(by: .seconds(seconds))
    }

    /// The next list to replay (always shorter than `commands`); nil when
    /// shrinking is over, done or `stopped`. A list given before whose
    /// verdict was not recorded counts as not failing the same way.
    public mutating func next(now: ContinuousClock.Instant = .now) -> [String]? {
        if trying != nil { record(failsTheSameWay: false) }
        guard stopped == nil, let (candidate, removed) = proposal() else { return nil }
        if replays >= budget.replays {
            stopped = .replays(replays)
            return nil
        }
        if now >= deadline {
            stopped = .time(seconds: budget.seconds, replays: replays)
            return nil
        }
        replays += 1
        trying = (candidate, removed)
        return candidate
    }

    /// Whether the list `next()` gave last failed the same way.
    public mutating func record(failsTheSameWay: Bool) {
        guard let (candidate, removed) = trying else { return }
        trying = nil
        switch phase {
        case .chunks(let count, let start):
            phase = failsTheSameWay ? .chunks(count: max(count - 1, 2), start: 0) : .chunks(count: count, start: start + removed)
        case .runs(let width, let start):
            phase = failsTheSameWay ? .runs(width: 1, start: 0) : .runs(width: width, start: start + 1)
        case .taps(let start, let progressed):
            phase = .taps(start: start + 1, progressed: progressed || failsTheSameWay)
        case .done:
            break
        }
        if failsTheSameWay { commands = candidate }
    }

    /// Stops shrinking now, for `reason` (something of the caller's that
    /// was about to run out).
    public mutating func stop(_ reason: Stop) {
        trying = nil
        if stopped == nil, proposal() != nil { stopped = reason }
    }

    /// The list the phase tries next and how many commands it leaves out,
    /// moving on to the next pass or phase as each ends; nil when done.
    private mutating func proposal() -> (candidate: [String], removed: Int)? {
        while true {
            switch phase {
            case .chunks(let count, let start):
                guard commands.count >= 2 else {
                    phase = .runs(width: 1, start: 0)
                    continue
                }
                let size = (commands.count + count - 1) / count
                if start < commands.count {
                    let end = min(start + size, commands.count)
                    var candidate = commands
                    candidate.removeSubrange(start..<end)
                    return (candidate, end - start)
                }
                // A pass took nothing out: smaller chunks, down to single commands.
                phase = count >= commands.count ? .runs(width: 1, start: 0)
                    : .chunks(count: min(count * 2, commands.count), start: 0)
            case .runs(let width, let start):
                guard width <= Shrinker.widestRun, width < commands.count else {
                    phase = .taps(start: 0, progressed: false)
                    continue
                }
                if start <= commands.count - width {
                    var candidate = commands
                    candidate.removeSubrange(start..<start + width)
                    return (candidate, width)
                }
                phase = .runs(width: width + 1, start: 0)
            case .taps(let start, let progressed):
                if let index = commands.indices.dropFirst(start).dropLast().first(where: { Shrinker.tap(commands[$0], commands[$0 + 1]) != nil }),
                   let tap = Shrinker.tap(commands[index], commands[index + 1]) {
                    phase = .taps(start: index, progressed: progressed)
                    var candidate = commands
                    candidate.replaceSubrange(index...index + 1, with: [tap])
                    return (candidate, 1)
                }
                // With fewer commands, runs may go that could not before.
                phase = progressed ? .runs(width: 1, start: 0) : .done
            case .done:
                return nil
            }
        }
    }

    /// `tap NAME` for `press NAME` then `release NAME` (not released
    /// outside), which a tap does in one command; nil for any other two.
    static func tap(_ first: String, _ second: String) -> String? {
        guard first.hasPrefix("press "), second == "release " + first.dropFirst("press ".count) else { return nil }
        return "tap " + first.dropFirst("press ".count)
    }
}
