import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Work and memory a script makes the host spend without spending its own
/// budget: each is bounded by something a script cannot grow.
final class HostWorkBoundsTests: XCTestCase {
    /// The scripts that make the host work, in Bounds/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Bounds")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// Thousands of live animations and a timer that fires every
    /// nanosecond used to move every animation at every firing (56 s for
    /// one advance), each move a trace entry. Animations are now read at
    /// the clock's time when looked at, and traced once, when they end.
    func testAnimationsCostNothingWhileTimersFire() throws {
        let test = try TestScene()
        let label = test.control(Label.self, "label")
        try test.behaviour("p", source: source("animations_and_timer.lua"), outlets: ["label": label])
        test.scene.clock.advance(by: 5)
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
        XCTAssertEqual(test.scene.animator.runningCount, 2000, "a taken-over animation still ends at its time")
        let changes = test.scene.trace.entries.filter { $0.kind == .change }
        XCTAssertEqual(changes.count, 0, "no frame is traced: \(changes.prefix(3).map(\.message))")
        XCTAssertEqual(label.alpha, 0.5, accuracy: 1e-9, "read mid-way, the value is where the curve is")
        test.scene.clock.advance(by: 6)
        XCTAssertEqual(label.alpha, 0)
        XCTAssertEqual(test.scene.trace.entries.filter { $0.kind == .change }.map(\.message),
                       ["label.alpha: 1 → 0"], "the change is traced once, when it is done")
        XCTAssertEqual(test.scene.animator.runningCount, 0)
    }

