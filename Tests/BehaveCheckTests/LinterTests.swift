@testable import BehaveCheck
import BehaveSyntax
import XCTest

/// Each mistake a new script author makes (issue 11), made in a fresh
/// script: the linter names its line and column and says the fix.
final class LinterTests: XCTestCase {
    /// A correct behaviour: every test changes one thing in it.
    static func like() throws -> String {
        try text("like.lua")
    }

    func lint(_ source: String) -> [LintFinding] { ScriptLinter.lint(source, file: "like.lua") }

    /// The script with `old` replaced by `new` (which must be there).
    func like(replacing old: String, with new: String) throws -> String {
        let like = try LinterTests.like()
        XCTAssertTrue(like.contains(old), old)
        return like.replacingOccurrences(of: old, with: new)
    }

    func only(_ findings: [LintFinding], file: StaticString = #filePath, line: UInt = #line) -> LintFinding? {
        XCTAssertEqual(findings.count, 1, findings.map(\.description).joined(separator: "\n"), file: file, line: line)
        return findings.first
    }

    /// A local declared again in its block, and one an inner block hides,
    /// are told apart alike in a block of a few locals and in one of many
    /// (which the linter looks up by name, not one by one).
    func testALocalDeclaredAgainOrHiddenInBlocksOfFewAndOfManyLocals() {
        for count in [2, 40] {
            let names = (1...count).map { "v\($0)" }
            let source = names.map { "local \($0) = 1\n" }.joined() + "print(\(names.joined(separator: ", ")))\n"
                + "local v1 = 2\nprint(v1)\ndo\n  local v2 = 3\n  print(v2)\nend\n"
            let findings = lint(source).map { "\($0.position.line):\($0.position.column) \($0.code): \($0.message)" }
            XCTAssertEqual(findings, [
                "\(count + 2):7 redefined-local: `v1` is declared again; the one on line 1 in the same block can no longer be reached",
                "\(count + 5):9 shadowed-local: this `v2` hides the `v2` declared on line 2 for the rest of its block",
            ], "\(count) locals")
        }
    }

    func testTheCorrectScriptIsClean() throws {
        XCTAssertEqual(lint(try LinterTests.like()).map(\.description), [])
    }

    /// `_G` holds every global, as a whole environment's does: a field of
    /// it is no unknown field.
    func testAGlobalReadThroughUnderscoreGIsKnown() throws {
        let script = try like(replacing: "  self.count = self.count + 1\n", with: "  self.count = _G.tonumber(self.count) + 1\n")
        XCTAssertEqual(lint(script).map(\.description), [])
    }

    func testAGlobalVariable() throws {
        let finding = only(lint(try like(replacing: "function Like:awake()\n", with: "liked = false\n\nfunction Like:awake()\n")))
        XCTAssertEqual(finding?.description,
                       "like.lua:8:1: warning: `liked` is set without `local`, so it is a global variable; write `local liked = …` where it is first set, or keep it on the behaviour as `self.liked`")
    }

    func testAMisspeltGlobalRead() throws {
        let script = try like(replacing: "  self.count = self.count + 1\n", with: "  local total = totl + 1\n  self.count = total\n")
        let finding = only(lint(script))
        XCTAssertEqual(finding?.severity, .error)
        XCTAssertEqual(finding?.position, SourcePosition(line: 15, column: 17))
        XCTAssertEqual(finding?.code, "undefined-global")
        XCTAssertEqual(finding?.fix, "did you mean `total`?")
    }

    func testAGlobalReadIsFineWhenTheScriptSetsIt() throws {
        let script = try like(replacing: "local Like", with: "total = 0\nlocal Like")
            .replacingOccurrences(of: "  self.count = self.count + 1\n", with: "  total = total + 1\n")
        XCTAssertEqual(lint(script).map(\.code), ["global-variable"])
    }

