import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// What a spec file can make the host hold or do beyond its own budgets is
/// bounded: names, output, recorded events, and the number of specs, hooks
/// and finally functions (each runs with a budget of its own).
final class SpecFileCostTests: XCTestCase {
    private func run(_ source: String, files: [String: String] = [:],
                     limits: SandboxLimits = .specTesting) throws -> (text: String, results: CollectingReporter) {
        let folder = try temporaryDirectory(self)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let path = folder + "/cost_spec.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path], limits: limits)
    }

    func testSpecNamesAreKeptShort() throws {
        let (_, run) = try run("""
            describe(string.rep("d", 100000), function()
              it(string.rep("é", 50000), function() end)
            end)
            """)
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

        let (_, nested) = try run("""
            local function nest(n) if n > 0 then describe("d", function() nest(n - 1) end) else it("x", function() end) end end
            nest(101)
            """)
        XCTAssertEqual(nested.results.first?.message, "describe blocks nested more than 100 deep")

        let (_, finallies) = try run("it(\"x\", function() for i = 1, 101 do finally(function() end) end end)")
        XCTAssertEqual(finallies.results.first?.status, .errored)
        XCTAssertEqual(finallies.results.first?.message, "more than 100 finally functions in one spec")
    }

    func testAFilesOutputIsBoundedInAll() throws {
        let (_, run) = try run("""
            local line = string.rep("p", 1999)
            for i = 1, 20 do
              it("prints " .. i, function()
                for j = 1, 1000 do print(line) end
                error("show it")
              end)
            end
            """, limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 30))
        XCTAssertEqual(run.results.count, 20)
        let bytes = run.results.reduce(0) { $0 + $1.output.reduce(0) { $0 + $1.utf8.count } }
        XCTAssertLessThanOrEqual(bytes, 4 << 20 + 200)
        XCTAssertEqual(run.results[0].output.count, 1000)
        XCTAssertTrue(run.results.contains { $0.output.last == "(more output left out: this file's specs printed more than 4 MiB)" })
    }

    func testRecordingsAreBounded() throws {
        let pump = """
            local Pump = behaviour { name = "Pump", outlets = { button = "Button" }, events = { "big" } }
            function Pump:awake()
              local s = string.rep("x", 1000000)
              self.button:on("touchUpInside", function() for i = 1, 40 do self:send("big", s) end end)
            end
            return Pump
            """
        let (_, run) = try run("""
            local function make()
              return scene.new {
                controls = { b = { type = "Button" } },
                behaviours = { p = { script = "pump.lua", outlets = { button = "b" } } },
              }
            end
            it("records too much", function()
              local s = make()
              local list = s:record("p.big")
              local ok, err = pcall(s.tap, s, "b")
              assert.is_false(ok)
              assert.matches("the firings recorded during one call hold more than 16 MiB", err)
              assert.is_true(#list < 40)
            end)
            it("records too often", function()
              local s = make()
              for i = 1, 64 do s:record("b.touchUpInside") end
              assert.has_error(function() s:record("b.touchUpInside") end, "more than 64 recordings of one scene")
            end)
            """, files: ["pump.lua": pump], limits: SandboxLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 20))
        for result in run.results {
            XCTAssertEqual(result.status, .passed, "\(result.name): \(result.message)")
        }
    }

    func testADeepDifferenceHasAShortPath() throws {
        let (_, run) = try run("""
            it("deep", function()
              local a, b = {}, {}
              local x, y = a, b
              for i = 1, 300 do x.n = {}; y.n = {}; x = x.n; y = y.n end
              x.v = 1; y.v = 2
              assert.same(a, b)
            end)
            """)
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
        let (_, run) = try run("""
            local function chain(depth, last)
              local top = {}
              local t = top
              for _ = 1, depth do t.n = {}; t = t.n end
              t.v = last
              return top
            end
            it("equal", function()
              assert.same(chain(100000, 1), chain(100000, 1))
            end)
            it("different", function()
              assert.same(chain(100000, 1), chain(100000, 2))
            end)
            """, limits: SandboxLimits(memory: 256 << 20, instructions: 100_000_000, seconds: 20))
        XCTAssertEqual(run.results.map(\.status), [.passed, .failed], run.results.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(run.results[1].message.hasSuffix("…: expected 1, got 2"), run.results[1].message)
    }
}
