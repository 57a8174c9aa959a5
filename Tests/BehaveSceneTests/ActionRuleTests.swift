import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// Which methods are actions: every method of the class except lifecycle
/// methods, delegate messages and names starting with `_`. `inspect`,
/// scene files and the responder chain agree.
final class ActionRuleTests: XCTestCase {
    /// The script whose methods are or are not actions, and its scene, in Actions/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Actions")

    /// The text of Actions/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testInspectListsOnlyPublicMethods() throws {
        let fixture = try SceneFixture(["like.lua": text("like.lua")])
        let declaration = try LuaScript(contentsOf: fixture.path("like.lua")).declaration()
        XCTAssertEqual(declaration.actions, ["like"])
    }

    func testASceneCannotWireAHelper() throws {
        // Actions/like.scene.yaml, its button wired to the helper.
        let scene = try text("like.scene.yaml").replacingOccurrences(of: "like.like", with: "like._refresh")
        let fixture = try SceneFixture(["like.lua": text("like.lua"), "like.scene.yaml": scene])
        XCTAssertThrowsError(try SceneLoader.load(file: fixture.path("like.scene.yaml"))) { error in
            XCTAssertTrue("\(error)".contains("has no action `_refresh`"), "\(error)")
        }
    }

    func testASentHelperIsNotPerformed() throws {
        let fixture = try SceneFixture(["like.lua": text("like.lua"), "like.scene.yaml": text("like.scene.yaml")])
        let loaded = try SceneLoader.load(file: fixture.path("like.scene.yaml"))
        let like = try XCTUnwrap(loaded.behaviours.first)
        XCTAssertTrue(like.canPerformAction("like"))
        XCTAssertFalse(like.canPerformAction("_refresh"))
        XCTAssertFalse(like.canPerformAction("scrollViewDidScroll"))
        XCTAssertFalse(like.canPerformAction("awake"))
        // Through the responder chain, a helper's name is unhandled.
        like.sendAction("_refresh")
        XCTAssertEqual(loaded.scene.actions.last?.name, "_refresh")
        XCTAssertNil(loaded.scene.actions.last?.target)
        XCTAssertEqual(loaded.scene.state()["behaviours"]?.text.contains("\"count\":0"), true)
    }
}