    /// Every chunk has `_ENV`; under a `local _ENV` of the script's own,
    /// free names are that table's fields, not globals.
    func testEnvIsDefinedAndALocalEnvHoldsTheFreeNames() throws {
        let script = try like(replacing: "function Like:awake()", with: """
            local function sum(fields)
              local _ENV = fields
              return x + y
            end

            function Like:awake()
              self.sum = sum({ x = 1, y = 2 })
              self.same = _ENV == _G
            """)
        XCTAssertEqual(lint(script).map(\.description), [])
        let misspelt = try like(replacing: "  self.count = self.count + 1\n", with: "  self.count = self.count + totl\n")
        XCTAssertEqual(lint(misspelt).map(\.code), ["undefined-global"])
    }

    func testALifecycleMethodDefinedAsAGlobal() throws {
        let finding = only(lint(try like(replacing: "function Like:awake()", with: "function awake()")))
        XCTAssertEqual(finding?.description,
                       "like.lua:8:10: error: `awake` is a lifecycle method but is defined as a plain function, so Behave never calls it; did you mean `function Like:awake(…)`?")
    }

    func testADelegateMessageDefinedAsAGlobal() throws {
        let script = try like(replacing: "return Like", with: "function scrollViewDidScroll(scrollView)\nend\n\nreturn Like")
        let finding = only(lint(script))
        XCTAssertEqual(finding?.code, "method-as-global")
        XCTAssertEqual(finding?.fix, "did you mean `function Like:scrollViewDidScroll(…)`?")
    }

    func testAMisspeltOutlet() throws {
        let finding = only(lint(try like(replacing: "self.countLabel.text", with: "self.countLable.text")))
        XCTAssertEqual(finding?.description,
                       "like.lua:16:8: error: `self.countLable` is not an outlet, an inspectable, a method nor a field this script sets, so it is nil here and using it fails; did you mean `self.countLabel`?")
    }

    func testAMisspeltFieldReadAsAValueIsAWarning() throws {
        let finding = only(lint(try like(replacing: "self.liked = not self.liked", with: "self.liked = not self.likedd")))
        XCTAssertEqual(finding?.severity, .warning)
        XCTAssertEqual(finding?.fix, "did you mean `self.liked`?")
    }

    /// Arithmetic, `..`, `<` and `#` on a misspelt field fail when the line
    /// runs, as indexing does: an error, in the runtime's words.
    func testAMisspeltFieldInArithmeticIsAnError() throws {
        let finding = only(lint(try like(replacing: "self.count = self.count + 1", with: "self.count = self.cout + 1")))
        XCTAssertEqual(finding?.description,
                       "like.lua:15:21: error: `self.cout` is not an outlet, an inspectable, a method nor a field this script sets, so it is nil here and using it fails; did you mean `self.count`?")
        for fails in ["1 + self.cout", "-self.cout", "#self.cout", "\"n\" .. self.cout", "self.cout < 3"] {
            XCTAssertEqual(only(lint(try like(replacing: "self.count + 1", with: fails)))?.severity, .error, fails)
        }
        for holds in ["self.cout or 1", "self.cout == nil and 1", "not self.cout"] {
            XCTAssertEqual(only(lint(try like(replacing: "self.count + 1", with: holds)))?.severity, .warning, holds)
        }
    }

    func testAFieldSetAnywhereCanBeRead() throws {
        // `liked` is set in awake, below a method that reads it.
        let script = try like(replacing: "function Like:awake()\n  self.liked = false\n", with: "function Like:awake()\n")
            .replacingOccurrences(of: "return Like", with: "function Like:reset()\n  self.liked = false\nend\n\nreturn Like")
        XCTAssertEqual(lint(script).map(\.description), [])
    }

    func testADotWhereAColonIsNeededOnAControl() throws {
        let finding = only(lint(try like(replacing: "self.button:on(", with: "self.button.on(")))
        XCTAssertEqual(finding?.description,
                       "like.lua:10:15: error: `on` is called with `.`, so the control is not passed to it; write `self.button:on(…)` with a colon")
    }

    func testADotWhereAColonIsNeededOnAMethod() throws {
        let finding = only(lint(try like(replacing: "self:like()", with: "self.like()")))
        XCTAssertEqual(finding?.code, "dot-call")
        XCTAssertEqual(finding?.fix, "write `self:like(…)` with a colon")
        XCTAssertEqual(only(lint(try like(replacing: "self:send(", with: "self.send(")))?.fix, "write `self:send(…)` with a colon")
        // Passing self explicitly is the same call.
        XCTAssertEqual(lint(try like(replacing: "self:like()", with: "self.like(self)")).map(\.description), [])
    }

