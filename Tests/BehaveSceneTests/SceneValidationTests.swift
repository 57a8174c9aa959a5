import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

final class SceneValidationTests: XCTestCase {
    /// The scene files these tests check, in Validation/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Validation")

    /// The path of Validation/`name`.
    private func fixture(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    /// The text of Validation/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testTenMistakesAreAllReportedWithTheirLines() {
        let file = example("Mistakes/ten_mistakes.scene.yaml")
        let diagnostics = SceneLoader.check(file: file)
        // The script's own path is shown relative to the working directory.
        let found = diagnostics.map { diagnostic in
            let message = diagnostic.message.hasSuffix("broken.lua:9:1: error: found `end` where a value was expected; write the value that belongs here, or remove the operator or `,` before it")
                ? "behaviour `broken`: BROKEN" : diagnostic.message
            return "\(diagnostic.line ?? 0): \(message)"
        }
        XCTAssertEqual(found, [
            "7: control `send`: unknown control type `Buton` (did you mean `Button`?)",
            "8: control `greeting`: Label has no property `txt` (did you mean `text`?)",
            "9: control `volume`: alpha must be at most 1, not 1.5 (range 0…1)",
            "10: control `wifi`: on takes true or false, not `maybe`",
            "11: control `badge`: no control named `contianer` to be its parent (did you mean `container`?)",
            "18: behaviour `toggle`: outlet `button` of ToggleButton takes a Button, but `greeting` is a Label",
            "20: behaviour `toggle`: ToggleButton has no inspectable `duraton` (did you mean `duration`?)",
            "23: behaviour `other`: ToggleButton has no outlet `buton` (did you mean `button`?)",
            "25: behaviour `broken`: BROKEN",
            "27: connection: no control or behaviour named `scren` (did you mean `screen`?)",
        ])
        XCTAssertTrue(diagnostics.allSatisfy { $0.file == file })
        XCTAssertThrowsError(try SceneLoader.load(file: file)) { error in
            let lines = "\(error)".split(separator: "\n")
            XCTAssertEqual(lines.count, 10)
            XCTAssertEqual(lines.first, "\(file):7: control `send`: unknown control type `Buton` (did you mean `Button`?)")
        }
    }

