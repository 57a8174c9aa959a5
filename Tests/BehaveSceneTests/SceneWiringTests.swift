import BehaveCore
import BehaveLua
@testable import BehaveScene
import XCTest

final class SceneWiringTests: XCTestCase {
    // MARK: Multiplexer

    func testMultiplexerDeliversTheDelegateMessageToEveryTarget() throws {
        let (loaded, _) = try load("""
            controls:
              page: { type: ScrollView, delegate: mux }
            behaviours:
              mux: { type: Multiplexer, targets: [first, second] }
              first: { script: first.lua }
              second: { script: second.lua }
            """, scripts: ["first.lua": scrollScript("First"), "second.lua": scrollScript("Second")])
        let scene = loaded.scene
        let page = try XCTUnwrap(scene.control(named: "page") as? ScrollView)
        XCTAssertTrue(page.delegate === scene.behaviour(named: "mux"))
        try scene.run("scroll page 120")
        XCTAssertEqual(scene.field("offset", of: "first"), .number(120))
        XCTAssertEqual(scene.field("offset", of: "second"), .number(120))
        // The first non-nil answer wins.
        XCTAssertEqual(page.sendDelegateMessage("scrollViewDidScroll"), .string("First"))
    }

    func testTheDefaultSceneMakesADelegateBehaviourTheDelegate() throws {
        let path = try XCTUnwrap(LuaScript.locate("parallax.lua"))
        let loaded = try SceneLoader.load(script: path)
        let scene = loaded.scene
        try scene.execute(.control(verb: "scroll", name: "scrollView", arguments: [.number(100)]))
        XCTAssertEqual(scene.errorCount, 0)
        XCTAssertTrue(scene.trace.entries.contains { $0.subject == "view" && $0.kind == .change })
    }

    /// A script's default scene and a scene file are built alike: whoever
    /// listens hears what a script's top level printed, then its `awake`.
    func testAListenerHearsTheTopLevelOfEveryKindOfScene() throws {
        let script = """
            print("loading")
            local P = behaviour { name = "P", outlets = { button = "Button" } }
            function P:awake() print("awake") end
            return P
            """
        let fixture = try SceneFixture(["p.lua": script, "p.scene.yaml": "controls: { b: Button }\nbehaviours: { p: { script: p.lua, outlets: { button: b } } }\n"])
        for file in ["p.lua", "p.scene.yaml"] {
            var heard: [String] = []
            let loaded = try SceneSource(file: fixture.path(file)).make { heard.append($0.message) }
            XCTAssertEqual(heard, ["[\(fixture.path("p.lua"))] loading", "p awake", "[p] awake"], file)
            XCTAssertEqual(loaded.scene.behaviour(named: "p")?.isAlive, true)
        }
    }

    /// A default scene's controls are named after the outlets; a name
    /// taken already gets a suffix, so every control has a name of its own.
    func testTheDefaultSceneNamesEachControlOnce() throws {
        let fixture = try SceneFixture(["clash.lua": """
            local P = behaviour { name = "P", outlets = { item1 = "Button", scrollView = "TextField" },
                                  outletCollections = { item = "Label" } }
            function P:scrollViewDidScroll(scrollView) self.y = scrollView.contentOffset.y end
            return P
            """])
        let loaded = try SceneLoader.load(script: fixture.path("clash.lua"))
        let scene = loaded.scene
        XCTAssertEqual(scene.control(named: "item1")?.typeName, "Button")
        XCTAssertEqual(scene.control(named: "item1_2")?.typeName, "Label")
        XCTAssertEqual(scene.control(named: "item2")?.typeName, "Label")
        XCTAssertEqual(scene.control(named: "scrollView")?.typeName, "TextField")
        try scene.run("scroll scrollView_2 30")
        XCTAssertEqual(scene.field("y", of: "clash"), .number(30))
    }

    func testScrollingExampleMovesTheCoverAndFadesTheTitle() throws {
        let loaded = try SceneLoader.load(file: example("Scrolling/article.scene.yaml"))
        let scene = loaded.scene
        try scene.run("scroll header 100")
        // The cover is in the content (content coordinates): at y 50 it shows
        // 50 points higher, half as far as the content moved.
        XCTAssertEqual(try scene.control(named: "cover")?.value("frame"), .rect(Rect(x: 0, y: 50, width: 375, height: 240)))
        XCTAssertEqual(scene.control(named: "title")?.alpha, 0.5)
        try scene.run("set fade.distance 400")
        XCTAssertEqual(scene.control(named: "title")?.alpha, 0.75)
        try scene.run("scroll header 500")
        XCTAssertEqual(scene.control(named: "title")?.alpha, 0)
        XCTAssertEqual(try scene.control(named: "cover")?.value("frame"), .rect(Rect(x: 0, y: 250, width: 375, height: 240)))
        XCTAssertEqual(scene.errorCount, 0)
    }