    func testADotWhereAColonIsNeededOnAHeldObject() throws {
        let script = try like(replacing: "self.liked = false\n", with: """
            self.liked = false
              local tap = self.button:on("touchUpInside", function() end)
              tap.disconnect()
              after(1, function() end).cancel()
              local picture = platform.pickImage("camera")
              self.icon = picture.fitting(64, 64)

            """)
        let findings = lint(script).filter { $0.code == "dot-call" }
        XCTAssertEqual(findings.map(\.fix), ["write `tap:disconnect()` with a colon", "write `object:cancel()` with a colon",
                                             "write `picture:fitting(width, height)` with a colon"])
        XCTAssertEqual(findings.last?.message, "`fitting` is called with `.`, so the image is not passed to it")
        // Passing the object is the same call.
        XCTAssertEqual(lint(script.replacingOccurrences(of: "picture.fitting(64", with: "picture.fitting(picture, 64"))
                        .filter { $0.code == "dot-call" }.count, 2)
    }

    func testAMissingEnd() throws {
        let finding = only(lint(try like(replacing: "self:like() end)", with: "self:like())")))
        XCTAssertEqual(finding?.description,
                       "like.lua:10:57: error: found `)` where `end` was expected to close the `function` on line 10; add `end` where the `function` of line 10 should end")
    }

    func testBehaviorSpeltTheAmericanWay() throws {
        let finding = only(lint(try like(replacing: "behaviour {", with: "behavior {")))
        XCTAssertEqual(finding?.description,
                       "like.lua:1:14: error: `behavior` is not defined: Behave spells it `behaviour`; write `behaviour { … }`")
    }

    func testAMissingReturnNamesTheLocal() throws {
        let finding = only(lint(try like(replacing: "return Like\n", with: "")))
        XCTAssertEqual(finding?.code, "missing-return")
        // The local's name, not the declared `LikeButton`.
        XCTAssertEqual(finding?.fix, "end the script with `return Like`")
        XCTAssertEqual(finding?.position.line, 20)
        XCTAssertEqual(lint(try like(replacing: "return Like", with: "return LikeButton")).map(\.code),
                       ["missing-return", "undefined-global"])
    }

    func testUnusedAndShadowedLocals() throws {
        let script = try like(replacing: "  self.count = self.count + 1\n",
                          with: "  local step = 1\n  local count = self.count\n  if count then\n    local count = 2\n    self.count = count + 1\n  end\n")
        let findings = lint(script)
        XCTAssertEqual(findings.map(\.description), [
            "like.lua:15:9: warning: the local `step` is never used; remove it, or name it `_` if it must stay",
            "like.lua:18:11: warning: this `count` hides the `count` declared on line 16 for the rest of its block; give one of them another name",
        ])
    }

    /// Behave reads a declaration from a scene's first instance of the
    /// script: a value computed when the script runs is told, at its line.
    func testADefaultComputedWhenTheScriptRunsIsTold() throws {
        let finding = only(lint(try like(replacing: "inspectables = { count = 0 }",
                                         with: "inspectables = { count = math.random(1, 10) }")))
        XCTAssertEqual(finding?.description,
                       "like.lua:4:28: warning: the default of `count` is computed when the script runs (`math.random(…)`), but Behave reads a script's declaration once a scene, from its first instance, so every other instance gets the first one's value; declare a constant default and set the value in `awake`: `function Like:awake() self.count = … end`")
        XCTAssertEqual(finding?.code, "computed-declaration")
    }

    func testAComputedValueIsFollowedThroughALocalAndATableForm() throws {
        let script = try like(replacing: "local Like = behaviour {", with: "local started = now()\nlocal Like = behaviour {")
            .replacingOccurrences(of: "inspectables = { count = 0 }",
                                  with: "inspectables = { count = { type = \"integer\", default = started, max = 2 * 50 } }")
        XCTAssertEqual(only(lint(script))?.message,
                       "the default of `count` is computed when the script runs (`started` is `now(…)`), but Behave reads a script's declaration once a scene, from its first instance, so every other instance gets the first one's value")
    }

