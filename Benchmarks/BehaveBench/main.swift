import BehaveCore
import BehaveLua
import BehaveScene
import CBaseline
import Foundation

// behave-bench: Behave's figures beside their peers, measured in one run.
// Build in release: `swift build -c release` (the cold start and the spec
// runs time the `behave` beside it, which a release build makes static).
// `--quick` runs tiny sizes (the test suite checks that it runs).

let quick = CommandLine.arguments.contains("--quick")

/// `--events N`-style overrides of a figure's size (for profiling).
func size(_ option: String) -> Int? {
    CommandLine.arguments.firstIndex(of: option).flatMap { Int(CommandLine.arguments[$0 + 1]) }
}
let repetitions = quick ? 1 : 5
/// `--side behave` or `--side peer` measures one side only (for counting
/// instructions with callgrind: each side's count apart).
let side = CommandLine.arguments.firstIndex(of: "--side").map { CommandLine.arguments[$0 + 1] }
func measures(_ which: String) -> Bool { side == nil || side == which }
let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("behave-bench-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// The limits every Behave figure runs under: the sandbox stays on, with a
/// budget large enough for the measured loops.
let limits = SandboxLimits(memory: 1 << 30, instructions: 2_000_000_000, seconds: 60)

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func measure(_ body: () throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<repetitions { samples.append(try body()) }
    return median(samples)
}

func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

struct Figure {
    var name: String
    var key: String
    var unit: String
    var behave: Double?
    var peer: Double?
    var peerName: String
    var goal: String
    /// Whether the goal holds (nil when it has no goal or no figure).
    var met: Bool?

    var ratio: Double? {
        guard let behave, let peer, peer > 0 else { return nil }
        return behave / peer
    }
}

// MARK: 1. Event round trip

func eventRoundTrip() throws -> Figure {
    let events = size("--events") ?? (quick ? 2_000 : 200_000)
    let behave = try !measures("behave") ? 0 : measure {
        // `--event-script FILE` measures another script's touchUpInside (for profiling).
        let script = CommandLine.arguments.firstIndex(of: "--event-script").map { CommandLine.arguments[$0 + 1] }
            ?? LuaScript.locate("toggle.lua")!
        let loaded = try SceneLoader.load(script: script, limits: limits)
        let scene = loaded.scene
        let button = scene.control(named: "button")!
        let time = nanoseconds {
            for _ in 0..<events { button.sendActions(for: "touchUpInside") }
        }
        precondition(scene.errorCount == 0, "the toggle raised errors")
        withExtendedLifetime(loaded) {}
        return time / Double(events)
    }
    let peer = !measures("peer") ? 0 : measure { baseline_event_round_trip(events, baselineToggle) }
    let figure = Figure(name: "event round trip", key: "eventRoundTrip", unit: "ns/event", behave: behave, peer: peer,
                        peerName: "raw Lua C API", goal: "ratio ≤ 2.0", met: nil)
    return with(figure) { $0.met = $0.ratio.map { $0 <= 2.0 } }
}

// MARK: 2. Property access

/// A Lua file of the benchmark's own (`Lua/` beside this file).
func benchmarkLua(_ name: String) -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lua/\(name)")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("missing \(url.path)") }
    return text
}

let propertyScript = benchmarkLua("property_bench.lua")
// The raw C API baseline's handlers (CBaseline runs them).
let baselineToggle = benchmarkLua("baseline_toggle.lua")
let baselineProperty = benchmarkLua("baseline_property.lua")
let baselineFollow = benchmarkLua("baseline_follow.lua")

func propertyAccess() throws -> Figure {
    let operations = size("--operations") ?? (quick ? 2_000 : 1_000_000)
    let behave = try !measures("behave") ? 0 : measure {
        let scene = Scene(screen: "bench")
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        let button = Button(name: "button")
        scene.add(button)
        let bench = try LuaBehaviour(script: LuaScript(path: "bench.lua", source: propertyScript), name: "bench", runtime: runtime)
        try bench.setOutlet("button", to: button)
        scene.attach(bench)
        bench.start()
        let time = nanoseconds {
            bench.performAction("run", sender: scene.screen!, arguments: [.number(Double(operations / 2))])
        }
        precondition(scene.errorCount == 0, "the property loop raised errors: \(scene.trace.entries.last { $0.kind == .error }?.message ?? "")")
        return time / Double(operations)
    }
    let peer = !measures("peer") ? 0 : measure { baseline_property_access(operations, baselineProperty) }
    let figure = Figure(name: "property get/set", key: "propertyAccess", unit: "ns/op", behave: behave, peer: peer,
                        peerName: "raw Lua C API", goal: "ratio ≤ 1.5", met: nil)
    return with(figure) { $0.met = $0.ratio.map { $0 <= 1.5 } }
}

