import BehaveSpec
import Foundation
import XCTest

/// `scene.new{ … }` keeps what the spec writes: the order of its parts and
/// the line of each, as a scene file does.
final class SpecSceneTableTests: XCTestCase {
    private func run(_ source: String) throws -> CollectingReporter {
        let folder = try temporaryDirectory(self)
        let path = folder + "/table_spec.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path]).results
    }

    func testControlsAndBehavioursComeInTheOrderWritten() throws {
        let run = try run("""
            it("keeps the order", function()
              local s = scene.new {
                controls = {
                  zeta = { type = "Button" },
                  alpha = { type = "Button" },
                },
                behaviours = {
                  second = { script = "toggle.lua", outlets = { button = "zeta" } },
                  first = { script = "toggle.lua", outlets = { button = "alpha" } },
                },
              }
              local shown = s:show()
              assert.is_true(shown:find("zeta", 1, true) < shown:find("alpha", 1, true), shown)
              local awake = {}
              for _, entry in ipairs(s:trace()) do
                if entry.kind == "lifecycle" then awake[#awake + 1] = entry.subject end
              end
              assert.same({ "second", "first" }, awake)
            end)
            """)
        let result = try run.result("keeps the order")
        XCTAssertEqual(result.status, .passed, result.message)
    }

    func testEachMistakeNamesItsLineInTheOrderWritten() throws {
        let run = try run("""
            it("says where", function()
              scene.new {
                controls = {
                  b = { type = "Buton" },
                },
                behaviours = {
                  t = { script = "toggle.lua", outlets = { button = "c" } },
                },
              }
            end)
            local description = { controls = { b = { type = "Buton" } } }
            it("a table not written in the call", function() scene.new(description) end)
            """)
        let result = try run.result("says where")
        XCTAssertEqual(result.status, .errored)
        XCTAssertTrue(result.location.hasSuffix("table_spec.lua:2"), result.location)
        XCTAssertEqual(result.message, """
            line 4: control `b`: unknown control type `Buton` (did you mean `Button`?)
            line 7: behaviour `t`: no control named `c` for outlet `button` (did you mean `b`?)
            """)
        // A table built elsewhere is on the call's line.
        let elsewhere = try run.result("a table not written in the call")
        XCTAssertTrue(elsewhere.location.hasSuffix("table_spec.lua:12"), elsewhere.location)
        XCTAssertEqual(elsewhere.message, "control `b`: unknown control type `Buton` (did you mean `Button`?)")
    }
}
