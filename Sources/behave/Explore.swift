import ArgumentParser
import BehaveCore
import BehaveScene
import Foundation

struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",  // named here, not found by reflection at every start
        abstract: "Drive random actions a person could take on a scene, checking after each step that no script raised an error.",
        discussion: """
            A failure is shrunk to a shortest list of commands and written as a transcript that reproduces it. \
            The same seed gives the same run. Exit status: 0 when nothing failed, 1 when a failure was found, 2 for bad usage.
            """)

    @Argument(help: "A scene file (.yaml, .json) or a script (its default scene).")
    var file: String

    @Option(help: "Steps a run takes.")
    var steps: Int = 1000

    @Option(help: "The first run's seed; each further run takes the next.")
    var seed: UInt64 = 1

    @Option(help: "Runs, each from a new scene.")
    var runs: Int = 1

    @Option(name: .customLong("set"), help: ArgumentHelp("Set an inspectable of a script's default scene.", valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("Where to write the transcript of a failure (default: NAME.failure.behave here).",
                               valueName: "FILE.behave"))
    var record: String?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard (1...1_000_000).contains(steps) else { throw ValidationError("--steps takes 1 to 1000000, not \(steps)") }
        guard (1...10_000).contains(runs) else { throw ValidationError("--runs takes 1 to 10000, not \(runs)") }
        if let record, !record.hasSuffix(".behave") {
            throw ValidationError("--record writes a transcript named FILE.behave, not \(record)")
        }
    }

    func run() throws {
        try failing {
            let source = SceneSource(file: file, settings: settings, limits: limits.sandboxLimits)
            let found: Exploration.Failure?
            do throws(SceneSourceError) {
                found = try Exploration.explore(source, steps: steps, runs: runs, seed: seed)
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
            print("shortest commands that fail the same way (\(failure.commands.count)):")
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
