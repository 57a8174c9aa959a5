import Foundation
import XCTest

/// What a busted suite is told when it reaches for what `behave test`'s
/// sandbox leaves out (`io`, `os`, `debug`, `load`…): that the
/// sandbox leaves it out, and what to do instead, both when the line runs
/// and, for the spec file itself, before it runs; the error a `pcall`
/// sees stays Lua's own. Its suites are Fixtures/.withheld's folders
/// (hidden: their specs fail on purpose).
final class SpecWithheldGlobalsTests: XCTestCase {
    func testAWithheldGlobalIsSaidToBeTheSandboxsWithTheFix() throws {
        let folder = try fixtureSuite(self, ".withheld/withheld")
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

    /// An `xpcall` whose message handler calls `debug.traceback` (in a
    /// module, where the linter does not look) returns Lua's "error in
    /// error handling", which names no cause: the spec's report says that
    /// the handler failed, where, why and what to do instead.
    func testAMessageHandlerThatFailsIsNamedWithWhyAndTheFix() throws {
        let folder = try fixtureSuite(self, ".withheld/handler")
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.status, 1)
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines, [
            "ERROR spec/parse_spec.lua:4: raises the handler's result again: error in error handling",
            "(an xpcall's message handler raised an error of its own at parse.lua:4, so xpcall returned "
                + "\"error in error handling\": `debug` is not available in a spec: `behave test` runs specs in Behave's sandbox, "
                + "which leaves it out; a spec cannot inspect the Lua stack: for `xpcall(f, debug.traceback)` pass a handler of "
                + "your own, such as `function(e) return e end`)",
            "FAIL spec/parse_spec.lua:8: asserts on xpcall's message: expected a string matching \"first\", got \"error in error handling\"",
            "(an xpcall's message handler raised an error of its own at spec/parse_spec.lua:7, so xpcall returned "
                + "\"error in error handling\": attempt to index a nil value (field 'where'))",
            "0 passed, 1 failed, 1 errored",
        ], run.output)
    }
}
