import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// Docs/testing.md, "Isolation and limits": specs run under the same sandbox and limits as behaviours; one
/// spec's runaway loop fails that spec only (an error, not a failed
/// assertion, as busted counts them).
final class HostileSpecTests: XCTestCase {
    func testALoopAnAllocationAndOsExitEachFailAloneWithAClearReason() throws {
        let (text, run) = runSpecs([fixture("hostile/loop.lua")])
        XCTAssertEqual(try run.result("a runaway passes before").status, .passed)
        XCTAssertEqual(try run.result("a runaway passes after").status, .passed)

        let loop = try run.result("a runaway loops forever")
        XCTAssertEqual(loop.status, .errored)
        XCTAssertEqual(loop.message, "instruction budget exceeded (1000000 instructions) while running this line; this loop never ends? Make sure its condition turns false; a spec that needs more runs with `behave test --instruction-limit 10000000`")
        XCTAssertTrue(loop.location.hasSuffix("loop.lua:4"), loop.location)

        let allocation = try run.result("a runaway allocates without bound")
        XCTAssertEqual(allocation.status, .errored)
        XCTAssertEqual(allocation.message, "memory limit exceeded (16384 KiB)")
        XCTAssertTrue(allocation.location.hasSuffix("loop.lua:11"), allocation.location)

        let exit = try run.result("a runaway calls os.exit")
        XCTAssertEqual(exit.status, .errored)
        XCTAssertEqual(exit.message, "`os` is not available in a spec: `behave test` runs specs in Behave's sandbox, which leaves it out; "
            + "a spec cannot reach the system, its clock or its environment: pass times and settings to the code under test as values")
        XCTAssertTrue(exit.location.hasSuffix("loop.lua:15"), exit.location)

        XCTAssertEqual(text.split(separator: "\n").last, "2 passed, 0 failed, 3 errored")
    }

    /// A runaway inside a coroutine or a pcall is an error of its spec at
    /// the line of its loop, whether the coroutine's error is raised again,
    /// dropped (coroutine.resume's false ignored) or caught by pcall.
    func testARunawayInACoroutineOrAPcallErrsAtItsLoopsLine() throws {
        let (_, run) = runSpecs([fixture("hostile/coroutines.lua")])
        for (name, line) in [("wrapped", 4), ("resumed, its error dropped", 10), ("under pcall", 16)] {
            let spec = try run.result("a runaway in a coroutine \(name)")
            XCTAssertEqual(spec.status, .errored, name)
            XCTAssertTrue(spec.message.hasPrefix("instruction budget exceeded (1000000 instructions) while running this line; this loop never ends?"),
                          "\(name): \(spec.message)")
            XCTAssertTrue(spec.location.hasSuffix("coroutines.lua:\(line)"), "\(name): \(spec.location)")
        }
        XCTAssertEqual(try run.result("a runaway in a coroutine passes after").status, .passed)
    }

    func testAfterEachStillRunsAfterARunawaySpec() throws {
        let (_, run) = runSpecs([fixture("hostile/after_each.lua")])
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed])
    }

    func testAFileWhoseTopLevelNeverEndsFailsAloneAndTheNextFileRuns() throws {
        let (_, run) = runSpecs([fixture("hostile/toplevel.lua"), fixture("passing.lua")])
        XCTAssertEqual(run.results.first?.status, .errored)
        XCTAssertEqual(run.results.first?.message.hasPrefix("instruction budget exceeded (1000000 instructions) while running this line; this loop never ends?"), true,
                       run.results.first?.message ?? "")
        XCTAssertEqual(run.summary?.passed, 3)
        XCTAssertEqual(run.summary?.errors, 1)
    }

    /// A `__concat` metamethod in the middle of a chain would let Debian's
    /// Lua 5.4.4 read and write freed memory: every shape is refused before
    /// the metamethod runs, and the process goes on.
    func testAConcatMetamethodInTheMiddleOfAChainCannotCrash() throws {
        let (text, run) = runSpecs([fixture("hostile/concat.lua")])
        XCTAssertEqual(run.results.map(\.status), [.passed, .passed, .passed, .passed, .passed, .passed],
                       run.results.map(\.message).description)
        XCTAssertEqual(text.split(separator: "\n").last, "6 passed, 0 failed")
    }

    func testTheTimeLimitStopsASpecThatRunsFewInstructions() throws {
        let directory = try temporaryDirectory(self)
        let path = (directory as NSString).appendingPathComponent("slow_spec.lua")
        try """
            it("sorts forever", function()
              local t = {}
              for i = 1, 2000 do t[i] = -i end
              while true do table.sort(t, function(a, b) return a > b end) end
            end)
            it("passes", function() end)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let limits = SandboxLimits(memory: 16 << 20, instructions: 1_000_000_000, seconds: 0.2)
        let (_, run) = runSpecs([path], limits: limits)
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed])
        XCTAssertTrue(run.results[0].message.hasPrefix("time limit exceeded"), run.results[0].message)
    }

    /// tonumber, arithmetic and math functions read a numeral in a string
    /// whole and make nothing, and comparing two long strings is one
    /// instruction: a loop of them is stopped by the time limit at once,
    /// where it ran on for a minute between looks at the clock.
    func testALoopReadingALongNumeralStopsAtTheTimeLimit() throws {
        let limits = SandboxLimits(memory: 64 << 20, instructions: 1_000_000_000, seconds: 0.3)
        let started = Date()
        let (_, run) = runSpecs([fixture("hostile/numerals.lua")], limits: limits)
        XCTAssertEqual(run.results.map(\.status), [.errored, .errored, .errored, .errored, .passed],
                       run.results.map(\.message).description)
        for result in run.results.prefix(4) {
            XCTAssertTrue(result.message.hasPrefix("time limit exceeded (0.3 s)"), result.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
    }

    /// The runner's own walks of a spec's values (a spy's copy of what it
    /// was called with, `mock`, `mock.revert`, reverting nested snapshots)
    /// keep their own lists: a value nested deeper than Lua's stack holds
    /// calls is walked as any other, where it raised `?:-1: stack overflow`
    /// with no line of the spec's (and a snapshot's spies stayed).
    func testValuesNestedDeeperThanLuasStackAreWalkedAsAnyOther() throws {
        let limits = SandboxLimits(memory: 512 << 20, instructions: 500_000_000, seconds: 60)
        let (_, run) = runSpecs([fixture("hostile/deep.lua")], limits: limits)
        XCTAssertEqual(run.results.prefix(3).map(\.status), [.passed, .passed, .passed], run.results.map(\.message).description)
    }

    /// An error raised inside the runner's own code, which Lua loads
    /// without debug information, is told at the spec's line, where its
    /// message began with Lua's `?:-1: ` (a place nobody can go to).
    func testAnErrorInsideTheRunnersOwnCodeIsToldAtTheSpecsLine() throws {
        let limits = SandboxLimits(memory: 512 << 20, instructions: 500_000_000, seconds: 60)
        let (_, run) = runSpecs([fixture("hostile/deep.lua")], limits: limits)
        let spy = try run.result("many values a spy passing on more values than Lua's stack holds")
        XCTAssertEqual(spy.status, .errored)
        XCTAssertEqual(spy.message, "stack overflow")
        XCTAssertTrue(spy.location.hasSuffix("deep.lua:52"), spy.location)
    }
}