    /// GTK's, UIKit's and the web's names for events are told Behave's: in a
    /// connection, as a script connects, and when a command sends one.
    func testAnotherToolkitsEventNameIsToldBehavesWord() throws {
        XCTAssertEqual(try mistakes(text("events.scene.yaml")), [
            "6: connection: `order` has no event `clicked` (did you mean `touchUpInside`? `clicked` is GTK's name for it); its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel",
            "7: connection: `decaf` has no event `toggled` (did you mean `valueChanged`? `toggled` is GTK's name for it); its events: valueChanged",
            "8: connection: `note` has no event `changed` (did you mean `editingChanged`? `changed` is GTK's name for it); its events: editingDidBegin, editingChanged, editingDidEnd, editingDidEndOnExit",
            "9: connection: `note` has no event `blur` (did you mean `editingDidEnd`? `blur` is the web's name for it); its events: editingDidBegin, editingChanged, editingDidEnd, editingDidEndOnExit",
            "10: connection: `order` has no event `primaryActionTriggered` (did you mean `touchUpInside`? `primaryActionTriggered` is UIKit's name for it); its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel",
            // Not the nearest spelling (`touchUpOutside`, a lift), but the drag
            // Behave has, with how the two differ.
            "11: connection: `order` has no event `touchDragOutside` (did you mean `touchDragExit`? `touchDragOutside` is UIKit's name for each move of a finger outside the control; Behave's finger only crosses the edge, once as it slides off); its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel",
            "12: connection: `order` has no event `touchDragInside` (did you mean `touchDragEnter`? `touchDragInside` is UIKit's name for each move of a finger on the control; Behave's finger only crosses the edge, once as it slides back on); its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel",
        ])
        let loaded = try SceneLoader.load(file: fixture("ToolkitEvent/probe.scene.yaml"), limits: .default)
        XCTAssertTrue(loaded.scene.messages.contains { $0.contains(
            "probe.lua:2: Switch `decaf` has no event `notify::active` (did you mean `valueChanged`? `notify::active` is GTK's name for it)") },
                      "\(loaded.scene.messages)")
        XCTAssertThrowsError(try loaded.scene.run("send decaf state-set")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "`decaf` has no event `state-set` (did you mean `valueChanged`? `state-set` is GTK's name for it); its events: valueChanged")
        }
    }

    /// GTK's, UIKit's and the web's names for properties are told
    /// Behave's, an opposite said as one: in a scene file, as a script
    /// sets one, and in a command; and a command by another toolkit's verb.
    func testAnotherToolkitsPropertyNameIsToldBehavesName() throws {
        XCTAssertEqual(try mistakes(text("properties.scene.yaml")), [
            "2: control `order`: Button has no property `label` (did you mean `title`? `label` is GTK's name for it)",
            "3: control `decaf`: Switch has no property `active` (did you mean `isOn`? `active` is GTK's name for it)",
            "3: control `decaf`: Switch has no property `sensitive` (did you mean `enabled`? `sensitive` is GTK's name for it)",
            "4: control `note`: TextField has no property `placeholder-text` (did you mean `placeholder`? `placeholder-text` is GTK's name for it)",
            "4: control `note`: TextField has no property `visible` (did you mean `hidden`? `visible` is GTK's name for its opposite: hidden = not visible)",
            "5: control `shots`: Stepper has no property `lower` (did you mean `minimumValue`? `lower` is GTK's name for it)",
            "5: control `shots`: Stepper has no property `upper` (did you mean `maximumValue`? `upper` is GTK's name for it)",
            // A view a person only reads has no `enabled`: the next name.
            "6: control `caption`: Label has no property `sensitive` (did you mean `userInteractionEnabled`? `sensitive` is GTK's name for it)",
        ])
        let loaded = try SceneLoader.load(file: fixture("ToolkitProperty/probe.scene.yaml"), limits: .default)
        XCTAssertTrue(loaded.scene.messages.contains { $0.contains(
            "probe.lua:2: Button has no property `sensitive` (did you mean `enabled`? `sensitive` is GTK's name for it) (on `order`)") },
                      "\(loaded.scene.messages)")
        XCTAssertThrowsError(try loaded.scene.run("set order.disabled true")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "Button has no property `disabled` (did you mean `enabled`? `disabled` is the web's name for its opposite: enabled = not disabled)")
        }
        // A command by the web's verb for it.
        XCTAssertThrowsError(try loaded.scene.run("click order")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "unknown command `click` (did you mean `tap`? `click` is the web's word for it); type `help` for the list")
        }
    }

    /// Roblox's and the web's events read as a control's field
    /// (`button.Activated:Connect(fn)`, `field.onchange = fn`) are told
    /// how Behave hears an event, in a script, a scene file and a command.
    func testAnotherEnginesEventFieldIsToldHowToHearIt() throws {
        let loaded = try SceneLoader.load(file: fixture("EngineEvent/probe.scene.yaml"), limits: .default)
        XCTAssertTrue(loaded.scene.messages.contains { $0.contains(
            "probe.lua:2: Button has no property or method `MouseButton1Click` (`MouseButton1Click` is Roblox's event, not a property; Behave's is `touchUpInside`, heard with `:on(\"touchUpInside\", function(control) … end)`) (on `order`)") },
                      "\(loaded.scene.messages)")
        XCTAssertThrowsError(try loaded.scene.run("set note.onchange x")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "TextField has no property `onchange` (`onchange` is the web's event, not a property; Behave's is `editingChanged`, heard with `:on(\"editingChanged\", function(control) … end)`)")
        }
    }

    func testBadYAMLNamesYamsLine() throws {
        let lines = try mistakes(text("unclosed_flow.scene.yaml"))
        XCTAssertEqual(lines, ["4: bad YAML: did not find expected ',' or '}' (while parsing a flow mapping at line 3); end the `{ … }` that line 3 opens with `}`, put a comma between its entries, and quote a value that holds `: ` or `,`"])
        XCTAssertEqual(try mistakes("controls:\n\tbutton: Button\n").first?.prefix(3), "2: ")
        XCTAssertEqual(try mistakes("# nothing\n"), ["1: the scene is empty; it needs at least `controls:` or `behaviours:`"])
    }

    /// libyaml says what it met; the message goes on to say what to change,
    /// read from the lines it names.
    func testBadYAMLSaysTheFix() throws {
        func fix(_ yaml: String) throws -> String? {
            guard let line = try mistakes(yaml).first, let found = line.range(of: "; ") else { return nil }
            return String(line[found.upperBound...])
        }
        XCTAssertEqual(try fix("controls:\n\tbutton: { type: Button }\n"),
                       "YAML indents with spaces, never tabs: replace the tabs at the start of line 2 with spaces")
        XCTAssertEqual(try fix(text("over_indented.scene.yaml")), "line 4 is indented more than line 3, whose key already has its value; indent it as line 3 is, or nest it under a key that ends with `:`")
        XCTAssertEqual(try fix("controls:\n  b:\n    type: Button\n    title: Note: read me\n"),
                       "quote a value that holds `: ` (`title: \"Note: read me\"`)")
        XCTAssertEqual(try fix("controls:\n  a: { type: Button }\n # a comment\n b: { type: Label }\n"),
                       "line 4 starts 1 space in, which lines it up with no key above it; indent it as the keys it goes with (line 2 starts 2 spaces in)")
        XCTAssertEqual(try fix("controls:\n  a: { type: Button, title: \"Like }\n  b: { type: Label }\n"),
                       "close the quote that line 2 opens")
        XCTAssertEqual(try fix("connections: [a.touchUpInside -> b.c\nx: 1\n"),
                       "end the `[ … ]` that line 1 opens with `]`, put a comma between its entries, and quote a value that holds `: ` or `,`")
    }

    /// YAML reads a key of at most 1,024 characters: past that libyaml
    /// reads no key and its words pointed at a value with `: ` or an
    /// unclosed `{`. The message says the key is too long, at its line;
    /// a key of 1,024 is read.
    func testAnOverlongKeyIsSaidToBeTooLong() throws {
        let key = String(repeating: "a", count: 1025)
        let tooLong = "bad YAML: a key on this line is 1025 characters long, and a key may have at most 1024; shorten the key (a scene's names are short: `likeButton`)"
        XCTAssertEqual(try mistakes("controls:\n  \(key): { type: Label }\n"), ["2: " + tooLong])
        XCTAssertEqual(try mistakes("controls:\n  b: { type: Label, \(key): 1 }\n"), ["2: " + tooLong])
        XCTAssertEqual(try mistakes("controls:\n  \"\(key)\": Label\n"),
                       ["2: bad YAML: a key on this line is 1027 characters long with its quotes, and a key may have at most 1024; shorten the key (a scene's names are short: `likeButton`)"])
        let read = try mistakes("controls:\n  b: { type: Label, \(key.dropLast()): 1 }\n")
        XCTAssertEqual(read.count, 1)
        XCTAssertTrue(read.first?.hasPrefix("2: control `b`: Label has no property `aaaa") ?? false, "\(read)")
    }

    /// A YAML tag that says no more than the node is (`!!str`, `!!map`,
    /// `!!seq`) is honoured, `!!str` making a value text; any other
    /// (`!!binary`, `!!int`, a tag of one's own) is refused at its line
    /// with the fix, where it was dropped unsaid and the value read
    /// without it (base64 text as an image's name).
    func testAYAMLTagBehaveDoesNotReadIsRefusedAtItsLine() throws {
        XCTAssertEqual(try mistakes(text("tags.scene.yaml")), [
            "5: control `b` must be a mapping such as { type: Button, title: \"OK\" }, not a list",
            "8: the YAML tag `!!binary` on a value is not one Behave reads; remove it and give the data a file of its own, which the scene names (an image by its name)",
            "10: the YAML tag `!!int` on a value is not one Behave reads; remove it: the scene gives each value its type (`!!str` may stay, to make a value text)",
            "11: the YAML tag `!gadget` on a mapping is not one Behave reads; remove it: the scene gives each value its type (`!!str` may stay, to make a value text)",
        ])
    }

    func testDuplicateKeysAndSharedNames() throws {
        let lines = try mistakes(text("duplicates.scene.yaml"))
        XCTAssertEqual(lines, [
            "2: duplicate key `title` in control `button` (first at line 2); names must be unique",
            "3: duplicate key `button` in `controls` (first at line 2); names must be unique",
            "6: `probe` names both a control (line 4) and a behaviour; names must be unique",
            "10: duplicate key `connections` in the scene (first at line 9); names must be unique",
        ])
    }

    func testSchemaMistakes() throws {
        let lines = try mistakes(text("schema.scene.yaml"))
        XCTAssertEqual(lines, [
            "1: `screen` (the screen's title) must be text, not a list",
            "4: `screen` cannot name a control: it is reserved for the screen",
            "5: `two words` cannot name a control: use letters, digits, `_` and `-`",
            "6: control `noType` needs a `type` (\(ControlTypes.names.sorted().joined(separator: ", ")))",
            "7: control `list` must be a mapping such as { type: Button, title: \"OK\" }, not a list",
            "9: behaviour `none` needs a `script` (e.g. `script: toggle.lua`) or `type: Multiplexer`",
            "10: behaviour `both` has both `script` and `type`; give a script, or `type: Multiplexer`",
            "11: behaviour `other`: unknown behaviour type `Mux`; the built-in type is Multiplexer, other behaviours are scripts (`script: name.lua`)",
            "12: behaviour `file`: unknown behaviour type `toggle.lua` (a script is given with `script: toggle.lua`); the built-in type is Multiplexer, other behaviours are scripts (`script: name.lua`)",
            "13: behaviour `empty`: a Multiplexer needs `targets: [a, b]`, the behaviours it forwards delegate messages to",
            "14: behaviour `extra` has no key `outlet` (did you mean `outlets`?); keys: script, type, owner, outlets, outletCollections, inspectables, targets",
            "15: a scene has no key `conections` (did you mean `connections`?); keys: screen, controls, behaviours, connections, platform, images, ui",
        ])
    }

    func testParentsOwnersAndDelegates() throws {
        let lines = try mistakes(text("parents.scene.yaml"))
        XCTAssertEqual(lines, [
            "2: controls are each other's parents: a → b → a",
            "4: control `c` cannot be its own parent",
            "5: control `d`: a Button sends no delegate messages; ScrollView and TextField have a `delegate`",
            "6: control `e`: behaviour `toggle` has none of the ScrollView's delegate methods (scrollViewDidScroll); a delegate answers with a method of that name",
            "7: control `f`: `d` is a control; a delegate is a behaviour (a script's or a Multiplexer)",
            "11: behaviour `toggle`: no control named `buton` to own it (did you mean `button`?)",
            "12: behaviour `mux`: `toggle` is a behaviour; an owner is `screen` or a control",
            "12: behaviour `mux`: target `toggle` has no delegate method to forward (scrollViewDidScroll)",
            "12: behaviour `mux`: `button` is a control; a target is a behaviour (a script's or a Multiplexer)",
            "12: behaviour `mux`: no behaviour named `nope` to be its target",
            "12: behaviour `mux`: a Multiplexer cannot be its own target",
        ])
    }

    /// A point, a size or a rect takes exactly its numbers, as a list or
    /// as its fields: an extra number or field is refused at its line,
    /// with the form to write. A field it has not was dropped unsaid
    /// (`depth: 5` gave a 10×10 frame), and the list's refusal had no fix.
    func testAFixedSizeValueWithAnExtraItemIsRefusedWithItsForm() throws {
        XCTAssertEqual(try mistakes(text("extra_items.scene.yaml")), [
            "4: control `a`: frame takes a rect (x, y, width, height), not a list of 5 numbers; write its 4 numbers in this order: `[x, y, width, height]`",
            "7: control `b`: frame takes a rect (x, y, width, height), which has no field `depth`; write only its fields, `{x: …, y: …, width: …, height: …}`",
            "10: control `page`: contentOffset takes a point (x, y), not a list of 3 numbers; write its 2 numbers in this order: `[x, y]`",
            "11: control `page`: contentSize takes a size (width, height), which has no field `widht` (did you mean `width`?); write only its fields, `{width: …, height: …}`",
            "12: control `c`: frame takes a rect (x, y, width, height), not a list of 5 numbers; write its 4 numbers in this order: `[x, y, width, height]`",
        ])
    }

    func testOutletsAndInspectables() throws {
        let lines = try mistakes(text("outlets.scene.yaml"), scripts: ["probe.lua": probeScript()])
        XCTAssertEqual(lines.dropLast(), [
            "8: behaviour `probe`: no control named `lable` for outlet `button` (did you mean `label`?)",
            "8: behaviour `probe`: Probe has no outlet `label`; its outlets: button",
            "9: behaviour `probe`: `button` is a single outlet; set it under `outlets`",
            "10: behaviour `probe`: label takes a string, not a list of 2 numbers",
            "10: behaviour `probe`: Probe has no inspectable `size`; its inspectables: label",
        ])
        XCTAssertTrue(lines.last?.hasPrefix("11: behaviour `missing`: no script `nothere.lua` next to the scene (") ?? false)
        XCTAssertTrue(lines.last?.hasSuffix(") or in the bundled Scripts/") ?? false)
    }

    func testConnectionMistakes() throws {
        let lines = try mistakes(text("connections.scene.yaml"), scripts: ["probe.lua": probeScript(), "scroller.lua": scrollScript("Scroller")])
        XCTAssertEqual(lines, [
            "9: connection: `button` has no event `touchUpInsde` (did you mean `touchUpInside`?); its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel",
            "10: connection: behaviour `probe` (Probe) has no action `pingg` (did you mean `ping`?); its actions: keyboardShown, ping, pong, question",
            "11: connection: `button` is a control; controls perform no actions: connect to a behaviour's action or to `screen.tap`",
            "12: connection: `page` has no event `scrollViewDidScroll`; scrollViewDidScroll is a delegate message: set `delegate:` on `page` to a behaviour that has it",
            "13: connection: the screen sends no events; it receives actions (`… -> screen.action`)",
            "14: connection: behaviour `mux` (Multiplexer) has no action `ping`; it has no actions: an action is a method of its script, "
                + "as `function Multiplexer:ping(sender) … end`, named without a leading `_` "
                + "and neither a lifecycle method (awake, changed, destroy) nor a delegate method",
            "15: connection: behaviour `probe` (Probe) has no action `awake`; awake is a lifecycle method, called by the runtime",
            "16: connection: the keyboard performs no actions",
            "17: connection: no control or behaviour named `nobody`; the scene's controls and behaviours: button, page, probe, mux, scroller",
            "18: connection `probe.valueChanged`: write `source.event -> target.action` (e.g. `button.touchUpInside -> toggle.toggle`)",
            "19: a connection is written `source.event -> target.action`, not a mapping",
        ])
    }

    func testScriptThatFailsAtItsTopLevelIsReportedWithBothLines() throws {
        let lines = SceneLoader.check(file: fixture("TopLevel/bad.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("3: behaviour `bad`: "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("bad.lua:1: outlet `b`: unknown control type `Buton` (did you mean `Button`?)"), lines[0])
    }

    /// Someone who draws in GTK names a widget's class as the control's
    /// type: told the type it means, which no spelling distance finds.
    func testGTKClassAsControlTypeIsToldTheTypeItMeans() {
        let lines = SceneLoader.check(file: fixture("gtk_classes.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }
        XCTAssertEqual(lines, [
            "2: control `name`: unknown control type `GtkEntry` (did you mean `TextField`? `GtkEntry` is GTK's class for it)",
            "3: control `count`: unknown control type `GtkLabel` (did you mean `Label`? `GtkLabel` is GTK's class for it)",
            "4: control `bold`: unknown control type `GtkToggleButton` (did you mean `Switch`? `GtkToggleButton` is GTK's class for it)",
        ])
    }

    func testNothingWakesWhenAnythingIsWrong() throws {
        // A good behaviour next to a mistake: the scene is refused whole.
        XCTAssertThrowsError(try SceneLoader.load(file: fixture("refused_whole.scene.yaml"))) { error in
            XCTAssertEqual((error as? SceneLoadError)?.diagnostics.map(\.line), [3])
        }
    }

    func testHostileYAMLIsRefusedWithoutCrashing() throws {
        let deep = "controls: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(try mistakes(deep), ["1: the scene nests more than 200 levels deep"])
        var laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            let name = String(UnicodeScalar(UInt8(97 + level))), previous = String(UnicodeScalar(UInt8(96 + level)))
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        XCTAssertEqual(try mistakes(laughs + "controls: *i\n"),
                       ["6: the scene has more than 1000000 values once its aliases are expanded (each alias counts every value it repeats); a scene may hold at most 1000000"])
    }
}
