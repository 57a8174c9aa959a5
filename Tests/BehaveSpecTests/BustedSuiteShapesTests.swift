import Foundation
import ToolRunning
import XCTest

/// Suites in the shapes of real libraries' that lost every spec to busted's
/// defaults (issue 26): argparse's (its module in `src/`, a `.busted` that
/// names the `gtest` output handler, global helpers, `local unpack = unpack
/// or table.unpack`), binaryheap's (`src/`) and lustache's (a module and
/// its parts in `src/` and `src/NAME/`). Run from each suite's root, as
/// busted expects, `behave test` passes every spec busted passes and says
/// nothing of the specs' helpers. busted is Debian's `lua-busted`, which
/// `.ci/install` installs.
final class BustedSuiteShapesTests: XCTestCase {
    static let suites = ["options", "heap", "template"]

    func testBehavePassesEverySpecBustedPasses() throws {
        let (lua, busted) = try bustedOnLua54()
        for suite in Self.suites {
            let folder = fixture("suites/" + suite)
            let reference = try ToolRunning.run(lua, [busted, "-o", "TAP"], in: URL(fileURLWithPath: folder))
            XCTAssertEqual(reference.status, 0, suite + ": " + reference.output + reference.errors)
            let theirs = passedSpecs(inTAP: reference.output, droppingFilePrefix: true)
            XCTAssertGreaterThanOrEqual(theirs.count, 4, suite + ": " + reference.output)
            let run = try runBehaveWithErrors(["test", "-o", "TAP"], in: folder)
            XCTAssertEqual(run.status, 0, suite + ": " + run.output + run.errors)
            XCTAssertEqual(passedSpecs(inTAP: run.output, droppingFilePrefix: true), theirs, suite + ": " + run.output)
            // No word about the suite's helpers or its Lua 5.1 compatibility.
            XCTAssertEqual(run.errors, "", suite + ": " + run.errors)
        }
    }

    /// The `.busted` names `gtest`: its report, and no warning.
    func testTheOutputHandlerTheConfigNamesIsUsed() throws {
        let run = try runBehaveWithErrors(["test"], in: fixture("suites/options"))
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.hasPrefix("[==========] Running tests from scanned files.\n"), run.output)
        XCTAssertTrue(run.output.contains("\n[  PASSED  ] 5 tests.\n"), run.output)
        XCTAssertEqual(run.errors, "")
    }

    /// From the checkout's root, the suite's `src/` is found too (the
    /// suite's folder is the one with `.busted`).
    func testASuitesSourceFolderIsFoundFromTheCheckoutsRoot() throws {
        let root = URL(fileURLWithPath: fixture("suites")).path
        let run = try runBehaveWithErrors(["test", "options"], in: root)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertEqual(run.output, "5 passed, 0 failed\n")
    }

    /// A module in `src/NAME/NAME.lua` (busted's `./src/?/?.lua`), and a
    /// module not found names the places busted's path adds.
    func testBustedsWholeDefaultPath() throws {
        let folder = try temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: folder + "/src/deep", withIntermediateDirectories: true)
        try "return { from = 'src/deep/deep.lua' }\n".write(toFile: folder + "/src/deep/deep.lua", atomically: true, encoding: .utf8)
        try """
            it("finds src/deep/deep.lua", function()
              assert.equals("src/deep/deep.lua", require("deep").from)
            end)
            it("names where it looked", function()
              local ok, message = pcall(require, "nowhere")
              assert.is_false(ok)
              assert.matches("tried ./src/nowhere.lua, ./src/nowhere/nowhere.lua, ./src/nowhere/init.lua, ./nowhere.lua, ./nowhere/init.lua", message, 1, true)
            end)

            """.write(toFile: folder + "/path_spec.lua", atomically: true, encoding: .utf8)
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.output, "2 passed, 0 failed\n", run.output + run.errors)
    }
}
