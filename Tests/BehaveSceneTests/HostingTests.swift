import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import ToolRunning
import XCTest

/// A toolkit's widget as tests stand one in: it shows what it is told,
/// keeps what the user last did, and may run animations by itself.
final class FakeWidget: ControlWidget {
    var applied: [PropertyChange] = []
    /// What the widget shows, by property: the user's edits land here.
    var shown: [String: Value] = [:]
    /// Properties the widget keeps (reads ask it).
    var keeps: Set<String> = []
    /// What the widget was laid out with but does not keep (a scale's
    /// range, drawn in a `.ui` file).
    var drawn: [String: Value] = [:]
    var takesAnimations = false
    var animations: [HostAnimation] = []
    /// The most the widget holds of a number it keeps (a scale's fill
    /// level), unless the minimum it shows is higher (as GtkRange holds it).
    var ceilings: [String: Double] = [:]

    func apply(_ change: PropertyChange) {
        applied.append(change)
        if !change.isFrame { shown[change.property] = change.new }
    }

    func currentValue(of property: PropertySpec) -> Value? {
        keeps.contains(property.name) ? shown[property.name] : nil
    }

    func drawnValue(of property: PropertySpec) -> Value? {
        drawn[property.name] ?? currentValue(of: property)
    }

    func heldValue(_ value: Value, for property: PropertySpec) -> Value {
        guard let ceiling = ceilings[property.name], case .number(let number) = value else { return value }
        return .number(min(number, max(ceiling, shown["minimumValue"]?.numberValue ?? -.infinity)))
    }

    func animate(_ animation: HostAnimation) -> Bool {
        guard takesAnimations else { return false }
        animations.append(animation)
        return true
    }

    func changes(of property: String) -> [PropertyChange] { applied.filter { $0.property == property && !$0.isFrame } }
}

final class HostingTests: XCTestCase {
    /// The scenes and scripts these tests host, in Hosting/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hosting")

    /// The text of Hosting/`name`.
    private func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The bundled toggle on a button a fake widget stands behind.
    func loadToggle(_ inspectables: [(String, LooseValue)] = [], widget: FakeWidget,
                    prepare: ((Scene) throws -> Void)? = nil) throws -> LoadedScene {
        let path = try XCTUnwrap(LuaScript.locate("toggle.lua"))
        let hosting = SceneHosting(bindControl: { view in view.bind(widget) }, prepare: prepare)
        return try SceneLoader.load(script: path, inspectables: inspectables, hosting: hosting)
    }

    func testAScriptsSetReachesTheWidgetOnceWithOldAndNew() throws {
        let widget = FakeWidget()
        let loaded = try loadToggle(widget: widget)
        // Bound before the scene's values: it heard the control's values,
        // then awake's image.
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-off")))
        XCTAssertEqual(widget.changes(of: "image").last?.source, .script)
        widget.applied.removeAll()
        try loaded.scene.execute(.tap("button"))
        let images = widget.changes(of: "image")
        XCTAssertEqual(images.count, 1, "\(widget.applied)")
        XCTAssertEqual(images.first?.old, .image(Image(name: "toggle-off")))
        XCTAssertEqual(images.first?.new, .image(Image(name: "toggle-on")))
        XCTAssertEqual(images.first?.control, "button")
        // The same value again is no change.
        widget.applied.removeAll()
        try loaded.scene.execute(.set("button", property: "image", value: .text("toggle-on", quoted: false)))
        XCTAssertEqual(widget.applied, [])
        try loaded.scene.execute(.set("button", property: "title", value: .text("Tap me", quoted: true)))
        XCTAssertEqual(widget.changes(of: "title").map(\.source), [.command])
        // A set the schema refuses never reaches the widget.
        XCTAssertThrowsError(try loaded.scene.execute(.set("button", property: "alpha", value: .text("1.5", quoted: false))))
        XCTAssertEqual(widget.changes(of: "alpha"), [])
    }

    /// A scene file's values reach a bound widget as the scene's: the
    /// control is bound before it joins the scene, which must not make
    /// them look like a script's.
    func testTheSceneFilesValuesReachTheWidgetAsTheScenes() throws {
        let widget = FakeWidget()
        let fixture = try SceneFixture(["plus.scene.yaml": fixtureText("plus.scene.yaml")])
        let hosting = SceneHosting(bindControl: { view in view.bind(widget) })
        let loaded = try SceneLoader.load(file: fixture.path("plus.scene.yaml"), hosting: hosting)
        XCTAssertEqual(widget.changes(of: "title").last?.new, .string("+"))
        // Bound once the scene is good: told the file's title, from the default.
        XCTAssertEqual(widget.changes(of: "title").map(\.source), [.scene])
        XCTAssertEqual(widget.changes(of: "title").first?.old, .string(""))
        XCTAssertEqual(widget.changes(of: "alpha").last?.source, .scene)
        try loaded.scene.execute(.set("plus", property: "title", value: .text("x", quoted: true)))
        XCTAssertEqual(widget.changes(of: "title").last?.source, .command)
    }

