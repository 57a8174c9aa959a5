import Foundation
import XCTest

/// The conventions every `behave` command keeps: `--version`, one-line bad
/// usage with status 2, results on standard output and diagnostics on
/// standard error, help that names each default once, and colour only on
/// a terminal (never with NO_COLOR).
final class ConventionTests: XCTestCase {
    func testVersion() throws {
        let run = try run(try builtBehave(), ["--version"], in: try folder())
        XCTAssertEqual(run.status, 0)
        XCTAssertNotNil(run.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression), run.output)
        XCTAssertEqual(run.errors, "")
        // Defined once, in Sources/BehaveCommandLine/BehaveVersion.swift.
        let source = try String(contentsOf: checkout.appendingPathComponent("Sources/BehaveCommandLine/BehaveVersion.swift"), encoding: .utf8)
        XCTAssertTrue(source.contains("\"\(run.output.dropLast())\""), source)
    }

    func testBadUsageIsOneLineOnStandardErrorWithStatus2() throws {
        let behave = try builtBehave()
        let work = try folder()
        let cases: [[String]] = [
            ["frob"], ["run"], ["run", "toggle.lua", "--bogus"], ["run", "toggle.lua", "--memory-limit", "abc"],
            ["run", "toggle.lua", "--memory-limit", "1"], ["test", "--jobs", "0"], ["test", "--shard", "3/2"],
            ["test", "--seed", "-1"], ["test", "-o", "html"], ["test", "--filter", "[x"], ["check"], ["new"], ["inspect"],
            ["test", "--\u{1B}[2J\nforged"], ["run", "no_such.lua"],
        ]
        for arguments in cases {
            let outcome = try run(behave, arguments, in: work)
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.errors)")
            XCTAssertEqual(outcome.output, "", "\(arguments)")
            XCTAssertEqual(outcome.errorLines.count, 1, "\(arguments): \(outcome.errors)")
            XCTAssertTrue(outcome.errors.hasPrefix("behave: "), outcome.errors)
            XCTAssertFalse(outcome.errors.contains("\u{1B}"), outcome.errors)
        }
        let unknown = try run(behave, ["test", "--bogus"], in: work)
        XCTAssertTrue(unknown.errors.hasPrefix("behave: Unknown option '--bogus'."), unknown.errors)
        XCTAssertTrue(unknown.errors.hasSuffix(" (see `behave test --help`)\n"), unknown.errors)
    }

    /// A script that is not there is named with the one the user most
    /// likely means; a scene given to `inspect` says what to do instead.
    func testAMissingScriptSaysWhichItMeans() throws {
        let behave = try builtBehave()
        let work = try folder(["like.lua": "local L = behaviour { name = \"Like\" }\nreturn L\n",
                               "like.scene.yaml": "behaviours:\n  like: { script: like.lua }\n"])
        func said(_ arguments: [String]) throws -> String {
            let outcome = try run(behave, arguments, in: work)
            XCTAssertEqual(outcome.status, 2, "\(arguments)")
            return outcome.errors
        }
        XCTAssertEqual(try said(["run", "like", "--do", "quit"]),
                       "behave: like: no such script here or among the bundled scripts; did you mean `like.lua`?\n")
        XCTAssertEqual(try said(["run", "togle.lua", "--do", "quit"]),
                       "behave: togle.lua: no such script here or among the bundled scripts; did you mean `toggle.lua`?\n")
        XCTAssertEqual(try said(["inspect", "lik.lua"]),
                       "behave: lik.lua: no such script here or among the bundled scripts; did you mean `like.lua`?\n")
        XCTAssertEqual(try said(["inspect", "like.scene.yaml"]),
                       "behave: like.scene.yaml: `behave inspect` reads a behaviour script (.lua), and this is a scene file; inspect a script its `behaviours:` name, or check the scene with `behave check like.scene.yaml`\n")
    }

    /// `run` lints its scripts before anything else is said: the warnings
    /// come before the scene's first line, and before the error of a
    /// scene that does not load.
    func testTheLintersWarningsComeFirst() throws {
        let sh = try program("sh")
        let behave = try builtBehave()
        let work = try folder([
            "typo.lua": "local T = behaviour { name = \"Typo\" }\nfunction T:awak() end\nfunction T:awake() print(\"up\") end\nreturn T\n",
            "broken.lua": "local B = behaviour { name = \"Broken\" }\nx = foo.bar\nreturn B\n",
        ])
        // Standard output line by line, as on a terminal (a pipe's would
        // hold the trace back until the end).
        let runs = try run(sh, ["-c", "stdbuf -oL \"$0\" run typo.lua --do quit 2>&1", behave.path], in: work)
        XCTAssertEqual(runs.status, 0, runs.output)
        XCTAssertEqual(runs.outputLines, [
            "typo.lua:2:12: warning: Behave never calls `awak` by itself; it is an action, unlike `awake`; did you mean `function T:awake(…)`?",
            "[0s] typo awake", "[0s] [typo] up",
        ])
        let fails = try run(sh, ["-c", "stdbuf -oL \"$0\" run broken.lua --do quit 2>&1", behave.path], in: work)
        XCTAssertEqual(fails.status, 2, fails.output)
        XCTAssertEqual(fails.outputLines.count, 3, fails.output)
        XCTAssertTrue(fails.outputLines[0].hasPrefix("broken.lua:2:1: warning: `x` is set without `local`"), fails.output)
        XCTAssertTrue(fails.outputLines[1].hasPrefix("broken.lua:2:5: error: `foo` is not defined here"), fails.output)
        XCTAssertTrue(fails.outputLines[2].hasPrefix("behave: broken.lua:2: `foo` is not defined here"), fails.output)
    }

    func testResultsGoToStandardOutputAndDiagnosticsToStandardError() throws {
        let behave = try builtBehave()
        let work = try folder([
            "fails_spec.lua": "it(\"fails\", function()\n  local unused = 1\n  assert.equals(1, 2)\nend)\n",
            "broken.lua": "local B = behaviour { name = \"Broken\" }\nreturn B\nend\n",
        ])
        // run: the trace is the result; a mistyped command is a diagnostic.
        let run = try self.run(behave, ["run", "toggle.lua", "--do", "tap buton", "--do", "tap button"], in: work)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.output.contains("[0s] button.image: toggle-off → toggle-on\n"), run.output)
        XCTAssertFalse(run.output.contains("buton"), run.output)
        XCTAssertEqual(run.errors, "error: no control or behaviour named `buton` (did you mean `button`?)\n")
        // A refused set names the control, the property and the value as
        // they were typed (as `behave window` and the studio name them).
        let set = try self.run(behave, ["run", "toggle.lua", "--do", "set button.alpha  2 "], in: work)
        XCTAssertEqual(set.errors, "error: set button.alpha 2: alpha must be at most 1, not 2 (range 0…1)\n")
        // test: failures are results; the linter's warnings are diagnostics.
        let test = try self.run(behave, ["test"], in: work)
        XCTAssertEqual(test.status, 1)
        XCTAssertEqual(test.outputLines, ["FAIL fails_spec.lua:3: fails: expected 1, got 2", "0 passed, 1 failed"])
        XCTAssertTrue(test.errors.hasPrefix("fails_spec.lua:2:9: warning: the local `unused` is never used"), test.errors)
        // check: `FILE: ok` is a result, mistakes are diagnostics, JSON is a result.
        let check = try self.run(behave, ["check", "toggle.lua", "broken.lua"], in: work)
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.output, "toggle.lua: ok\n")
        XCTAssertTrue(check.errors.hasPrefix("broken.lua:3:"), check.errors)
        let json = try self.run(behave, ["check", "--json", "broken.lua"], in: work)
        XCTAssertTrue(json.output.hasPrefix("{"), json.output)
        XCTAssertEqual(json.errors, "")
        // inspect and types write their results on standard output.
        XCTAssertTrue(try self.run(behave, ["inspect", "toggle.lua"], in: work).output.hasPrefix("ToggleButton"))
        XCTAssertTrue(try self.run(behave, ["types"], in: work).output.contains("---@class"))
    }

    /// The chaos sweep's scenes and script (Hosts/GTK/Tools/Monkey) check
    /// clean: its mischief is on purpose, not a mistake `check` finds.
    /// Before: `field.enabled = nil`, written when a text field had no
    /// `enabled`, was an error.
    func testTheMonkeysScenesAndScriptCheckClean() throws {
        let monkey = checkout.appendingPathComponent("Hosts/GTK/Tools/Monkey")
        let files = ["chaos.lua", "chaos.scene.yaml", "chaos_frames.scene.yaml"]
        let check = try self.run(try builtBehave(), ["check"] + files, in: monkey)
        XCTAssertEqual(check.errors, "")
        XCTAssertEqual(check.outputLines, files.map { "\($0): ok" })
        XCTAssertEqual(check.status, 0)
    }

    func testHelpNamesEachDefaultOnce() throws {
        let behave = try builtBehave()
        let work = try folder()
        for command in [[], ["run"], ["test"], ["inspect"], ["check"], ["new"], ["types"]] {
            let help = try run(behave, command + ["--help"], in: work)
            XCTAssertEqual(help.status, 0)
            // An entry (an argument or an option) starts a line with two
            // spaces; its help goes on on lines indented further.
            var entries: [String] = []
            for line in help.output.split(separator: "\n") {
                if line.hasPrefix("  "), !line.hasPrefix("   ") {
                    entries.append(String(line))
                } else if line.hasPrefix("   "), !entries.isEmpty {
                    entries[entries.count - 1] += String(line)
                }
            }
            XCTAssertFalse(entries.isEmpty, "\(command)")
            for entry in entries {
                let defaults = entry.components(separatedBy: "(default").count - 1
                XCTAssertLessThanOrEqual(defaults, 1, "\(command): \(entry)")
            }
        }
        let test = try run(behave, ["test", "--help"], in: work).output
        XCTAssertTrue(test.contains("(default: one per processor)"), test)
    }

    /// `behave window --help` is `behave help window`: one text, from
    /// the one declaration of the window's command line, which takes
    /// `behave run`'s scene options (it passed `--help` on to
    /// `behave-window`, which printed a text of its own). Bad usage is
    /// `behave`'s, before any window is looked for.
    func testWindowsHelpIsOneTextWithRunsSceneOptions() throws {
        let behave = try builtBehave()
        let work = try folder()
        let help = try run(behave, ["help", "window"], in: work)
        XCTAssertEqual(help.status, 0)
        for option in ["--images <DIR>", "--time-limit <SECONDS>", "--memory-limit <MiB>", "--instruction-limit <COUNT>",
                       "--set <NAME=VALUE>", "--do <COMMAND>", "--print-geometry", "--print-frames"] {
            XCTAssertTrue(help.output.contains(option), "\(option): \(help.output)")
        }
        XCTAssertEqual(try run(behave, ["window", "--help"], in: work).output, help.output)
        XCTAssertEqual(try run(behave, ["window", "-h"], in: work).output, help.output)
        let bad = try run(behave, ["window", "toggle.lua", "--instruction-limit", "5"], in: work)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.errors, "behave: --instruction-limit must be at least 100000 (a runtime needs some to start); not 5 (see `behave window --help`)\n")
    }

    /// A `--set` a scene file refuses is bad usage, said as the other
    /// options' mistakes are (`behave: --set NAME: REASON`, status 2) by
    /// `run` and by the window (one `SceneDiagnostic`), and beside the
    /// file's own mistakes, which keep their `file:line:` form. It was
    /// said as the file's mistake, `counter.scene.yaml: --set …`.
    func testASetASceneRefusesIsSaidAsTheOtherOptionsMistakes() throws {
        let behave = try builtBehave()
        let work = try folder([
            "counter.scene.yaml": "controls:\n  s: { type: Slider }\n",
            "broken.scene.yaml": "controls:\n  s: { type: Slider, alpha: 2 }\n",
            "pt.lua": "local P = behaviour { name = \"P\", inspectables = { value = { type = \"number\", default = 1 } } }\nreturn P\n",
        ])
        for (arguments, line) in [
            (["--set", "s.value=abc"], "behave: --set s.value: value takes a number, not `abc`"),
            (["--set", "value=2"], "behave: --set value: in a scene, name the object too: --set s.value=VALUE"),
            (["--set", "t.value=2"], "behave: --set t.value: no control or behaviour named `t` (did you mean `s`?)"),
            (["--set", "volume.value=2"], "behave: --set volume.value: no control or behaviour named `volume`; the scene's controls and behaviours: s"),
        ] {
            let outcome = try run(behave, ["run", "counter.scene.yaml"] + arguments, in: work)
            XCTAssertEqual(outcome.status, 2, "\(arguments)")
            XCTAssertEqual(outcome.output, "", "\(arguments)")
            XCTAssertEqual(outcome.errors, line + "\n", "\(arguments)")
        }
        let both = try run(behave, ["run", "broken.scene.yaml", "--set", "s.value=abc"], in: work)
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(Set(both.errorLines), ["broken.scene.yaml:2: control `s`: alpha must be at most 1, not 2 (range 0…1)",
                                              "behave: --set s.value: value takes a number, not `abc`"], both.errors)
        // A script's `--set` is said in the same form, where it read
        // `behave: pt.lua: value takes a number, not `abc``.
        for (arguments, line) in [
            (["--set", "value=abc"], "behave: --set value: value takes a number, not `abc`"),
            (["--set", "valeu=2"], "behave: --set valeu: P has no inspectable `valeu`"),
        ] {
            let outcome = try run(behave, ["run", "pt.lua"] + arguments, in: work)
            XCTAssertEqual(outcome.status, 2, "\(arguments)")
            XCTAssertEqual(outcome.output, "", "\(arguments)")
            XCTAssertTrue(outcome.errors.hasPrefix(line), "\(arguments): \(outcome.errors)")
            XCTAssertEqual(outcome.errorLines.count, 1, outcome.errors)
        }
    }

    // MARK: Colour

    /// `behave test` on a failing spec, its output read through a terminal
    /// (`script` gives it one).
    private func onATerminal(environment: [String: String]) throws -> String {
        let script = try program("script")
        let behave = try builtBehave()
        let work = try folder(["fails_spec.lua": "it(\"fails\", function() assert.equals(1, 2) end)\n"])
        let run = try run(script, ["-q", "-e", "-c", "'\(behave.path)' test --jobs 1", "/dev/null"], in: work,
                          environment: environment)
        XCTAssertEqual(run.status, 1, run.output + run.errors)
        XCTAssertTrue(run.output.contains("FAIL"), run.output)
        return run.output
    }

    func testColourOnATerminalOnly() throws {
        let coloured = try onATerminal(environment: ["NO_COLOR": "", "TERM": "xterm"])
        XCTAssertTrue(coloured.contains("\u{1B}[31mFAIL\u{1B}[0m fails_spec.lua:1: fails"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[31m0 passed, 1 failed\u{1B}[0m"), coloured)
        // Not on a pipe: no escape at all.
        let work = try folder(["fails_spec.lua": "it(\"fails\", function() assert.equals(1, 2) end)\n"])
        let piped = try run(try builtBehave(), ["test"], in: work, environment: ["TERM": "xterm"])
        XCTAssertEqual(piped.output, "FAIL fails_spec.lua:1: fails: expected 1, got 2\n0 passed, 1 failed\n")
    }

    func testNoColourWithNO_COLOROrADumbTerminal() throws {
        for environment in [["NO_COLOR": "1", "TERM": "xterm"], ["TERM": "dumb"]] {
            let text = try onATerminal(environment: environment)
            XCTAssertNil(text.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression), "\(environment): \(text)")
        }
    }
}
