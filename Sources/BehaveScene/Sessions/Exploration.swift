import BehaveCore
import Foundation

/// `behave explore` and `s:explore`: random actions a person could take
/// (`Explorer`), on a scene made again from its source for every run, with
/// a check after each step: no script raised an error (a `StateMachine`
/// invariant that breaks is one), and the caller's invariants hold. A
/// failure is shrunk (`Shrinker`, within a budget) to a shortest list of
/// commands that still fails the same way.
public enum Exploration {
    public struct Failure: Equatable, Sendable {
        /// The commands from a new scene to the failure.
        public var commands: [String]
        /// What went wrong (the script's error, or the broken invariant).
        public var reason: String
        /// The run's seed.
        public var seed: UInt64
        /// Why shrinking stopped before it was done (the commands fail the
        /// same way, but fewer might too); nil when it was done.
        public var shrinkingStopped: Shrinker.Stop? = nil
        /// Replays shrinking made.
        public var replays = 0
    }

    /// What one check after a step finds: nil when all is well.
    public typealias Check = (Scene) -> String?

    /// Explores `runs` runs of `steps` steps each, the first with `seed`,
    /// the next with `seed + 1`, …; the first failure, shrunk within
    /// `budget`, or nil.
    public static func explore(_ source: SceneSource, steps: Int, runs: Int = 1, seed: UInt64,
                               budget: Shrinker.Budget = .default,
                               check: Check? = nil) throws(SceneSourceError) -> Failure? {
        for run in 0..<UInt64(max(1, runs)) {
            if let found = try self.run(source, steps: steps, seed: seed &+ run, check: check) {
                return try shrink(found, source: source, budget: budget, check: check)
            }
        }
        return nil
    }

    /// One run: the failure it finds, not shrunk.
    public static func run(_ source: SceneSource, steps: Int, seed: UInt64,
                           check: Check? = nil) throws(SceneSourceError) -> Failure? {
        let running = try source.make()
        var random = ExplorationRandom(seed: seed)
        var commands: [String] = []
        if let reason = problem(in: running.scene, errorsBefore: 0, check: check) {
            return Failure(commands: [], reason: reason, seed: seed)
        }
        for _ in 0..<max(0, steps) {
            guard running.scene.isPresented else { break }
            let line = Explorer.nextAction(in: running.scene, random: &random)
            commands.append(line)
            let errors = running.scene.errorCount
            perform(line, on: running.scene)
            if let reason = problem(in: running.scene, errorsBefore: errors, check: check) {
                return Failure(commands: commands, reason: reason, seed: seed)
            }
        }
        return nil
    }

    /// The reason of the first failure when `commands` run on a new scene.
    public static func replay(_ commands: [String], source: SceneSource,
                              check: Check? = nil) throws(SceneSourceError) -> String? {
        let running = try source.make()
        if let reason = problem(in: running.scene, errorsBefore: 0, check: check) { return reason }
        for line in commands {
            let errors = running.scene.errorCount
            perform(line, on: running.scene)
            if let reason = problem(in: running.scene, errorsBefore: errors, check: check) { return reason }
        }
        return nil
    }

    /// The failure with as few commands as still fail the same way as
    /// `budget` lets shrinking find (`Shrinker`).
    public static func shrink(_ failure: Failure, source: SceneSource, budget: Shrinker.Budget = .default,
                              check: Check? = nil) throws(SceneSourceError) -> Failure {
        var shrinker = Shrinker(failure.commands, budget: budget)
        while let candidate = shrinker.next() {
            shrinker.record(failsTheSameWay: try replay(candidate, source: source, check: check) == failure.reason)
        }
        return Failure(commands: shrinker.commands, reason: failure.reason, seed: failure.seed,
                       shrinkingStopped: shrinker.stopped, replays: shrinker.replays)
    }

    static func perform(_ line: String, on scene: Scene) {
        guard let command = try? SceneCommand.parse(line) else { return }
        _ = try? scene.execute(command)
    }

    /// A new script error, or a broken invariant of the caller's.
    static func problem(in scene: Scene, errorsBefore: Int, check: Check?) -> String? {
        if scene.errorCount > errorsBefore,
           let error = scene.trace.entries.last(where: { $0.kind == .error }) {
            return String(error.message.prefix { $0 != "\n" })
        }
        return check?(scene)
    }
}
