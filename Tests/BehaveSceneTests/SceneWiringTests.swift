import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

final class SceneWiringTests: XCTestCase {
    /// The scenes and scripts these tests wire, in Wiring/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Wiring")

    /// The path of Wiring/`name`.
    private func fixture(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    /// The text of Wiring/`name`.
    private func text(_ name: String) throws -> String { try String(contentsOfFile: fixture(name), encoding: .utf8) }

    // MARK: Multiplexer

    func testMultiplexerDeliversTheDelegateMessageToEveryTarget() throws {
        let (loaded, _) = try load(text("multiplexer.scene.yaml"), scripts: ["first.lua": scrollScript("First"), "second.lua": scrollScript("Second")])
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
        // A copy outside the checkout, where the script's path is printed whole.
        let fixture = try SceneFixture(["p.lua": text("Listener/p.lua"), "p.scene.yaml": text("Listener/p.scene.yaml")])
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
        let loaded = try SceneLoader.load(script: fixture("clash.lua"))
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
        let (loaded, _) = try load(text("owners.scene.yaml"), scripts: ["probe.lua": probeScript()])
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
        let (loaded, _) = try load(text("connections.scene.yaml"), scripts: ["probe.lua": probeScript()])
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
        let (loaded, _) = try load(text("choose.scene.yaml"), scripts: ["probe.lua": probeScript()])
        let scene = loaded.scene
        try scene.run("tap button")
        XCTAssertEqual(scene.presentedDialog?.options, ["One", "Two"])
        try scene.run("choose two")
        XCTAssertNil(scene.presentedDialog)
        XCTAssertEqual(scene.field("answer", of: "probe"), .string("Two"))
    }

    func testBehavioursWakeInDeclarationOrderAfterWiring() throws {
        let loaded = try SceneLoader.load(file: fixture("Waking/test.scene.yaml"), limits: .default)
        XCTAssertEqual(loaded.scene.messages, ["second awake", "[second] b2 two", "first awake", "[first] b1 one"])
    }
}