    func testAComputedPartOtherThanADefaultIsToldToBeWrittenOut() throws {
        let script = try like(replacing: "local Like = behaviour {", with: "local names = { \"a\" }\nlocal Like = behaviour {")
            .replacingOccurrences(of: "inspectables = { count = 0 }",
                                  with: "inspectables = { count = 0, mode = { type = \"enum\", values = names, default = select(1, ...) } }")
        XCTAssertEqual(lint(script).map(\.description), [
            "like.lua:5:81: warning: the default of `mode` is computed when the script runs (`select(…)`), but Behave reads a script's declaration once a scene, from its first instance, so every other instance gets the first one's value; declare a constant default and set the value in `awake`: `function Like:awake() self.mode = … end`",
        ])
        let events = try like(replacing: "events = { \"valueChanged\" }", with: "events = { \"valueChanged\", string.lower(\"Done\") }")
        XCTAssertEqual(only(lint(events))?.description,
                       "like.lua:5:12: warning: `events` in `behaviour { … }` is computed when the script runs (`string.lower(…)`), but Behave reads a script's declaration once a scene, from its first instance, so every other instance gets the first one's value; write it out as a constant: a declaration is the same for every instance of the script")
    }

    /// A module is loaded once a scene, and a global is the scene's: what
    /// a declaration reads from them is the same for every instance.
    func testConstantsModulesAndGlobalsAreNotComputed() throws {
        let script = try like(replacing: "local Like = behaviour {",
                              with: "local settings = require \"settings\"\nlocal step = -1\nlocal Like = behaviour {")
            .replacingOccurrences(of: "inspectables = { count = 0 }",
                                  with: "inspectables = { count = settings.count, step = { default = step, max = math.huge }, unit = \"x\" .. \"y\" }")
        XCTAssertEqual(lint(script).map(\.description), [])
    }

    func testUnreachableCode() throws {
        let script = try like(replacing: "  self:send(\"valueChanged\")\n",
                          with: "  for i = 1, 3 do\n    break\n    print(i)\n  end\n  error(\"stop\")\n  self:send(\"valueChanged\")\n")
        XCTAssertEqual(lint(script).map(\.description), [
            "like.lua:19:5: warning: this line never runs: the `break` on line 18 always leaves before it; remove it, or move it above the `break`",
            "like.lua:22:3: warning: this line never runs: the `error` on line 21 always leaves before it; remove it, or move it above the `error`",
        ])
    }

    func testWrongPropertiesEventsAndLibraryFields() throws {
        XCTAssertEqual(only(lint(try like(replacing: "self.countLabel.text", with: "self.countLabel.txt")))?.fix, "did you mean `text`?")
        XCTAssertEqual(only(lint(try like(replacing: "\"touchUpInside\"", with: "\"touchUpInsde\"")))?.fix,
                       "did you mean `touchUpInside`?")
        // Worded as the runtime's `on` words it (`Button `button` has no
        // event `touchUpInsde` (did you mean …)`), not "never sends".
        XCTAssertEqual(only(lint(try like(replacing: "\"touchUpInside\"", with: "\"touchUpInsde\"")))?.description,
                       "like.lua:10:18: error: Button has no event `touchUpInsde`; did you mean `touchUpInside`?")
        // GTK's name for it, as someone who comes from GTK writes it.
        XCTAssertEqual(only(lint(try like(replacing: "\"touchUpInside\"", with: "\"clicked\"")))?.fix,
                       "did you mean `touchUpInside`? `clicked` is GTK's name for it")
        // The action name UIKit code wires to the event (`@objc func buttonTapped`).
        XCTAssertEqual(only(lint(try like(replacing: "\"touchUpInside\"", with: "\"buttonTapped\"")))?.fix,
                       "did you mean `touchUpInside`? `buttonTapped` is UIKit code's usual action name for it")
        // And GTK's name for a property.
        XCTAssertEqual(only(lint(try like(replacing: "self.countLabel.text", with: "self.countLabel.label")))?.fix,
                       "did you mean `text`? `label` is GTK's name for it")
        XCTAssertEqual(only(lint(try like(replacing: "tostring(self.count)", with: "string.fromat(\"%d\", self.count)")))?.fix,
                       "did you mean `string.format`?")
        XCTAssertEqual(only(lint(try like(replacing: "self:send(\"valueChanged\")", with: "self:send(\"valueChaged\")")))?.description,
                       "like.lua:17:13: error: LikeButton does not declare the event `valueChaged` (did you mean `valueChanged`?); add it to `events`")
    }

