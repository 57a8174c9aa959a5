import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// The instruction budget with the watchdog (CLuaShim/budget.c): scripts
/// run with no hook, and a runaway is still stopped, at the same line on
/// every run, in the thread it runs in, whatever thread the host uses.
final class BudgetTests: XCTestCase {
    /// The scripts these tests run, in Budget/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Budget")

    static func source(_ file: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// Runs `Probe:go` of the script `source` and returns the errors it ended with.
    static func errors(running source: String, limits: SandboxLimits = .testing) throws -> [String] {
        let test = try TestScene(limits: limits)
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source, outlets: ["button": button])
        probe.performAction("go", sender: button, arguments: [])
        return test.errors
    }

    /// The one error of `Probe:go`.
    func error(running source: String, limits: SandboxLimits = .testing) throws -> String {
        let errors = try Self.errors(running: source, limits: limits)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        return errors.first ?? ""
    }

    /// A runaway with a budget past the million instructions after which the
    /// watchdog starts (budget.c, BH_WATCH_AFTER) runs on without a hook
    /// once it is there, and the watchdog still stops it at its loop.
    func testOnLinuxScriptsRunWithoutAHookAndAWatchdogKeepsTheBudget() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 32 << 20, instructions: 20_000_000, seconds: 5))
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: Self.source("runaway.lua"),
                                       outlets: ["button": button])
        probe.performAction("go", sender: button, arguments: [])
        XCTAssertEqual(test.errors.count, 1)
        XCTAssertTrue(test.errors.first?.contains("probe.lua:2: instruction budget exceeded (20000000 instructions)") == true,
                      "\(test.errors)")
        #if os(Linux)
        XCTAssertTrue(test.runtime.countsInstructionsByWindows)
        #endif
    }

    /// The count runs out anywhere in the loop's turn; the error is raised
    /// where the loop starts again, in the function that loops, so it names
    /// the same line on every run, here a loop whose body calls a Lua
    /// function (a line of its own) and a host function.
    func testARunawayIsNamedAtItsLoopsLineOnEveryRun() throws {
        let source = try Self.source("runaway_calling.lua")
        // Time in host functions (here most of the turn) is not the
        // script's: a busy machine could reach the tests' half second of
        // wall-clock time first.
        let limits = SandboxLimits(memory: 32 << 20, instructions: 1_000_000, seconds: 5)
        for _ in 1...5 {
            let message = try error(running: source, limits: limits)
            XCTAssertTrue(message.contains("): probe.lua:10: instruction budget exceeded"), message)
        }
    }

    /// A coroutine's runaway is stopped too (the watchdog arms the thread
    /// running script code), and a pcall around it cannot swallow it, nor
    /// coroutine.resume, whose false the callback may drop and return at
    /// once: the callback ends with the error, at the loop's line.
    func testARunawayInACoroutineIsStoppedAndNoPcallSwallowsIt() throws {
        // Budget/coroutine_runaway.lua, its start and what follows substituted.
        let runaway = try Self.source("coroutine_runaway.lua")
        for start in ["pcall(coroutine.wrap(spin))", "coroutine.resume(coroutine.create(spin))",
                      "pcall(coroutine.resume, coroutine.create(spin))"] {
            for after in ["self.after = true", ""] {
                let message = try error(running: runaway.replacingOccurrences(of: "pcall(coroutine.wrap(spin))", with: start)
                    .replacingOccurrences(of: "self.after = true", with: after))
                XCTAssertTrue(message.contains("): probe.lua:3: instruction budget exceeded"), "\(start) \(after): \(message)")
            }
        }
    }

    /// A handler whose `send` starts one that runs away ends with it: the
    /// runaway's error names its loop, and the first handler's names its
    /// own line and what ended it. Neither traceback shows Behave's own Lua
    /// (the prelude's `print`, where the first handler was stopped).
    func testAHandlerEndedByOneItStartedSaysSoAtItsOwnLine() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let sender = try test.behaviour("a", source: Self.source("poking.lua"), outlets: ["button": button])
        let spinner = try test.behaviour("b", source: Self.source("spinner.lua"))
        try sender.addTarget(spinner, action: "spin", for: "poked")
        sender.performAction("go", sender: button, arguments: [])
        let errors = test.errors
        XCTAssertEqual(errors.count, 2, "\(errors)")
        XCTAssertTrue(errors.first?.contains("b.lua:3: instruction budget exceeded (1000000 instructions) while running this line") == true,
                      "\(errors)")
        let ended = errors.last ?? ""
        XCTAssertNotNil(ended.range(of: #"\): a\.lua:[45]: ended with a handler it started: instruction budget exceeded \(1000000 instructions\) at b\.lua:3; that handler's own error says more"#,
                                    options: .regularExpression), ended)
        for error in errors { XCTAssertFalse(error.contains("behave:"), error) }
        let printed = test.scene.trace.entries.filter { $0.kind == .log }.map(\.message)
        XCTAssertEqual(printed, ["[a] before"])
    }

    /// A thread of the app that blocks every signal still has its
    /// callbacks' budgets kept.
    func testACallbackOnAThreadThatBlocksSignalsIsStillStopped() throws {
        let errors = try errorsOnAThreadOfItsOwn(blockingSignals: true,
                                                 running: Self.source("runaway.lua"))
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.contains("instruction budget exceeded") ?? false, "\(errors)")
    }

    /// The errors of `Probe:go`, run on a thread of its own with a large
    /// stack (and every signal blocked, as an app's thread may), which must
    /// end within 20 seconds.
    private func errorsOnAThreadOfItsOwn(blockingSignals: Bool = false, running source: String,
                                         limits: SandboxLimits = .testing) throws -> [String] {
        final class Outcome: @unchecked Sendable {
            var errors: Result<[String], Error> = .success([])
            let done = DispatchSemaphore(value: 0)
        }
        let outcome = Outcome()
        let thread = Thread {
            if blockingSignals {
                var all = sigset_t()
                sigfillset(&all)
                pthread_sigmask(SIG_SETMASK, &all, nil)
            }
            outcome.errors = Result { try Self.errors(running: source, limits: limits) }
            outcome.done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        XCTAssertEqual(outcome.done.wait(timeout: .now() + 20), .success, "the runaway was not stopped")
        return try outcome.errors.get()
    }

    /// An error the script raises itself after the count ran out, before
    /// the hook stops it, is the script's: here a recursion whose new
    /// coroutines (charged 1,000 instructions each) spend the budget by its
    /// 100th call and that raises its own error some 15,000 lines later,
    /// sooner than the stop gives up waiting for a loop (20,000 lines).
    func testAnErrorOfTheScriptsOwnBeforeTheStopIsTheScripts() throws {
        let message = try error(running: Self.source("own_error.lua"),
                                limits: SandboxLimits(memory: 32 << 20, instructions: 100_000, seconds: 5))
        XCTAssertTrue(message.contains("probe.lua:5: mine"), message)
        XCTAssertFalse(message.contains("instruction budget exceeded"), message)
    }

    /// A recursion that never loops is stopped by its budget, at the first
    /// line of the function it calls again, on every run; left to go on, it
    /// would end in the memory limit, whose error has no line. (Its new
    /// coroutines spend the budget at a known depth: the watchdog, which
    /// looks every millisecond, could be late on a busy machine, and the
    /// memory limit come first.)
    func testARecursionThatNeverLoopsIsStoppedAtItsLine() throws {
        for _ in 1...3 {
            let message = try error(running: Self.source("dive.lua"),
                                    limits: SandboxLimits(memory: 16 << 20, instructions: 100_000, seconds: 5))
            XCTAssertTrue(message.contains("): probe.lua:4: instruction budget exceeded (100000 instructions) while running this line"),
                          message)
        }
    }

    /// A script whose top level runs out of memory is told at the line
    /// that asked for it, as a handler is: a protected call's frames are
    /// gone before its error is made, so the place is noted when the limit
    /// refuses the script. (It had no place at all: `behave run` said only
    /// "memory limit exceeded".)
    func testATopLevelThatRunsOutOfMemoryIsToldAtItsLine() throws {
        let limits = SandboxLimits(memory: 8 << 20, instructions: 50_000_000, seconds: 10)
        // Budget/hog.lua, growing its table by `grow`.
        let hog = try Self.source("hog.lua")
        for grow in ["t[i] = string.rep(\"x\", 100000) .. i", "t[#t + 1] = {}"] {
            let test = try TestScene(limits: limits)
            let source = hog.replacingOccurrences(of: #"t[i] = string.rep("x", 100000) .. i"#, with: grow)
            XCTAssertThrowsError(try test.behaviour("hog", source: source)) { error in
                let message = (error as? LuaError)?.message ?? "\(error)"
                XCTAssertTrue(message.contains("hog.lua:4: memory limit exceeded (8192 KiB)"), message)
            }
        }
    }

    /// The place is the first the limit refused for good: what the error's
    /// unwinding asks for after that (an error handler's work, a
    /// coroutine's end) is refused too, from frames that are not the
    /// script's, and used to wipe the place out.
    func testAMemoryErrorInACoroutineOrUnderAnErrorHandlerIsToldAtItsLine() throws {
        let limits = SandboxLimits(memory: 8 << 20, instructions: 50_000_000, seconds: 10)
        let cases = [
            ("in_coroutine.lua", 5, try Self.source("in_coroutine.lua")),
            // (The handler's work or xpcall's own may be what the limit
            // refuses for good: either line is the script's.)
            ("under_handler.lua", 0, try Self.source("under_handler.lua")),
        ]
        for (file, line, source) in cases {
            let test = try TestScene(limits: limits)
            XCTAssertThrowsError(try test.behaviour("hog", source: source, file: file)) { error in
                let message = (error as? LuaError)?.message ?? "\(error)"
                let lines = line > 0 ? [line] : [2, 4]
                XCTAssertTrue(lines.contains { message.contains("\(file):\($0): memory limit exceeded (8192 KiB)") }, message)
            }
        }
    }

    /// A loop far down a recursion, deeper than the frames the stop keeps
    /// an eye on, is stopped too (in the recursion or at the loop: where
    /// depends on how deep the count ran out), not left to spin.
    func testALoopDeepUnderARecursionIsStopped() throws {
        let errors = try errorsOnAThreadOfItsOwn(running: Self.source("deep_loop.lua"),
                                                 limits: SandboxLimits(memory: 64 << 20, instructions: 100_000, seconds: 5))
        XCTAssertEqual(errors.count, 1, "\(errors)")
        let message = errors.first ?? ""
        XCTAssertTrue(message.contains("instruction budget exceeded (100000 instructions) while running this line"), message)
        XCTAssertTrue(message.contains("): probe.lua:4: ") || message.contains("): probe.lua:5: "), message)
    }

    /// A callback's time limit starts from the coarse clock moved on by a
    /// tick (so it never ends early): what it says is left is still never
    /// more than the limit.
    func testTheTimeLeftInACallbackIsNeverMoreThanItsLimit() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: Self.source("half_alpha.lua"), outlets: ["button": button])
        var left: [Double] = []
        let observer = button.observeChanges { _ in
            if let seconds = test.runtime.callbackLeft.seconds { left.append(seconds) }
        }
        for _ in 0..<20 {
            probe.performAction("go", sender: button, arguments: [])
            try button.set("alpha", to: .number(1))  // (outside a callback: nothing left)
        }
        withExtendedLifetime(observer) {}
        XCTAssertEqual(left.count, 20)
        XCTAssertTrue(left.allSatisfy { $0 > 0 && $0 <= SandboxLimits.testing.seconds }, "\(left)")
        XCTAssertEqual(test.errors, [])
    }
}
