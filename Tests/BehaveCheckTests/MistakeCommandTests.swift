import Foundation
import XCTest

/// Issue 26's mistakes, each made in a fresh script: `behave check` and
/// `behave run` both name its line and give the same fix (the run when the
/// line fails, or, for a mistake Lua lets through, the linter's line it
/// prints as it loads the script).
final class MistakeCommandTests: XCTestCase {
    struct Mistake {
        var name: String
        /// The body of `awake` (the script has a stepper `quantity`, a
        /// slider, a label `totalLabel` and a collection of buttons `stars`).
        var awake: String
        /// Lines before the class's methods.
        var helpers = ""
        var line: Int
        var fix: String
        /// What the run must not say (the advice it gave before).
        var notSaid: String?
    }

    static let mistakes = [
        Mistake(name: "typo", awake: "local total = 0\n  total = totl + 1\n  self.totalLabel.text = tostring(total)", line: 10,
                fix: "did you mean `total`?", notSaid: "define it first"),
        Mistake(name: "self_outside", awake: "show()", helpers: "local function show()\n  self.totalLabel.text = \"0\"\nend\n",
                line: 8, fix: "define this function as a method with `:`, or pass `self` to it", notSaid: "local self"),
        Mistake(name: "always_true", awake: "if self.quantity.value ~= \"0\" then self.totalLabel.text = \"some\" end", line: 9,
                fix: "compare values of one type: `self.quantity.value ~= 0`"),
        Mistake(name: "order", awake: "local value = self.slider.value\n  if value > \"8\" then print(\"loud\") end", line: 10,
                fix: "compare values of one type: `value > 8`", notSaid: "attempt to compare"),
        Mistake(name: "maximum", awake: "self.slider.maximumValue = \"10\"", line: 9, fix: "write the number without quotes: `10`"),
        Mistake(name: "stars", awake: "self.stars[0].title = \"★\"", line: 9,
                fix: "the first is `self.stars[1]`; to go through them all, write `for i, control in ipairs(self.stars) do … end`",
                notSaid: "attempt to index"),
        Mistake(name: "text", awake: "self.totalLabel.text = 5", line: 9,
                fix: "give it text: a string, `tostring(n)`, or `string.format(\"%.2f\", n)` for a set number of decimals"),
    ]

    /// The cart with the mistake's helpers and body of `awake` in place.
    func script(_ mistake: Mistake) throws -> String {
        try text("cart.lua").replacingOccurrences(of: "-- HELPERS", with: mistake.helpers)
            .replacingOccurrences(of: "-- AWAKE", with: mistake.awake)
    }

    func testCheckAndRunGiveTheLineAndTheFix() throws {
        for mistake in MistakeCommandTests.mistakes {
            let file = "\(mistake.name).lua"
            let directory = try folder([file: script(mistake)])
            let checked = try behave(["check", file], in: directory)
            XCTAssertTrue(checked.errors.split(separator: "\n").contains { $0.hasPrefix("\(file):\(mistake.line):") && $0.hasSuffix(mistake.fix) },
                          "check, \(mistake.name):\n\(checked.errors)")
            let ran = try behave(["run", file, "--do", "quit"], in: directory)
            let said = ran.output + ran.errors
            XCTAssertTrue(said.split(separator: "\n").contains { $0.contains("\(file):\(mistake.line)") && $0.hasSuffix(mistake.fix) },
                          "run, \(mistake.name):\n\(said)")
            if let notSaid = mistake.notSaid { XCTAssertFalse(said.contains(notSaid), "run, \(mistake.name):\n\(said)") }
            // A mistake Lua stops at: the runtime's own error (in the
            // trace, standard output) says the line and the same fix.
            let failsWhenRun = !["always_true", "text"].contains(mistake.name)
            XCTAssertEqual(ran.output.split(separator: "\n").contains { $0.contains("error (in awake of \(mistake.name)): \(file):\(mistake.line): ") && $0.hasSuffix(mistake.fix) },
                           failsWhenRun, "run, \(mistake.name):\n\(ran.output)")
        }
    }

    /// A missing `end` in a nested block: both point at the block that
    /// lacks it, where adding `end` puts the code right.
    func testAMissingEndIsFoundWhereItIsMissing() throws {
        let source = try text("countdown.lua")
        let directory = try folder(["countdown.lua": source])
        let expected = "countdown.lua:5:3: error: the `while` on line 5 has no `end`: the `end` on line 9, indented as the `function` of line 3, closes it instead, so that `function` is left open; add `end` for the `while` of line 5 before line 8, indented as the `while`"
        let checked = try behave(["check", "countdown.lua"], in: directory)
        XCTAssertEqual(checked.status, 2)
        XCTAssertEqual(checked.errors.split(separator: "\n").first.map(String.init), expected)
        let ran = try behave(["run", "countdown.lua", "--do", "quit"], in: directory)
        XCTAssertEqual(ran.status, 2)
        XCTAssertEqual(ran.errors.split(separator: "\n").first.map(String.init), "behave: " + expected)
    }
}

/// An outlet collection's size is known when a scene lists its controls:
/// `behave run` of the scene lints the script with it.
final class CollectionSizeCommandTests: XCTestCase {
    func testRunningASceneKnowsTheCollectionsSize() throws {
        let script = try text("rating.lua")
        let scene = try text("rating.scene.yaml")
        let directory = try folder(["rating.lua": script, "rating.scene.yaml": scene])
        let ran = try behave(["run", "rating.scene.yaml", "--do", "quit"], in: directory)
        XCTAssertEqual(ran.status, 0, ran.output)
        XCTAssertEqual(ran.errors, """
            rating.lua:11:3: error: `self.stars[5]` is nil: the outlet collection `stars` holds 3 controls, numbered from 1 to 3; use an index from 1 to 3, or `for i, control in ipairs(self.stars) do … end`

            """)
        // The script alone does not tell the size.
        let checked = try behave(["check", "rating.lua"], in: directory)
        XCTAssertEqual(checked.status, 0, checked.errors)
    }
}

/// The text of Mistakes/`name`, a file these tests check and run.
private func text(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Mistakes")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}
