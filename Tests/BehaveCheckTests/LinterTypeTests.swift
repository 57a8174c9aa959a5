@testable import BehaveCheck
import BehaveSyntax
import XCTest

/// Types in the linter (issue 26): it knows each control property's type
/// from the control schemas, and flags a literal of the wrong type compared
/// or set, a number given as text, and an outlet collection indexed outside
/// its items; each in a fresh script, with its line and fix.
final class LinterTypeTests: XCTestCase {
    /// A cart line: every test adds one line to `awake`.
    static func cart(_ line: String) throws -> String {
        try text("cart.lua").replacingOccurrences(of: "-- LINE", with: line)
    }

    func lint(_ line: String, sizes: [String: Int] = [:]) throws -> [LintFinding] {
        ScriptLinter.lint(try LinterTypeTests.cart(line), file: "cart.lua", collectionSizes: sizes)
    }

    func only(_ line: String, sizes: [String: Int] = [:], file: StaticString = #filePath, line number: UInt = #line) throws -> LintFinding? {
        let findings = try lint(line, sizes: sizes)
        XCTAssertEqual(findings.count, 1, findings.map(\.description).joined(separator: "\n"), file: file, line: number)
        return findings.first
    }

    /// `if self.done.on then`: a switch's `on` is its event method, so the
    /// test is always true (the label always said "Muted"); its state is
    /// `isOn`. Before: no finding, and `behave check` said ok.
    func testASwitchsOnMethodTestedAsItsStateIsAlwaysTrue() throws {
        XCTAssertEqual(try only(#"if self.done.on then print("on") end"#)?.description,
                       "cart.lua:8:16: warning: `on` is a Switch's method, so testing it is always true; its state is "
                       + "`isOn` (`on` connects a handler: `:on(event, fn)`)")
        XCTAssertEqual(try only("local shown = not self.done.on; print(shown)")?.code, "method-as-value")
        XCTAssertEqual(try only(#"print(self.done.on and "Muted" or "Volume")"#)?.code, "method-as-value")
        XCTAssertEqual(try only("while self.quantity.once do break end")?.description,
                       "cart.lua:8:23: warning: `once` is a Stepper's method, so testing it is always true; call it with `:` (`:once(…)`)")
        // A value, not a test: the method handed on, the state read, the last of an `and`.
        XCTAssertEqual(try lint("local connect = self.done.on; print(connect)").map(\.description), [])
        XCTAssertEqual(try lint("if self.done.isOn then print(self.done.isOn and self.done.on) end").map(\.description), [])
        // Lua's choice of a value: the method before an `or` is the one given, not a test.
        XCTAssertEqual(try lint("local connect = self.done.isOn and self.done.on or self.quantity.once; print(connect)")
            .map(\.description), [])
        XCTAssertEqual(try lint("local connect = self.done.on or self.quantity.once; print(connect)").map(\.description), [])
        XCTAssertEqual(try only("local pick = self.done.on and 1 or 2; print(pick)")?.code, "method-as-value")
        XCTAssertEqual(try only("if self.done.isOn and self.done.on or self.done.isOn then print(1) end")?.code, "method-as-value")
        // Once, where the condition's whole and its `and` or `not` each test it (it was told two or three times).
        XCTAssertEqual(try only("if self.done.on and self.done.isOn then print(1) end")?.code, "method-as-value")
        XCTAssertEqual(try only("while not self.done.on and self.done.isOn do break end")?.code, "method-as-value")
    }

    /// `local s = self` reads outlets as `self` does, while `s` is never
    /// assigned again. Before: no finding through the name.
    func testANameHoldingSelfReadsItsOutlets() throws {
        XCTAssertEqual(try only(#"local s = self if s.done.on then print("on") end"#)?.description,
                       "cart.lua:8:28: warning: `on` is a Switch's method, so testing it is always true; its state is "
                       + "`isOn` (`on` connects a handler: `:on(event, fn)`)")
        XCTAssertEqual(try only("local s = self; s.totalLabel.txt = 1")?.code, "unknown-property")
        XCTAssertEqual(try only(#"local s = self; local label = s.totalLabel; label.text = "5" label.titel = "x""#)?.code,
                       "unknown-property")
        // Assigned again, it may hold anything.
        XCTAssertEqual(try lint(#"local s = self if s.done.on then print("on") end s = { done = {} }"#).map(\.description), [])
    }

    func testAPropertysNumberComparedWithAStringIsAlwaysTrue() throws {
        XCTAssertEqual(try only(#"if self.quantity.value ~= "0" then print("some") end"#)?.description,
                       #"cart.lua:8:6: error: `self.quantity.value ~= "0"` compares a number with a string, so it is always true: in Lua, values of two types are never equal; compare values of one type: `self.quantity.value ~= 0`"#)
        let equal = try only(#"if "0" == self.quantity.value then print("none") end"#)
        XCTAssertEqual(equal?.code, "type-mismatch")
        XCTAssertEqual(equal?.message,
                       #"`"0" == self.quantity.value` compares a string with a number, so it is always false: in Lua, values of two types are never equal"#)
        XCTAssertEqual(equal?.fix, "compare values of one type: `0 == self.quantity.value`")
    }

    func testAnOrderComparisonWithAStringFails() throws {
        // Through a local that holds the property's value.
        let finding = try only(#"local value = self.slider.value if value > "8" then print("loud") end"#)
        XCTAssertEqual(finding?.description,
                       #"cart.lua:8:38: error: `value > "8"` compares a number with a string, which Lua cannot do, so the line fails; compare values of one type: `value > 8`"#)
        // A string that is no number: convert one side.
        XCTAssertEqual(try only(#"if self.slider.value >= "high" then print("loud") end"#)?.fix,
                       "convert one side first, with `tonumber(…)` or `tostring(…)`")
    }

    func testTextAndBooleansComparedWithTheWrongLiteral() throws {
        XCTAssertEqual(try only(#"if self.field.text == 5 then print("five") end"#)?.fix, #"compare values of one type: `self.field.text == "5"`"#)
        XCTAssertEqual(try only(#"if self.done.on == "true" then print("done") end"#)?.fix, "compare values of one type: `self.done.on == true`")
        XCTAssertEqual(try only(#"if self.done.isOn == 1 then print("done") end"#)?.message,
                       "`self.done.isOn == 1` compares a boolean with a number, so it is always false: in Lua, values of two types are never equal")
    }

    /// Another toolkit's way to hear an event, called on a control (UIKit's
    /// `addTarget`, GTK's and Roblox's `connect`, the web's
    /// `addEventListener`), is told the control's `on`, and how to call it;
    /// before, the fix only listed `on, once`.
    func testAnotherToolkitsWayToHearAnEventIsToldOn() throws {
        let fix = "for it: a script hears an event with `control:on(\"event\", function(control) … end)`, or a scene wires it under `connections:`"
        XCTAssertEqual(try only(#"self.field:addTarget(self, "changed", "editingChanged")"#)?.description,
                       "cart.lua:8:14: error: TextField has no property or method `addTarget`; did you mean `on`? `addTarget` is UIKit's method " + fix)
        XCTAssertEqual(try only(#"self.done:connect("toggled", function() end)"#)?.fix,
                       "did you mean `on`? `connect` is GTK's and Roblox's method " + fix)
        XCTAssertEqual(try only(#"self.field:addEventListener("input", function() end)"#)?.fix,
                       "did you mean `on`? `addEventListener` is the web's method " + fix)
        // A misspelling is still told the nearest method.
        XCTAssertEqual(try only(#"self.done:onn("valueChanged", function() end)"#)?.fix, "did you mean `on`?")
    }

    /// A UIKit method that sets what Behave keeps as a property
    /// (`setTitle(_:for:)`, `becomeFirstResponder()`) is told the property
    /// and how to set it, where the control's type has it; before, the fix
    /// only listed `on, once`.
    func testAUIKitSetterIsToldTheProperty() throws {
        XCTAssertEqual(try only(#"self.field:becomeFirstResponder()"#)?.description,
                       "cart.lua:8:14: error: TextField has no property or method `becomeFirstResponder`; did you mean `editing`? "
                           + "`becomeFirstResponder` is UIKit's method for it; here it is a property: `control.editing = true`")
        XCTAssertEqual(try only(#"self.done:setOn(true, false)"#)?.fix,
                       "did you mean `isOn`? `setOn` is UIKit's method for it; here it is a property: `control.isOn = true`")
        XCTAssertEqual(try only(#"self.stars[1]:setTitle("Go", "normal")"#)?.fix,
                       "did you mean `title`? `setTitle` is UIKit's method for it; here it is a property: "
                           + "`control.title = \"Go\"` (a button has one title, not one a state)")
        // A type without the property is told its methods.
        XCTAssertEqual(try only(#"self.totalLabel:setTitle("Go", "normal")"#)?.fix, "its methods: on, once")
    }

    /// `self.name` is the behaviour's name, a string: a control's method
    /// called on it was meant for an outlet, which the fix names; a
    /// string's own methods are fine.
    func testTheBehavioursNameIsNoControl() throws {
        XCTAssertEqual(try only(#"self.name:on("touchUpInside", function() end)"#)?.description,
                       "cart.lua:8:13: error: `self.name` is the behaviour's name, a string, not a control: a string has no method `on`; "
                           + "a control is `self.<outlet>`, as the behaviour declares them: "
                           + "`self.done`, `self.field`, `self.quantity`, `self.slider`, `self.totalLabel`")
        XCTAssertEqual(try lint(#"print(self.name:upper(), self.name:format())"#).map(\.description), [])
    }

    func testAHandlersControlIsKnown() throws {
        let finding = try only(#"self.slider:on("valueChanged", function(slider) if slider.value > "8" then print("loud") end end)"#)
        XCTAssertEqual(finding?.code, "type-mismatch")
        XCTAssertEqual(finding?.fix, "compare values of one type: `slider.value > 8`")
        XCTAssertEqual(try only(#"self.slider:on("valueChanged", function(slider) print(slider.valeu) end)"#)?.fix, "did you mean `value`?")
    }

    func testALiteralOfTheWrongTypeSetOnAProperty() throws {
        XCTAssertEqual(try only(#"self.slider.maximumValue = "10""#)?.description,
                       #"cart.lua:8:30: error: `self.slider.maximumValue` takes a number, not string "10"; write the number without quotes: `10`"#)
        XCTAssertEqual(try only(#"self.done.on = "true""#)?.fix, "write `true` without quotes")
        XCTAssertEqual(try only(#"self.totalLabel.alpha = 1.5"#)?.message, "`self.totalLabel.alpha` must be at most 1, not 1.5 (range 0…1)")
        XCTAssertEqual(try only(#"self.field.keyboardType = "numbers""#)?.code, "property-value")
        XCTAssertEqual(try only(#"self.totalLabel.textColor = "redd""#)?.code, "property-value")
        // Through a local that holds the control.
        XCTAssertEqual(try only(#"local slider = self.slider slider.maximumValue = "10""#)?.code, "property-value")
    }

    /// A string's escapes read as Lua reads them (`\x55` is `U`): `behave
    /// check` refused `"touch\x55pInside"` as an event a stepper never sends
    /// and `"\u{23}FF0000"` as no colour, where `behave run` took both, and
    /// named a number's mistake with the escapes cut (`"x41"`).
    func testAStringsEscapesAreReadAsLuaReadsThem() throws {
        XCTAssertEqual(try lint(#"self.quantity:on("value\x43hanged", function() end)"#).map(\.description), [])
        XCTAssertEqual(try lint(#"self.totalLabel.textColor = "\u{23}FF0000" self.totalLabel.text = "a\z   b\65\t""#).map(\.description), [])
        XCTAssertEqual(try only(#"self.slider.maximumValue = "\x31\0480""#)?.message,
                       #"`self.slider.maximumValue` takes a number, not string "100""#)
    }

    /// A hexadecimal integer wraps around as Lua's does: `0x10000000000000000`
    /// is 0 (it was refused as 1.8e19, where `behave run` set 0), and
    /// `0xffffffffffffffff` is -1.
    func testAHexadecimalIntegerWrapsAroundAsInLua() throws {
        XCTAssertEqual(try lint("self.totalLabel.alpha = 0x10000000000000000").map(\.description), [])
        XCTAssertEqual(try only("self.totalLabel.alpha = 0xffffffffffffffff")?.message,
                       "`self.totalLabel.alpha` must be at least 0, not -1 (range 0…1)")
        XCTAssertEqual(try lint("self.totalLabel.alpha = 0x0.8 self.totalLabel.alpha = 0x1p-1").map(\.description), [])
    }

    func testANumberGivenAsTextIsAWarning() throws {
        let finding = try only("self.totalLabel.text = 5")
        XCTAssertEqual(finding?.description,
                       #"cart.lua:8:26: warning: `self.totalLabel.text` is text: a number given to it becomes text (1/3 shows as 0.333333) and reads back as a string, not a number; give it text: a string, `tostring(n)`, or `string.format("%.2f", n)` for a set number of decimals"#)
        XCTAssertEqual(try only("self.totalLabel.text = self.quantity.value * 2")?.code, "number-as-text")
        XCTAssertEqual(try only("self.field.text = self.slider.value")?.code, "number-as-text")
    }

    /// `self.done.enabled = #self.field.text`: a value whose type no
    /// metamethod changes, of a type the property refuses whatever its
    /// value; `check` said ok and the line failed when it ran.
    func testAValueOfATypeThePropertyRefusesIsAnError() throws {
        XCTAssertEqual(try only("self.done.enabled = #self.field.text")?.description,
                       "cart.lua:8:23: error: `self.done.enabled` takes a bool (true or false), not a number (`#self.field.text`); "
                       + "give it a comparison, as `#self.field.text > 0`")
        XCTAssertEqual(try only("self.done.isOn = tostring(self.slider.value)")?.message,
                       "`self.done.isOn` takes a bool (true or false), not a string")
        XCTAssertEqual(try only("self.slider.value = self.quantity.value > 2")?.message,
                       "`self.slider.value` takes a number, not a boolean")
        XCTAssertEqual(try only("self.totalLabel.text = not self.done.isOn")?.code, "property-value")
        // What a metamethod could make of another type, or a right type, draws nothing.
        for line in ["local t = {} self.done.enabled = #t", "self.done.enabled = #self.field.text > 0",
                     "self.slider.value = #self.field.text", "self.done.enabled = (self.slider.value == 1)",
                     "self.done.enabled = self.quantity.value and true", "local tostring = function() return true end self.done.isOn = tostring(1)"] {
            XCTAssertEqual(try lint(line).map(\.description), [], line)
        }
    }

    func testAnOutletCollectionIndexedAtZero() throws {
        XCTAssertEqual(try only(#"self.stars[0].title = "★""#)?.description,
                       "cart.lua:8:3: error: `self.stars[0]` is nil: an outlet collection is numbered from 1, as Lua lists are; the first is `self.stars[1]`; to go through them all, write `for i, control in ipairs(self.stars) do … end`")
        // Its items are known to be buttons.
        XCTAssertEqual(try only(#"self.stars[1].titel = "★""#)?.fix, "did you mean `title`?")
        // Past its size, when a scene tells it.
        XCTAssertEqual(try only(#"self.stars[6].title = "★""#, sizes: ["stars": 5])?.description,
                       "cart.lua:8:3: error: `self.stars[6]` is nil: the outlet collection `stars` holds 5 controls, numbered from 1 to 5; use an index from 1 to 5, or `for i, control in ipairs(self.stars) do … end`")
        XCTAssertEqual(try lint(#"self.stars[5].title = "★""#, sizes: ["stars": 5]).map(\.description), [])
    }

    /// What is right, or cannot be told, draws nothing.
    func testNoFalseAlarms() throws {
        for line in [
            #"if self.quantity.value ~= 0 then self.totalLabel.text = "" .. self.quantity.value end"#,
            #"self.totalLabel.text = tostring(self.quantity.value * 2)"#,
            #"self.totalLabel.text = "5" self.totalLabel.textColor = "red" self.slider.maximumValue = 10"#,
            #"local value = self.slider.value value = "8" if value > "7" then print(value) end"#,
            #"local value = self.slider.value if value > 8 and value ~= nil then print(value) end"#,
            #"if self.stars[1].title == "★" then print(#self.stars) end"#,
            #"local i = 0 self.stars[i + 1].title = "★""#,
            #"print(self.quantity.type, self.quantity:once("valueChanged", function() end))"#,
            #"self.slider:on("valueChanged", function(slider, value) print(value > "8") end)"#,
        ] {
            XCTAssertEqual(try lint(line).map(\.description), [], line)
        }
    }
}

/// A name nothing defines, and `self` outside a method: one sentence for
/// the linter and the runtime (`ScriptAdvice`).
final class LinterNameTests: XCTestCase {
    func testATypoGetsTheLocalItMeant() throws {
        let script = try text("cart_typo.lua")
        XCTAssertEqual(ScriptLinter.lint(script, file: "cart.lua").map(\.description),
                       ["cart.lua:5:11: error: `totl` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `total`?"])
    }

    func testSelfInALocalFunction() throws {
        let script = try text("cart_self_in_local_function.lua")
        let finding = ScriptLinter.lint(script, file: "cart.lua").first
        XCTAssertEqual(finding.map { ScriptAdvice($0.message, fix: $0.fix) }, ScriptAdvice.selfOutsideMethod(className: "Cart"))
        XCTAssertEqual(finding?.position, SourcePosition(line: 4, column: 3))
    }

    /// A method written without its class (`function refresh()`) reads
    /// `self` on many lines: one mistake, said once at its first use; each
    /// other function that reads `self` gets its own.
    func testSelfOutsideAMethodIsSaidOnceAFunction() throws {
        let script = try text("like_self_outside_method.lua")
        let selves = ScriptLinter.lint(script, file: "like.lua").filter { $0.message.hasPrefix("`self` is not defined here") }
        XCTAssertEqual(selves.map(\.position), [SourcePosition(line: 4, column: 3), SourcePosition(line: 8, column: 24)])
    }
}

/// A missing `end` is reported at the innermost block left open, told by
/// the indentation, where adding `end` puts the code right.
final class MissingEndTests: XCTestCase {
    static func countdown() throws -> String {
        try text("countdown.lua")
    }

    func lint(removingLine line: Int) throws -> [String] {
        var lines = try MissingEndTests.countdown().split(separator: "\n", omittingEmptySubsequences: false)
        lines.remove(at: line - 1)
        return ScriptLinter.lint(lines.joined(separator: "\n"), file: "countdown.lua").map(\.description)
    }

    func testTheWhileThatLacksItsEnd() throws {
        XCTAssertEqual(try lint(removingLine: 12), [
            "countdown.lua:5:3: error: the `while` on line 5 has no `end`: the `end` on line 13, indented as the `function` of line 3, closes it instead, so that `function` is left open; add `end` for the `while` of line 5 before line 12, indented as the `while`",
        ])
    }

    /// Lines end as Lua ends them (LF, CR, CR LF, LF CR): with CR line
    /// ends the first comment ran to the end of the file, so `behave
    /// check` said ok to every mistake, and the lines it named were not
    /// Lua's.
    func testLinesEndAsInLua() throws {
        var lines = try MissingEndTests.countdown().split(separator: "\n", omittingEmptySubsequences: false)
        lines.remove(at: 11)
        for end in ["\r", "\r\n", "\n\r"] {
            let source = "-- Counts down.\n" + lines.joined(separator: "\n")
            XCTAssertEqual(ScriptLinter.lint(source.replacingOccurrences(of: "\n", with: end), file: "countdown.lua").map(\.description), [
                "countdown.lua:6:3: error: the `while` on line 6 has no `end`: the `end` on line 14, indented as the `function` of line 4, closes it instead, so that `function` is left open; add `end` for the `while` of line 6 before line 13, indented as the `while`",
            ], end.debugDescription)
        }
    }

    func testTheIfThatLacksItsEnd() throws {
        // The `while`'s `end` closes the `if`, the function's the `while`.
        XCTAssertEqual(try lint(removingLine: 9), [
            "countdown.lua:7:5: error: the `if` on line 7 has no `end`: the `end` on line 11, indented as the `while` of line 5, closes it instead, and the `function` of line 3 is left open; add `end` for the `if` of line 7 before line 9, indented as the `if`",
        ])
    }

    func testTheOutermostWhenItIsTheOneThatLacksIt() throws {
        XCTAssertEqual(try lint(removingLine: 14), [
            "countdown.lua:16:1: error: found the end of the file where `end` was expected to close the `function` on line 3; add `end` where the `function` of line 3 should end",
        ])
    }

    func testWithoutIndentationTheParserSaysWhatLuaSays() throws {
        let flat = try MissingEndTests.countdown().split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }.enumerated().filter { $0.offset != 11 }.map(\.element).joined(separator: "\n")
        XCTAssertEqual(ScriptLinter.lint(flat, file: "countdown.lua").map(\.code), ["syntax"])
        XCTAssertEqual(ScriptLinter.lint(flat, file: "countdown.lua").first?.position.line, 16)
    }

    /// `it("x", function() … end` with the `)` forgotten: said at that
    /// `end`, where the `)` goes, not at the next line where Lua stops.
    func testTheCallWhoseFunctionEndsWithoutItsParenthesis() throws {
        let spec = try text("unclosed_call.lua")
        XCTAssertEqual(ScriptLinter.lint(spec, file: "like_spec.lua").map(\.description), [
            "like_spec.lua:4:3: error: this `end` closes the `function` of line 2, passed to the call whose `(` opens on line 2, and that `(` is never closed; write `end)` here to close the call",
        ])
    }
}

/// The text of Lint/`name`, a script these tests lint.
private func text(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lint")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}
