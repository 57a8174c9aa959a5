import BehaveSpec
import BehaveLua
import Foundation
import XCTest

/// A failed spec stays failed (or errored) whatever its code does
/// afterwards, and no error object, however odd, reads as a pass.
final class SpecResultIntegrityTests: XCTestCase {
    private func run(_ source: String) throws -> CollectingReporter {
        let folder = try temporaryDirectory(self)
        let path = folder + "/integrity_spec.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path]).results
    }

    func testPendingAfterAFailureLeavesTheSpecFailed() throws {
        let run = try run("""
            describe("after each", function()
              after_each(function() pending("later") end)
              it("fails first", function() assert.equals(1, 2) end)
            end)
            it("pending in finally", function()
              finally(function() pending("later") end)
              error("real failure")
            end)
            it("pending under pcall, then a failure", function()
              pcall(pending, "later")
              error("real failure")
            end)
            it("a failure under pcall, then pending", function()
              pcall(assert.equals, 1, 2)
              pending("not a failure: it was caught")
            end)
            it("pending caught, then passes", function()
              pcall(pending, "caught")
            end)
            it("pending", function()
              pending("why")
              error("never reached")
            end)
            """)
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
        let run = try run("""
            it("pending in a coroutine", function()
              coroutine.wrap(function() pending("not yet") end)()
              error("never reached")
            end)
            it("pending two coroutines deep", function()
              coroutine.wrap(function() coroutine.wrap(function() pending("deeper") end)() end)()
            end)
            """)
        XCTAssertEqual(try run.result("pending in a coroutine").status, .pending)
        XCTAssertEqual(try run.result("pending in a coroutine").message, "not yet")
        XCTAssertEqual(try run.result("pending two coroutines deep").status, .pending)
        XCTAssertEqual(try run.result("pending two coroutines deep").message, "deeper")
    }

    func testEveryKindOfErrorFails() throws {
        let run = try run("""
            it("nil", function() error(nil) end)
            it("table", function() error({ status = "passed" }) end)
            it("tostring raises", function() error(setmetatable({}, { __tostring = function() error("x") end })) end)
            it("tostring passes", function() error(setmetatable({}, { __tostring = function() return "ok" end })) end)
            it("yield", function() coroutine.yield("passed") end)
            it("empty", function() error("") end)
            it("a pending lookalike", function() error("behave: pending", 0) end)
            """)
        XCTAssertEqual(run.results.map(\.status), Array(repeating: .errored, count: 7))
    }
}

/// The limit of open scenes counts the scenes open at once: a dismissed
/// scene's Lua state is freed, and a scene the spec lets go of is closed.
final class SpecSceneLimitTests: XCTestCase {
    func testOnlyOpenScenesCount() throws {
        let folder = try temporaryDirectory(self)
        let path = folder + "/scenes_spec.lua"
        try """
            it("dismissed", function()
              for i = 1, 70 do scene.script("toggle.lua"):dismiss() end
            end)
            it("let go of", function()
              for i = 1, 70 do local s = scene.script("toggle.lua"); s:tap("button") end
            end)
            it("kept", function()
              local kept = {}
              for i = 1, 70 do kept[i] = scene.script("toggle.lua").button end
            end)
            it("dismissed but readable", function()
              local s = scene.script("toggle.lua")
              s:tap("button")
              s:dismiss()
              for i = 1, 70 do scene.script("toggle.lua"):dismiss() end
              assert.is_false(s.toggle.alive)
              assert.is_true(s.toggle.toggled)
              assert.has_error(function() s:tap("button") end, "the screen is dismissed")
            end)
            """.write(toFile: path, atomically: true, encoding: .utf8)
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
        try """
            it("seven", function()
              local kept = {}
              for i = 1, 7 do kept[i] = scene.script("toggle.lua") end
              kept[1]:dismiss()
              kept[8] = scene.script("toggle.lua")
            end)
            it("eight", function()
              local kept = {}
              for i = 1, 8 do kept[i] = scene.script("toggle.lua") end
            end)
            """.write(toFile: path, atomically: true, encoding: .utf8)
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
