import BehaveCore
import BehaveLua
@testable import BehaveScene
import XCTest

/// Connecting from Swift to an event that a control or behaviour does not
/// send is refused, with the message a script's `on` gets: a misspelt
/// name was a handler that never ran, and nothing said why.
final class SwiftConnectionTests: XCTestCase {
    static let connections = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Connections")

    func testAnUndeclaredEventIsRefusedAsAScriptsOnRefusesIt() throws {
        // Its script's own `on` misspells an event too, for the message to compare.
        let loaded = try SceneLoader.load(file: Self.connections.appendingPathComponent("mixer.scene.yaml").path, limits: .default)
        let scene = loaded.scene
        let mixer = try XCTUnwrap(scene.behaviour(named: "mixer"))
        XCTAssertThrowsError(try mixer.on("levelChange") { _ in }) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "behaviour `mixer` has no event `levelChange` (did you mean `levelChanged`?); its events: levelChanged")
        }
        let order = try XCTUnwrap(scene.control(named: "order"))
        var swiftMessage = ""
        XCTAssertThrowsError(try order.listen(to: "touchUpInsde") { _ in }) { error in
            swiftMessage = (error as? ValueError)?.message ?? ""
        }
        XCTAssertEqual(swiftMessage, "Button `order` has no event `touchUpInsde` (did you mean `touchUpInside`?); its events: "
                           + "touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel")
        XCTAssertTrue(scene.messages.contains { $0.contains("mixer.lua:2: " + swiftMessage + "\n") }, "\(scene.messages)")

        // Nothing was connected; the declared events still are.
        var heard: [String] = []
        try mixer.on("levelChanged") { heard.append($0.name) }
        try order.on("touchUpInside") { heard.append($0.name) }
        try mixer.send("levelChanged")
        order.tap()
        XCTAssertEqual(heard, ["levelChanged", "touchUpInside"])
    }

    func testAnUndeclaredEventIsRefusedToTargetActionAsToOn() throws {
        let loaded = try SceneLoader.load(file: Self.connections.appendingPathComponent("mixer.scene.yaml").path, limits: .default)
        let scene = loaded.scene
        let order = try XCTUnwrap(scene.control(named: "order"))
        var saved: [String] = []
        scene.screen?.handle("save") { sender, _ in saved.append(sender.responderName) }
        XCTAssertThrowsError(try order.addTarget(nil, action: "save", for: "touchUpInsde")) { error in
            XCTAssertEqual((error as? ValueError)?.message, "Button `order` has no event `touchUpInsde` (did you mean `touchUpInside`?); "
                               + "its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel")
        }
        XCTAssertTrue(order.wiredActions.isEmpty, "nothing was added: \(order.wiredActions)")

        // The declared event is wired and sends the action.
        try order.addTarget(nil, action: "save", for: "touchUpInside")
        order.tap()
        XCTAssertEqual(saved, ["order"])
    }
}