    func testRobloxsEventReadAsAFieldIsToldHowToHearIt() throws {
        let finding = only(lint(try like(replacing: "self.button:on(\"touchUpInside\", function() self:like() end)",
                                     with: "self.button.Activated:Connect(function() self:like() end)")))
        XCTAssertEqual(finding?.description,
                       "like.lua:10:15: error: Button has no property or method `Activated`; `Activated` is Roblox's event, not a property; Behave's is `touchUpInside`, heard with `:on(\"touchUpInside\", function(control) … end)`")
    }

    /// UIKit's `textFieldDidBeginEditing`: a delegate message no control of
    /// Behave's sends, told what the control's delegate hears and what
    /// Behave has instead; not when the script calls it itself.
    func testAUIKitDelegateMessageBehaveNeverSends() throws {
        let field = only(lint(try like(replacing: "return Like",
                                   with: "function Like:textFieldDidBeginEditing(field)\n  self.liked = false\nend\n\nreturn Like")))
        XCTAssertEqual(field?.description,
                       "like.lua:20:15: warning: Behave never sends `textFieldDidBeginEditing` to a delegate; it is an action. A TextField's delegate hears only `textFieldShouldReturn`; hear the field's `editingDidBegin` event, with `:on(\"editingDidBegin\", function(field) … end)`")
        let scroll = only(lint(try like(replacing: "return Like",
                                    with: "function Like:scrollViewDidEndDragging(scrollView)\n  self.liked = false\nend\n\nreturn Like")))
        XCTAssertEqual(scroll?.message,
                       "Behave never sends `scrollViewDidEndDragging` to a delegate; it is an action. A ScrollView's delegate hears only `scrollViewDidScroll`")
        let helper = try like(replacing: "return Like", with: "function Like:textFieldDidEndEditing()\n  self.liked = false\nend\n\nreturn Like")
            .replacingOccurrences(of: "  self.liked = false\n  self.button", with: "  self:textFieldDidEndEditing()\n  self.button")
        XCTAssertEqual(lint(helper), [])
    }

    func testAMisspeltLifecycleMethod() throws {
        let finding = only(lint(try like(replacing: "function Like:awake()", with: "function Like:awak()")))
        XCTAssertEqual(finding?.code, "misspelt-method")
        XCTAssertEqual(finding?.fix, "did you mean `function Like:awake(…)`?")
    }

    /// Defold's `init`, UIKit's `viewDidLoad`: another engine's name for a
    /// method Behave calls, which Behave never calls, told Behave's; not
    /// when the script calls it itself or has Behave's method too.
    func testAnotherEnginesLifecycleMethod() throws {
        let defold = only(lint(try like(replacing: "function Like:awake()", with: "function Like:init()")))
        XCTAssertEqual(defold?.description,
                       "like.lua:8:15: warning: Behave never calls `init` by itself; it is an action. `init` is Defold's name for `awake`, which Behave calls once the outlets and inspectables are set; did you mean `function Like:awake(…)`?")
        let uikit = lint(try like(replacing: "return Like", with: "function Like:deinit()\n  self.liked = false\nend\n\nreturn Like"))
        XCTAssertEqual(only(uikit)?.message,
                       "Behave never calls `deinit` by itself; it is an action. `deinit` is UIKit's name for `destroy`, which Behave calls when the owner goes")
        // A helper the script calls itself, or beside `awake`, is no mistake.
        XCTAssertEqual(lint(try like(replacing: "return Like", with: "function Like:init()\n  self.liked = false\nend\n\nreturn Like")), [])
        let called = try like(replacing: "function Like:awake()\n", with: "function Like:viewDidLoad()\n")
            .replacingOccurrences(of: "function Like:like()", with: "function Like:like()\n  self:viewDidLoad()")
        XCTAssertEqual(lint(called).map(\.code), [])
    }

