import XCTest
@testable import BehaveCore

/// The state object (what `state` prints) and dialogs.
final class SceneStateTests: XCTestCase {
    func makeScene() throws -> (Scene, Probe) {
        let scene = Scene(screen: "Profile")
        let button = Button(name: "button")
        scene.add(button)
        let container = View(name: "card")
        scene.add(container)
        container.addSubview(Label(name: "caption"))
        try button.set("image", to: .image(Image(name: "toggle-on", width: 64, height: 32)))
        try container.set("backgroundColor", to: .string("#FF0000"))
        let probe = Probe("toggle")
        scene.attach(probe)
        try probe.setInspectable("animated", to: .bool(true))
        probe.start()
        probe.toggled = true
        return (scene, probe)
    }

    func testTopLevelShapeAndOrder() throws {
        let (scene, _) = try makeScene()
        scene.clock.advance(by: 1.4)
        let state = scene.state()
        XCTAssertEqual(keys(state), ["screen", "presented", "time", "controls", "behaviours", "dialog", "actions"])
        XCTAssertEqual(state["screen"], .string("Profile"))
        XCTAssertEqual(state["presented"], .bool(true))
        XCTAssertEqual(state["time"], .number(1.4))
        XCTAssertEqual(state["dialog"], .null)
        XCTAssertEqual(state["actions"], .array([]))
        XCTAssertTrue(state.text.hasPrefix(#"{"screen":"Profile","presented":true,"time":1.4,"controls":{"button":{"type":"Button""#))
    }

    func testControls() throws {
        let (scene, _) = try makeScene()
        let state = scene.state()
        XCTAssertEqual(keys(state["controls"]), ["button", "card", "caption"])
        let button = state["controls"]?["button"]
        XCTAssertEqual(button?["type"], .string("Button"))
        XCTAssertNil(button?["name"], "the name is the key")
        XCTAssertEqual(button?["alpha"], .number(1))
        XCTAssertEqual(button?["hidden"], .bool(false))
        XCTAssertEqual(button?["title"], .string(""))
        XCTAssertEqual(button?["enabled"], .bool(true))
        XCTAssertEqual(button?["image"], .object([("name", .string("toggle-on")), ("width", .number(64)), ("height", .number(32))]))
        XCTAssertEqual(state["controls"]?["card"]?["backgroundColor"], .string("#FF0000"))
        XCTAssertEqual(state["controls"]?["card"]?["frame"],
                       .object([("x", .number(0)), ("y", .number(0)), ("width", .number(0)), ("height", .number(0))]))
        XCTAssertEqual(state["controls"]?["caption"]?["type"], .string("Label"))
        XCTAssertEqual(state["controls"]?["caption"]?["parent"], .string("card"))
        XCTAssertEqual(state["controls"]?["caption"]?["textColor"], .string("#000000"))
        XCTAssertEqual(state["controls"]?["button"]?["backgroundColor"], .null)
    }

    func testBehaviours() throws {
        let (scene, probe) = try makeScene()
        scene.reportError("boom", behaviour: probe, context: "in touchUpInside handler of button")
        let entry = scene.state()["behaviours"]?["toggle"]
        XCTAssertEqual(keys(entry), ["script", "alive", "owner", "inspectables", "fields", "errors"])
        XCTAssertEqual(entry?["script"], .string("Probe"))
        XCTAssertEqual(entry?["alive"], .bool(true))
        XCTAssertEqual(entry?["owner"], .string("screen"))
        XCTAssertEqual(entry?["inspectables"]?["animated"], .bool(true))
        XCTAssertEqual(entry?["inspectables"]?["duration"], .number(0.7))
        XCTAssertEqual(entry?["inspectables"]?["tint"], .string("#FF0000"))
        XCTAssertEqual(entry?["inspectables"]?["maxSize"], .object([("width", .number(2048)), ("height", .number(2048))]))
        XCTAssertEqual(entry?["inspectables"]?["normalImage"], .object([("name", .string("toggle-off"))]))
        XCTAssertEqual(entry?["fields"], .object([("toggled", .bool(true))]))
        XCTAssertEqual(entry?["errors"], .number(1))
        XCTAssertEqual(scene.errorCount, 1)
        XCTAssertEqual(scene.trace.entries.last?.message, "error (in touchUpInside handler of button): boom")

        let owned = Probe("owned")
        scene.attach(owned, owner: scene.control(named: "button")!)
        XCTAssertEqual(scene.state()["behaviours"]?["owned"]?["owner"], .string("button"))
    }

    func testDestroyedBehaviourKeepsItsLastState() throws {
        let (scene, probe) = try makeScene()
        probe.tearDown()
        let entry = scene.state()["behaviours"]?["toggle"]
        XCTAssertEqual(entry?["alive"], .bool(false))
        XCTAssertEqual(entry?["owner"], .null)
        XCTAssertEqual(entry?["fields"], .object([("toggled", .bool(true))]))
    }

    func testStateIsValidJSONEvenWithAwkwardNumbers() throws {
        let (scene, _) = try makeScene()
        scene.clock.advance(by: 1e-7)
        try scene.control(named: "button")!.set("frame", to: .rect(Rect(x: 2.5e15, y: -1e-9, width: 1e20, height: 0.1)))
        let state = parsedState(scene)
        XCTAssertEqual(state["screen"] as? String, "Profile")
        XCTAssertNotNil(state["time"] as? Double)
    }

    // MARK: Dialogs

    func testPresentChooseAndCancel() throws {
        let scene = Scene(screen: "Profile")
        var answers: [String?] = []
        let sheet = Dialog(style: .actionSheet, title: "Change photo", options: ["Camera", "Photo Library"], cancel: "Cancel")
        try scene.present(sheet) { answers.append($0) }
        XCTAssertEqual(scene.presentedDialog, sheet)
        XCTAssertEqual(scene.state()["dialog"], .object([
            ("style", .string("actionSheet")), ("title", .string("Change photo")), ("message", .null),
            ("options", .array([.string("Camera"), .string("Photo Library")])), ("cancel", .string("Cancel")),
        ]))
        try scene.execute(.choose("photo library"))
        XCTAssertEqual(answers, ["Photo Library"], "options match regardless of case, answered as written")
        XCTAssertEqual(scene.state()["dialog"], .null)

        try scene.present(sheet) { answers.append($0) }
        try scene.choose("cancel")
        try scene.present(Dialog(style: .alert, title: "No access", options: ["Settings"], cancel: "Not now")) { answers.append($0) }
        try scene.choose("Not now")
        XCTAssertEqual(answers, ["Photo Library", nil, nil])
    }

    func testUnknownOptionIsAnErrorWithASuggestionAndKeepsTheDialog() throws {
        let scene = Scene(screen: "Profile")
        var answers: [String?] = []
        try scene.present(Dialog(style: .actionSheet, options: ["Camera", "Photo Library"], cancel: "Cancel")) { answers.append($0) }
        XCTAssertEqual(error { try scene.choose("Camra") }?.message,
                       "`Camra` is not an option of the actionSheet; choose one of \"Camera\", \"Photo Library\", \"Cancel\" (did you mean `Camera`?)")
        XCTAssertNotNil(scene.presentedDialog)
        XCTAssertTrue(answers.isEmpty)
    }

    func testQueuedDialogsAreShownOneAfterAnother() throws {
        let scene = Scene(screen: "Profile")
        var answers: [String?] = []
        try scene.present(Dialog(style: .alert, title: "First", options: ["OK"])) { answers.append($0) }
        try scene.present(Dialog(style: .permission, title: "Second", options: ["Allow", "Deny"])) { answers.append($0) }
        XCTAssertEqual(scene.presentedDialog?.title, "First")
        try scene.choose("OK")
        XCTAssertEqual(scene.presentedDialog?.title, "Second")
        XCTAssertEqual(scene.state()["dialog"]?["style"], .string("permission"))
        try scene.choose("Deny")
        XCTAssertNil(scene.presentedDialog)
        XCTAssertEqual(answers, ["OK", "Deny"])
        let announced = scene.trace.entries.filter { $0.kind == .dialog }.map(\.message)
        XCTAssertEqual(announced, ["alert First: \"OK\"", "chose \"OK\"", "permission Second: \"Allow\" | \"Deny\"", "chose \"Deny\""])
    }

    func testADialogPresentedFromAnAnswerIsAnnouncedOnce() throws {
        let scene = Scene(screen: "Profile")
        var answers: [String?] = []
        try scene.present(Dialog(style: .actionSheet, title: "Source", options: ["Camera"], cancel: "Cancel")) { choice in
            answers.append(choice)
            try? scene.present(Dialog(style: .alert, title: "Camera denied", options: ["Settings"], cancel: "OK")) { answers.append($0) }
        }
        try scene.choose("Camera")
        XCTAssertEqual(scene.presentedDialog?.title, "Camera denied")
        let announcements = scene.trace.entries.filter { $0.kind == .dialog && $0.message.hasPrefix("alert") }
        XCTAssertEqual(announcements.count, 1)
        try scene.choose("OK")
        XCTAssertEqual(answers, ["Camera", nil])
    }
}
