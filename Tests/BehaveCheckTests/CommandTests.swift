import Foundation
import XCTest

/// The linter through the built tool: `check` (plain, JSON, exit codes,
/// the `.luacheckrc`), and the warnings `run` and `test` print.
final class CommandTests: XCTestCase {
    /// Like with two mistakes: a global variable and a misspelt outlet.
    static func mistakes() throws -> String {
        try text("like_mistakes.lua")
    }

    /// Diagnostics go to standard error (errors first, then warnings);
    /// standard output has the results only (`FILE: ok` for a valid file).
    func testErrorsExit2AndEveryDiagnosticGoesToStandardError() throws {
        let directory = try folder(["like.lua": CommandTests.mistakes()])
        let outcome = try behave(["check", "like.lua"], in: directory)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.errors, """
            like.lua:11:10: error: `self.countLable` is not an outlet, an inspectable, a method nor a field this script sets, so it is nil here and using it fails; did you mean `self.countLabel`?
            like.lua:6:1: warning: `liked` is set without `local`, so it is a global variable; write `local liked = …` where it is first set, or keep it on the behaviour as `self.liked`

            """)
    }

    func testWarningsAloneKeepStatus0() throws {
        let fixed = try CommandTests.mistakes().replacingOccurrences(of: "countLable", with: "countLabel")
        let directory = try folder(["like.lua": fixed])
        let outcome = try behave(["check", "like.lua"], in: directory)
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.output, "like.lua: ok\n")
        XCTAssertTrue(outcome.errors.hasPrefix("like.lua:6:1: warning: `liked`"), outcome.errors)
    }

    func testJSONForEditors() throws {
        let directory = try folder(["like.lua": CommandTests.mistakes()])
        let outcome = try behave(["check", "--json", "like.lua"], in: directory)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.errors, "")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        XCTAssertEqual(document["ok"] as? Bool, false)
        let files = try XCTUnwrap(document["files"] as? [[String: Any]])
        XCTAssertEqual(files.count, 1)
        let findings = try XCTUnwrap(files[0]["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["code"] as? String }, ["global-variable", "unknown-self-field"])
        XCTAssertEqual(findings.map { $0["line"] as? Int }, [6, 11])
        XCTAssertEqual(findings.map { $0["column"] as? Int }, [1, 10])
        XCTAssertEqual(findings.map { $0["severity"] as? String }, ["warning", "error"])
        XCTAssertEqual(findings[1]["fix"] as? String, "did you mean `self.countLabel`?")
    }

    func testAMissingReturnIsSaidOnceWithTheLocalsName() throws {
        let directory = try folder(["like.lua": CommandTests.mistakes().replacingOccurrences(of: "return Like\n", with: "")
            .replacingOccurrences(of: "countLable", with: "countLabel")])
        let outcome = try behave(["check", "like.lua"], in: directory)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.errors, """
            like.lua:15:1: error: the script must end by returning its behaviour, or Behave cannot use it; end the script with `return Like`
            like.lua:6:1: warning: `liked` is set without `local`, so it is a global variable; write `local liked = …` where it is first set, or keep it on the behaviour as `self.liked`

            """)
    }

    func testAMissingEndGetsItsLineAndFixBeforeLuasOwnMessage() throws {
        let broken = try text("missing_end.lua")
        let directory = try folder(["like.lua": broken])
        let outcome = try behave(["check", "like.lua"], in: directory)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.output, "")
        let lines = outcome.errors.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first,
                       "like.lua:6:3: error: found `)` where `end` was expected to close the `function` on line 4; add `end` where the `function` of line 4 should end")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.last?.hasPrefix("like.lua:6:") ?? false, outcome.errors)
    }

    /// A syntax error reads the same wherever it is met: `check`, and `run`
    /// when it loads the script (one report, through one function).
    func testRunPrintsASyntaxErrorAsCheckDoes() throws {
        let script = "Examples/Mistakes/broken.lua"
        let checked = try behave(["check", script], in: repository)
        XCTAssertEqual(checked.status, 2)
        let ran = try behave(["run", script, "--do", "quit"], in: repository)
        XCTAssertEqual(ran.status, 2)
        let lines = ran.errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.count, 2, ran.errors)
        XCTAssertEqual(["behave: " + (checked.errors.split(separator: "\n").first ?? ""),
                        String(checked.errors.split(separator: "\n").last ?? "")], lines)
        XCTAssertTrue(lines.first?.hasPrefix("behave: Examples/Mistakes/broken.lua:9:1: error: found `end` where a value was expected;") ?? false,
                      ran.errors)
        XCTAssertEqual(lines.last, "Examples/Mistakes/broken.lua:9: unexpected symbol near 'end'")
    }

    /// Code nested past Lua's compiler's levels: Lua's "C stack overflow"
    /// has no line, so both tell the parser's reading first, and Lua's
    /// message named once by its file.
    func testRunPrintsCodeNestedTooDeepAsCheckDoes() throws {
        let deep = "local Deep = behaviour {}\nlocal x = " + String(repeating: "(", count: 300) + "1"
            + String(repeating: ")", count: 300) + "\nreturn Deep\n"
        let directory = try folder(["deep.lua": deep])
        let checked = try behave(["check", "deep.lua"], in: directory)
        XCTAssertEqual(checked.status, 2)
        XCTAssertEqual(checked.errors.split(separator: "\n"), [
            "deep.lua:2:210: error: code nested more than 200 levels deep; split it into functions; correct the code at this point",
            "deep.lua: C stack overflow",
        ])
        let ran = try behave(["run", "deep.lua", "--do", "quit"], in: directory)
        XCTAssertEqual(ran.status, 2)
        XCTAssertEqual(ran.errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) },
                       ["behave: " + checked.errors.split(separator: "\n")[0], "deep.lua: C stack overflow"])
    }

    func testTheBundledScriptsAndExamplesLintClean() throws {
        var files: [String] = []
        for folder in ["Scripts", "Examples"] {
            let enumerator = FileManager.default.enumerator(atPath: repository.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                // Mistakes holds mistakes on purpose (broken.lua's syntax error,
                // like.lua's two that the README shows; its spec is checked);
                // LuaLibrary is a plain Lua library (no behaviours), run by its specs;
                // Embedding is an app whose behaviours use its own `Knob` type,
                // which only the app registers (its own tests check them).
                let onPurpose = path.hasPrefix("Mistakes/") && !path.hasSuffix("_spec.lua")
                if path.hasSuffix(".lua"), !onPurpose, !path.hasPrefix("LuaLibrary/"), !path.hasPrefix("Embedding/") {
                    files.append("\(folder)/\(path)")
                }
            }
        }
        XCTAssertGreaterThan(files.count, 20)
        let outcome = try behave(["check"] + files, in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output)
        XCTAssertEqual(outcome.errors, "")
        XCTAssertEqual(outcome.output, files.map { "\($0): ok\n" }.joined())
    }

    func testRunAndTestPrintTheWarningsOnceWhenTheyLoadAScript() throws {
        let fixed = try CommandTests.mistakes().replacingOccurrences(of: "countLable", with: "countLabel")
        let spec = try text("taps.lua")
        let directory = try folder(["like.lua": fixed, "like_spec.lua": spec])
        let warning = "like.lua:6:1: warning: `liked` is set without `local`"
        let ran = try behave(["run", "like.lua", "--do", "tap button"], in: directory)
        XCTAssertEqual(ran.status, 0)
        XCTAssertEqual(ran.errors.components(separatedBy: warning).count - 1, 1, ran.errors)
        let tested = try behave(["test"], in: directory)
        XCTAssertEqual(tested.status, 0, tested.output)
        XCTAssertEqual(tested.errors.components(separatedBy: warning).count - 1, 1, tested.errors)
    }

    func testTheLuacheckStandardWorksWithLuacheck() throws {
        let rc = try behave(["check", "--luacheckrc"], in: repository)
        XCTAssertEqual(rc.status, 0)
        XCTAssertTrue(rc.output.contains("stds.behave = {"))
        XCTAssertTrue(rc.output.contains(#"platform = { fields = { "available", "openSettings", "permission", "pickImage", "requestPermission" } },"#))
        XCTAssertTrue(rc.output.contains(#"    "describe","#))
        guard let luacheck = ["/usr/bin/luacheck", "/usr/local/bin/luacheck"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("luacheck is not installed")
        }
        let directory = try folder([".luacheckrc": rc.output, "like.lua": CommandTests.mistakes(),
                                    "toggle.lua": try String(contentsOf: repository.appendingPathComponent("Scripts/toggle.lua"), encoding: .utf8),
                                    "toggle_spec.lua": try String(contentsOf: repository.appendingPathComponent("Scripts/toggle_spec.lua"), encoding: .utf8),
                                    "path_spec.lua": "package.path = './lib/?.lua;' .. package.path\npackage.loaded.toggle = nil\n"])
        let clean = try run(URL(fileURLWithPath: luacheck), ["--no-color", "toggle.lua", "toggle_spec.lua", "path_spec.lua"], in: directory)
        XCTAssertEqual(clean.status, 0, clean.output)
        let found = try run(URL(fileURLWithPath: luacheck), ["--no-color", "like.lua"], in: directory)
        XCTAssertTrue(found.output.contains("like.lua:6:1: setting non-standard global variable"), found.output)
    }
}

/// `behave new`: starter files that pass at once, never over existing ones.
final class NewCommandTests: XCTestCase {
    func testNewThenTestPasses() throws {
        let directory = try folder([:])
        let made = try behave(["new", "like"], in: directory)
        XCTAssertEqual(made.status, 0, made.errors)
        for file in ["like.lua", "like.scene.yaml", "like_spec.lua"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), file)
        }
        let tested = try behave(["test"], in: directory)
        XCTAssertEqual(tested.status, 0, tested.output)
        XCTAssertTrue(tested.output.hasSuffix("3 passed, 0 failed\n"), tested.output)
        XCTAssertEqual(tested.errors, "")
        let checked = try behave(["check", "like.lua", "like.scene.yaml", "like_spec.lua"], in: directory)
        XCTAssertEqual(checked.status, 0, checked.output)
        XCTAssertEqual(checked.errors, "")
        let ran = try behave(["run", "like.scene.yaml", "--do", "tap button", "--do", "state", "--do", "show"], in: directory)
        XCTAssertTrue(ran.output.contains("\"count\":1"), ran.output)
        // The button is drawn with a title, not as an empty box.
        XCTAssertTrue(ran.output.contains("│ button       [ \"button\" ]"), ran.output)
    }

    /// Written elsewhere (`--directory`), the next commands name the files
    /// there, and they run as said from here.
    func testNewIntoAnotherFolderSaysTheCommandsFromHere() throws {
        let directory = try folder([:])
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("like"), withIntermediateDirectories: false)
        let made = try behave(["new", "like", "--directory", "like"], in: directory)
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertTrue(made.output.hasSuffix("next: behave test like/like_spec.lua, then behave run like/like.scene.yaml\n"),
                      made.output)
        XCTAssertEqual(try behave(["test", "like/like_spec.lua"], in: directory).status, 0)
    }

    /// A `--directory` that does not exist yet is made, as `mkdir -p`
    /// would: a new behaviour in a folder of its own is one command.
    func testNewMakesAMissingFolder() throws {
        let directory = try folder([:])
        let made = try behave(["new", "like", "--directory", "apps/like"], in: directory)
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertTrue(made.output.hasSuffix("next: behave test apps/like/like_spec.lua, then behave run apps/like/like.scene.yaml\n"),
                      made.output)
        XCTAssertEqual(try behave(["test", "apps/like/like_spec.lua"], in: directory).status, 0)
    }

    /// A folder that cannot be made, or a file in its place, is told with
    /// the reason and the fix, and nothing is written.
    func testNewIntoAFolderItCannotUseSaysWhy() throws {
        let directory = try folder(["taken": "a file\n"])
        let onFile = try behave(["new", "like", "--directory", "taken"], in: directory)
        XCTAssertEqual(onFile.status, 2)
        XCTAssertTrue(onFile.errors.contains("--directory taken is a file, not a folder; name a folder (it is made when missing)"),
                      onFile.errors)
        let underFile = try behave(["new", "like", "--directory", "taken/like"], in: directory)
        XCTAssertEqual(underFile.status, 2)
        XCTAssertTrue(underFile.errors.contains("--directory taken/like: cannot make the folder taken/like (not a directory); choose a folder you can write to"),
                      underFile.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["taken"])
    }

    /// Regression: a folder past the system's length for a path was made
    /// as deep as it could be (2,048 folders) before the error, and a path
    /// that held the script but not the scene kept the script: what a
    /// failing `new` made is taken back.
    func testNewThatFailsPartWayLeavesNothingBehind() throws {
        let directory = try folder([:])
        let tooDeep = try behave(["new", "like", "--directory", String(repeating: "d/", count: 3000)], in: directory)
        XCTAssertEqual(tooDeep.status, 2)
        XCTAssertTrue(tooDeep.errors.contains("(file name too long); choose a folder you can write to"), tooDeep.errors)
        // 4,083 bytes: like.lua fits within the 4,096 of a path, like.scene.yaml does not.
        let long = Array(repeating: String(repeating: "x", count: 99), count: 40).joined(separator: "/") + "/" + String(repeating: "y", count: 83)
        let partWay = try behave(["new", "like", "--directory", long], in: directory)
        XCTAssertEqual(partWay.status, 2)
        XCTAssertTrue(partWay.errors.contains("like.scene.yaml: cannot write the file (file name too long)"), partWay.errors)
        XCTAssertEqual(partWay.output, "", "nothing is said to be written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    func testOutletsOfEveryKind() throws {
        let directory = try folder([:])
        let made = try behave(["new", "form_row", "--outlet", "field:TextField", "--outlet", "title:Label",
                                        "--outlet", "agree:Switch"], in: directory)
        XCTAssertEqual(made.status, 0, made.errors)
        let script = try String(contentsOf: directory.appendingPathComponent("form_row.lua"), encoding: .utf8)
        XCTAssertTrue(script.contains("local FormRow = behaviour {"), script)
        XCTAssertTrue(script.contains(#"outlets = { field = "TextField", title = "Label", agree = "Switch" },"#), script)
        XCTAssertTrue(script.contains(#"self.field:on("editingChanged", function() self:increment() end)"#), script)
        // The count shows in the first label, and the spec reads it there.
        XCTAssertTrue(script.contains("  self.count = self.count + self.step\n  self.title.text = tostring(self.count)\n"), script)
        let spec = try String(contentsOf: directory.appendingPathComponent("form_row_spec.lua"), encoding: .utf8)
        XCTAssertTrue(spec.contains(#"assert.equals("1", s.title.text)"#), spec)
        let tested = try behave(["test"], in: directory)
        XCTAssertEqual(tested.status, 0, tested.output)
        // Only a label: nothing to count, and still passing.
        XCTAssertEqual(try behave(["new", "caption", "--outlet", "text:Label"], in: directory).status, 0)
        XCTAssertEqual(try behave(["test", "caption_spec.lua"], in: directory).status, 0)
    }

    func testNothingIsOverwritten() throws {
        let directory = try folder(["like_spec.lua": "-- mine\n"])
        let made = try behave(["new", "like"], in: directory)
        XCTAssertEqual(made.status, 2)
        XCTAssertTrue(made.errors.contains("like_spec.lua already exists"), made.errors)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("like_spec.lua"), encoding: .utf8), "-- mine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("like.lua").path))
    }

    func testBadNamesAndOutletsAreRefused() throws {
        let directory = try folder([:])
        for (arguments, reason) in [
            (["new", "2likes"], "`2likes` cannot name a behaviour"),
            (["new", "../escape"], "`../escape` cannot name a behaviour"),
            (["new", "end"], "`end` cannot name a behaviour"),
            (["new", "like_spec"], "`like_spec` cannot name a behaviour"),
            // Its specs would read `s.now`, the scene's method, and fail at once.
            (["new", "now"], "`now` is the name of the method `s:now(…)` of a spec's scene, so specs could not reach the behaviour as `s.now`; choose another name (for example `now_button`)"),
            (["new", "behaviour"], "the method `s:behaviour(…)`"),
            (["new", "controls"], "the table `s.controls`"),
            (["new", "like", "--outlet", "button:Buton"], "unknown control type `Buton` (did you mean `Button`?)"),
            (["new", "like", "--outlet", "button"], "--outlet takes NAME:TYPE"),
            (["new", "like", "--outlet", "name:Label"], "`name` is taken"),
            (["new", "like", "--outlet", "a:Label", "--outlet", "a:Button"], "--outlet a is given twice"),
        ] {
            let outcome = try behave(arguments, in: directory)
            XCTAssertEqual(outcome.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(outcome.errors.contains(reason), outcome.errors)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }
}

/// The text of Command/`name`, a file these tests check.
private func text(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Command")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}
