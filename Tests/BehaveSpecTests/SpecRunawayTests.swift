import BehaveLua
@testable import BehaveSpec
import XCTest

/// A handler that never ends, run by a spec's call into a scene: the
/// failure names the spec's line that made the call and the script's line
/// that looped, with the hint (issue 11).
final class SpecRunawayTests: XCTestCase {
    /// The script's line as messages name it (relative to the working directory).
    let neverEnds = "runaway/spin.lua:13: instruction budget exceeded (1000000 instructions) while running this line; this loop never ends? Make sure its condition turns false, or spread long work over time with `after` (in touchUpInside handler of button)"

    func testAHandlerThatNeverEndsIsReportedAtTheCallThatRanIt() throws {
        let (_, run) = runSpecs([fixture("runaway/taps.lua")])
        let tap = try run.result("a handler that never ends is reported at the tap that ran it")
        XCTAssertEqual(tap.status, .errored)
        XCTAssertTrue(tap.location.hasSuffix("taps.lua:5"), "the tap's line, not the spec's: \(tap.location)")
        XCTAssertTrue(tap.message.hasPrefix("`s:tap(\"button\")` never finished: "), tap.message)
        XCTAssertTrue(tap.message.hasSuffix(neverEnds), tap.message)
    }

    func testTheSpecsOwnRunawayIsItsFailureAndTheScenesIsSaidBeside() throws {
        let (_, run) = runSpecs([fixture("runaway/taps.lua")])
        let spec = try run.result("a handler that never ends is said beside the spec's own runaway")
        XCTAssertEqual(spec.status, .errored)
        XCTAssertTrue(spec.location.hasSuffix("taps.lua:13"), spec.location)
        // The spec's own code is told how to give specs more, not behaviour advice.
        XCTAssertTrue(spec.message.hasPrefix("instruction budget exceeded (1000000 instructions) while running this line; this loop never ends? Make sure its condition turns false; a spec that needs more runs with `behave test --instruction-limit 10000000`\n"),
                      spec.message)
        XCTAssertTrue(spec.message.contains("\n(a scene also raised a script error the spec did not check at "), spec.message)
        XCTAssertTrue(spec.message.contains("runaway/taps.lua:11: "), spec.message)
        XCTAssertTrue(spec.message.hasSuffix(neverEnds + ")"), spec.message)
    }

    /// Raising the limit's error calls its message handler one call deeper
    /// than the loop, which a spent slice has no memory for unless Lua kept
    /// it from an earlier call: the place and the advice stay all the same.
    func testASpecsRunawayDeeperThanItWentBeforeIsToldAtItsLine() throws {
        let (_, run) = runSpecs([fixture("runaway/deep.lua")])
        let spec = try run.result("runs away deep in calls")
        XCTAssertEqual(spec.status, .errored)
        XCTAssertTrue(spec.location.hasSuffix("deep.lua:5"), spec.location)
        XCTAssertTrue(spec.message.hasPrefix("instruction budget exceeded (1000000 instructions) while running this line; this loop never ends? Make sure its condition turns false; a spec that needs more runs with `behave test --instruction-limit 10000000`"),
                      spec.message)
        XCTAssertEqual(try run.result("runs after").status, .passed)
    }

    /// A file whose specs all run away (a helper they share loops) is not
    /// run to its end, each spec taking a whole limit: after ten runaways
    /// its other specs are skipped, saying why, and its blocks' teardowns
    /// still run. The next file runs as ever.
    func testAFileStopsRunningItsSpecsAfterTenRunaways() throws {
        var many = "local log = {}\nlocal function spin() while true do end end\ndescribe(\"many\", function()\n"
            + "  teardown(function() print(\"torn down\") end)\n"
        for i in 1...12 { many += "  it(\"spins \(i)\", function() spin() end)\n" }
        many += "  it(\"passes\", function() assert.is_true(true) end)\nend)\n"
        let folder = try temporarySuite(self, [
            "many_spec.lua": many,
            "other_spec.lua": "it(\"spins\", function() while true do end end)\nit(\"passes\", function() end)\n",
        ])
        let (text, run) = runSpecs([folder + "/many_spec.lua", folder + "/other_spec.lua"])
        for i in 1...10 { XCTAssertEqual(try run.result("many spins \(i)").status, .errored, "\(i)") }
        for name in ["many spins 11", "many spins 12", "many passes"] {
            let skipped = try run.result(name)
            XCTAssertEqual(skipped.status, .pending, name)
            XCTAssertTrue(skipped.message.hasPrefix("not run: 10 specs of this file ran out of their limits before it (the first at "),
                          skipped.message)
            XCTAssertTrue(skipped.message.hasSuffix("many_spec.lua:2); fix those and run the file again"), skipped.message)
        }
        XCTAssertEqual(try run.result("many passes").output, ["torn down"])
        XCTAssertEqual(try run.result("spins").status, .errored)
        XCTAssertEqual(try run.result("passes").status, .passed)
        XCTAssertEqual(text.split(separator: "\n").last, "1 passed, 0 failed, 11 errored, 3 skipped")
    }

