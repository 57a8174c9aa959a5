import Foundation
import ToolRunning
import XCTest

/// Examples/LuaLibrary is a pure-Lua library whose specs are written for
/// busted (require, custom assertions through say and luassert, spies,
/// stubs, mocks, matchers, modifiers). Run from the library's root, as
/// busted expects, `behave test` passes every spec busted passes. busted
/// is Debian's `lua-busted`, which `.ci/install` installs: a machine
/// without it fails this test rather than skipping it.
final class LuaLibraryTests: XCTestCase {
    private let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/LuaLibrary")

    func testBehavePassesEverySpecBustedPasses() throws {
        let (lua, script) = try bustedOnLua54()
        let reference = try ToolRunning.run(lua, [script, "-o", "TAP"], in: library)
        let theirs = passedSpecs(inTAP: reference.output, droppingFilePrefix: false)
        XCTAssertEqual(reference.status, 0, reference.output + reference.errors)
        XCTAssertGreaterThanOrEqual(theirs.count, 20, reference.output)

        let run = try runBehaveWithErrors(["test", "-o", "TAP"], in: library.path)
        let ours = passedSpecs(inTAP: run.output, droppingFilePrefix: true)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertEqual(theirs.subtracting(ours), [], "passed under busted, not under behave:\n" + run.output)
        XCTAssertEqual(ours, theirs)
        // The spec API knows require and busted's globals: no warning.
        XCTAssertEqual(run.errors, "", run.errors)
    }

    /// luassert's own API as busted users use it (`assert:register`, say,
    /// formatters, snapshots, matchers, stubs, mocks), and busted's order of
    /// describe bodies: a fixture every spec of which passes under both.
    func testTheLuassertFixturePassesUnderBoth() throws {
        let (lua, script) = try bustedOnLua54()
        let folder = fixture("luassert")
        let reference = try ToolRunning.run(lua, [script, "-o", "TAP", "luassert.lua"], in: URL(fileURLWithPath: folder))
        let theirs = passedSpecs(inTAP: reference.output, droppingFilePrefix: false)
        XCTAssertEqual(reference.status, 0, reference.output + reference.errors)
        let run = try runBehaveWithErrors(["test", "-o", "TAP", "luassert.lua"], in: folder)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertEqual(passedSpecs(inTAP: run.output, droppingFilePrefix: true), theirs)
        XCTAssertEqual(run.errors, "", run.errors)
    }

    /// From a checkout's root the library's specs still find its modules:
    /// beside the spec, then in the suite's folder (the one with `.busted`).
    func testItsSpecsAlsoRunFromTheCheckoutsRoot() throws {
        let root = library.deletingLastPathComponent().deletingLastPathComponent()
        let run = try runBehaveWithErrors(["test", "Examples/LuaLibrary"], in: root.path)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertTrue(run.output.hasSuffix("23 passed, 0 failed, 1 skipped\n"), run.output)
    }
}
