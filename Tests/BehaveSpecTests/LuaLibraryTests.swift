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

    /// The names of the specs that passed, from a TAP report (`ok N - name`,
    /// pending ones left out); `prefix` is taken off each name.
    private func passed(_ tap: String, droppingFilePrefix: Bool) -> Set<String> {
        var names = Set<String>()
        for line in tap.split(separator: "\n") where line.hasPrefix("ok ") && !line.contains("# SKIP") {
            guard let dash = line.range(of: " - ") else { continue }
            var name = String(line[dash.upperBound...])
            if droppingFilePrefix, let colon = name.range(of: ".lua: ") { name = String(name[colon.upperBound...]) }
            names.insert(name)
        }
        return names
    }

    private func busted() throws -> (lua: URL, script: String) {
        let lua = URL(fileURLWithPath: "/usr/bin/lua5.4")
        let script = ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard FileManager.default.isExecutableFile(atPath: lua.path), let script else {
            XCTFail("busted is not installed: run .ci/install (Debian's lua-busted and lua5.4)")
            throw XCTSkip("busted is not installed")
        }
        return (lua, script)
    }

    func testBehavePassesEverySpecBustedPasses() throws {
        let (lua, script) = try busted()
        let reference = try ToolRunning.run(lua, [script, "-o", "TAP"], in: library)
        let theirs = passed(reference.output, droppingFilePrefix: false)
        XCTAssertEqual(reference.status, 0, reference.output + reference.errors)
        XCTAssertGreaterThanOrEqual(theirs.count, 20, reference.output)

        let run = try runBehaveWithErrors(["test", "-o", "TAP"], in: library.path)
        let ours = passed(run.output, droppingFilePrefix: true)
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
        let (lua, script) = try busted()
        let folder = fixture("luassert")
        let reference = try ToolRunning.run(lua, [script, "-o", "TAP", "luassert.lua"], in: URL(fileURLWithPath: folder))
        let theirs = passed(reference.output, droppingFilePrefix: false)
        XCTAssertEqual(reference.status, 0, reference.output + reference.errors)
        let run = try runBehaveWithErrors(["test", "-o", "TAP", "luassert.lua"], in: folder)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertEqual(passed(run.output, droppingFilePrefix: true), theirs)
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
