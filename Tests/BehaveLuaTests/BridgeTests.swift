import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// The scripts of this file's tests, in Bridge/.
private let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Bridge")

/// The text of Bridge/`file`.
private func source(_ file: String) throws -> String {
    try String(contentsOf: scripts.appendingPathComponent(file), encoding: .utf8)
}

final class BridgeTests: XCTestCase {
    // MARK: Errors, Lua to Swift

    func testAHandlerErrorIsReportedWithFileLineTracebackAndContext() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        try test.behaviour("probe", source: source("handler_error.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()
        let entry = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .error })
        XCTAssertTrue(entry.message.contains("probe.lua:6: boom"), entry.message)
        XCTAssertTrue(entry.message.contains("stack traceback:"), entry.message)
        XCTAssertTrue(entry.message.contains("in touchUpInside handler of button"), entry.message)
        XCTAssertEqual(test.scene.behaviour(named: "probe")?.errorCount, 1)
    }

    /// An error in a lifecycle method names the behaviour that ran it, each
    /// instance of one script its own.
    func testALifecycleErrorNamesItsBehaviour() throws {
        let test = try TestScene()
        let shared = try source("lifecycle_error.lua")
        let first = try test.behaviour("first", source: shared, file: "probe.lua")
        let second = try test.behaviour("second", source: shared, file: "probe.lua")
        try second.setInspectable("speed", to: .number(2))
        try first.setInspectable("speed", to: .number(3))
        second.tearDown()
        first.tearDown()
        let contexts = test.errors.map { message in
            ["awake", "changed", "destroy"].flatMap { method in
                ["first", "second"].filter { message.contains("(in \(method) of \($0))") }.map { "\(method) \($0)" }
            }
        }
        XCTAssertEqual(contexts, [["awake first"], ["awake second"], ["changed second"], ["changed first"],
                                  ["destroy second"], ["destroy first"]], test.errors.joined(separator: "\n"))
    }

    /// `self.owner` is the control that owns the behaviour, and nil while
    /// the screen owns it, however often the owner changes.
    /// A control is one value in a scene's Lua wherever a script reaches
    /// it: two outlets set to it, a handler's sender, another behaviour's
    /// outlet (the userdata made at its first push is found again).
    func testAControlIsOneValueThroughEveryOutletAndSender() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source("control_through_outlets.lua"), outlets: ["a": button, "b": button])
        let other = try test.behaviour("other", source: source("control_through_sender.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.field("same", of: probe), .bool(true))
        XCTAssertEqual(test.field("sender", of: probe), .bool(true))
        XCTAssertEqual(test.field("sender", of: other), .bool(true))
        XCTAssertEqual(test.errors, [])
    }

    func testSelfOwnerFollowsTheOwner() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let card = test.control(View.self, "card")
        let probe = try test.behaviour("probe", source: source("owner_follows.lua"), outlets: ["button": button])
        button.tap()
        probe.owner = card
        button.tap()
        probe.owner = test.scene.screen
        button.tap()
        probe.owner = card
        button.tap()
        XCTAssertEqual(test.field("seen", of: probe), .string("none card none card "))
    }

    // MARK: Errors, Swift to Lua

    func testAHostErrorIsALuaErrorAtTheScriptLineThatScriptsCanCatch() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source("host_error_caught.lua"), file: "probe.lua", outlets: ["button": button])
        XCTAssertEqual(test.field("ok", of: probe), .bool(false))
        guard case .string(let message)? = test.field("caught", of: probe) else { return XCTFail("no message") }
        XCTAssertTrue(message.hasPrefix("probe.lua:4: "), message)
        XCTAssertTrue(message.contains("alpha must be at most 1"), message)
        XCTAssertEqual(button.alpha, 1, "a refused set changes nothing")
        XCTAssertEqual(test.scene.errorCount, 0)
    }

    /// Host errors unwind Swift normally: a thousand of them leak nothing.
    func testAThousandHostErrorsLeakNoSwiftObject() throws {
        let test = try TestScene()
        weak var weakButton: Button?
        do {
            let button = test.control(Button.self, "button")
            weakButton = button
            try test.behaviour("probe", source: source("thousand_host_errors.lua"), outlets: ["button": button])
            button.removeFromParent()
        }
        XCTAssertNil(weakButton, "an error raised across a Swift frame would have leaked the button")
        XCTAssertEqual(test.scene.errorCount, 0)
    }

    func testAFailingBehaviourLeavesItsNeighbourRunning() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        try test.behaviour("broken", source: source("broken.lua"), outlets: ["button": button])
        let counter = try test.behaviour("counter", source: source("counter.lua"), outlets: ["button": button])
        for _ in 1...3 { button.tap() }
        XCTAssertEqual(test.field("taps", of: counter), .number(3))
        XCTAssertEqual(test.scene.errorCount, 3)
        XCTAssertTrue((test.errors.first ?? "").contains("attempt to index a nil value (local 'x')"), "\(test.errors)")
    }

    // MARK: Isolation

    func testOneBehavioursGlobalsAndLibrariesAreInvisibleToAnother() throws {
        let test = try TestScene()
        let a = try test.behaviour("a", source: source("globals_of_a.lua"))
        let b = try test.behaviour("b", source: source("globals_of_b.lua"))
        XCTAssertEqual(test.field("sawUpper", of: a), .bool(true))
        XCTAssertEqual(test.field("shared", of: b), .string("nil"))
        XCTAssertEqual(test.field("upper", of: b), .string("OK"))
        XCTAssertEqual(test.field("method", of: b), .string("OK"))
    }

    /// An environment brings its names in as they are used; it must behave
    /// as the whole table it stands for, whatever a script does to it.
    func testAnEnvironmentActsAsIfEveryGlobalWereInItFromTheStart() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: source("environment_names.lua"))
        guard case .string(let names) = test.field("names", of: probe) else {
            return XCTFail("no names: \(test.errors)")
        }
        for name in ["_G", "behaviour", "coroutine", "math", "pairs", "print", "string", "table", "utf8"] {
            XCTAssertTrue(names.split(separator: " ").contains(Substring(name)), "\(name) not in \(names)")
        }
        XCTAssertEqual(test.field("raw", of: probe), .string("function table"))
        XCTAssertEqual(test.field("meta", of: probe), .string("nil"))

        let deleting = try test.behaviour("d", source: source("environment_deleting.lua"))
        for field in ["printGone", "tostringGone", "selectGone", "sameString", "stringGone", "first"] {
            XCTAssertEqual(test.field(field, of: deleting), .bool(true), field)
        }
        XCTAssertEqual(test.field("after", of: deleting), .number(1))

        // The strict-mode idiom: a metatable on _G of the script's own.
        let strict = try test.behaviour("s", source: source("environment_strict.lua"))
        XCTAssertEqual(test.field("ok", of: strict), .bool(true))
        XCTAssertEqual(test.field("type", of: strict), .string("function"))
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
    }

    /// A field of the behaviour's own is set without the host, which still
    /// checks every declared name and notes a likely misspelling.
    func testSelfFieldsAreCheckedOnlyWhereTheDeclarationSaysSo() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: source("declared_fields.lua"),
            outlets: ["button": test.control(Button.self, "b")])
        XCTAssertEqual(test.field("toggled", of: probe), .bool(true))
        XCTAssertEqual(test.field("durration", of: probe), .number(2))
        XCTAssertEqual(test.field("okType", of: probe), .bool(true))
        XCTAssertEqual(probe.inspectable("duration"), .number(3))
        for field in ["badType", "outletSet", "nameSet"] {
            XCTAssertEqual(test.field(field, of: probe), .bool(false), field)
        }
        let notes = test.scene.trace.entries.filter { $0.kind == .note }.map(\.message)
        XCTAssertEqual(notes.filter { $0.contains("new field") }.count, 1, "\(notes)")
        XCTAssertTrue(notes.contains { $0.contains("new field `durration`; did you mean `duration`?") }, "\(notes)")
    }

    /// A declaration keeps the order the script writes its names in, also
    /// several on one line (`behave inspect` lists them so), where Lua's
    /// table keeps none and they were listed alphabetically.
    func testNamesOnOneLineKeepTheirOrder() throws {
        let declaration = try LuaScript(path: "one_line_declaration.lua", source: source("one_line_declaration.lua")).declaration()
        XCTAssertEqual(declaration.outlets.map(\.name), ["title", "field", "button"])
        XCTAssertEqual(declaration.outletCollections.map(\.name), ["stars", "hearts"])
        XCTAssertEqual(declaration.inspectables.map(\.name), ["prompt", "limit"])
    }

    /// Every `self` shares its metamethods: each still names itself, and
    /// each one's sets reach its own behaviour.
    func testInstancesOfOneScriptTellThemselvesApart() throws {
        let test = try TestScene()
        let shared = try source("instances_apart.lua")
        let p = try test.behaviour("p", source: shared, outlets: ["button": test.control(Button.self, "b")])
        let longer = try test.behaviour("longer", source: shared, outlets: ["button": test.control(Button.self, "c")])
        XCTAssertEqual(test.field("described", of: p), .string("behaviour p"))
        XCTAssertEqual(test.field("described", of: longer), .string("behaviour longer"))
        XCTAssertEqual(p.inspectable("duration"), .number(1))
        XCTAssertEqual(longer.inspectable("duration"), .number(6))
        XCTAssertEqual(test.field("outletSet", of: p),
                       .string("p.lua:5: outlet `button` is connected by the scene and cannot be assigned"))
    }

    func testMathRandomIsDeterministicPerScene() throws {
        func draws() throws -> JSON? {
            let test = try TestScene()
            let probe = try test.behaviour("p", source: source("random_draws.lua"))
            return test.field("draws", of: probe)
        }
        XCTAssertEqual(try draws(), try draws())
    }

    // MARK: Lifecycle and events

    /// The host writes a behaviour's outlets and inspectables into its own
    /// mirror, which it finds through `self`'s hidden metatable: two
    /// instances of one type each read their own, and no script reaches
    /// that metatable.
    func testTheHostWritesEachBehavioursOwnMirror() throws {
        let test = try TestScene()
        let shared = try source("own_mirror.lua")
        let first = try test.behaviour("first", source: shared, file: "probe.lua", outlets: ["button": test.control(Button.self, "one")])
        let second = try test.behaviour("second", source: shared, file: "probe.lua", outlets: ["button": test.control(Button.self, "two")])
        try second.setInspectable("speed", to: .number(2))
        try first.setInspectable("speed", to: .number(3))
        XCTAssertEqual(test.field("seen", of: first), .array([.string("Button(one)"), .string("false"), .string("3")]))
        XCTAssertEqual(test.field("seen", of: second), .array([.string("Button(two)"), .string("false"), .string("2")]))
        XCTAssertEqual(test.errors, [])
    }

    func testChangedHearsOldAndNewValuesAfterAwakeOnly() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: source("changed_values.lua"))
        try probe.setInspectable("speed", to: .number(2))
        XCTAssertEqual(test.field("log", of: probe), .array([.string("speed:1->2")]))
        XCTAssertEqual(probe.inspectable("speed"), .number(2))
    }

    func testAScriptSettingItsOwnInspectableIsChecked() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: source("own_inspectable.lua"))
        XCTAssertEqual(probe.inspectable("speed"), .number(3))
        XCTAssertEqual(test.field("ok", of: probe), .bool(false))
        guard case .string(let message)? = test.field("message", of: probe) else { return XCTFail() }
        XCTAssertTrue(message.contains("speed must be at most 5"), message)
    }

    func testWaitAfterAndCancelRunOnTheVirtualClock() throws {
        let test = try TestScene()
        let label = test.control(Label.self, "label")
        let probe = try test.behaviour("p", source: source("virtual_clock.lua"), outlets: ["label": label])
        XCTAssertEqual(label.text, "")
        test.scene.clock.advance(by: 1)
        XCTAssertEqual(label.text, "waited 1 at 1")
        test.scene.clock.advance(by: 1)
        XCTAssertEqual(label.text, "after 2")
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined())
        _ = probe
    }

    func testOnceFiresOnceAndDisconnectStops() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("once_and_disconnect.lua"), outlets: ["button": button])
        for _ in 1...4 { button.tap() }
        XCTAssertEqual(test.field("once", of: probe), .number(1))
        XCTAssertEqual(test.field("every", of: probe), .number(2))
        XCTAssertEqual(test.field("sender", of: probe), .string("button"))
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined())
    }

    /// A handler that disconnects its own connection runs to its end: its
    /// error is reported with its context, and a wait resumes it. The
    /// disconnect let go of the handler's callback while it ran (an event
    /// heard by one handler alone calls it directly), and the process died
    /// at the error or the wait.
    func testAHandlerThatDisconnectsItselfRunsToItsEnd() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let other = test.control(Button.self, "other")
        let probe = try test.behaviour("p", source: source("disconnects_itself.lua"), outlets: ["button": button, "other": other])
        for _ in 1...3 { button.tap() }
        XCTAssertEqual(test.field("taps", of: probe), .number(2))
        XCTAssertEqual(test.errors.count, 1, test.errors.joined(separator: "\n"))
        XCTAssertTrue(test.errors.first.map { $0.contains("disconnected") && $0.contains("(in touchUpInside handler of button)") } == true,
                      test.errors.joined(separator: "\n"))
        other.tap()
        other.tap()
        test.scene.clock.advance(by: 1)
        XCTAssertEqual(test.field("resumed", of: probe), .bool(true))
        XCTAssertEqual(test.errors.count, 1, test.errors.joined(separator: "\n"))
    }

    func testUnknownEventsAndPropertiesSuggestTheNearestName() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("nearest_names.lua"), outlets: ["button": button])
        guard case .string(let a)? = test.field("a", of: probe), case .string(let b)? = test.field("b", of: probe) else {
            return XCTFail()
        }
        XCTAssertTrue(a.contains("did you mean `touchUpInside`?"), a)
        XCTAssertTrue(b.contains("did you mean `title`?"), b)
    }

    func testSendActionTravelsUpTheChainAndUnhandledActionsAreRecorded() throws {
        let test = try TestScene()
        var heard: [String] = []
        test.scene.screen?.handle("saved") { sender, _ in heard.append(sender.responderName) }
        try test.behaviour("p", source: source("send_action.lua"))
        XCTAssertEqual(heard, ["p"])
        XCTAssertEqual(test.scene.actions.map(\.name), ["saved", "nobodyListens"])
        XCTAssertEqual(test.scene.actions.map(\.handledBy), ["screen", nil])
    }

    func testDelegateMessagesReachBothBehavioursThroughAMultiplexer() throws {
        let test = try TestScene()
        let scroll = test.control(ScrollView.self, "scroll")
        let header = test.control(View.self, "header")
        let title = test.control(Label.self, "title")
        let parallax = try test.behaviour("parallax", source: source("parallax.lua"), outlets: ["header": header])
        let fade = try test.behaviour("fade", source: source("fade.lua"), outlets: ["title": title])
        let multiplexer = Multiplexer(name: "mux", targets: [parallax, fade])
        test.scene.attach(multiplexer)
        scroll.delegate = multiplexer
        scroll.scroll(toY: 100)
        XCTAssertEqual(try header.value("frame"), .rect(Rect(x: 0, y: 50, width: 100, height: 50)))
        XCTAssertEqual(title.alpha, 0.5)
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined())
    }

    func testAskPresentsADialogAndReturnsTheChoice() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("ask.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.scene.presentedDialog?.options, ["Camera", "Photo Library"])
        try test.scene.choose("Photo Library")
        XCTAssertEqual(test.field("choice", of: probe), .string("Photo Library"))
        button.tap()
        try test.scene.choose("cancel")
        XCTAssertEqual(test.field("choice", of: probe), .string("cancelled"))
    }

    func testUsingAControlThatIsGoneIsACleanError() throws {
        let test = try TestScene()
        let other = test.control(Button.self, "other")
        do {
            let button = test.control(Button.self, "button")
            try test.behaviour("p", source: source("control_gone.lua"), outlets: ["button": button, "other": other])
            button.removeFromParent()
        }
        other.tap()
        XCTAssertEqual(test.scene.errorCount, 1)
        XCTAssertTrue(test.errors.first?.contains("this control no longer exists") ?? false, "\(test.errors)")
    }

    // MARK: Properties

    /// Two control types with a property of one name, each at its own
    /// place in its type: sets and reads in turn reach each control's own
    /// property (the property's place is remembered by its name and the
    /// control's type).
    func testOnePropertyNameOfTwoControlTypesReachesEachOwnProperty() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let picture = test.control(ImageView.self, "picture")
        let probe = try test.behaviour("probe", source: source("property_of_two_types.lua"),
            outlets: ["button": button, "picture": picture])
        XCTAssertEqual(button.image?.name, "b3")
        XCTAssertEqual(picture.image?.name, "p3")
        XCTAssertEqual(test.field("buttonImage", of: probe), .string("b3"))
        XCTAssertEqual(test.field("pictureImage", of: probe), .string("p3"))
        XCTAssertEqual(test.field("buttonTitle", of: probe), .string(""))
        XCTAssertEqual(test.errors, [])
    }

    /// A text set from a script (the bridge's C path) is cut at the
    /// field's maxLength, in characters, as a set from Swift is; a text of
    /// more bytes than the limit but no more characters is kept whole.
    /// Before: the script's text was kept whole.
    func testAScriptsTextIsCutAtTheFieldsMaxLength() throws {
        let test = try TestScene()
        let field = test.control(TextField.self, "field")
        try field.set("maxLength", to: .number(5))
        let probe = try test.behaviour("probe", source: source("max_length.lua"), outlets: ["field": field])
        XCTAssertEqual(test.field("short", of: probe), .string("abc"))
        XCTAssertEqual(test.field("cut", of: probe), .string("héllo"))
        XCTAssertEqual(test.field("accented", of: probe), .string("ééééé"))
        XCTAssertEqual(test.field("lowered", of: probe), .string("éé"))
        XCTAssertEqual(field.text, "éé")
        XCTAssertEqual(test.errors, [])
    }

    /// A script's text past the 65,534 bytes a GtkEntryBuffer holds is
    /// cut there though the field has no maxLength, and one with a NUL is
    /// cut at it (the bridge's C path sends them to the host). Before:
    /// they were kept whole.
    func testAScriptsTextIsCutToTheBytesAFieldHolds() throws {
        let test = try TestScene()
        let field = test.control(TextField.self, "field")
        let probe = try test.behaviour("probe", source: source("field_bytes.lua"), outlets: ["field": field])
        XCTAssertEqual(test.field("bytes", of: probe), .number(65_534))
        XCTAssertEqual(test.field("nul", of: probe), .string("ab"), "GTK's buffer ends at a NUL")
        XCTAssertEqual(test.errors, [])
    }

    // MARK: Declarations

    /// Lua compiles a chain of `or`s in time that grows with the square of
    /// its length, and nothing interrupts a compile (100,000 took 15 s,
    /// a 16 MB script hours): past 10,000 the script is refused at its
    /// line before Lua reads it; 10,000 load.
    func testAChainTooSlowToCompileIsRefusedBeforeLuaReadsIt() throws {
        let test = try TestScene()
        func load(_ links: Int) -> String {
            let source = "local B = behaviour {}\nlocal x = false" + String(repeating: " or false", count: links) + "\nreturn B\n"
            do {
                _ = try LuaBehaviour(script: LuaScript(path: "chain.lua", source: source), name: "chain", runtime: test.runtime)
                return "loaded"
            } catch { return error.message }
        }
        XCTAssertEqual(load(10_000), "loaded")
        XCTAssertEqual(load(10_001), "chain.lua:2: more than 10000 `and`s and `or`s in one statement: Lua would take minutes to compile it; "
                       + "look the value up in a table, or split the chain into functions")
    }

    func testDeclarationMistakesNameTheLineAndTheNearestName() throws {
        let test = try TestScene()
        func loadError(_ source: String) -> String {
            do {
                _ = try LuaBehaviour(script: LuaScript(path: "bad.lua", source: source), name: "bad", runtime: test.runtime)
                return "loaded"
            } catch { return error.message }
        }
        XCTAssertEqual(loadError(try source("unknown_inspectable_type.lua")), "bad.lua:3: inspectable `speed`: unknown type `nubmer` (did you mean `number`?); types: bool, number, integer, string, enum, image, color, point, size, rect")
        XCTAssertEqual(loadError(try source("unknown_outlet_type.lua")), "bad.lua:2: outlet `go`: unknown control type `Buton` (did you mean `Button`?)")
        XCTAssertEqual(loadError(try source("misspelt_key.lua")).hasPrefix("bad.lua:2: behaviour { … } has no key `inspectable` (did you mean `inspectables`?)"), true)
        XCTAssertEqual(loadError("local B = behaviour { inspectables = { d = { type = \"number\", default = 20, max = 10 } } }\nreturn B"),
                       "bad.lua:1: inspectable `d`: bad default: d must be at most 10, not 20")
        // At Lua's line whatever ends the lines (with CR, every mistake was on line 1).
        for end in ["\r", "\r\n", "\n\r"] {
            XCTAssertEqual(loadError(["local B = behaviour {", "  inspectables = {", "    d = { type = \"integer\", default = 1.5 },", "  },", "}",
                                      "return B"].joined(separator: end)),
                           "bad.lua:3: inspectable `d`: bad default: d takes an integer, not 1.5", end.debugDescription)
        }
        // A list past its bound is refused whole, where it was cut to its
        // first 1,000 (a later event was not declared), and an enum's value
        // that is no string is refused, where it was dropped.
        XCTAssertEqual(loadError("local names = {}\nfor i = 1, 1001 do names[i] = \"e\" .. i end\n"
                                 + "local B = behaviour {\n  events = names,\n}\nreturn B"),
                       "bad.lua:4: `events` lists 1001 names; a behaviour declares at most 1000")
        XCTAssertEqual(loadError("local names = {}\nfor i = 1, 1001 do names[i] = \"v\" .. i end\n"
                                 + "local B = behaviour {\n  inspectables = {\n    mode = { type = \"enum\", values = names, default = \"v1\" },\n  },\n}\nreturn B"),
                       "bad.lua:5: inspectable `mode`: `values` lists 1001 values; an enum has at most 1000")
        // So are the names of a map: a scene binds each outlet by its name,
        // and a hundred thousand outlets took an hour to bind.
        for key in ["outlets", "outletCollections"] {
            XCTAssertEqual(loadError("local names = {}\nfor i = 1, 1001 do names[\"o\" .. i] = \"Button\" end\n"
                                     + "local B = behaviour {\n  \(key) = names,\n}\nreturn B"),
                           "bad.lua:4: `\(key)` declares more than 1000 names; a behaviour declares at most 1000")
        }
        XCTAssertEqual(loadError("local names = {}\nfor i = 1, 1001 do names[\"v\" .. i] = { type = \"number\", default = 0 } end\n"
                                 + "local B = behaviour {\n  inspectables = names,\n}\nreturn B"),
                       "bad.lua:4: `inspectables` declares more than 1000 names; a behaviour declares at most 1000")
        XCTAssertEqual(loadError("local B = behaviour {\n  inspectables = {\n    mode = { type = \"enum\", values = { \"a\", 2, \"c\" }, default = \"a\" },\n  },\n}\nreturn B"),
                       "bad.lua:3: inspectable `mode`: `values` must be a list of strings: { \"a\", \"b\" }")
        // The fix names the script's local, not the declared name.
        XCTAssertEqual(loadError("local B = behaviour { name = \"Bee\" }\nreturn {}"),
                       "bad.lua:2: the script must end by returning its behaviour, or Behave cannot use it; end the script with `return B`")
        XCTAssertEqual(loadError("local decl = {}\nlocal B = behaviour(decl)\n\n"),
                       "bad.lua:2: the script must end by returning its behaviour, or Behave cannot use it; end the script with `return` and the local that holds `behaviour { … }`")
        // A syntax error: the parser's line, column and fix, then Lua's own
        // message. The `end` lines up with the function: the `if` lacks its own.
        XCTAssertEqual(loadError("local B = behaviour {}\nfunction B:awake()\n  if self.on then\n    print(1)\nend\nreturn B\n")
            .split(separator: "\n"), [
            "bad.lua:3:3: error: the `if` on line 3 has no `end`: the `end` on line 5, indented as the `function` of line 2, closes it instead, so that `function` is left open; add `end` for the `if` of line 3 before line 5, indented as the `if`",
            "bad.lua:7: 'end' expected (to close 'function' at line 2) near <eof>",
        ])
        XCTAssertEqual(loadError("local B = behaviour {}\nfunction B:awake()\n  if self.on then\n    print(1)\n  end\nreturn B\n")
            .split(separator: "\n").first,
            "bad.lua:7:1: error: found the end of the file where `end` was expected to close the `function` on line 2; add `end` where the `function` of line 2 should end")
        XCTAssertEqual(loadError("local B = behaviour {\n  inspectables = { send = 1 },\n}\nreturn B"),
                       "bad.lua:2: `send` is taken by every behaviour (awake, changed, destroy, name, owner, send, sendAction); choose another name")
        XCTAssertTrue(loadError("local B = behaviour {\n  inspectables = { [\"a b\"] = 1 },\n}\nreturn B")
                        .hasPrefix("bad.lua:1: `a b` is not a Lua name"), "the behaviour call's line when the key's own cannot be found")
    }

    func testInspectListsTheToggleInterfaceInDeclarationOrder() throws {
        let path = try XCTUnwrap(LuaScript.locate("toggle.lua"))
        let declaration = try LuaScript(contentsOf: path).declaration()
        XCTAssertEqual(declaration.name, "ToggleButton")
        XCTAssertEqual(declaration.outlets, [.init(name: "button", type: "Button")])
        XCTAssertEqual(declaration.inspectables.map(\.name), ["normalImage", "selectedImage", "animated", "duration"])
        XCTAssertEqual(declaration.inspectables.map(\.type.name), ["image", "image", "bool", "number"])
        XCTAssertEqual(declaration.inspectables.map(\.defaultValue), [
            .image(Image(name: "toggle-off")), .image(Image(name: "toggle-on")), .bool(false), .number(0.7),
        ])
        XCTAssertEqual(declaration.events, ["valueChanged"])
        XCTAssertEqual(declaration.actions, ["toggle"])
    }
}