// MARK: 3. Behaviour instances

/// Bytes in use on the heap (Swift objects and the Lua state alike):
/// resident memory moves in whole pages and keeps freed ones, so it is
/// read from the allocator instead.
func residentBytes() -> Double {
    Double(baseline_heap_in_use())
}

func instances() throws -> (Figure, Figure) {
    let count = quick ? 200 : 10_000
    var memory: [Double] = []
    var attach: [Double] = []
    let script = try LuaScript(contentsOf: LuaScript.locate("toggle.lua")!)
    for _ in 0..<repetitions {
        let scene = Scene(screen: "bench")
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        let buttons = (0..<count).map { Button(name: "button\($0)") }
        for button in buttons { scene.add(button) }
        var behaviours: [LuaBehaviour] = []
        behaviours.reserveCapacity(count)
        let before = residentBytes()
        let time = try nanoseconds {
            for (i, button) in buttons.enumerated() {
                let toggle = try LuaBehaviour(script: script, name: "toggle\(i)", runtime: runtime)
                try toggle.setOutlet("button", to: button)
                scene.attach(toggle)
                toggle.start()
                behaviours.append(toggle)
            }
        }
        memory.append((residentBytes() - before) / Double(count))
        attach.append(time / Double(count))
        precondition(scene.errorCount == 0)
        buttons[0].tap()
        withExtendedLifetime((runtime, behaviours)) {}
    }
    let perInstance = Figure(name: "memory per toggle", key: "memoryPerBehaviour", unit: "KiB", behave: median(memory) / 1024,
                             peer: nil, peerName: "", goal: "≤ 16 KiB", met: median(memory) / 1024 <= 16)
    let attachTime = Figure(name: "attach per toggle", key: "attachTime", unit: "µs", behave: median(attach) / 1000,
                            peer: nil, peerName: "", goal: "≤ 25 µs", met: median(attach) / 1000 <= 25)
    return (perInstance, attachTime)
}

// MARK: 3b. Churn: cells attached and destroyed (the table-view reuse pattern)

/// Cells come and go as a table view reuses them: each cycle adds a button
/// (one of 20 names, as a screen shows 20 rows), attaches a toggle owned by
/// it, wakes it, taps it, and removes the cell (which destroys the toggle).
/// Memory must stay flat: what one cell leaves behind, 10,000 add up.
func churn() throws -> (Figure, Figure) {
    let cycles = size("--cells") ?? (quick ? 500 : 10_000)
    let warmUp = quick ? 100 : 2_500  // the trace fills up to its bound first
    let script = try LuaScript(contentsOf: LuaScript.locate("toggle.lua")!)
    var times: [Double] = []
    var growths: [Double] = []
    for _ in 0..<repetitions {
        let scene = Scene(screen: "churn")
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        func cycle(_ i: Int) throws {
            let cell = Button(name: "cell\(i % 20)")
            scene.add(cell)
            let toggle = try LuaBehaviour(script: script, name: "toggle\(i % 20)", runtime: runtime)
            try toggle.setOutlet("button", to: cell)
            scene.attach(toggle, owner: cell)
            toggle.start()
            cell.tap()
            cell.removeFromParent()
        }
        for i in 0..<warmUp { try cycle(i) }
        runtime.collectGarbage()
        // The heap in use, Lua's state included (its allocator is malloc's).
        let before = residentBytes()
        let time = try nanoseconds {
            for i in 0..<cycles { try cycle(warmUp + i) }
        }
        runtime.collectGarbage()
        growths.append((residentBytes() - before) / 1024)
        times.append(time / Double(cycles) / 1000)
        precondition(scene.errorCount == 0, "the churn raised errors")
        withExtendedLifetime(runtime) {}
    }
    let perCell = Figure(name: "churn per cell (attach, tap, destroy)", key: "churnTime", unit: "µs", behave: median(times),
                         peer: nil, peerName: "", goal: "report", met: nil)
    let growth = median(growths)
    let memory = Figure(name: "memory after \(cycles) cells churned", key: "churnMemory", unit: "KiB", behave: growth,
                        peer: nil, peerName: "", goal: "flat (≤ 64 KiB)", met: growth <= 64)
    return (perCell, memory)
}

// MARK: 3c. Scroll storm: a Multiplexer and three behaviours, at 60 Hz

let followScript = benchmarkLua("scroll_follow.lua")

