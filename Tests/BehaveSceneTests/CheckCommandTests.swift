@testable import BehaveScene
import Foundation
import ToolRunning
import XCTest

/// `behave check` and `behave run` on scene files, through the built tool.
final class CheckCommandTests: XCTestCase {
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    func behave(_ arguments: [String]) throws -> Outcome {
        // The products directory holds both the test bundle and `behave`.
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let tool = directory.appendingPathComponent("behave")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw XCTSkip("behave is not built at \(tool.path)")
        }
        let process = Process()
        process.executableURL = tool
        process.environment = ToolRunning.environment()
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                       errors: String(decoding: err, as: UTF8.self))
    }

    func testValidFilesPass() throws {
        let outcome = try behave(["check", "Examples/Toggle/toggle.scene.yaml", "Examples/Scrolling/article.scene.yaml",
                                  "Scripts/parallax.lua", "fade_title.lua", "Scripts/toggle.lua"])
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, """
            Examples/Toggle/toggle.scene.yaml: ok
            Examples/Scrolling/article.scene.yaml: ok
            Scripts/parallax.lua: ok
            fade_title.lua: ok
            Scripts/toggle.lua: ok

            """)
    }

    /// A scene is checked with the scripts it loads, as `behave run` lints
    /// them: a mistake there is the scene's too, said once.
    func testASceneIsCheckedWithItsScriptsLint() throws {
        let fixture = try SceneFixture([
            "c.scene.yaml": "controls: { plus: Button }\nbehaviours:\n  counter: { script: c.lua, outlets: { button: plus } }\n",
            "c.lua": """
                local C = behaviour { name = "C", outlets = { button = "Button" }, inspectables = { step = 1 } }
                function C:awake() self.count = 0 end
                function C:add() self.count = self.count + self.stepp end
                return C

                """,
        ])
        let finding = "c.lua:3:49: error: `self.stepp` is not an outlet"
        let scene = try behave(["check", fixture.path("c.scene.yaml")])
        XCTAssertEqual(scene.status, 2, scene.output)
        XCTAssertEqual(scene.output, "")
        XCTAssertEqual(scene.errors.components(separatedBy: finding).count, 2, scene.errors)
        let both = try behave(["check", fixture.path("c.scene.yaml"), fixture.path("c.lua")])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.output, "\(fixture.path("c.scene.yaml")): ok\n", "the script's own entry tells it")
        XCTAssertEqual(both.errors.components(separatedBy: finding).count, 2, both.errors)
    }

    /// A script named beside its scene is linted alone too, which cannot
    /// know the scene's outlet collections: what their sizes show is the
    /// scene's finding, not lost (both files were `ok`, exit 0).
    func testASceneNamedWithItsScriptTellsWhatItsCollectionSizesShow() throws {
        let fixture = try SceneFixture([
            "r.scene.yaml": "controls: { a: Button, b: Button }\nbehaviours:\n  r: { script: r.lua, outletCollections: { stars: [a, b] } }\n",
            "r.lua": """
                local R = behaviour { name = "R", outletCollections = { stars = "Button" } }
                function R:awake() self.stars[3].title = "x" end
                return R

                """,
        ])
        let finding = "r.lua:2:20: error: `self.stars[3]` is nil: the outlet collection `stars` holds 2 controls"
        let both = try behave(["check", fixture.path("r.scene.yaml"), fixture.path("r.lua")])
        XCTAssertEqual(both.status, 2, both.output + both.errors)
        XCTAssertEqual(both.output, "\(fixture.path("r.lua")): ok\n", "the script alone has no mistake")
        XCTAssertEqual(both.errors.components(separatedBy: finding).count, 2, both.errors)
    }

    /// A misspelt `ui:` file or script is told with the file of the
    /// scene's folder it most likely means.
    func testAMisspeltUIFileOrScriptSaysWhatItMeans() throws {
        let fixture = try SceneFixture([
            "s.scene.yaml": "ui: ap.ui\nbehaviours:\n  c: { script: countr.lua }\n",
            "app.ui": "<?xml version=\"1.0\"?>\n<interface><object class=\"GtkBox\" id=\"root\"/></interface>\n",
            "counter.lua": "local C = behaviour { name = \"C\" }\nreturn C\n",
        ])
        let outcome = try behave(["check", fixture.path("s.scene.yaml")])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.errors.contains("s.scene.yaml:1: ap.ui: no such file (a `ui` file is looked for beside the scene); "
                                              + "did you mean `app.ui`?\n"), outcome.errors)
        XCTAssertTrue(outcome.errors.contains("or in the bundled Scripts/; did you mean `counter.lua`?\n"), outcome.errors)
    }

    /// A newcomer gives `check` or `run` the `.ui` file and `test` the scene:
    /// each is told what the file is and what to give instead, where the
    /// `.ui` file was read as Lua (`found `<` here`) and the scene run as
    /// a spec (`found the name `A Settings``).
    func testADrawingOrASceneGivenWhereItDoesNotBelongIsToldWhatToGive() throws {
        let ui = "Examples/GTK/settings.ui", scene = "Examples/GTK/settings.scene.yaml"
        let drawing = "a GtkBuilder file, not a scene or a script: give the scene file that names it (`ui: settings.ui`), whose controls are checked against it"
        let check = try behave(["check", ui])
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.errors, "\(ui): \(drawing)\n")
        let run = try behave(["run", ui])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.errors, "behave: \(ui): \(drawing)\n")
        let test = try behave(["test", scene])
        XCTAssertEqual(test.status, 2)
        XCTAssertEqual(test.errors, "behave: \(scene): a scene file, not a spec: a spec is a *_spec.lua file that loads the scene, "
                       + "`scene.load(\"settings.scene.yaml\")`, and `behave test` with no path runs those of the working directory; "
                       + "`behave check settings.scene.yaml` checks it without a spec\n")
    }

    /// `test` given a behaviour script ran it as a spec, whose first line
    /// called an undefined `behaviour`: it is told what the file is and
    /// what to write. A spec named otherwise, and a module, still run.
    func testABehaviourScriptGivenToTestIsToldWhatToGive() throws {
        let script = "Examples/Cookbook/tabs.lua"
        let test = try behave(["test", script])
        XCTAssertEqual(test.status, 2, test.output)
        XCTAssertEqual(test.errors, "behave: \(script): a behaviour script, not a spec: a spec is a *_spec.lua file that loads it, "
                       + "`scene.script(\"tabs.lua\")` (or the scene file that names it, `scene.load(\"SCENE.yaml\")`), and "
                       + "`behave test` with no path runs those of the working directory; `behave check tabs.lua` checks it without a spec\n")
        let spec = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/Cookbook/tabs_spec.lua"), encoding: .utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for name in ["tabs.lua", "tabs.scene.yaml"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Examples/Cookbook/" + name),
                                             to: directory.appendingPathComponent(name))
        }
        try spec.write(to: directory.appendingPathComponent("tabs_checks.lua"), atomically: true, encoding: .utf8)
        try "local words = {}\nreturn words\n".write(to: directory.appendingPathComponent("words.lua"), atomically: true, encoding: .utf8)
        let named = try behave(["test", directory.appendingPathComponent("tabs_checks.lua").path, directory.appendingPathComponent("words.lua").path])
        XCTAssertEqual(named.status, 0, named.output + named.errors)
    }

    /// A transcript that could not be written is refused before the run
    /// or exploration it would keep: written at the end, it lost them.
    func testRecordingWhereNoFolderIsIsRefusedBeforeTheRun() throws {
        let fixture = try SceneFixture([:])
        let path = fixture.path("nodir/t.behave")
        let refusal = "behave: --record: \(path): there is no folder \(fixture.path("nodir")) to write the transcript in; make it first (mkdir -p \(fixture.path("nodir"))) or record elsewhere\n"
        for arguments in [["run", "toggle.lua", "--do", "tap button", "--record", path],
                          ["explore", "Examples/Exploration/broken_modes.scene.yaml", "--record", path]] {
            let outcome = try behave(arguments)
            XCTAssertEqual(outcome.status, 2, arguments[0])
            XCTAssertEqual(outcome.output, "", "\(arguments[0]): nothing ran")
            XCTAssertEqual(outcome.errors, refusal)
        }
    }

    func testAnyInvalidFileFailsWithStatus2() throws {
        let outcome = try behave(["check", "Examples/Toggle/toggle.scene.yaml", "Examples/Mistakes/ten_mistakes.scene.yaml",
                                  "Examples/Mistakes/broken.lua"])
        XCTAssertEqual(outcome.status, 2)
        // The results on standard output, the mistakes on standard error.
        XCTAssertEqual(outcome.output, "Examples/Toggle/toggle.scene.yaml: ok\n")
        let lines = outcome.errors.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("Examples/Mistakes/ten_mistakes.scene.yaml:") }.count, 10)
        XCTAssertEqual(lines.last, "Examples/Mistakes/broken.lua:9: unexpected symbol near 'end'")
    }

    /// A `.ui` file the window refuses whole (a property GtkLabel lacks; no
    /// screen) is warned of, and the controls are still checked against
    /// its ids: a misspelt one is an error at the control's line in the
    /// window's words, told in the same run. Before: `ok`, the warning only.
    func testAMisspeltIdIsToldBesideWhatTheWindowRefusesTheFileFor() throws {
        let folder = "Tests/BehaveSceneTests/Misspelt"
        let outcome = try behave(["check", "\(folder)/volume.scene.yaml", "\(folder)/loose.scene.yaml"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.errors.split(separator: "\n").map(String.init), [
            "\(folder)/volume.scene.yaml:6: control `volume`: volume.ui has no object with id `volume` (did you mean "
                + "`volum`?); rename the control or the widget",
            "\(folder)/volume.scene.yaml:4: warning: volume.ui:16:37: a GtkLabel has no property `lable`, which GtkBuilder "
                + "refuses (\"Invalid property: GtkLabel.lable\"), so behave window cannot open it, and headless its controls "
                + "keep their own values; did you mean `label`?",
            "\(folder)/loose.scene.yaml:8: control `volumeLabel`: loose.ui has no object with id `volumeLabel` (did you "
                + "mean `volumLabel`?); rename the control or the widget",
            "\(folder)/loose.scene.yaml:5: warning: loose.ui: no GtkWindow, nor one widget at the top, to show, which behave "
                + "window refuses, so behave window cannot open it, and headless its controls keep their own values; draw the "
                + "screen inside a GtkWindow, or as one widget (a GtkBox) at the file's top level",
        ])
    }

    func testMissingAndUnknownFiles() throws {
        let outcome = try behave(["check", "nothing.yaml", "notes.txt"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.errors, "nothing.yaml: no such file\nnotes.txt: not a scene (.yaml, .yml, .json) or a script (.lua)\n")
        XCTAssertEqual(try behave(["check"]).status, 2)
    }

    func testRunRefusesAnInvalidSceneAndRunsNothing() throws {
        let outcome = try behave(["run", "Examples/Mistakes/ten_mistakes.scene.yaml", "--do", "show"])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.output, "", "nothing ran, nothing was shown")
        XCTAssertEqual(outcome.errors.split(separator: "\n").count, 10)
    }

    func testAnUnconnectedOutletIsAWarningOnStandardErrorForCheckAndRun() throws {
        let fixture = try SceneFixture(["w.scene.yaml": "controls:\n  b: Button\nbehaviours:\n  toggle: { script: toggle.lua }\n"])
        let file = fixture.path("w.scene.yaml")
        let warning = "\(file):4: warning: outlet `button` of `toggle` is not connected: it is nil when the behaviour runs (declare it \"Button?\" if it may be left unconnected)\n"
        let check = try behave(["check", file])
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.output, "\(file): ok\n")
        XCTAssertEqual(check.errors, warning)
        let run = try behave(["run", file, "--do", "state"])
        XCTAssertEqual(run.status, 1, "toggle's awake fails on the nil outlet, as before")
        XCTAssertTrue(run.errors.hasPrefix(warning), run.errors)
    }

    func testRunDrivesASceneFile() throws {
        let outcome = try behave(["run", "Examples/Scrolling/article.scene.yaml", "--do", "scroll header 100",
                                  "--do", "remove header", "--do", "state"])
        XCTAssertEqual(outcome.status, 0, outcome.errors)
        XCTAssertTrue(outcome.output.contains("[0s] title.alpha: 1 → 0.5\n"), outcome.output)
        XCTAssertTrue(outcome.output.contains("[0s] header removed\n[0s] fade destroyed\n[0s] parallax destroyed\n[0s] scrolling destroyed\n"), outcome.output)
    }

    func testImagesFolderForAScriptAndForCheck() throws {
        // `behave run toggle.lua --images DIR`: the default scene's images, sized.
        let run = try behave(["run", "toggle.lua", "--images", "Examples/Toggle/images", "--json", "--do", "tap button"])
        XCTAssertEqual(run.status, 0, run.errors)
        let state = try XCTUnwrap(run.output.split(separator: "\n").last)
        XCTAssertTrue(state.contains(#""button":{"type":"Button""#) && state.contains(#""image":{"name":"toggle-on","width":64,"height":64}"#),
                      String(state))
        let missing = try behave(["run", "toggle.lua", "--images", "no-such-icons", "--do", "state"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.output, "")
        XCTAssertEqual(missing.errors, "behave: --images: no-such-icons: no such folder\n")
        // `behave check` reads the scene's folder: a file that is no image is a mistake at its line.
        let fixture = try SceneFixture(["i.scene.yaml": "screen: I\nimages: icons\ncontrols: { b: Button }\n"])
        try FileManager.default.createDirectory(atPath: fixture.path("icons"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: fixture.path("icons/notes.md")))
        let check = try behave(["check", fixture.path("i.scene.yaml")])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.errors.hasPrefix("\(fixture.path("i.scene.yaml")):2: images: icons/notes.md: not a PNG or JPEG image"), check.errors)
    }

    /// A transcript is lines: a `--do` command or a `--set` holding a line
    /// break was written as two lines (`> set button.title "x` then
    /// `> dismiss`; `set: normalImage=a` then `scene: other.yaml`), so the
    /// transcript failed its own replay, or replayed another scene.
    func testARecordedRunCannotWriteALineOfItsOwn() throws {
        let fixture = try SceneFixture([:])
        let record = try behave(["run", "toggle.lua", "--do", "tap button", "--do", "set button.title \"x\n> dismiss\"",
                                 "--do", "advance 1", "--record", fixture.path("t.behave")])
        XCTAssertEqual(record.status, 2, "a mistyped command")
        XCTAssertEqual(record.errors, "error: a command is one line, and this one holds a line break (a line feed, or a carriage return "
                       + "`\\13`); end each command of standard input with a line feed (a CR alone ends none), and give each "
                       + "command its own --do (a text of several lines can be set by a script)\n")
        let text = try String(contentsOfFile: fixture.path("t.behave"), encoding: .utf8)
        XCTAssertFalse(text.contains("> dismiss"), text)
        XCTAssertEqual(try TranscriptReplay.replay(file: fixture.path("t.behave")), .passed)

        let setting = try behave(["run", "toggle.lua", "--set", "normalImage=a\nscene: other.scene.yaml", "--do", "tap button",
                                  "--record", fixture.path("s.behave")])
        XCTAssertEqual(setting.status, 2)
        XCTAssertEqual(setting.errors, "behave: --record: --set `normalImage=a\\nscene: other.scene.yaml` holds a line break, "
                       + "which a transcript cannot keep; record without it\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path("s.behave")))
    }

    func testARecordedRunKeepsItsImagesFolder() throws {
        let fixture = try SceneFixture([:])
        try FileManager.default.createDirectory(atPath: fixture.path("icons"), withIntermediateDirectories: true)
        try Data(png(20, 10)).write(to: URL(fileURLWithPath: fixture.path("icons/toggle-on.png")))
        let record = try behave(["run", "toggle.lua", "--images", fixture.path("icons"), "--do", "tap button",
                                 "--record", fixture.path("t.behave")])
        XCTAssertEqual(record.status, 0, record.errors)
        let text = try String(contentsOfFile: fixture.path("t.behave"), encoding: .utf8)
        XCTAssertTrue(text.contains("script: toggle.lua\nimages: icons\n\n"), text)
        XCTAssertTrue(text.contains("[0s] button.image: toggle-off → toggle-on (20×10)"), text)
        XCTAssertEqual(try TranscriptReplay.replay(file: fixture.path("t.behave")), .passed)
        let moved = try String(contentsOfFile: fixture.path("t.behave"), encoding: .utf8)
        try moved.replacingOccurrences(of: "images: icons", with: "images: elsewhere")
            .write(toFile: fixture.path("t.behave"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TranscriptReplay.replay(file: fixture.path("t.behave"))) { error in
            XCTAssertTrue("\(error)".contains("--images: \(fixture.path("elsewhere")): no such folder"), "\(error)")
        }
    }
}