    /// UIKit's `viewDidLoad` with a body beside `awake`: no one names an
    /// action so, and Behave never calls it, so its body never runs; the
    /// fix is to move it into `awake`. (Defold's `init` beside `awake`
    /// stays a helper, above.)
    func testAUIKitLifecycleMethodBesideAwake() throws {
        let file = "view_did_load_beside_awake.lua"
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Lifecycle/\(file)"), encoding: .utf8)
        XCTAssertEqual(ScriptLinter.lint(source, file: file).map(\.description), [
            "\(file):12:17: warning: Behave never calls `viewDidLoad` by itself; it is an action. `viewDidLoad` is UIKit's name for `awake`, which Behave calls once the outlets and inspectables are set; move its body into `function Search:awake(…)`, which this script has too",
        ])
    }

    func testAGlobalHelperFunction() throws {
        let script = try like(replacing: "return Like", with: "function refresh(self)\n  self.countLabel.text = tostring(self.count)\nend\n\nreturn Like")
        let finding = only(lint(script))
        XCTAssertEqual(finding?.code, "global-function")
        XCTAssertEqual(finding?.fix, "write `local function refresh(…)` above its first use, or `function Like:refresh(…)` for a method")
    }

    func testSpecFilesKnowTheSpecAPI() throws {
        let spec = try text("spec_api.lua")
        let findings = ScriptLinter.lint(spec, file: "like_spec.lua")
        XCTAssertEqual(findings.map(\.description), [
            "like_spec.lua:8:3: error: `pendng` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `pending`?",
        ])
        // A behaviour script does not see the spec API.
        let behaviour = try like(replacing: "return Like", with: spec + "return Like")
        XCTAssertTrue(ScriptLinter.lint(behaviour, file: "like.lua").contains { $0.code == "undefined-global" && $0.message.hasPrefix("`describe`") })
    }

    /// A spec's `package` is known, with what it holds: setting its path
    /// and cache passes, a field it does not have is said.
    func testSpecFilesKnowTheirPackage() throws {
        let spec = try text("spec_package.lua")
        XCTAssertEqual(ScriptLinter.lint(spec, file: "path_spec.lua").map(\.description), [
            "path_spec.lua:5:25: error: `package` has no `searchpath`; it has: config, cpath, loaded, loadlib, path, preload",
        ])
        XCTAssertTrue(ScriptLinter.lint(try like(replacing: "return Like", with: spec + "return Like"), file: "like.lua")
            .contains { $0.code == "undefined-global" && $0.message.hasPrefix("`package`") })
    }

    func testFindingsAreBounded() throws {
        let source = (1...5000).map { "local unused\($0) = \($0)" }.joined(separator: "\n")
        let findings = ScriptLinter.lint(source, file: "many.lua")
        XCTAssertEqual(findings.count, ScriptLinter.maximumFindings + 1)
        XCTAssertEqual(findings.last?.message, "\(5000 - ScriptLinter.maximumFindings) more findings are not shown")
    }

    func testJSONOfAFinding() throws {
        let finding = only(lint(try like(replacing: "self.button:on(", with: "self.button.on(")))
        XCTAssertEqual(finding?.json.text,
                       #"{"file":"like.lua","line":10,"column":15,"severity":"error","code":"dot-call","message":"`on` is called with `.`, so the control is not passed to it","fix":"write `self.button:on(…)` with a colon"}"#)
    }
}

/// The linter and the runtime say a mistake in the same words: for the
/// mistakes both can see, the linter's finding (`message; fix`) is the text
/// of the runtime's own message (Tests/BehaveLuaTests/Mistakes, whose
/// `-- expect:` line is what the runtime says when the line runs).
final class LinterAgreesWithTheRuntimeTests: XCTestCase {
    static let folder = repository.appendingPathComponent("Tests/BehaveLuaTests/Mistakes")

