import BehaveCore
import BehaveLua
@testable import BehaveSpec
import Foundation
import XCTest

/// `s:explore` shrinks a failure within a budget (`shrinkTime`,
/// `shrinkReplays`) and within what the spec has left of its own limits;
/// when shrinking stops early, the spec's failure says so and why, with
/// the shortest commands found so far.
final class SpecExploreBudgetTests: XCTestCase {
    /// `body` as a spec beside a copy of Examples/Exploration/forty_taps,
    /// whose fortieth tap raises an error (shrinking a run of hundreds of
    /// steps to those taps takes some two thousand replays).
    private func run(_ body: String, limits: SandboxLimits) throws -> CollectingReporter {
        let folder = try temporaryDirectory(self)
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Exploration").path
        for file in ["forty_taps.lua", "forty_taps.scene.yaml"] {
            try FileManager.default.copyItem(atPath: examples + "/" + file, toPath: folder + "/" + file)
        }
        try body.write(toFile: folder + "/explore_spec.lua", atomically: true, encoding: .utf8)
        return runSpecs([folder + "/explore_spec.lua"], limits: limits).results
    }

    /// The text of Fixtures/.explore/`name`, a spec to run beside the
    /// scene: a hidden folder, as its specs fail on purpose.
    private func spec(_ name: String) throws -> String {
        try String(contentsOfFile: fixture(".explore/" + name), encoding: .utf8)
    }

    /// The shortest commands the failure lists.
    private func commands(in message: String) -> [String] {
        message.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }

    func testABudgetStopsShrinkingAndTheFailureSaysSo() throws {
        let results = try run(try spec("budgets_stop_shrinking.lua"), limits: SandboxLimits(instructions: 10_000_000, seconds: 60))
        let five = try results.result("five replays").message
        XCTAssertTrue(five.contains("exploration failed (seed 1): "), five)
        XCTAssertTrue(five.contains("forty_taps.lua:16: tapped 40 times\nshrinking stopped early: its budget of 5 replays ran out; these commands fail the same way, but fewer might (shrinkTime and shrinkReplays give shrinking more)\nshortest commands found that fail the same way ("), five)
        XCTAssertGreaterThanOrEqual(commands(in: five).count, 40)
        let none = try results.result("no time").message
        XCTAssertTrue(none.contains("shrinking stopped early: its time budget (0 s) ran out after 0 replays"), none)
    }

    /// A spec whose instruction budget cannot hold a whole shrink still says
    /// what it found: shrinking stops while the spec has instructions left,
    /// or (the watchdog prices the spec's own script time, and replays run
    /// in the scene's state, in host functions of the spec's) it ends
    /// within them; never with "budget exceeded" and no commands.
    func testShrinkingEndsWithinTheSpecsOwnBudget() throws {
        let results = try run(try spec("within_the_specs_budget.lua"), limits: SandboxLimits(instructions: 300_000, seconds: 60))
        let message = try results.result("explores").message
        XCTAssertTrue(message.contains("forty_taps.lua:16: tapped 40 times"), message)
        if message.contains("shrinking stopped early") {
            XCTAssertTrue(message.contains("shrinking stopped early: the spec's instruction budget (300000 instructions) was about to run out, after "),
                          message)
            XCTAssertTrue(message.contains("(--time-limit and --instruction-limit give the spec more, and fewer steps need less)"), message)
        }
        XCTAssertFalse(message.contains("budget exceeded"), message)
        XCTAssertGreaterThanOrEqual(commands(in: message).count, 40)
    }

    /// Shrinking stops when the spec's instructions left fall under a
    /// quarter of its budget, or under twice what the costliest replay
    /// took, and says which limit stopped it.
    func testShrinkingStopsWhileTheSpecsBudgetHasRoomForTwoReplays() {
        let limits = SandboxLimits(instructions: 1_000_000, seconds: 60)
        var shrinking = SpecShrinking(Array(repeating: "tap button", count: 64), budget: Shrinker.Budget(), limits: limits)
        var left = 1_000_000
        var replays = 0
        while shrinking.next(left: (seconds: nil, instructions: left)) != nil {
            replays += 1
            shrinking.record(failsTheSameWay: false)
            left -= 100_000  // each replay costs a tenth of the budget
            XCTAssertLessThan(replays, 20, "shrinking did not stop")
            if replays >= 20 { break }
        }
        // It stops once less than a quarter of the budget (250,000, more
        // than twice a replay) is left: after eight replays.
        XCTAssertEqual(replays, 8)
        XCTAssertEqual(shrinking.shrinker.stopped,
                       .limit("the spec's instruction budget (1000000 instructions)", replays: 8))
    }

    /// Invariants given as a list are checked as named ones are, named by
    /// their number: each was looked up by the text of its key, which a
    /// number's is not, and the spec failed with "attempt to call a nil
    /// value (field '?')". Its spec fails on purpose, so it is in a hidden
    /// folder that the repository's own `behave test` does not run.
    func testInvariantsGivenAsAListAreChecked() throws {
        let results = try run(spec("invariants_as_a_list.lua"), limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 20))
        let message = try results.result("list").message
        XCTAssertTrue(message.contains("invariant \"2\" does not hold: never"), message)
    }

    /// A list of invariants is checked in its order: the second before the
    /// tenth, which the order of their names ("10" < "2") put first.
    func testAListOfInvariantsIsCheckedInItsOrder() throws {
        let results = try run(spec("invariants_in_list_order.lua"), limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 20))
        let message = try results.result("list").message
        XCTAssertTrue(message.contains("invariant \"2\" does not hold: second"), message)
    }

    func testTheBudgetsKeysAreChecked() throws {
        let results = try run(try spec("budget_keys.lua"), limits: .specTesting)
        XCTAssertTrue(try results.result("typo").message.hasSuffix(
            "explore has no option `shrinktime`; its options: steps, seed, runs, invariants, shrinkTime, shrinkReplays"))
        XCTAssertTrue(try results.result("negative").message.hasSuffix("explore's `shrinkTime` is a number of seconds from 0, not -1"))
        XCTAssertTrue(try results.result("fraction").message.hasSuffix("explore's `shrinkReplays` is a whole number, not 1.5"))
    }
}