    // MARK: Owners

    func testBehaviourOwnedByAControlDiesWithIt() throws {
        let (loaded, _) = try load("""
            controls:
              card: View
              button: { type: Button, parent: card }
              other: Button
            behaviours:
              probe: { script: probe.lua, owner: button, outlets: { button: button } }
              keeper: { script: probe.lua, outlets: { button: other } }
            """, scripts: ["probe.lua": probeScript])
        let scene = loaded.scene
        weak let probe = scene.behaviour(named: "probe")
        weak let button = scene.control(named: "button")
        XCTAssertNotNil(probe)
        XCTAssertTrue(probe?.owner === button)
        XCTAssertEqual(scene.state()["behaviours"]?["probe"]?["owner"], .string("button"))

        try scene.run("remove card")
        XCTAssertNil(probe, "the owner kept the behaviour alive; nothing else does")
        XCTAssertNil(button)
        XCTAssertEqual(scene.messages.suffix(2), ["card removed", "probe destroyed"])
        XCTAssertEqual(scene.record(named: "probe")?.isAlive, false)
        XCTAssertEqual(scene.record(named: "keeper")?.isAlive, true)

        weak let keeper = scene.behaviour(named: "keeper")
        try scene.run("dismiss")
        XCTAssertEqual(scene.messages.suffix(2), ["screen test dismissed", "keeper destroyed"])
        XCTAssertNil(keeper)
    }

    // MARK: Connections

    func testConnectionsOfEveryKind() throws {
        let (loaded, _) = try load("""
            controls:
              button: Button
            behaviours:
              first:  { script: probe.lua, outlets: { button: button } }
              second: { script: probe.lua }
            connections:
              - button.touchUpInside -> first.ping          # control → behaviour
              - first.valueChanged -> second.pong           # behaviour → behaviour
              - first.valueChanged -> screen.firstChanged   # behaviour → screen
              - keyboard.keyboardWillShow -> second.keyboardShown
            """, scripts: ["probe.lua": probeScript])
        let scene = loaded.scene
        try scene.run("tap button")
        XCTAssertEqual(scene.field("heard", of: "first"), .array([.string("ping from button")]))
        XCTAssertEqual(scene.field("heard", of: "second"), .array([.string("pong")]))
        XCTAssertEqual(scene.actions.map(\.name), ["ping", "pong", "firstChanged"])
        XCTAssertEqual(scene.actions.last?.target, "screen")
        XCTAssertNil(scene.actions.last?.handledBy)
        XCTAssertEqual(scene.state()["actions"]?.text,
                       #"[{"name":"ping","from":"button","handledBy":"first"},{"name":"pong","from":"first","handledBy":"second"},{"name":"firstChanged","from":"first","handledBy":null}]"#)

        // The host app can handle what reaches the screen.
        var handled: [String] = []
        scene.screen?.handle("firstChanged") { sender, _ in handled.append(sender.responderName) }
        try scene.run("tap button")
        XCTAssertEqual(handled, ["first"])
        XCTAssertEqual(scene.actions.last?.handledBy, "screen")

        try scene.run("keyboard show 300")
        XCTAssertEqual(scene.field("keyboardHeight", of: "second"), .number(300))
        XCTAssertEqual(scene.errorCount, 0, "\(scene.messages)")
    }

    func testChooseAnswersADialogFromAScene() throws {
        let (loaded, _) = try load("""
            controls:
              button: Button
            behaviours:
              probe: { script: probe.lua }
            connections:
              - button.touchUpInside -> probe.question
            """, scripts: ["probe.lua": probeScript])
        let scene = loaded.scene
        try scene.run("tap button")
        XCTAssertEqual(scene.presentedDialog?.options, ["One", "Two"])
        try scene.run("choose two")
        XCTAssertNil(scene.presentedDialog)
        XCTAssertEqual(scene.field("answer", of: "probe"), .string("Two"))
    }

    func testBehavioursWakeInDeclarationOrderAfterWiring() throws {
        let waker = """
            local W = behaviour { name = "W", outlets = { button = "Button" } }
            function W:awake() print(self.button.name .. " " .. tostring(self.button.title)) end
            return W
            """
        let (loaded, _) = try load("""
            controls:
              b1: { type: Button, title: one }
              b2: { type: Button, title: two }
            behaviours:
              second: { script: w.lua, outlets: { button: b2 } }
              first: { script: w.lua, outlets: { button: b1 } }
            """, scripts: ["w.lua": waker])
        XCTAssertEqual(loaded.scene.messages, ["second awake", "[second] b2 two", "first awake", "[first] b1 one"])
    }
}