    /// The first `-- expect:` line of a mistake: its line and the runtime's text.
    func expectation(_ file: String) throws -> (source: String, line: Int, text: String) {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let expect = try XCTUnwrap(source.split(separator: "\n").first { $0.hasPrefix("-- expect: ") }, file)
        // "file:line: text"
        let parts = expect.dropFirst("-- expect: ".count).split(separator: ":", maxSplits: 2)
        return (source, try XCTUnwrap(Int(parts[1]), file), String(parts[2].dropFirst()))
    }

    func testBothSayTheSame() throws {
        let shared = ["misspelt_outlet.lua", "missing_method.lua", "missing_method_no_near_name.lua", "dot_for_colon.lua",
                      "dot_send.lua", "dot_disconnect.lua", "method_as_global_call.lua", "american_spelling.lua",
                      "missing_return.lua", "misspelt_local.lua", "self_in_local_function.lua", "compare_number_with_string.lua",
                      "undeclared_event.lua", "name_for_control.lua", "uikit_colour.lua"]
        for file in shared {
            let (source, line, text) = try expectation(file)
            let findings = ScriptLinter.lint(source, file: file).filter { $0.severity == .error }
            let said = findings.first { "\($0.message); \($0.fix)" == text }
            XCTAssertNotNil(said, "\(file): the linter does not say \"\(text)\"; it says \(findings.map(\.description))")
            // The runtime names the last line for a missing return, the
            // linter the place to write it.
            if let said, said.code != "missing-return" { XCTAssertEqual(said.position.line, line, file) }
        }
    }

    /// Where the runtime knows more than the linter (the control's name in
    /// the scene, the collection's size), the fix is still the same.
    func testBothGiveTheSameFix() throws {
        for file in ["property_of_the_wrong_type.lua", "collection_from_zero.lua"] {
            let (source, line, text) = try expectation(file)
            let findings = ScriptLinter.lint(source, file: file).filter { $0.severity == .error && $0.position.line == line }
            XCTAssertEqual(findings.count, 1, "\(file): \(findings.map(\.description))")
            if let fix = findings.first?.fix { XCTAssertTrue(text.hasSuffix("; " + fix), "\(file): \(text) does not end with \(fix)") }
        }
    }

    /// A UIKit property called as a method (`self.label:textAlignment()`):
    /// both say "Label has no property or method", in the same words,
    /// since the runtime's read reaches either, and both say Behave has none.
    func testANameCalledOnAControlReadsTheSame() throws {
        let file = "uikit_text_alignment.lua"
        let (source, line, text) = try expectation(file)
        let finding = try XCTUnwrap(ScriptLinter.lint(source, file: file).first { $0.severity == .error })
        XCTAssertEqual(finding.position.line, line)
        XCTAssertEqual(finding.message, "Label has no property or method `textAlignment`")
        XCTAssertEqual(finding.fix, "`textAlignment` is UIKit's name for a text's alignment; Behave has none")
        // The runtime's words begin with the finding's own.
        XCTAssertTrue(text.hasPrefix("\(finding.message) (\(finding.fix))"), text)
    }

    /// A syntax error: the runtime's reading is the linter's finding. The
    /// script is the one its `-- source:` line names (Examples/Mistakes/countdown.lua).
    func testASyntaxErrorReadsTheSame() throws {
        let file = "missing_inner_end.lua"
        let headers = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
        let expect = try XCTUnwrap(headers.first { $0.hasPrefix("-- expect: ") })
        let shared = try XCTUnwrap(headers.first { $0.hasPrefix("-- source: ") }).dropFirst("-- source: ".count)
        let source = try String(contentsOf: repository.appendingPathComponent(String(shared)), encoding: .utf8)
        XCTAssertEqual(ScriptLinter.lint(source, file: file).map(\.description), [String(expect.dropFirst("-- expect: ".count))])
    }
}

/// The text of Lint/`name`, a script these tests lint.
private func text(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lint")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}
