import Foundation
import XCTest

/// What a busted suite is told when it reaches for what `behave test`'s
/// sandbox leaves out (`io`, `os`, `debug`, `load`…): that the
/// sandbox leaves it out, and what to do instead, both when the line runs
/// and, for the spec file itself, before it runs; the error a `pcall`
/// sees stays Lua's own.
final class SpecWithheldGlobalsTests: XCTestCase {
    func testAWithheldGlobalIsSaidToBeTheSandboxsWithTheFix() throws {
        let folder = try temporarySuite(self, [
            "clock.lua": "return { now = function() return os.time() end }\n",
            "old.lua": "return { first = function(t) return unpack(t) end }\n",
            "spec/withheld_spec.lua": """
                local clock = require 'clock'
                local old = require 'old'

                it("reads a file", function()
                  local _ = io.input()
                end)
                it("reads the clock in a module", function()
                  clock.now()
                end)
                it("calls Lua 5.1's unpack in a module", function()
                  old.first({ 1 })
                end)
                it("sees Lua's own message in a pcall", function()
                  local ok, message = pcall(function() return debug.traceback() end)
                  assert.is_false(ok)
                  assert.matches("attempt to index a nil value (global 'debug')", message, 1, true)
                end)
                """,
        ])
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.status, 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        let sandbox = "is not available in a spec: `behave test` runs specs in Behave's sandbox, which leaves it out; "
        XCTAssertEqual(lines, [
            "ERROR spec/withheld_spec.lua:5: reads a file: `io` " + sandbox
                + "a spec cannot read or write files or streams: keep test data in the spec or in a Lua module it requires",
            "ERROR clock.lua:1: reads the clock in a module: `os` " + sandbox
                + "a spec cannot reach the system, its clock or its environment: pass times and settings to the code under test as values",
            "ERROR old.lua:1: calls Lua 5.1's unpack in a module: `unpack` is not defined here: it is a global of Lua 5.1, "
                + "which Lua 5.4 does not have; write `table.unpack`",
            "1 passed, 0 failed, 3 errored",
        ], run.output)
        // Before the specs run, the linter says the same of the spec file's own lines.
        XCTAssertTrue(run.errors.contains("spec/withheld_spec.lua:5:13: error: `io` " + sandbox), run.errors)
        XCTAssertTrue(run.errors.contains("spec/withheld_spec.lua:14:47: error: `debug` " + sandbox
            + "a spec cannot inspect the Lua stack: for `xpcall(f, debug.traceback)` pass a handler of your own"), run.errors)
    }
}
