import BehaveCore
import BehaveLua
import Foundation

// behave-bench: Behave's figures beside their peers, measured in one run
// (`behave-bench --help`). Each group of figures is a file of its own:
// Bench+Events, Bench+Instances, Bench+CPU, Bench+Host, Bench+Commands.

/// What every figure shares: the options, a scratch folder, the limits.
final class Bench {
    let options: Options
    let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("behave-bench-\(getpid())")

    /// The limits every Behave figure runs under: the sandbox stays on, with
    /// a budget large enough for the measured loops.
    let limits = SandboxLimits(memory: 1 << 30, instructions: 20_000_000_000, seconds: 60)

    init(options: Options) {
        self.options = options
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // The `behave` runs keep their lint cache here, not in the user's,
        // and keep one whatever the user's environment says.
        setenv("XDG_CACHE_HOME", scratch.appendingPathComponent("cache").path, 1)
        unsetenv("BEHAVE_NO_CACHE")
    }

    /// The lint cache folder of the `behave` runs (`XDG_CACHE_HOME` above).
    var lintCache: URL { scratch.appendingPathComponent("cache/behave/lint") }

    /// The `behave` the whole-command figures time: a copy of the build's,
    /// as the README's `install` makes one. The file the linker has just
    /// written sits in the page cache in small pieces until the cache lets
    /// it go, and mapping it costs a fifth more page faults (0.4 ms more a
    /// start here) than any copy of it, or than the file read from disk
    /// afresh.
    lazy var behaveBinary: String = {
        let built = buildDirectory.appendingPathComponent("behave")
        let installed = scratch.appendingPathComponent("behave")
        guard let bytes = FileManager.default.contents(atPath: built.path),
              FileManager.default.createFile(atPath: installed.path, contents: bytes,
                                             attributes: [.posixPermissions: 0o755]) else { return built.path }
        return installed.path
    }()

    /// `behave` without debug information, for callgrind (`--instructions`).
    lazy var strippedBehave: String? = options.instructions
        ? InstructionCounter.stripped(behaveBinary, in: scratch) : nil

    func run() throws -> [Figure] {
        var figures: [Figure] = []
        if options.wanted("event") { figures.append(try eventRoundTrip()) }
        if options.wanted("property") { figures.append(try propertyAccess()) }
        if options.wanted("instances") {
            let (memory, attach) = try instances()
            figures += [memory, attach]
        }
        if options.wanted("churn") {
            let (time, memory) = try churn()
            figures += [time, memory]
        }
        if options.wanted("storm") { figures.append(try scrollStorm()) }
        if options.wanted("cpu") { figures.append(try cpuBound()) }
        if options.wanted("host") { figures.append(try hostPath()) }
        if options.wanted("scale") { figures += try scaling() }
        if options.wanted("cold") { figures += coldStart() }
        if options.wanted("specs") { figures += specRunner() }
        if options.wanted("explore") { figures.append(try exploration()) }
        return figures
    }

    /// Counts each figure's instructions per operation on both sides.
    func countInstructions(_ figures: inout [Figure]) {
        guard let counter = InstructionCounter(scratch: scratch, benchBinary: CommandLine.arguments[0]) else {
            FileHandle.standardError.write(Data("behave-bench: --instructions needs valgrind\n".utf8))
            return
        }
        for i in figures.indices {
            if let counting = figures[i].behaveCounting { figures[i].behaveInstructions = counter.count(counting, side: "behave") }
            if let counting = figures[i].peerCounting { figures[i].peerInstructions = counter.count(counting, side: "peer") }
        }
    }
}

func table(_ rows: [[String]]) {
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
        print(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
}

func count(_ value: Double?) -> String {
    guard let value else { return "—" }
    return Int(value.rounded()).formatted()
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let bench = Bench(options: options)
defer { try? FileManager.default.removeItem(at: bench.scratch) }
var figures = try bench.run()
if options.instructions { bench.countInstructions(&figures) }

print("Behave benchmarks (median of \(options.repetitions) run\(options.repetitions == 1 ? "" : "s")"
      + "\(options.quick ? ", --quick sizes" : ""); the sandbox on)")
table([["figure", "behave", "peer", "ratio", "goal", "", "peer named"]] + figures.map { figure in
    [figure.name, format(figure.behave, figure.unit),
     figure.peer == nil ? (figure.peerName.isEmpty ? "—" : "n/a") : format(figure.peer, figure.unit),
     figure.ratio.map { String(format: "%.2f", $0) } ?? "—",
     figure.goal.text(unit: figure.unit), figure.met.map { $0 ? "met" : "NOT MET" } ?? "", figure.peerName]
})
if options.instructions {
    print("\nInstructions (valgrind --tool=callgrind; per operation, or per whole command)")
    table([["figure", "behave", "peer", "ratio"]] + figures.filter { $0.behaveCounting != nil }.map { figure in
        [figure.name, count(figure.behaveInstructions), count(figure.peerInstructions),
         figure.instructionRatio.map { String(format: "%.2f", $0) } ?? "—"]
    })
}
let json = JSON.object(figures.map { figure in
    (figure.key, JSON.object([
        ("unit", .string(figure.unit)),
        ("behave", figure.behave.map(JSON.number) ?? .null),
        ("peer", figure.peer.map(JSON.number) ?? .null),
        ("peerName", .string(figure.peerName)),
        ("ratio", figure.ratio.map(JSON.number) ?? .null),
        ("goalMet", figure.met.map(JSON.bool) ?? .null),
        ("behaveInstructions", figure.behaveInstructions.map(JSON.number) ?? .null),
        ("peerInstructions", figure.peerInstructions.map(JSON.number) ?? .null),
    ]))
})
print(json.text)