    /// What a host was given by name is checked against the scene's
    /// controls once (`checkControlNames`): each error it returns fails
    /// the load at no line, and nothing binds.
    func testAHostsNamesTheSceneLacksFailTheLoadAtNoLine() throws {
        let fixture = try SceneFixture(["plus.scene.yaml": fixtureText("plus_minus.scene.yaml")])
        var heard: [[String]] = []
        let hosting = SceneHosting(checkControlNames: { names in
            heard.append(names)
            return [ValueError("the app gave a widget named `plsu`"), ValueError("and one named `times`")]
        }, bindControl: { _ in XCTFail("nothing binds") })
        XCTAssertThrowsError(try SceneLoader.load(file: fixture.path("plus.scene.yaml"), hosting: hosting)) { error in
            let lines = "\(error)".split(separator: "\n")
            XCTAssertEqual(lines.count, 2, "\(error)")
            XCTAssertTrue(lines.first?.hasSuffix("plus.scene.yaml: the app gave a widget named `plsu`") == true, "\(error)")
            XCTAssertTrue(lines.last?.hasSuffix("plus.scene.yaml: and one named `times`") == true, "\(error)")
        }
        XCTAssertEqual(heard, [["plus", "minus"]])
    }

    /// A `prepare` that throws (an app's `on` for an event the control
    /// does not declare) is the scene's error, traced with its context and
    /// counted; the rest of `prepare` does not run, and the scene wakes on.
    func testAPrepareThatThrowsIsTheScenesErrorAndTheSceneWakes() throws {
        let widget = FakeWidget()
        var after = false
        let loaded = try loadToggle(widget: widget, prepare: { scene in
            try scene.control(named: "button")?.on("tuchUpInside") { _ in }
            after = true
        })
        XCTAssertFalse(after)
        XCTAssertEqual(loaded.scene.errorCount, 1)
        XCTAssertTrue(loaded.scene.messages.contains {
            $0.contains("error (prepare): Button `button` has no event `tuchUpInside` (did you mean `touchUpInside`?)")
        }, "\(loaded.scene.messages)")
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-off")), "awake ran")
    }