/// A scroll view whose delegate is a Multiplexer of three behaviours, each
/// setting two properties of its view at every scroll: the time of one
/// frame (one scroll), beside the same three handlers through the raw C API.
func scrollStorm() throws -> Figure {
    let frames = size("--frames") ?? (quick ? 600 : 60_000)
    let behave = try !measures("behave") ? 0 : measure {
        let scene = Scene(screen: "storm")
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        let scroll = ScrollView(name: "scroll")
        scene.add(scroll)
        let script = LuaScript(path: "scroll_follow.lua", source: followScript)
        var followers: [LuaBehaviour] = []
        for i in 1...3 {
            let view = View(name: "view\(i)")
            scroll.addSubview(view)
            let follower = try LuaBehaviour(script: script, name: "follow\(i)", runtime: runtime)
            try follower.setOutlet("view", to: view)
            scene.attach(follower)
            follower.start()
            followers.append(follower)
        }
        let multiplexer = Multiplexer(name: "multiplexer", targets: followers)
        scene.attach(multiplexer)
        scroll.delegate = multiplexer
        let time = nanoseconds {
            for frame in 0..<frames { scroll.scroll(toY: Double(frame % 600)) }
        }
        precondition(scene.errorCount == 0, "the storm raised errors: \(scene.trace.entries.last { $0.kind == .error }?.message ?? "")")
        withExtendedLifetime((runtime, followers, multiplexer)) {}
        return time / Double(frames) / 1000
    }
    let peer = !measures("peer") ? 0 : measure { baseline_scroll_storm(frames, baselineFollow) / 1000 }
    return Figure(name: "scroll storm frame (Multiplexer, 3 behaviours, 2 sets each)", key: "scrollStorm", unit: "µs",
                  behave: behave, peer: peer, peerName: "raw Lua C API", goal: "report (60 Hz: < 16,667 µs)",
                  met: behave < 16_667)
}

extension Figure {
    func with(_ change: (inout Figure) -> Void) -> Figure {
        var copy = self
        change(&copy)
        return copy
    }
}

func with(_ figure: Figure, _ change: (inout Figure) -> Void) -> Figure { figure.with(change) }

// MARK: 4. Cold start, 5. Test runner (whole commands)

/// Median wall time of a command, in milliseconds; nil if it cannot run.
/// Spawned directly (Foundation's Process adds tens of milliseconds).
func commandTime(_ executable: String, _ arguments: [String], directory: URL? = nil, runs: Int) -> Double? {
    var samples: [Double] = []
    for _ in 0..<runs {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let time = argv.withUnsafeBufferPointer { baseline_time_command($0.baseAddress!, directory?.path) }
        guard time >= 0 else { return nil }
        samples.append(time)
    }
    return median(samples)
}

