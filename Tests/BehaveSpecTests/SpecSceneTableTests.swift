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

    /// Numbers and bools reach the controls as the spec computed them.
    func testNumbersAndBoolsArriveAsTheSpecComputedThem() throws {
        let run = try run("""
            it("sets them exactly", function()
              local s = scene.new {
                controls = {
                  b = { type = "Button", alpha = 0.1 + 0.2, selected = true },
                  steps = { type = "Stepper", maximumValue = 2^53 + 2, value = 2^53 + 2, stepValue = 1 / 3 },
                },
              }
              assert.equals(0.1 + 0.2, s.b.alpha)
              assert.is_true(s.b.selected)
              assert.equals(2^53 + 2, s.steps.value)
              assert.equals(1 / 3, s.steps.stepValue)
            end)
            """)
        let result = try run.result("sets them exactly")
        XCTAssertEqual(result.status, .passed, result.message)
    }

    /// A number where a name or a bool is expected reads as the file writes it.
    func testAWrongTypedValueIsTheMistakeAFileWouldBe() throws {
        let folder = try temporaryDirectory(self)
        try """
            controls:
              b: { type: 5 }
              c: { type: Button, hidden: 1 }
            """.write(toFile: folder + "/wrong.scene.yaml", atomically: true, encoding: .utf8)
        let path = folder + "/table_spec.lua"
        try """
            it("from the file", function() scene.load("wrong.scene.yaml") end)
            it("from the table", function()
              scene.new {
                controls = {
                  b = { type = 5 },
                  c = { type = "Button", hidden = 1 },
                },
              }
            end)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let run = runSpecs([path]).results
        let file = try run.result("from the file"), table = try run.result("from the table")
        XCTAssertEqual(file.status, .errored)
        XCTAssertEqual(table.status, .errored)
        XCTAssertEqual(table.message, """
            line 5: control `b`: unknown control type `5`; types: Button, ImageView, Label, ScrollView, Slider, Stack, Stepper, Switch, TextField, View
            line 6: control `c`: hidden takes true or false, not `1`
            """)
        // The same words as the file's, each at its own line.
        func mistakes(_ message: String) -> [Substring] {
            message.split(separator: "\n").compactMap { $0.split(separator: ": ", maxSplits: 1).last }
        }
        XCTAssertEqual(mistakes(table.message), mistakes(file.message))
    }
}
