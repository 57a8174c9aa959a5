import CBaseline
import Foundation

/// One row of the table: Behave's figure, its peer's, and the goal.
struct Figure {
    var name: String
    var key: String
    var unit: String
    var behave: Double?
    var peer: Double?
    /// The peer exactly: program, interpreter, version.
    var peerName: String
    var goal: Goal
    /// Instructions one operation takes (`--instructions`), per side.
    var behaveInstructions: Double?
    var peerInstructions: Double?
    /// How `--instructions` counts each side (nil: it does not).
    var behaveCounting: Counting?
    var peerCounting: Counting?

    var ratio: Double? {
        guard let behave, let peer, peer > 0 else { return nil }
        return behave / peer
    }

    var instructionRatio: Double? {
        guard let behaveInstructions, let peerInstructions, peerInstructions > 0 else { return nil }
        return behaveInstructions / peerInstructions
    }

    /// Whether the goal holds (nil when it has none, or no figure).
    var met: Bool? { goal.holds(for: self) }

    func with(_ change: (inout Figure) -> Void) -> Figure {
        var copy = self
        change(&copy)
        return copy
    }
}

/// What a figure must reach. Goals are ratios to a peer measured in the
/// same run, or amounts that do not depend on the machine's speed (bytes).
enum Goal {
    case ratioAtMost(Double)
    case ratioBelow(Double)
    case atMost(Double)
    case none

    func holds(for figure: Figure) -> Bool? {
        switch self {
        case .ratioAtMost(let limit): return figure.ratio.map { $0 <= limit }
        case .ratioBelow(let limit): return figure.ratio.map { $0 < limit }
        case .atMost(let limit): return figure.behave.map { $0 <= limit }
        case .none: return nil
        }
    }

    func text(unit: String) -> String {
        switch self {
        case .ratioAtMost(let limit): return "ratio ≤ \(limit)"
        case .ratioBelow(let limit): return "ratio < \(limit)"
        case .atMost(let limit): return "≤ \(format(limit, unit))"
        case .none: return "report"
        }
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func measure(_ options: Options, _ body: () throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<options.repetitions { samples.append(try body()) }
    return median(samples)
}

/// Wall time of `body`, which is also what `--instructions` counts.
func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    baseline_measure(1)
    defer { baseline_measure(0) }
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// Processor time of the whole process (every thread), in nanoseconds:
/// what CPU-bound work costs, less sensitive than the wall clock to the
/// other programs of a shared machine.
func processorNanoseconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
    baseline_measure(1)
    defer { baseline_measure(0) }
    let start = now()
    try body()
    return now() - start
}

func format(_ value: Double?, _ unit: String) -> String {
    guard let value else { return "n/a" }
    if unit.hasPrefix("ns") || value >= 100 { return String(format: "%.0f %@", value, unit) }
    return String(format: "%.2f %@", value, unit)
}

/// A Lua file of the benchmark's own (`Lua/` beside this file).
func benchmarkLuaPath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lua/\(name)").path
}

func benchmarkLua(_ name: String) -> String {
    guard let text = try? String(contentsOfFile: benchmarkLuaPath(name), encoding: .utf8) else {
        fatalError("missing \(benchmarkLuaPath(name))")
    }
    return text
}

/// The checkout's root (Examples/ and Scripts/ are read from it).
let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func which(_ tool: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let path = "\(directory)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Median wall time of a command, in milliseconds; nil if it cannot run.
/// Spawned directly (Foundation's Process adds tens of milliseconds).
/// `prepare` runs before each run, untimed.
func commandTime(_ command: [String], directory: URL? = nil, runs: Int, prepare: (() -> Void)? = nil) -> Double? {
    var samples: [Double] = []
    for _ in 0..<runs {
        prepare?()
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let time = argv.withUnsafeBufferPointer { baseline_time_command($0.baseAddress!, directory?.path) }
        guard time >= 0 else { return nil }
        samples.append(time)
    }
    return median(samples)
}

/// What a command prints on standard output (and error), or nil if it
/// cannot run or fails.
func commandOutput(_ command: [String], directory: URL? = nil) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? output : nil
}
