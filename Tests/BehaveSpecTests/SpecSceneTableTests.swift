import BehaveSpec
import Foundation
import XCTest

/// `scene.new{ … }` keeps what the spec writes: the order of its parts and
/// the line of each, as a scene file does.
final class SpecSceneTableTests: XCTestCase {
    /// The text of Fixtures/.scene_table/`name`: a hidden folder, as some
    /// of its specs fail on purpose and `behave test` at the checkout's
    /// root passes over hidden folders.
    private func spec(_ name: String) throws -> String {
        try String(contentsOfFile: fixture(".scene_table/" + name), encoding: .utf8)
    }

    private func run(_ source: String) throws -> CollectingReporter {
        let folder = try temporaryDirectory(self)
        let path = folder + "/table_spec.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path]).results
    }

    func testControlsAndBehavioursComeInTheOrderWritten() throws {
        let run = try run(spec("keeps_order.lua"))
        let result = try run.result("keeps the order")
        XCTAssertEqual(result.status, .passed, result.message)
    }

    func testEachMistakeNamesItsLineInTheOrderWritten() throws {
        let run = try run(spec("says_where.lua"))
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
        let run = try run(spec("exact_numbers.lua"))
        let result = try run.result("sets them exactly")
        XCTAssertEqual(result.status, .passed, result.message)
    }

    /// A number where a name or a bool is expected reads as the file writes it.
    func testAWrongTypedValueIsTheMistakeAFileWouldBe() throws {
        let path = fixture(".scene_table/wrong_typed/table_spec.lua")
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
