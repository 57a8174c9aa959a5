import BehaveSpec
import BehaveLua
import Foundation
import XCTest

/// The text of Fixtures/.integrity/`name`: a hidden folder, as its specs
/// fail on purpose and `behave test` at the checkout's root passes over
/// hidden folders.
private func spec(_ name: String) throws -> String {
    try fixtureText(".integrity/" + name)
}

/// A failed spec stays failed (or errored) whatever its code does
/// afterwards, and no error object, however odd, reads as a pass.
final class SpecResultIntegrityTests: XCTestCase {
    private func run(_ source: String) throws -> CollectingReporter {
        try runSpec(self, source, as: "integrity_spec.lua")
    }

    func testPendingAfterAFailureLeavesTheSpecFailed() throws {
        let run = try run(try spec("pending_after_failure.lua"))
        XCTAssertEqual(try run.result("after each fails first").status, .failed)
        XCTAssertEqual(try run.result("after each fails first").message, "expected 1, got 2")
        XCTAssertEqual(try run.result("pending in finally").status, .errored)
        XCTAssertEqual(try run.result("pending in finally").message, "real failure")
        XCTAssertEqual(try run.result("pending under pcall, then a failure").status, .errored)
        XCTAssertEqual(try run.result("a failure under pcall, then pending").status, .pending)
        XCTAssertEqual(try run.result("pending caught, then passes").status, .passed)
        XCTAssertEqual(try run.result("pending").status, .pending)
        XCTAssertEqual(try run.result("pending").message, "why")
        XCTAssertEqual(run.summary?.line, "1 passed, 1 failed, 2 errored, 2 skipped")
    }

    /// `pending` inside a coroutine made with `coroutine.wrap`: the wrap
    /// raises its signal again with the coroutine's line in front, and the
    /// spec is still skipped with its reason, where it errored with the
    /// runner's internal signal (`behave: pending 3F2A…`) as its message.
    func testPendingInsideAWrappedCoroutineSkipsTheSpec() throws {
        let run = try run(try spec("pending_in_coroutines.lua"))
        XCTAssertEqual(try run.result("pending in a coroutine").status, .pending)
        XCTAssertEqual(try run.result("pending in a coroutine").message, "not yet")
        XCTAssertEqual(try run.result("pending two coroutines deep").status, .pending)
        XCTAssertEqual(try run.result("pending two coroutines deep").message, "deeper")
    }

    func testEveryKindOfErrorFails() throws {
        let run = try run(try spec("every_kind_of_error.lua"))
        XCTAssertEqual(run.results.map(\.status), Array(repeating: .errored, count: 7))
    }
}

/// The limit of open scenes counts the scenes open at once: a dismissed
/// scene's Lua state is freed, and a scene the spec lets go of is closed.
final class SpecSceneLimitTests: XCTestCase {
    func testOnlyOpenScenesCount() throws {
        let folder = try temporaryDirectory(self)
        let path = folder + "/scenes_spec.lua"
        try spec("open_scenes.lua").write(toFile: path, atomically: true, encoding: .utf8)
        // Making a scene takes host time that counts against the spec's.
        let limits = SandboxLimits(memory: 4 << 20, instructions: 1_000_000, seconds: 60)
        let (_, run) = runSpecs([path], limits: limits)
        for name in ["dismissed", "let go of", "dismissed but readable"] {
            let result = try run.result(name)
            XCTAssertEqual(result.status, .passed, "\(name): \(result.message)")
        }
        XCTAssertEqual(try run.result("kept").status, .errored)
        XCTAssertEqual(try run.result("kept").message,
                       "more than 42 scenes open at once in one spec file (each may hold 24 MiB: 4 MiB in Lua, 4 MiB of text and 16 MiB "
                       + "of trace; a file's open scenes 1024 MiB in all); dismiss the ones you are done with (s:dismiss()) or let go of them, "
                       + "or run with a lower --memory-limit")
    }

    /// The open scenes of a file share a budget of 1 GiB: each may hold
    /// its memory limit in Lua, as much of text outside it, and 16 MiB of
    /// trace, so at the default limit of 64 MiB 7 are open at once (16
    /// were, which could hold 2.3 GiB); each dismissed one makes room again.
    func testOpenScenesShareOneMemoryBudget() throws {
        let folder = try temporaryDirectory(self)
        let path = folder + "/budget_spec.lua"
        try spec("memory_budget.lua").write(toFile: path, atomically: true, encoding: .utf8)
        let limits = SandboxLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 60)
        let (_, run) = runSpecs([path], limits: limits)
        let seven = try run.result("seven")
        XCTAssertEqual(seven.status, .passed, seven.message)
        XCTAssertEqual(try run.result("eight").status, .errored)
        XCTAssertEqual(try run.result("eight").message,
                       "more than 7 scenes open at once in one spec file (each may hold 144 MiB: 64 MiB in Lua, 64 MiB of text and 16 MiB "
                       + "of trace; a file's open scenes 1024 MiB in all); dismiss the ones you are done with (s:dismiss()) or let go of them, "
                       + "or run with a lower --memory-limit")
    }
}