    /// An app's own error thrown from `prepare` (an enum's case, a file
    /// error of Foundation's) names the host's `prepare`, the scene, the
    /// error's type and its words, and the file a file error names: not
    /// the bare case (`notReady`) or `Error Domain=…` Swift prints.
    func testAPreparesOwnErrorNamesTheHostTheSceneAndTheError() throws {
        func prepareError(_ thrown: any Error) throws -> String {
            let loaded = try loadToggle(widget: FakeWidget(), prepare: { _ in throw thrown })
            XCTAssertEqual(loaded.scene.errorCount, 1)
            return try XCTUnwrap(loaded.scene.trace.entries.last { $0.kind == .error }?.message)
        }
        let fix = "it is the app's code, run before any behaviour wakes; the rest of `prepare` did not run"
        XCTAssertEqual(try prepareError(AppSetupError.notReady),
                       "error (prepare): the host's `prepare` for `toggle.lua` threw BehaveSceneTests.AppSetupError: notReady; \(fix)")
        XCTAssertEqual(try prepareError(AppDescribedError()),
                       "error (prepare): the host's `prepare` for `toggle.lua` threw BehaveSceneTests.AppDescribedError: the database is locked; \(fix)")
        let missing = "/nonexistent/settings.plist"
        let fileError: any Error
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: missing))
            return XCTFail("read a file that is not there")
        } catch {
            fileError = error
        }
        let said = try prepareError(fileError)
        XCTAssertTrue(said.hasPrefix("error (prepare): the host's `prepare` for `toggle.lua` threw "), said)
        XCTAssertTrue(said.contains("file \(missing))"), said)
        XCTAssertFalse(said.contains("Error Domain="), said)
        // Behave's own errors keep their words (and their place).
        XCTAssertEqual(try prepareError(ValueError(file: "setup.lua", line: 3, text: "the app is not ready")),
                       "error (prepare): setup.lua:3: the app is not ready")
    }

    /// A host that builds its scene in code (`load(node:)`) binds its
    /// widgets and hears the trace as one that loads a file does.
    func testASceneBuiltInCodeIsHostedAsAFileIs() throws {
        func map(_ entries: [(String, SceneNode)]) -> SceneNode {
            .map(entries.map { SceneNode.Entry(key: $0.0, value: $0.1, keyLine: 0) }, line: 0)
        }
        func text(_ text: String) -> SceneNode { .scalar(.text(text, quoted: true), line: 0) }
        let tree = map([
            ("controls", map([("like", map([("type", text("Button")), ("title", text("Like"))]))])),
            ("behaviours", map([("toggle", map([("script", text("toggle.lua")), ("outlets", map([("button", text("like"))]))]))])),
        ])
        let widget = FakeWidget()
        var heard: [String] = []
        let hosting = SceneHosting(bindControl: { view in view.bind(widget) })
        let loaded = try SceneLoader.load(node: tree, file: "app", directory: ".", hosting: hosting) { heard.append($0.message) }
        XCTAssertEqual(widget.changes(of: "title").map(\.new), [.string("Like")])
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-off")))
        XCTAssertTrue(heard.contains("toggle awake"), "\(heard)")
        try XCTUnwrap(loaded.scene.control(named: "like")).deliver("touchUpInside")
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-on")))
        XCTAssertTrue(heard.contains("like touchUpInside"), "\(heard)")

        // A widget the host lacks is the tree's mistake, and nothing binds.
        let refusing = SceneHosting(checkControl: { view throws(ValueError) in throw ValueError("no widget `\(view.name)`") },
                                    bindControl: { _ in XCTFail("nothing binds") })
        XCTAssertThrowsError(try SceneLoader.load(node: tree, file: "app", directory: ".", hosting: refusing)) { error in
            XCTAssertEqual("\(error)", "app: control `like`: no widget `like`")
        }
    }

    func testTheWidgetsEventsReachHandlersAsTapsDo() throws {
        let widget = FakeWidget()
        let loaded = try loadToggle(widget: widget)
        let button = try XCTUnwrap(loaded.scene.control(named: "button"))
        var sent: [String] = []
        loaded.scene.trace.listener = { if $0.kind == .event { sent.append($0.message) } }
        // The toolkit's click: as a host delivers it, with no command begun.
        button.deliver("touchUpInside")
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-on")))
        XCTAssertEqual(sent, ["button touchUpInside", "toggle valueChanged"])
        XCTAssertEqual(loaded.scene.errorCount, 0)
    }

    func testAUsersEditFlowsBackAndIsNotEchoed() throws {
        let fixture = try SceneFixture(["switch.lua": fixtureText("switch.lua")])
        let widget = FakeWidget()
        widget.keeps = ["on"]
        let loaded = try SceneLoader.load(script: fixture.path("switch.lua"),
                                          hosting: SceneHosting(bindControl: { $0.bind(widget) }))
        let toggle = try XCTUnwrap(loaded.scene.control(named: "toggle"))
        widget.applied.removeAll()
        // The user flips the real switch: the widget already shows it.
        widget.shown["on"] = .bool(true)
        XCTAssertTrue(toggle.userDidEdit("on", to: .bool(true), sending: "valueChanged"))
        XCTAssertEqual(widget.applied, [], "the widget's own edit is not sent back to it")
        XCTAssertEqual(loaded.behaviours.first?.fieldSnapshot.first { $0.0 == "seen" }?.1, .array([.bool(true)]))
        // The widget is the truth: a read is never stale.
        widget.shown["on"] = .bool(false)
        XCTAssertEqual(try toggle.value("on"), .bool(false))
        // A value the schema refuses is not taken.
        XCTAssertFalse(toggle.userDidEdit("alpha", to: .number(7)))
    }

    /// A widget showing a value the control refused is put back to the
    /// value the control keeps (reads ask the widget: left so, scripts
    /// would read the refused value), and the event is not sent.
    func testARefusedEditPutsTheWidgetBack() throws {
        let fixture = try SceneFixture(["dial.lua": fixtureText("slider.lua")])
        let widget = FakeWidget()
        widget.keeps = ["value"]
        let loaded = try SceneLoader.load(script: fixture.path("dial.lua"),
                                          hosting: SceneHosting(bindControl: { $0.bind(widget) }))
        let slider = try XCTUnwrap(loaded.scene.control(named: "slider"))
        widget.shown["value"] = .number(0.25)
        XCTAssertTrue(slider.userDidEdit("value", to: .number(0.25), sending: "valueChanged"))
        widget.applied.removeAll()
        // The user dragged past the control's range (the widget's was wider).
        widget.shown["value"] = .number(7)
        XCTAssertFalse(slider.userDidEdit("value", to: .number(7), sending: "valueChanged"))
        XCTAssertEqual(widget.applied, [PropertyChange(control: "slider", property: "value", index: slider.schema.index(of: "value")!,
                                                       old: .number(7), new: .number(0.25), source: .user)])
        XCTAssertEqual(try slider.value("value"), .number(0.25), "reads ask the widget, which shows the kept value again")
        XCTAssertEqual(loaded.behaviours.first?.fieldSnapshot.first { $0.0 == "heard" }?.1, .number(1), "no valueChanged for the refused edit")
    }

    /// A widget drawn with values of its own (a `.ui` file's scale, 0 to
    /// 100 at 40): the slider takes its range and then its value, though
    /// the value comes first and is outside the slider's own 0…1; reads of
    /// the range stay the control's. A scene file's bound wins and is told;
    /// a drawn value the control still refuses is told back as the
    /// control's, so that the two agree.
    func testAWidgetsDrawnRangeIsTakenBeforeItsValue() throws {
        func bound(_ scene: String, drawn: [String: Value]) throws -> (View, FakeWidget) {
            let fixture = try SceneFixture(["volume.scene.yaml": scene])
            let widget = FakeWidget()
            widget.keeps = ["value"]
            widget.shown["value"] = drawn["value"]
            widget.drawn = drawn.filter { $0.key != "value" }
            let hosting = SceneHosting(bindControl: { $0.bind(widget, adoptingItsValues: true) })
            let loaded = try SceneLoader.load(file: fixture.path("volume.scene.yaml"), hosting: hosting)
            return (try XCTUnwrap(loaded.scene.control(named: "volume")), widget)
        }
        let drawn: [String: Value] = ["value": .number(40), "minimumValue": .number(0), "maximumValue": .number(100)]
        let (slider, widget) = try bound("controls:\n  volume: { type: Slider }\n", drawn: drawn)
        XCTAssertEqual(try slider.value("value"), .number(40))
        XCTAssertEqual(try slider.value("maximumValue"), .number(100))
        XCTAssertEqual(widget.applied, [], "the widget already shows all of it")
        // The range is the control's to change: a read is not the widget's.
        widget.drawn["maximumValue"] = .number(7)
        XCTAssertEqual(try slider.value("maximumValue"), .number(100))
        XCTAssertTrue(slider.userDidEdit("value", to: .number(100), sending: "valueChanged"), "the end the designer drew")

        let (explicit, told) = try bound("controls:\n  volume: { type: Slider, maximumValue: 30 }\n", drawn: drawn)
        XCTAssertEqual(try explicit.value("maximumValue"), .number(30))
        XCTAssertEqual(told.changes(of: "maximumValue").map(\.new), [.number(30)])
        // 40 is past the scene's end: the slider keeps its 0, and says so to the widget.
        XCTAssertEqual(told.changes(of: "value").map(\.new), [.number(0)])
        XCTAssertEqual(try explicit.value("value"), .number(0), "reads ask the widget, which shows the control's value")
    }

    /// A slider `volume` (0…100) bound to a widget that holds its value at
    /// most 50, as a scale with a fill level does.
    private func loadVolumeHeldAtMost50() throws -> (FakeWidget, LoadedScene, View) {
        let fixture = try SceneFixture(["volume.scene.yaml": "controls:\n  volume: { type: Slider, maximumValue: 100 }\n"])
        let widget = FakeWidget()
        widget.keeps = ["value"]
        widget.ceilings["value"] = 50
        let loaded = try SceneLoader.load(file: fixture.path("volume.scene.yaml"), hosting: SceneHosting(bindControl: { $0.bind(widget) }))
        return (widget, loaded, try XCTUnwrap(loaded.scene.control(named: "volume")))
    }

    /// A set the widget holds otherwise (a scale's fill level) stores and
    /// traces what the widget holds: the trace, reads and the widget agree.
    func testASetIsStoredAndTracedAsTheWidgetHoldsIt() throws {
        let (widget, loaded, slider) = try loadVolumeHeldAtMost50()
        try loaded.scene.execute(.set("volume", property: "value", value: .text("80", quoted: false)))
        XCTAssertEqual(widget.changes(of: "value").last?.new, .number(50))
        XCTAssertEqual(try slider.value("value"), .number(50))
        XCTAssertEqual(loaded.scene.trace.entries.last { $0.message.contains("volume.value") }?.message, "volume.value: 0 → 50")
        // The user's `slide` past it, as the widget holds it: nothing moved.
        let volume = try XCTUnwrap(slider as? Slider)
        XCTAssertFalse(volume.slide(to: 90))
        XCTAssertTrue(volume.slide(to: 30))
        XCTAssertTrue(volume.slide(to: 70))
        XCTAssertEqual(loaded.scene.trace.entries.filter { $0.message.hasPrefix("volume.value") }.map(\.message),
                       ["volume.value: 0 → 50", "volume.value: 50 → 30", "volume.value: 30 → 50"])
        XCTAssertEqual(loaded.scene.trace.entries.filter { $0.message == "volume valueChanged" }.count, 2)
    }

    /// A range moved under a widget that holds the value within more than
    /// it (a scale's fill level): the value is stored as the widget then
    /// holds it, a minimum lowered under the ceiling bringing it down.
    func testAMovedRangeStoresTheValueAsTheWidgetHoldsIt() throws {
        let (widget, loaded, slider) = try loadVolumeHeldAtMost50()
        try loaded.scene.execute(.set("volume", property: "minimumValue", value: .text("70", quoted: false)))
        try loaded.scene.execute(.set("volume", property: "minimumValue", value: .text("0", quoted: false)))
        XCTAssertEqual(try slider.value("value"), .number(50))
        XCTAssertEqual(widget.changes(of: "value").last?.new, .number(50))
        XCTAssertEqual(loaded.scene.trace.entries.filter { $0.message.hasPrefix("volume.value") }.map(\.message),
                       ["volume.value: 0 → 70", "volume.value: 70 → 50"])
    }

    /// A host's type with 70 properties of its own, bound to a widget drawn
    /// with values of its own: its later properties are told apart as its
    /// first are. Past the 64th, each used to count as set by the scene
    /// file: the drawn value was not taken, and the widget was told the
    /// default over it; reads never asked the widget, and unbinding lost
    /// what it showed.
    func testATypeWithMoreThan64PropertiesBindsEachAsItsFirst() throws {
        let name = "HostingConsole"
        let console = ControlTypes.named(name) ?? ControlType(
            name: name, summary: "A console of 70 dials.",
            properties: (1...70).map { PropertySpec("dial\($0)", .number, default: .number(0)) })
        if ControlTypes.named(name) == nil { try ControlTypes.register(console) }
        defer { try? ControlTypes.unregister(name) }
        let fixture = try SceneFixture(["console.scene.yaml": "controls:\n  console: { type: \(name), dial3: 5, dial68: 7 }\n"])
        let widget = FakeWidget()
        widget.drawn = ["dial2": .number(1), "dial67": .number(9), "dial68": .number(8)]
        widget.keeps = ["dial70"]
        widget.shown["dial70"] = .number(4)
        let loaded = try SceneLoader.load(file: fixture.path("console.scene.yaml"),
                                          hosting: SceneHosting(bindControl: { $0.bind(widget, adoptingItsValues: true) }))
        let control = try XCTUnwrap(loaded.scene.control(named: "console"))
        XCTAssertGreaterThan(try XCTUnwrap(control.schema.index(of: "dial67")), 64)
        let values = try ["dial2", "dial3", "dial67", "dial68", "dial69", "dial70"].map { try control.value($0) }
        XCTAssertEqual(values, [1, 5, 9, 7, 0, 4].map { .number($0) }, "drawn values taken, the scene file's kept")
        XCTAssertEqual(widget.applied.map(\.property), ["dial3", "dial68"], "the widget is told only what the scene file set")
        widget.shown["dial70"] = .number(6)
        XCTAssertEqual(try control.value("dial70"), .number(6), "reads ask the widget that keeps it")
        control.unbind()
        widget.shown["dial70"] = .number(2)
        XCTAssertEqual(try control.value("dial70"), .number(6), "unbound, the control keeps what the widget showed")
    }

    /// A binding that names a property the control lacks hears false, and
    /// the trace says which property and what was meant.
    func testAUsersEditOfAPropertyTheControlLacksSaysSo() throws {
        let widget = FakeWidget()
        let loaded = try loadToggle(widget: widget)
        let button = try XCTUnwrap(loaded.scene.control(named: "button"))
        XCTAssertFalse(button.userDidEdit("tite", to: .string("Hi")))
        XCTAssertEqual(loaded.scene.trace.entries.last?.message,
                       "button refuses the user's tite \"Hi\": Button has no property `tite` (did you mean `title`?); the binding names a property the control does not have")
    }

    /// A binding that delivers an event the control's type does not send
    /// (GTK's `clicked` for a button) reaches no script: the trace says so,
    /// with Behave's word for it.
    func testAnEventTheControlDoesNotSendIsNoted() throws {
        let widget = FakeWidget()
        let loaded = try loadToggle(widget: widget)
        let button = try XCTUnwrap(loaded.scene.control(named: "button"))
        button.deliver("clicked")
        XCTAssertEqual(loaded.scene.trace.entries.last(where: { $0.kind == .note })?.message,
                       "button delivers `clicked`, an event Button does not declare (did you mean `touchUpInside`? `clicked` is GTK's name for it); the binding names an event the control does not send")
        let slider = Slider(name: "volume")
        loaded.scene.add(slider)
        XCTAssertTrue(slider.userDidEdit("value", to: .number(0.5), sending: "valueChange"))
        XCTAssertEqual(loaded.scene.trace.entries.last(where: { $0.kind == .note })?.message,
                       "volume delivers `valueChange`, an event Slider does not declare (did you mean `valueChanged`?); the binding names an event the control does not send")
        // A megabyte name is named by its start and its length, as `on` names it.
        let huge = "tapped" + String(repeating: "!", count: 1 << 20)
        button.deliver(huge)
        XCTAssertEqual(loaded.scene.trace.entries.last(where: { $0.kind == .note })?.message,
                       "button delivers `\(huge.prefix(200))… (1048582 characters)`, an event Button does not declare; the binding names an event the control does not send")
        button.deliver("touchUpInside")
        XCTAssertFalse(loaded.scene.trace.entries.suffix(3).contains { $0.message.contains("does not declare") },
                       "a declared event leaves no note")
    }

    /// An edit past the scene's text is refused, and says so: the widget
    /// must show the control's value again (it said true, as if taken).
    func testAUsersEditPastTheScenesTextIsRefusedAndSaysSo() throws {
        let fixture = try SceneFixture(["field.lua": fixtureText("field.lua")])
        let widget = FakeWidget()
        let loaded = try SceneLoader.load(script: fixture.path("field.lua"),
                                          hosting: SceneHosting(bindControl: { $0.bind(widget) }))
        let field = try XCTUnwrap(loaded.scene.control(named: "field"))
        loaded.scene.textLimit = 64
        XCTAssertTrue(field.userDidEdit("text", to: .string("short"), sending: "editingChanged"))
        XCTAssertFalse(field.userDidEdit("text", to: .string(String(repeating: "x", count: 100)), sending: "editingChanged"))
        XCTAssertEqual(try field.value("text"), .string("short"))
        XCTAssertEqual(widget.changes(of: "text").last?.new, .string("short"), "the widget shows the kept text again")
        XCTAssertEqual(loaded.behaviours.first?.fieldSnapshot.first { $0.0 == "edits" }?.1, .number(1))
    }

    func testEveryChangeIsHeardOnceWithItsSource() throws {
        let widget = FakeWidget()
        var heard: [PropertyChange] = []
        let loaded = try loadToggle([("animated", .text("true", quoted: false)), ("duration", .text("0.5", quoted: false))],
                                    widget: widget, prepare: { scene in scene.observeChanges { heard.append($0) } })
        let scene = loaded.scene
        XCTAssertEqual(heard.filter { !$0.isFrame }.map(\.source), [.script], "awake's image")
        heard.removeAll()
        widget.applied.removeAll()
        try scene.execute(.tap("button"))
        try scene.execute(.advance(0.25))
        // Mid-fade: the widget and the stream hear frames.
        XCTAssertTrue(heard.contains { $0.isFrame && $0.property == "alpha" })
        XCTAssertEqual(widget.applied.last { $0.property == "alpha" }?.new.numberValue ?? -1, 0.5, accuracy: 0.01)
        try scene.execute(.advance(1))
        let ends = heard.filter { !$0.isFrame }
        XCTAssertEqual(ends.map(\.property), ["alpha", "image", "alpha"])
        XCTAssertEqual(ends.map(\.source), [.animation, .script, .animation])
        XCTAssertEqual(widget.changes(of: "alpha").map(\.new), [.number(0), .number(1)])
    }

    func testAScriptsFastSetIsHeardByTheScenesStream() throws {
        // No widget: the bridge's C sets the property; the stream hears it.
        var heard: [PropertyChange] = []
        let path = try XCTUnwrap(LuaScript.locate("toggle.lua"))
        let loaded = try SceneLoader.load(script: path,
                                          hosting: SceneHosting(prepare: { $0.observeChanges { heard.append($0) } }))
        try loaded.scene.execute(.tap("button"))
        XCTAssertEqual(heard.last, PropertyChange(control: "button", property: "image", index: heard.last?.index ?? -1,
                                                  old: .image(Image(name: "toggle-off")), new: .image(Image(name: "toggle-on")),
                                                  source: .script))
    }

    func testAHostAnimationResumesTheHandlerWhenTheHostSaysItEnded() throws {
        let widget = FakeWidget()
        widget.takesAnimations = true
        let loaded = try loadToggle([("animated", .text("true", quoted: false))], widget: widget)
        let scene = loaded.scene
        try scene.execute(.tap("button"))
        XCTAssertEqual(widget.animations.count, 1)
        let fade = try XCTUnwrap(widget.animations.first)
        XCTAssertEqual(fade.property.name, "alpha")
        XCTAssertEqual(fade.to, .number(0))
        XCTAssertEqual(fade.duration, 0.7, accuracy: 1e-9)
        XCTAssertEqual(fade.curve, .easeInOut)
        // The scene's clock passing the duration does not end it: the host does.
        try scene.execute(.advance(2))
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-off")))
        try scene.perform { () throws(ValueError) in try fade.finished() }
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-on")))
        XCTAssertEqual(widget.animations.count, 2, "the fade back in")
        XCTAssertEqual(widget.animations.last?.to, .number(1))
    }

    /// A host animation's end reported where the toolkit's animator ended
    /// (another thread) is refused with the fix, and the handler waiting in
    /// `animate` still waits for the end on the scene's thread.
    func testAHostAnimationFinishedOnAnotherThreadIsRefusedAndTheHandlerStillWaits() throws {
        let widget = FakeWidget()
        widget.takesAnimations = true
        let loaded = try loadToggle([("animated", .text("true", quoted: false))], widget: widget)
        try loaded.scene.execute(.tap("button"))
        let fade = Racing(try XCTUnwrap(widget.animations.first))
        let refusal = thrownOnAnotherThread { () throws(ValueError) in try fade.value.finished() }
        XCTAssertEqual(refusal?.text, "the host animation of button.alpha was finished on another thread than its scene's; the handler still waits in animate")
        XCTAssertEqual(refusal?.fix, "call finished() on the scene's thread: for an app, the main thread (`try await MainActor.run { try animation.finished() }`, or `DispatchQueue.main`)")
        XCTAssertTrue(fade.value.isWaiting)
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-off")), "the handler still waits")
        XCTAssertEqual(widget.animations.count, 1)
        try fade.value.finished()
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-on")))
        XCTAssertEqual(widget.animations.count, 2, "the fade back in")
    }

    /// A frame source on a thread of its own is refused with the fix: the
    /// clock stays, and the next tick on the scene's thread moves it.
    func testATickOnAnotherThreadIsRefusedAndTheClockStays() throws {
        let loaded = try loadToggle(widget: FakeWidget())
        let start = ContinuousClock.now
        let driver = Racing(RealTimeDriver(scene: loaded.scene, interval: 1.0 / 60, now: start))
        let refusal = thrownOnAnotherThread { () throws(ValueError) in try driver.value.tick(now: start.advanced(by: .milliseconds(100))) }
        XCTAssertEqual(refusal?.text, "RealTimeDriver.tick was called on another thread than its scene's; the scene's clock stays where it was")
        XCTAssertEqual(refusal?.fix, "tick on the scene's thread: for an app, the main thread (`try await MainActor.run { try driver.tick() }`, or `DispatchQueue.main`)")
        XCTAssertEqual(loaded.scene.clock.now, 0)
        XCTAssertEqual(try driver.value.tick(now: start.advanced(by: .milliseconds(100))), 0.1, accuracy: 1e-9)
        XCTAssertEqual(loaded.scene.clock.now, 0.1, accuracy: 1e-9)
    }

    func testAnEventLongAfterTheLastCommandHasItsOwnTime() throws {
        let widget = FakeWidget()
        let loaded = try loadToggle(widget: widget)
        loaded.scene.commandTimeLimit = 0.05
        Thread.sleep(forTimeInterval: 0.1)
        try XCTUnwrap(loaded.scene.control(named: "button")).deliver("touchUpInside")
        XCTAssertEqual(loaded.scene.errorCount, 0, "\(loaded.scene.trace.entries.map(\.message))")
        XCTAssertEqual(widget.changes(of: "image").last?.new, .image(Image(name: "toggle-on")))
    }

    func testARealTimeDriverMovesTheClockAtWallSpeed() throws {
        let loaded = try loadToggle([("animated", .text("true", quoted: false))], widget: FakeWidget())
        let start = ContinuousClock.now
        let driver = RealTimeDriver(scene: loaded.scene, interval: 1.0 / 60, now: start)
        try loaded.scene.execute(.tap("button"))
        XCTAssertEqual(try driver.tick(now: start.advanced(by: .milliseconds(5))), 0, "not a frame yet")
        XCTAssertEqual(try driver.tick(now: start.advanced(by: .milliseconds(100))), 0.1, accuracy: 1e-9)
        XCTAssertEqual(loaded.scene.clock.now, 0.1, accuracy: 1e-9)
        // A stall does not make time jump.
        XCTAssertEqual(try driver.tick(now: start.advanced(by: .seconds(10))), WallClock.longestStep, accuracy: 1e-9)
        driver.pause()
        XCTAssertEqual(try driver.tick(now: start.advanced(by: .seconds(20))), 0)
    }

    /// A frame source's own timestamps (GTK's frame time in microseconds, a
    /// display link's seconds since boot) move the clock by the time
    /// between them, whatever their clock's origin.
    func testARealTimeDriverTakesAFrameSourcesOwnTimestamps() throws {
        let loaded = try loadToggle([("animated", .text("true", quoted: false))], widget: FakeWidget())
        let driver = RealTimeDriver(scene: loaded.scene, interval: 1.0 / 60)
        let frameTime: Int64 = 98_765_432_101   // gdk_frame_clock_get_frame_time: µs since the machine started
        // The first frame counts from when it comes (here at once: no time).
        XCTAssertEqual(try driver.tick(timestamp: Double(frameTime) / 1e6), 0)
        XCTAssertEqual(try driver.tick(timestamp: Double(frameTime + 5_000) / 1e6), 0, "not a frame yet")
        // Within the few milliseconds between making the driver and its first tick.
        XCTAssertEqual(try driver.tick(timestamp: Double(frameTime + 100_000) / 1e6), 0.1, accuracy: 0.005)
        XCTAssertEqual(try driver.tick(timestamp: Double(frameTime + 200_000) / 1e6), 0.1, accuracy: 0.005)
        XCTAssertEqual(loaded.scene.clock.now, 0.2, accuracy: 0.005)
        let now = loaded.scene.clock.now
        XCTAssertThrowsError(try driver.tick(timestamp: .nan)) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "RealTimeDriver.tick(timestamp:) takes a frame's time in seconds, not nan; the scene's clock stays where it was")
        }
        XCTAssertEqual(loaded.scene.clock.now, now)
    }

    /// Timestamps no clock gives (a jump of 1e30 seconds, one back in
    /// time) move the scene as a stall does, or not at all: they made a
    /// `Duration` that trapped.
    func testARealTimeDriverTakesAnyFiniteTimestamp() throws {
        let loaded = try loadToggle([("animated", .text("true", quoted: false))], widget: FakeWidget())
        let driver = RealTimeDriver(scene: loaded.scene, interval: 1.0 / 60)
        XCTAssertEqual(try driver.tick(timestamp: 0), 0)
        XCTAssertEqual(try driver.tick(timestamp: 1e30), WallClock.longestStep, accuracy: 1e-9)
        XCTAssertEqual(try driver.tick(timestamp: -1e30), 0, "back in time: none")
        XCTAssertEqual(try driver.tick(timestamp: 1e30), WallClock.longestStep, accuracy: 1e-9)
        XCTAssertEqual(try driver.tick(timestamp: 5), 0, "back in time again")
        XCTAssertEqual(try driver.tick(timestamp: 5.1), 0.1, accuracy: 0.0015)
    }

    /// Resumed after the wall's clock ran on without the frame source's
    /// (a suspended machine: GTK's frame time does not count it), the
    /// timestamps move the scene at once, not once they catch up.
    func testARealTimeDriverResumedTakesTheNextTimestampAsNow() throws {
        let loaded = try loadToggle([("animated", .text("true", quoted: false))], widget: FakeWidget())
        let driver = RealTimeDriver(scene: loaded.scene, interval: 1.0 / 60)
        XCTAssertEqual(try driver.tick(timestamp: 10), 0)
        XCTAssertEqual(try driver.tick(timestamp: 10.1), 0.1, accuracy: 0.005)
        driver.pause()
        driver.resume(now: .now.advanced(by: .seconds(600)))
        XCTAssertEqual(try driver.tick(timestamp: 10.2), 0, "the first frame after resuming is where it resumed")
        XCTAssertEqual(try driver.tick(timestamp: 10.3), 0.1, accuracy: 0.0015)
    }

    /// A host's own control type, registered once: scene files, outlets,
    /// scripts (its properties and methods), the state and `show` know it.
    func testAHostsOwnTypeRunsBehaviours() throws {
        let dial = ControlTypes.named("HostingDial") ?? ControlType(
            name: "HostingDial", summary: "A dial from 0 to 10.",
            properties: [PropertySpec("level", .number, default: .number(5), min: 0, max: 10)],
            events: ["valueChanged"],
            methods: [ControlMethod("nudge", "Moves the level by `by`.", parameters: [("by", "number")], returns: "number") {
                view, arguments throws(ValueError) in
                guard case .number(let by)? = arguments.first else { throw ValueError("nudge takes a number") }
                let level = (try view.value("level").numberValue ?? 0) + by
                try view.set("level", to: .number(level))
                return .number(level)
            }])
        if ControlTypes.named("HostingDial") == nil { try ControlTypes.register(dial) }
        defer { try? ControlTypes.unregister("HostingDial") }
        let fixture = try SceneFixture([
            "dial.lua": fixtureText("Dial/dial.lua"),
            "dial.scene.yaml": fixtureText("Dial/dial.scene.yaml"),
        ])
        let loaded = try SceneLoader.load(file: fixture.path("dial.scene.yaml"))
        let scene = loaded.scene
        XCTAssertEqual(try scene.control(named: "label")?.value("text"), .string("now 5"))
        try XCTUnwrap(scene.control(named: "dial")).userDidEdit("level", to: .number(9), sending: "valueChanged")
        XCTAssertEqual(try scene.control(named: "label")?.value("text"), .string("level 9"))
        XCTAssertTrue(scene.render().contains("dial         HostingDial level=9"), scene.render())
        XCTAssertEqual(scene.state()["controls"]?["dial"]?["level"], .number(9))
        // A wrong property or value of the host's type is the script's mistake, as a built-in type's.
        let bad = try SceneFixture(["bad.scene.yaml": fixtureText("Dial/bad.scene.yaml")])
        XCTAssertThrowsError(try SceneLoader.load(file: bad.path("bad.scene.yaml"))) { error in
            XCTAssertTrue("\(error)".contains("level must be at most 10"), "\(error)")
        }
    }
}

/// An app's error with no words of its own: Swift prints its case alone.
enum AppSetupError: Error { case notReady }

/// An app's error that says what went wrong.
struct AppDescribedError: LocalizedError {
    var errorDescription: String? { "the database is locked" }
}
