import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// What a spec file can make the host hold or do beyond its own budgets is
/// bounded: names, output, recorded events, and the number of specs, hooks
/// and finally functions (each runs with a budget of its own).
final class SpecFileCostTests: XCTestCase {
    /// The text of Fixtures/.cost/`name`: a hidden folder, as some of its
    /// specs fail on purpose and `behave test` at the checkout's root
    /// passes over hidden folders.
    private func spec(_ name: String) throws -> String {
        try String(contentsOfFile: fixture(".cost/" + name), encoding: .utf8)
    }

    private func run(_ source: String, files: [String: String] = [:],
                     limits: SandboxLimits = .specTesting) throws -> (text: String, results: CollectingReporter) {
        let folder = try temporaryDirectory(self)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let path = folder + "/cost_spec.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path], limits: limits)
    }

    func testSpecNamesAreKeptShort() throws {
        let (_, run) = try run(spec("long_names.lua"))
        let name = try XCTUnwrap(run.results.first?.name)
        XCTAssertEqual(run.results.first?.status, .passed)
        XCTAssertLessThanOrEqual(name.utf8.count, 2010)
        XCTAssertTrue(name.hasPrefix("ddd"))
        // The head and tail of each part, cut between characters.
        XCTAssertTrue(name.hasPrefix(String(repeating: "d", count: 200) + "…" + String(repeating: "d", count: 200) + " éé"), name)
        XCTAssertTrue(name.hasSuffix("é…é" + String(repeating: "é", count: 99)), name)
    }

    func testTheNumberOfSpecsHooksAndFinallysIsBounded() throws {
        let roomy = SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 30)
        let (_, specs) = try run("for i = 1, 10001 do it(\"s\" .. i, function() end) end", limits: roomy)
        XCTAssertEqual(specs.results.map(\.status), [.errored])
        XCTAssertEqual(specs.results.first?.message, "more than 10000 specs in one file")

        let (_, hooks) = try run("for i = 1, 1001 do before_each(function() end) end\nit(\"x\", function() end)")
        XCTAssertEqual(hooks.results.first?.message,
                       "more than 1000 before_each, after_each, setup and teardown functions in one file")

        let (_, nested) = try run(spec("nested_describes.lua"))
        XCTAssertEqual(nested.results.first?.message, "describe blocks nested more than 100 deep")

        let (_, finallies) = try run("it(\"x\", function() for i = 1, 101 do finally(function() end) end end)")
        XCTAssertEqual(finallies.results.first?.status, .errored)
        XCTAssertEqual(finallies.results.first?.message, "more than 100 finally functions in one spec")
    }

    func testAFilesOutputIsBoundedInAll() throws {
        let (_, run) = try run(spec("printing.lua"), limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 30))
        XCTAssertEqual(run.results.count, 20)
        let bytes = run.results.reduce(0) { $0 + $1.output.reduce(0) { $0 + $1.utf8.count } }
        XCTAssertLessThanOrEqual(bytes, 4 << 20 + 200)
        XCTAssertEqual(run.results[0].output.count, 1000)
        XCTAssertTrue(run.results.contains { $0.output.last == "(more output left out: this file's specs printed more than 4 MiB)" })
    }

    func testRecordingsAreBounded() throws {
        let pump = try spec("pump.lua")
        let (_, run) = try run(spec("recordings.lua"), files: ["pump.lua": pump], limits: SandboxLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 20))
        for result in run.results {
            XCTAssertEqual(result.status, .passed, "\(result.name): \(result.message)")
        }
    }

    func testADeepDifferenceHasAShortPath() throws {
        let (_, run) = try run(spec("deep_difference.lua"))
        let message = try XCTUnwrap(run.results.first?.message)
        XCTAssertTrue(message.hasPrefix("tables differ at .n.n.n"), message)
        XCTAssertTrue(message.hasSuffix("…: expected 1, got 2"), message)
        XCTAssertLessThan(message.count, 300)
    }

    /// Tables nested deeper than Lua's stack goes (100,000 levels: a
    /// linked list, a parsed document) compare as any others: the
    /// comparison keeps its own stack, where it raised "stack overflow"
    /// and blamed itself as a recursion without end.
    func testTablesDeeperThanTheStackCompare() throws {
        let (_, run) = try run(spec("deep_tables.lua"), limits: SandboxLimits(memory: 256 << 20, instructions: 100_000_000, seconds: 20))
        XCTAssertEqual(run.results.map(\.status), [.passed, .failed], run.results.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(run.results[1].message.hasSuffix("…: expected 1, got 2"), run.results[1].message)
    }
}