final class KeyboardBridgeTests: XCTestCase {
    func testBehavioursFollowTheKeyboardThroughTheKeyboardGlobal() throws {
        let test = try TestScene()
        let label = test.control(Label.self, "label")
        let probe = try test.behaviour("p", source: source("keyboard.lua"), outlets: ["label": label])
        test.scene.keyboard.show(height: 300)
        XCTAssertEqual(label.text, "top 512")
        test.scene.keyboard.hide()
        XCTAssertEqual(label.text, "hidden")
        guard case .string(let bad)? = test.field("bad", of: probe) else { return XCTFail("no error") }
        XCTAssertTrue(bad.contains("did you mean `keyboardWillShow`?"), bad)
    }

    func testImagesTakeNoNewFields() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: source("image_fields.lua"))
        XCTAssertEqual(test.field("ok", of: probe), .bool(false))
        XCTAssertEqual(test.field("pictureName", of: probe), .string("cat"))
    }

    /// Each instance's inspectables start as its own copy of the type's
    /// defaults: an image changed raw in one is not changed in the other,
    /// and each copy keeps the image's metatable and fields.
    func testEachInstanceStartsWithItsOwnCopyOfTheDefaults() throws {
        let test = try TestScene()
        let shared = try source("own_defaults.lua")
        // The first copies the type's defaults, the second plans the
        // copies, the third copies by the plan.
        let probes = try ["first", "second", "third"].map { try test.behaviour($0, source: shared, file: "probe.lua") }
        for probe in probes {
            XCTAssertEqual(test.field("before", of: probe), .string("cat"), "an earlier one's change reached \(probe.name)")
            XCTAssertEqual(test.field("keys", of: probe), .string("name"))
            XCTAssertEqual(test.field("fitted", of: probe), .string(probe.name))
            XCTAssertEqual(probe.inspectable("speed"), .number(2))
        }
    }
}
