import BehaveCore
import BehaveLua
@testable import BehaveScene
import XCTest

/// Which methods are actions: every method of the class except lifecycle
/// methods, delegate messages and names starting with `_`. `inspect`,
/// scene files and the responder chain agree.
final class ActionRuleTests: XCTestCase {
    let script = """
        local Like = behaviour { outlets = { button = "Button" } }

        function Like:awake() self.count = 0 end
        function Like:like() self:_refresh() end
        function Like:_refresh() self.count = self.count + 1 end
        function Like:scrollViewDidScroll() end

        return Like

        """

    func testInspectListsOnlyPublicMethods() throws {
        let fixture = try SceneFixture(["like.lua": script])
        let declaration = try LuaScript(contentsOf: fixture.path("like.lua")).declaration()
        XCTAssertEqual(declaration.actions, ["like"])
    }

    func testASceneCannotWireAHelper() throws {
        let fixture = try SceneFixture(["like.lua": script, "like.scene.yaml": """
            screen: S
            controls:
              button: { type: Button }
            behaviours:
              like: { script: like.lua, outlets: { button: button } }
            connections:
              - button.touchUpInside -> like._refresh

            """])
        XCTAssertThrowsError(try SceneLoader.load(file: fixture.path("like.scene.yaml"))) { error in
            XCTAssertTrue("\(error)".contains("has no action `_refresh`"), "\(error)")
        }
    }

    func testASentHelperIsNotPerformed() throws {
        let fixture = try SceneFixture(["like.lua": script, "like.scene.yaml": """
            screen: S
            controls:
              button: { type: Button }
            behaviours:
              like: { script: like.lua, outlets: { button: button } }
            connections:
              - button.touchUpInside -> like.like

            """])
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
