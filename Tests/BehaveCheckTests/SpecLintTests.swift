@testable import BehaveCheck
import BehaveSyntax
import XCTest

/// The linter knows a spec file from a behaviour and speaks of each in its
/// own words: a busted suite's helpers are no behaviour's methods, code
/// written for several Lua versions is not a mistake, and a scene's control
/// named like a scene method is pointed out (issue 26).
final class SpecLintTests: XCTestCase {
    /// A spec file as busted suites write them: helpers as globals and
    /// locals, Lua 5.1 compatibility, a helper named like a lifecycle method.
    static func suite() throws -> String {
        try text("busted_helpers.lua")
    }

    func testABustedSuitesHelpersDrawNoFinding() throws {
        XCTAssertEqual(ScriptLinter.lint(try SpecLintTests.suite(), file: "helpers_spec.lua").map(\.description), [])
    }

    /// The same code read as a behaviour script is spoken of as one.
    func testTheSameCodeInABehaviourIsSpokenOfAsABehaviour() throws {
        let behaviour = try "local B = behaviour { name = \"B\" }\n" + SpecLintTests.suite() + "return B\n"
        let codes = ScriptLinter.lint(behaviour, file: "helpers.lua").map(\.code)
        XCTAssertTrue(codes.contains("global-function"), "\(codes)")
        XCTAssertTrue(codes.contains("method-as-global"), "\(codes)")
    }

    /// A file not named `_spec.lua` that calls `describe` and declares no
    /// behaviour is a spec (`behave test FILE` runs it as one).
    func testASpecIsKnownByWhatItDoes() throws {
        XCTAssertEqual(ScriptLinter.lint(try SpecLintTests.suite(), file: "helpers.lua").map(\.description), [])
    }

    func testASpecsOwnMistakesInItsWords() throws {
        let findings = ScriptLinter.lint(try text("spec_mistakes.lua"), file: "words_spec.lua")
        XCTAssertEqual(findings.map(\.description), [
            "words_spec.lua:1:1: warning: `count` is set without `local`, so it is a global that every spec of this file shares; declare `local count` in the `describe` block and set it in `before_each`, so each spec starts afresh",
            "words_spec.lua:2:10: warning: this replaces the spec API's `describe` for the whole spec file; use another name (`local myDescribe = …`)",
            "words_spec.lua:3:36: error: `self` is not defined here: spec code has no `self`; use a local (the scene a spec makes, `s`), or define the function with `:` and call it with `:`",
            "words_spec.lua:4:11: error: `unpack` is not defined here: it is a global of Lua 5.1, which Lua 5.4 does not have; write `table.unpack`",
        ])
        XCTAssertFalse(findings.contains { $0.message.contains("behaviour") || $0.fix.contains("behaviour") })
    }

    /// `local x = x or …` for a name no Lua has is still a mistake, and
    /// is never told to mean itself.
    func testANameIsNeverItsOwnSuggestion() {
        let finding = ScriptLinter.lint("local total = total or 0\nreturn total\n", file: "total_spec.lua").first
        XCTAssertEqual(finding?.code, "undefined-global")
        XCTAssertEqual(finding?.fix, "define it first with `local total = …`")
    }

    func testSceneTablesWithNamesOfSceneMethods() throws {
        let spec = try text("scene_method_names.lua")
        let findings = SpecSceneNames.findings(Array(spec.utf8), file: "names_spec.lua") { path in
            path == "form.scene.yaml" ? [.init(name: "ok", isControl: true, line: 3), .init(name: "controls", isControl: true, line: 4)] : nil
        }
        XCTAssertEqual(findings.map(\.description), [
            "names_spec.lua:3:18: warning: the control `remove` has the name of the scene method `s:remove(…)`, so `s.remove` is not the control; reach it as `s.controls.remove`, or give it another name",
            "names_spec.lua:3:49: warning: the control `show` has the name of the scene method `s:show(…)`, so `s.show` is not the control; reach it as `s.controls.show`, or give it another name",
            "names_spec.lua:4:20: warning: the behaviour `state` has the name of the scene method `s:state(…)`, so `s.state` is not the behaviour; reach it as `s.behaviours.state`, or give it another name",
            "names_spec.lua:7:24: warning: the control `controls` of form.scene.yaml (line 4) has the name of the scene's table `s.controls`, so `s.controls` is not the control; reach it as `s.controls.controls`, or give it another name",
        ])
    }

    /// Every method the spec API annotates is a taken name.
    func testTheTakenNamesAreTheSceneMethods() {
        for name in ["remove", "state", "show", "tap", "record", "explore", "control", "controls", "behaviours"] {
            XCTAssertTrue(SpecSceneNames.taken.contains(name), name)
        }
        XCTAssertFalse(SpecSceneNames.taken.contains("button"))
    }
}

/// The text of Lint/`name`, a spec file these tests lint.
private func text(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lint")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}