    /// The first runaway is named where it ran away, even when the spec
    /// failed before it (its body's assertion, then an `after_each` that
    /// loops): the skipped specs named the assertion's line.
    func testTheFirstRunawayIsNamedWhereItRanAwayNotWhereItsSpecFailed() throws {
        var many = "local function spin() while true do end end\ndescribe(\"many\", function()\n"
            + "  after_each(function() spin() end)\n"
        for i in 1...11 { many += "  it(\"fails \(i)\", function() assert.is_true(false) end)\n" }
        many += "end)\n"
        let folder = try temporarySuite(self, ["many_spec.lua": many])
        let (_, run) = runSpecs([folder + "/many_spec.lua"])
        XCTAssertEqual(try run.result("many fails 1").location, folder + "/many_spec.lua:4")
        let skipped = try run.result("many fails 11")
        XCTAssertEqual(skipped.status, .pending)
        XCTAssertTrue(skipped.message.hasSuffix("(the first at \(folder)/many_spec.lua:1); fix those and run the file again"),
                      skipped.message)
    }

    func testASpecThatReadsTheErrorPasses() throws {
        let (_, run) = runSpecs([fixture("runaway/taps.lua")])
        XCTAssertEqual(try run.result("a handler that never ends can be read as an error by a spec that expects it").status, .passed)
    }

    /// Time is shared (a budget is not): a handler that ran out of time
    /// left the spec none, and the spec's next line is not to blame.
    func testASpecOutOfTheTimeAHandlerTookIsReportedAtTheCall() throws {
        let limits = SandboxLimits(memory: 16 << 20, instructions: Int(1e12), seconds: 0.3)
        let (_, run) = runSpecs([fixture("runaway/slow.lua")], limits: limits)
        let spec = try run.result("is reported at the tap when the spec runs out of the time the handler took")
        XCTAssertEqual(spec.status, .errored)
        XCTAssertTrue(spec.location.hasSuffix("slow.lua:3"), spec.location)
        XCTAssertTrue(spec.message.hasPrefix("`s:tap(\"button\")` never finished: "), spec.message)
        XCTAssertTrue(spec.message.contains("runaway/spin.lua:1"), spec.message)
        XCTAssertTrue(spec.message.contains(": time limit exceeded (0.3 s) while running this line; this loop never ends?"), spec.message)
    }

    /// A budget that runs out deeper than the spec ever called before: Lua
    /// needs a new call frame for the message handler, which a spent slice
    /// could not allocate, and the error lost its line (found for issue 23,
    /// when dispatchers of metatables made frames deeper). The recursion
    /// never loops, so it stops at its next call; its new coroutines
    /// (charged 1,000 instructions each) spend the budget at a known depth,
    /// before the memory limit however late the watchdog looks.
    func testABudgetSpentAtANewDepthKeepsItsLine() throws {
        let folder = try temporaryDirectory(self)
        let path = folder + "/deep_spec.lua"
        try """
            local function down(n)
              coroutine.create(down)
              return down(n + 1) + 1
            end
            it("recurses without end", function()
              down(1)
            end)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let (_, run) = runSpecs([path], limits: SandboxLimits(memory: 16 << 20, instructions: 100_000, seconds: 5))
        let spec = try run.result("recurses without end")
        XCTAssertEqual(spec.status, .errored)
        XCTAssertTrue(spec.location.hasSuffix("deep_spec.lua:2"), spec.location)
        XCTAssertTrue(spec.message.hasPrefix("instruction budget exceeded (100000 instructions) while running this line"),
                      spec.message)
    }
}
