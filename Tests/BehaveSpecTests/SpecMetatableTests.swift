import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// A spec file's state gives objects live metatables (the original's
/// metamethods, looked up when they run), runs `__gc` as script code under
/// a budget, runs `__concat` only for the last step of a concatenation, and
/// has a `collectgarbage`; none of it can hang or crash the host.
final class SpecMetatableTests: XCTestCase {
    /// The text of Fixtures/.metatable/`name`: a hidden folder, as some of
    /// its specs fail on purpose and `behave test` at the checkout's root
    /// passes over hidden folders.
    private func spec(_ name: String) throws -> String {
        try fixtureText(".metatable/" + name)
    }

    private func run(_ source: String, limits: SandboxLimits = .specTesting) throws -> CollectingReporter {
        try runSpec(self, source, as: "meta_spec.lua", limits: limits)
    }

    private func assertAllPass(_ run: CollectingReporter, file: StaticString = #filePath, line: UInt = #line) {
        for result in run.results {
            XCTAssertEqual(result.status, .passed, "\(result.name): \(result.message)", file: file, line: line)
        }
    }

    func testChangesToAMetatableInUseAreSeen() throws {
        let run = try run(spec("live_metatables.lua"))
        assertAllPass(run)
    }

    /// A dispatcher's error names the script's line, as the VM's errors
    /// do, also when the script catches it.
    func testADispatchersErrorNamesTheLineOfTheOperation() throws {
        let run = try run(spec("dispatcher_lines.lua"))
        assertAllPass(run)
    }

    /// Metamethods run as if Lua had called them (issue 23): an error raised
    /// at level 2 names the line that caused the event, recursion through
    /// them is as deep as in Lua, and __le without __le falls back on
    /// not (b < a) as in Debian's Lua 5.4.4. Each expectation is what
    /// lua5.4 answers.
    func testMetamethodsRunAsLuaCallsThem() throws {
        let run = try run(spec("as_lua_calls.lua"))
        assertAllPass(run)
        XCTAssertEqual(run.results.count, 4)
    }

    /// Lua 5.4.4's own corner (its calls.lua): a chain of 100 tables, each
    /// callable through the next, ending in a function that tail-calls
    /// itself through the chain 10,000 times, called from coroutine.wrap.
    /// The chain and the tail calls must not grow the C stack. (Its time is
    /// the benchmarks' business: the limit here is generous.) The chain is
    /// the sandbox differential tests' finding, in a spec.
    func testTailCallsThroughAChainOfCallMetamethodsInACoroutine() throws {
        let chain = try fixtureText("../../SandboxDifferentialTests/Findings/call_chain_tail_calls.lua")
        let source = try spec("call_chain_tail_calls.lua").replacingOccurrences(of: "-- CHAIN", with: chain)
        let run = try run(source, limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 30))
        assertAllPass(run)
    }

    /// Chains are followed as the VM does, without recursion: a deep class
    /// hierarchy works, and a loop ends with Lua's own error.
    func testALoopingIndexChainEndsInAnError() throws {
        let run = try run(spec("looping_index.lua"))
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed])
        XCTAssertTrue(run.results[0].message.contains("'__index' chain too long; possible loop"), run.results[0].message)
    }

    func testGCRunsAsScriptCodeUnderABudget() throws {
        let run = try run(spec("gc_under_budget.lua"))
        XCTAssertEqual(run.results.map(\.status), [.passed, .errored, .passed, .passed], run.results.map(\.message).description)
        XCTAssertTrue(run.results[1].message.contains("instruction budget exceeded"), run.results[1].message)
    }

    /// A collection is charged to the spec's instructions (one for every
    /// 256 bytes the state holds), so a loop of them ends within the
    /// budget; each cost a few instructions, and a budget of 300,000 ran
    /// tens of thousands of collections (minutes with a large heap and a
    /// long time limit).
    func testCollectionsAreChargedToTheBudget() throws {
        let run = try run(spec("charged_collections.lua"), limits: SandboxLimits(memory: 16 << 20, instructions: 300_000, seconds: 600))
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed], run.results.map(\.message).description)
        XCTAssertTrue(run.results[0].message.contains("instruction budget exceeded"), run.results[0].message)
    }

    func testCollectGarbageKeepsTheCollectorRunning() throws {
        let run = try run(spec("collector_running.lua"))
        assertAllPass(run)
    }

    /// __concat runs where Debian's Lua 5.4.4 runs it safely: for the last
    /// step of a concatenation, that is the leftmost `..` of a chain (steps
    /// go right to left, strings first), even when the metamethod moves
    /// the stack and leaves the collector in debt.
    func testConcatRunsForTheLastStepOfAConcatenation() throws {
        let run = try run(spec("concat_last_step.lua"))
        assertAllPass(run)
        XCTAssertEqual(run.results.count, 6)
    }

    /// The case Lua 5.4.4 gets wrong even for `t .. "x"`: the metamethod
    /// moves the stack and returns with the collector in debt, so that
    /// OP_CONCAT would collect with a dangling top. Here it gives the value.
    func testConcatSurvivesAMetamethodThatMovesTheStackAndLeavesDebt() throws {
        let run = try run(spec("concat_moves_stack.lua"), limits: SandboxLimits(memory: 128 << 20, instructions: 50_000_000, seconds: 20))
        assertAllPass(run)
    }

    /// Anywhere but the last step, Lua 5.4.4 would go on with memory the
    /// metamethod's call freed: the metamethod is refused before it runs,
    /// with the way out in the message.
    func testConcatInTheMiddleOfAChainIsRefused() throws {
        let run = try run(spec("concat_middle_refused.lua"))
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed], run.results.map(\.message).description)
        XCTAssertEqual(run.results[0].message, "attempt to concatenate a table value: __concat runs only for the leftmost '..' of a chain (elsewhere Lua 5.4.4 can use freed memory); group the chain from the left: (a .. b) .. c")
        XCTAssertTrue(run.results[0].location.hasSuffix("meta_spec.lua:5"), run.results[0].location)
    }

    /// __close runs where the budget cannot stop it; a weak metatable
    /// cannot free what a dispatcher uses.
    func testCloseIsRefusedAndAWeakMetatableIsHarmless() throws {
        let run = try run(spec("close_and_weak.lua"))
        assertAllPass(run)
    }
}
