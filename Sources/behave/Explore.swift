import BehaveCommandLine
import BehaveCore
import BehaveScene
import Foundation

struct Explore: Command {
    static let name = "explore"
    static let spec = CommandSpec(
        name: name,
        abstract: "Drive random actions a person could take on a scene, checking after each step that no script raised an error.",
        discussion: """
            A failure is shrunk to a shortest list of commands and written as a transcript that reproduces it; \
            shrinking replays the commands on new scenes until --shrink-time or --shrink-replays runs out, then keeps \
            the shortest list found so far and says so. \
            The same seed gives the same run. Exit status: 0 when nothing failed, 1 when a failure was found, 2 for bad usage.
            """,
        parameters: [
            .argument("file", help: "A scene file (.yaml, .json) or a script (its default scene)."),
            .option("steps", help: "Steps a run takes.", default: "1000"),
            .option("seed", help: "The first run's seed; each further run takes the next.", default: "1"),
            .option("runs", help: "Runs, each from a new scene.", default: "1"),
            .option("set", valueName: "NAME=VALUE", help: "Set an inspectable of a script's default scene.", repeatable: true),
            .option("record", valueName: "FILE.behave",
                    help: "Where to write the transcript of a failure (default: NAME.failure.behave here)."),
            .option("shrink-time", valueName: "SECONDS", help: "Seconds shrinking a failure may take (0: do not shrink).",
                    default: formatNumber(Shrinker.Budget.default.seconds)),
            .option("shrink-replays", valueName: "N", help: "Replays shrinking a failure may make (0: do not shrink).",
                    default: "\(Shrinker.Budget.default.replays)"),
        ] + LimitOptions.parameters)

    var file: String
    var steps: Int
    var seed: UInt64
    var runs: Int
    var settings: [String]
    var record: String?
    var budget: Shrinker.Budget
    var limits: LimitOptions

    init(_ arguments: ParsedArguments) throws(ArgumentError) {
        file = arguments.string("file") ?? ""
        steps = try arguments.value("steps", as: Int.self, or: 1000)
        seed = try arguments.value("seed", as: UInt64.self, or: 1)
        runs = try arguments.value("runs", as: Int.self, or: 1)
        settings = arguments.strings("set")
        record = arguments.string("record")
        budget = Shrinker.Budget(
            seconds: try arguments.value("shrink-time", as: Double.self, or: Shrinker.Budget.default.seconds),
            replays: try arguments.value("shrink-replays", as: Int.self, or: Shrinker.Budget.default.replays))
        limits = try LimitOptions(arguments)
        guard (1...1_000_000).contains(steps) else { throw ArgumentError("--steps takes 1 to 1000000, not \(steps)") }
        guard (1...10_000).contains(runs) else { throw ArgumentError("--runs takes 1 to 10000, not \(runs)") }
        guard budget.seconds.isFinite, (0...86_400).contains(budget.seconds) else {
            throw ArgumentError("--shrink-time is in seconds, from 0 to 86400; not \(formatNumber(budget.seconds))")
        }
        guard (0...10_000_000).contains(budget.replays) else {
            throw ArgumentError("--shrink-replays takes 0 to 10000000, not \(budget.replays)")
        }
        if let record, !record.hasSuffix(".behave") {
            throw ArgumentError("--record writes a transcript named FILE.behave, not \(record)")
        }
    }

    func run() -> Int32 {
        failing {
            let source = SceneSource(file: file, settings: settings, limits: limits.sandboxLimits)
            if let record {
                do throws(ValueError) {
                    try TranscriptRecorder.checkDestination(record, for: source)
                } catch {
                    throw UsageFailure("--record: \(error.message)")
                }
            }
            let found: Exploration.Failure?
            do throws(SceneSourceError) {
                found = try Exploration.explore(source, steps: steps, runs: runs, seed: seed, budget: budget)
            } catch {
                switch error {
                case .usage(let message): throw UsageFailure(message)
                case .scene(let failure): throw failure
                }
            }
            guard let failure = found else {
                print("\(runs) run\(runs == 1 ? "" : "s") of \(steps) steps from seed \(seed): no failure")
                return 0
            }
            print("failure (seed \(failure.seed)): \(DisplayText.line(failure.reason))")
            if let stopped = failure.shrinkingStopped {
                // Said before the list, so that nobody takes it for the shortest.
                print("shrinking stopped early: \(stopped.explanation); these commands fail the same way, but fewer might (--shrink-time and --shrink-replays give shrinking more)")
                print("shortest commands found that fail the same way (\(failure.commands.count)):")
            } else {
                print("shortest commands that fail the same way (\(failure.commands.count)):")
            }
            for command in failure.commands { print("  \(DisplayText.line(command))") }
            let path = record ?? (((file as NSString).lastPathComponent as NSString).deletingPathExtension
                .replacingOccurrences(of: ".scene", with: "") + ".failure.behave")
            try writeTranscript(failure.commands, source: source, to: path)
            print("transcript: \(DisplayText.line(path)) (behave test replays it)")
            return 1
        }
    }

    /// Runs the commands on a new scene, recording what it does.
    private func writeTranscript(_ commands: [String], source: SceneSource, to path: String) throws {
        let recorder = TranscriptRecorder(path: path, source: source)
        let session: CommandSession
        do throws(SceneSourceError) {
            session = try CommandSession(source: source, output: recorder.hear)
        } catch {
            throw UsageFailure("--record: \(error.description)")
        }
        for command in commands {
            recorder.command(command)
            session.execute(command)
        }
        do throws(ValueError) {
            try recorder.finish(state: session.scene.state())
        } catch {
            throw UsageFailure("--record: \(error.message)")
        }
    }
}