    /// A plain set takes a property over from the animation presenting it.
    func testASetDuringAnAnimationWins() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        try scene.animator.animate(duration: 1, curve: .linear, changes: { try button.set("alpha", to: .number(0)) })
        scene.clock.advance(by: 0.5)
        try button.set("alpha", to: .number(0.9))
        scene.clock.advance(by: 0.25)
        XCTAssertEqual(button.alpha, 0.9)
        scene.clock.advance(by: 1)
        XCTAssertEqual(button.alpha, 0.9, "the animation's end does not undo the set")
    }

    /// One command (a tap heard by a thousand handlers that each run to
    /// their time limit) used to keep the host busy for a thousand time
    /// limits. The command's scripts share a deadline of ten; past it, one
    /// handler says so and the rest are not started, told once with their
    /// number (each used to begin, raise and be reported on its own: 50,000
    /// of them took 11 s past a deadline of 0.5 s).
    func testOneCommandRunsScriptsForTenTimeLimitsAtMost() throws {
        let limits = SandboxLimits(memory: 32 << 20, instructions: 1 << 40, seconds: 0.02)
        let test = try TestScene(limits: limits)
        let button = test.control(Button.self, "button")
        try test.behaviour("p", source: source("ten_time_limits.lua"), outlets: ["button": button])
        try test.scene.execute(.tap("button"))
        let errors = test.errors
        let perCallback = errors.filter { $0.contains("time limit exceeded (0.02") }.count
        let refused = errors.filter { $0.contains("time limit of one command exceeded (this command") }.count
        XCTAssertLessThanOrEqual(perCallback, 11)
        XCTAssertTrue((1...2).contains(refused), "the one running and the next say so: \(errors.suffix(3))")
        // "error: time limit of one command exceeded: 987 more handlers were not started (…)"
        let summary = try XCTUnwrap(errors.last)
        let notStarted = summary.components(separatedBy: "exceeded: ").last.flatMap { Int($0.prefix { $0.isNumber }) }
        XCTAssertEqual(perCallback + refused + (notStarted ?? 0), 1000, summary)
        XCTAssertTrue(summary.hasSuffix("more handlers were not started (the command ran for more than 0.2 s)"), summary)
        XCTAssertEqual(errors.count, perCallback + refused + 1)

        // The next command has a deadline of its own.
        try test.scene.execute(.tap("button"))
        XCTAssertTrue(test.errors.dropFirst(errors.count).first?.contains("time limit exceeded (0.02") ?? false)
    }

    /// The advance stops too once its command is out of time, rather than
    /// fire the rest of its timers only to end each at once.
    func testAnAdvanceStopsWhenItsCommandIsOutOfTime() throws {
        let limits = SandboxLimits(memory: 32 << 20, instructions: 1 << 40, seconds: 0.02)
        let test = try TestScene(limits: limits)
        try test.behaviour("p", source: source("advance_out_of_time.lua"))
        try test.scene.execute(.advance(100))
        XCTAssertLessThan(test.scene.clock.now, 50, "the clock stopped where the time ran out")
        XCTAssertLessThan(test.errors.count, 1000)
        XCTAssertTrue(test.errors.contains { $0.contains("during this command; the clock stopped") }, "\(test.errors.suffix(2))")
    }

    /// The trace keeps 10,000 entries; a script that sets a 4 MB text over
    /// and over used to make it keep every copy (1.6 GB). Kept entries hold
    /// at most 16 MiB of text in all and 64 KiB in one text; the listener
    /// hears them whole.
    func testKeptTraceEntriesHoldBoundedText() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 32 << 20, instructions: 100_000_000, seconds: 5))
        let label = test.control(Label.self, "label")
        var heard = 0
        test.scene.trace.listener = { entry in
            if entry.kind == .change { heard = max(heard, text(entry.json["new"]).utf8.count) }
        }
        try test.behaviour("p", source: source("trace_text.lua"), outlets: ["label": label])
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
        XCTAssertEqual(heard, 1_000_003, "the listener hears the whole value (\"x\" * 10^6 .. 200)")
        let kept = test.scene.trace.entries.map { $0.json.text.utf8.count }
        XCTAssertGreaterThan(kept.count, 100)
        XCTAssertLessThan(kept.max() ?? 0, 4 * Trace.entryTextLimit, "no kept entry holds a large text")
        XCTAssertLessThan(kept.reduce(0, +), Trace.keptTextLimit + 8 * Trace.entryTextLimit)
        let last = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .change })
        XCTAssertTrue(text(last.json["new"]).hasSuffix("…"))
    }

    /// The host keeps a copy of every text a control or behaviour holds:
    /// one 30 MB string set on ten labels used to cost the host 300 MB
    /// while the script's state held 30 MB. Together they count against
    /// the scene's memory limit.
    func testControlTextCountsAgainstTheScenesMemoryLimit() throws {
        let wired = try TestScene(limits: SandboxLimits(memory: 32 << 20, instructions: 100_000_000, seconds: 5))
        let views = (1...10).map { wired.control(Label.self, "l\($0)") }
        let script = LuaScript(path: "p.lua", source: try source("control_text.lua"))
        let behaviour = try LuaBehaviour(script: script, name: "p", runtime: wired.runtime)
        try behaviour.setOutletCollection("labels", to: views)
        wired.scene.attach(behaviour)
        behaviour.start()
        XCTAssertEqual(wired.field("set", of: behaviour), .number(2), "two copies fit in 32 MiB, a third does not")
        XCTAssertTrue(wired.errors.first?.contains("l3.text is refused: with its 12000000 bytes") ?? false, "\(wired.errors)")
        XCTAssertLessThanOrEqual(wired.scene.textBytes, 32 << 20)
        // Shorter text takes the place of longer text.
        try views[0].set("text", to: .string("short"))
        try views[2].set("text", to: .string(String(repeating: "y", count: 1000)))
    }

    /// A timer or a connection costs the host some 500 bytes while it
    /// lives, which a script's memory did not count: a loop of `after`
    /// (or of `on`) held 170 MB of the process per tap under a limit of
    /// 16 MiB, more with every tap. Now each counts against the scene's
    /// memory limit until it fires, is cancelled or disconnected.
    func testTimersAndConnectionsCountAgainstTheMemoryLimit() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 16 << 20, instructions: 100_000_000, seconds: 5))
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("timers_and_connections.lua"), outlets: ["button": button])
        guard case .number(let timers) = test.field("timers", of: probe) else { return XCTFail("\(test.errors)") }
        XCTAssertGreaterThan(timers, 10_000, "a scene may hold many timers")
        XCTAssertLessThan(timers, Double((16 << 20) / LuaCallback.hostBytes), "but not more than its memory limit")
        guard case .string(let refused) = test.field("refused", of: probe) else { return XCTFail("\(test.errors)") }
        XCTAssertTrue(refused.contains("after: memory limit exceeded (16384 KiB)"), refused)

        // Fired, they give their memory back, and connections take it.
        try test.scene.execute(.advance(1000))
        XCTAssertLessThan(test.runtime.memoryUsed, 8 << 20, test.errors.joined(separator: "\n"))
        probe.performAction("connect", sender: button, arguments: [])
        guard case .number(let connections) = test.field("connections", of: probe) else { return XCTFail("\(test.errors)") }
        XCTAssertGreaterThan(connections, 10_000)
        XCTAssertLessThan(connections, Double((16 << 20) / LuaCallback.hostBytes))
        guard case .string(let refusedOn) = test.field("refused", of: probe) else { return XCTFail("\(test.errors)") }
        XCTAssertTrue(refusedOn.contains("on: memory limit exceeded"), refusedOn)
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
    }

    /// Each connection that went took itself out of its control's list
    /// on its own, and looked the rest over: a behaviour with 20,000
    /// connections on one button took 43 s to die (and a hostile one with
    /// a hundred thousand, most of an hour). Disconnected ones now leave
    /// the list together. (A bound for a hang, not a measure of speed.)
    func testABehaviourWithManyConnectionsDiesAtOnce() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 5))
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("many_connections.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.field("heard", of: probe), .number(40), "disconnected handlers do not run")
        probe.performAction("keepOne", sender: button, arguments: [])
        button.tap()
        XCTAssertEqual(test.field("heard", of: probe), .number(41))
        let started = Date()
        probe.tearDown()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        button.tap()
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
    }

    /// A dialog waits with its text on the host: two thousand handlers
    /// asking with 64 long options each used to hold 1.3 GB.
    func testWaitingDialogsAreBounded() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 32 << 20, instructions: 100_000_000, seconds: 5))
        try test.behaviour("p", source: source("waiting_dialogs.lua"))
        try test.scene.execute(.advance(1))
        let errors = test.errors
        XCTAssertEqual(test.field("asked", of: test.scene.behaviour(named: "p")!), .number(100))
        XCTAssertLessThanOrEqual(test.scene.textBytes, 32 << 20, "the dialogs' text fits the scene's limit")
        XCTAssertTrue(errors.contains { $0.contains("the alert is refused: with its 6400") }, "\(errors.prefix(1))")
        // Short dialogs queue up to a bound too.
        test.scene.dismiss()
        XCTAssertEqual(test.scene.textBytes, 0, "dismissing frees what was waiting")
    }

    /// A dialog shows what `ask` was given, or `ask` is an error at its
    /// line: past 64 options the rest were left out, an option that is no
    /// string was dropped, and a title or message that is no string.
    func testAskRefusesWhatItWouldLeaveOut() throws {
        let test = try TestScene()
        try test.behaviour("p", source: source("ask_refuses.lua"))
        let lines = test.scene.trace.entries.filter { $0.kind == .log }.map(\.message)
        XCTAssertEqual(lines, [
            "[p] many\tfalse\tp.lua:3: ask: 65 options; a dialog has at most 64",
            "[p] number\tfalse\tp.lua:3: ask: option #2 is a number; options are strings: options = { \"Camera\", \"Photo Library\" }",
            "[p] list\tfalse\tp.lua:3: ask: options must be a list of strings, not a string: options = { \"Camera\", \"Photo Library\" }",
            "[p] title\tfalse\tp.lua:3: ask: title must be a string, not a number",
            "[p] message\tfalse\tp.lua:3: ask: message must be a string, not a table",
            "[p] cancel\tfalse\tp.lua:3: ask: cancel must be a string, not a boolean",
        ])
        XCTAssertNil(test.scene.presentedDialog)
    }

    func testAtMostThirtyTwoDialogsWaitBehindThePresentedOne() throws {
        let scene = Scene(screen: "Main")
        for i in 0...Scene.maximumWaitingDialogs {
            try scene.present(Dialog(style: .alert, title: "\(i)", options: ["OK"])) { _ in }
        }
        XCTAssertThrowsError(try scene.present(Dialog(style: .alert, options: ["OK"])) { _ in }) { error in
            XCTAssertTrue("\(error)".contains("32 dialogs are already waiting"), "\(error)")
        }
        try scene.choose("OK")
        try scene.present(Dialog(style: .alert, options: ["OK"])) { _ in }
    }

    /// Actions sent up the responder chain are kept like the trace: the
    /// last thousand, their names cut like trace text.
    func testTheActionLogIsBounded() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 32 << 20, instructions: 100_000_000, seconds: 5))
        try test.behaviour("p", source: source("action_log.lua"))
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
        XCTAssertEqual(test.scene.actions.count, Scene.maximumActions)
        XCTAssertEqual(test.scene.actions.first?.name, "a4001")
        XCTAssertLessThanOrEqual(test.scene.actions.last?.name.utf8.count ?? .max, Scene.actionNameLimit + 3)
    }
}

private func text(_ json: JSON?) -> String {
    if case .string(let text)? = json { return text }
    return ""
}