func which(_ tool: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let path = "\(directory)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// The `behave` the whole-command figures time: a copy of the build's, as
/// the README's `install` makes one. The file the linker has just written
/// sits in the page cache in small pieces until the cache lets it go, and
/// mapping it costs a fifth more page faults (0.4 ms more a start here) than
/// any copy of it, or than the file read from disk afresh.
let behaveBinary: String = {
    let built = buildDirectory.appendingPathComponent("behave")
    let installed = scratch.appendingPathComponent("behave")
    guard let bytes = FileManager.default.contents(atPath: built.path),
          FileManager.default.createFile(atPath: installed.path, contents: bytes,
                                         attributes: [.posixPermissions: 0o755]) else { return built.path }
    return installed.path
}()

let plainToggle = benchmarkLua("toggle_plain.lua")

func coldStart() -> Figure {
    let runs = quick ? 1 : 10
    let plain = scratch.appendingPathComponent("toggle_plain.lua")
    try? plainToggle.write(to: plain, atomically: true, encoding: .utf8)
    let behave = commandTime(behaveBinary, ["run", "toggle.lua", "--do", "tap button"], runs: runs)
    let peer = which("lua5.4").flatMap { commandTime($0, [plain.path], runs: runs) }
    let figure = Figure(name: "cold start (run toggle, tap)", key: "coldStart", unit: "ms", behave: behave, peer: peer,
                        peerName: "lua5.4 plain file", goal: "ratio ≤ 3.0", met: nil)
    return figure.with { $0.met = $0.ratio.map { $0 <= 3.0 } }
}

func specRunner() -> Figure {
    let files = quick ? 2 : 10
    let perFile = quick ? 5 : 100
    let behaveDirectory = scratch.appendingPathComponent("behave-specs")
    let bustedDirectory = scratch.appendingPathComponent("busted-specs")
    for directory in [behaveDirectory, bustedDirectory] {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    // Each file sets the two numbers its template reads, so the specs are as
    // many and named alike on both sides.
    let behaveTemplate = benchmarkLua("toggle_behave_template.lua"), bustedTemplate = benchmarkLua("toggle_busted_template.lua")
    for file in 0..<files {
        let numbers = "local NUMBER, SPECS = \(file), \(perFile)\n"
        try? (numbers + behaveTemplate).write(to: behaveDirectory.appendingPathComponent("toggle\(file)_spec.lua"),
                                              atomically: true, encoding: .utf8)
        try? (numbers + bustedTemplate).write(to: bustedDirectory.appendingPathComponent("toggle\(file)_spec.lua"),
                                              atomically: true, encoding: .utf8)
    }
    let runs = quick ? 1 : 3
    let behave = commandTime(behaveBinary, ["test", behaveDirectory.path], runs: runs)
    let peer = which("busted").flatMap { commandTime($0, ["--pattern=_spec", bustedDirectory.path], runs: runs) }
    let figure = Figure(name: "\(files * perFile) specs (scene + tap each)", key: "specRunner", unit: "ms", behave: behave,
                        peer: peer, peerName: "busted, plain Lua", goal: "ratio ≤ 0.5", met: nil)
    return figure.with { $0.met = $0.ratio.map { $0 <= 0.5 } }
}


// MARK: Report

// MARK: 6. Exploration

/// 10,000 random steps a person could take on the Modes example (its
/// invariants checked after each), from a new scene.
func exploration() throws -> Figure {
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Modes/modes.scene.yaml").path
    let steps = quick ? 500 : 10_000
    let source = SceneSource(file: example)
    var times: [Double] = []
    for run in 0..<(quick ? 1 : 5) {
        var failure: Exploration.Failure?
        let elapsed = try nanoseconds { failure = try Exploration.run(source, steps: steps, seed: UInt64(run + 1)) }
        if let failure { throw ValueError("exploring Modes failed: \(failure.reason)") }
        times.append(elapsed / 1e6 * 10_000 / Double(steps))
    }
    let ms = median(times)
    return Figure(name: "10,000 exploration steps (Modes)", key: "exploration", unit: "ms", behave: ms, peer: nil,
                  peerName: "", goal: "< 2000 ms", met: ms < 2000)
}

func format(_ value: Double?, _ unit: String) -> String {
    guard let value else { return "n/a" }
    if unit.hasPrefix("ns") || value >= 100 { return String(format: "%.0f %@", value, unit) }
    return String(format: "%.2f %@", value, unit)
}

// `--only event|property|instances|churn|storm|cold|specs|explore` runs one
// group (for profiling).
let only = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
func wanted(_ group: String) -> Bool { only == nil || only == group }
var figures: [Figure] = []
if wanted("event") { figures.append(try eventRoundTrip()) }
if wanted("property") { figures.append(try propertyAccess()) }
if wanted("instances") {
    let (memoryFigure, attachFigure) = try instances()
    figures.append(memoryFigure)
    figures.append(attachFigure)
}
if wanted("churn") {
    let (time, memory) = try churn()
    figures.append(time)
    figures.append(memory)
}
if wanted("storm") { figures.append(try scrollStorm()) }
if wanted("cold") { figures.append(coldStart()) }
if wanted("specs") { figures.append(specRunner()) }
if wanted("explore") { figures.append(try exploration()) }

print("Behave benchmarks (median of \(repetitions) run\(repetitions == 1 ? "" : "s")\(quick ? ", --quick sizes" : ""))")
let header = ["figure", "behave", "peer", "ratio", "goal", ""]
var rows = [header]
for figure in figures {
    rows.append([
        figure.name, format(figure.behave, figure.unit),
        figure.peer == nil ? (figure.peerName.isEmpty ? "—" : "n/a") : "\(format(figure.peer, figure.unit)) (\(figure.peerName))",
        figure.ratio.map { String(format: "%.2f", $0) } ?? "—",
        figure.goal, figure.met.map { $0 ? "met" : "NOT MET" } ?? "",
    ])
}
let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
for row in rows {
    print(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
}
let json = JSON.object(figures.map { figure in
    (figure.key, JSON.object([
        ("unit", .string(figure.unit)),
        ("behave", figure.behave.map(JSON.number) ?? .null),
        ("peer", figure.peer.map(JSON.number) ?? .null),
        ("ratio", figure.ratio.map(JSON.number) ?? .null),
        ("goalMet", figure.met.map(JSON.bool) ?? .null),
    ]))
})
print(json.text)
