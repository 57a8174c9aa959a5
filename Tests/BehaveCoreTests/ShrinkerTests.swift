@testable import BehaveCore
import XCTest

/// Shrinking a failure's commands within a budget: it finds the few that
/// matter when it may, and when time or replays run out it stops with the
/// shortest list found so far and says why.
final class ShrinkerTests: XCTestCase {
    /// Runs the shrinker with `fails` as the replay; each replay "takes"
    /// `replaySeconds` of a clock of the test's own.
    private func shrink(_ commands: [String], budget: Shrinker.Budget, replaySeconds: Double = 0,
                        fails: ([String]) -> Bool) -> Shrinker {
        let start = ContinuousClock.now
        var now = start
        var shrinker = Shrinker(commands, budget: budget, now: start)
        while let candidate = shrinker.next(now: now) {
            XCTAssertLessThan(candidate.count, shrinker.commands.count)
            shrinker.record(failsTheSameWay: fails(candidate))
            now = now.advanced(by: .milliseconds(Int(replaySeconds * 1000)))
        }
        return shrinker
    }

    /// Fails when `a`, `b` and `c` come in that order.
    private func abc(_ commands: [String]) -> Bool {
        var wanted = ["a", "b", "c"][...]
        for command in commands where command == wanted.first { wanted = wanted.dropFirst() }
        return wanted.isEmpty
    }

    private let noise = (0..<60).map { "x\($0)" }

    func testItFindsTheFewCommandsThatMatterWhenTheBudgetAllows() {
        var commands = Array(noise)
        commands.insert("c", at: 60)
        commands.insert("b", at: 40)
        commands.insert("a", at: 20)
        let shrinker = shrink(commands, budget: .default, fails: abc)
        XCTAssertEqual(shrinker.commands, ["a", "b", "c"])
        XCTAssertNil(shrinker.stopped)
        XCTAssertGreaterThan(shrinker.replays, 0)
    }

    func testItStopsWhenItsReplaysRunOutWithAListThatStillFails() {
        let commands = Array(noise + ["a", "b", "c"])
        let shrinker = shrink(commands, budget: Shrinker.Budget(seconds: 3600, replays: 4), fails: abc)
        XCTAssertEqual(shrinker.stopped, .replays(4))
        XCTAssertEqual(shrinker.replays, 4)
        XCTAssertTrue(abc(shrinker.commands))
        XCTAssertLessThan(shrinker.commands.count, commands.count, "what was found before the budget ran out is kept")
        XCTAssertEqual(shrinker.stopped?.explanation, "its budget of 4 replays ran out")
    }

    /// A shrink that would go on for hours (every replay takes a minute of
    /// the test's clock, and the failure needs all sixty commands, so only
    /// taking out nothing works) ends within its time budget.
    func testAShrinkThatWouldTakeHoursEndsWithinItsTime() {
        let commands = Array(noise)
        let shrinker = shrink(commands, budget: Shrinker.Budget(seconds: 300, replays: 1_000_000), replaySeconds: 60) {
            $0.count == commands.count
        }
        XCTAssertEqual(shrinker.stopped, .time(seconds: 300, replays: 5))
        XCTAssertEqual(shrinker.commands, commands)
        XCTAssertEqual(shrinker.stopped?.explanation, "its time budget (300 s) ran out after 5 replays")
    }

    func testNoTimeOrNoReplaysMeansNoShrinking() {
        let commands = Array(noise + ["a", "b", "c"])
        for budget in [Shrinker.Budget(seconds: 0, replays: 100), Shrinker.Budget(seconds: 100, replays: 0)] {
            let shrinker = shrink(commands, budget: budget, fails: abc)
            XCTAssertEqual(shrinker.replays, 0)
            XCTAssertEqual(shrinker.commands, commands)
            XCTAssertNotNil(shrinker.stopped)
        }
    }

    /// A press and the release of the same control that follow each other
    /// become one tap when the failure still happens with it: the
    /// shortest list has no pair a tap would do.
    func testAPressAndItsReleaseBecomeATapWhenItStillFails() {
        // `b` fails whether it is tapped or pressed and released; `d` only
        // when pressed and released in two commands (a tap does not do it).
        func fails(_ commands: [String]) -> Bool {
            let expanded = commands.flatMap { $0 == "tap b" ? ["press b", "release b"] : [$0] }
            var wanted = ["a", "press b", "release b", "press d", "release d", "c"][...]
            for command in expanded where command == wanted.first { wanted = wanted.dropFirst() }
            return wanted.isEmpty
        }
        var commands = Array(noise)
        commands.insert(contentsOf: ["press d", "release d", "c"], at: 50)
        commands.insert(contentsOf: ["press b", "release b"], at: 30)
        commands.insert("a", at: 10)
        let shrinker = shrink(commands, budget: .default, fails: fails)
        XCTAssertEqual(shrinker.commands, ["a", "tap b", "press d", "release d", "c"])
        XCTAssertNil(shrinker.stopped)

        XCTAssertEqual(Shrinker.tap("press \"OK button\"", "release \"OK button\""), "tap \"OK button\"")
        XCTAssertNil(Shrinker.tap("press b", "release b outside"), "released outside, it is no tap")
        XCTAssertNil(Shrinker.tap("press b", "release c"))
    }

    func testTheCallerCanStopItAndNothingLeftToTryIsNoEarlyStop() {
        var shrinker = Shrinker(Array(noise + ["a", "b", "c"]))
        _ = shrinker.next()
        shrinker.record(failsTheSameWay: false)
        shrinker.stop(.limit("the spec's time limit (1 s)", replays: shrinker.replays))
        XCTAssertNil(shrinker.next())
        XCTAssertEqual(shrinker.stopped?.explanation, "the spec's time limit (1 s) was about to run out, after 1 replay")

        var done = Shrinker(["a"])
        XCTAssertNil(done.next())
        done.stop(.replays(0))
        XCTAssertNil(done.stopped, "a list of one command has nothing to take out: shrinking was done")
    }
}
