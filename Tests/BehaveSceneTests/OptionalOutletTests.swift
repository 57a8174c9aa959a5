import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// An outlet declared with Swift's mark (`"ImageView?"`) may be left
/// unconnected without a warning; the bundled image picker's
/// `targetImageView` is one. A required outlet left out still warns.
final class OptionalOutletTests: XCTestCase {
    /// The scenes that leave outlets out or give them the wrong type, in Optional/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Optional")

    /// The text of Optional/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testAnOptionalOutletLeftUnconnectedIsNoWarning() throws {
        let fixture = try SceneFixture(["picker.scene.yaml": text("unconnected.scene.yaml")])
        let file = fixture.path("picker.scene.yaml")
        XCTAssertEqual(SceneLoader.inspect(file: file).map(\.message), [
            "outlet `button` of `toggle` is not connected: it is nil when the behaviour runs (declare it \"Button?\" if it may be left unconnected)",
        ])
    }

    func testAnOptionalOutletStillTakesOnlyItsType() throws {
        let fixture = try SceneFixture(["picker.scene.yaml": text("wrong_type.scene.yaml")])
        XCTAssertEqual(SceneLoader.check(file: fixture.path("picker.scene.yaml")).map(\.message), [
            "behaviour `picker`: outlet `targetImageView` of ImagePicker takes a ImageView, but `change` is a Button",
        ])
    }

    func testTheInspectorShowsTheMark() throws {
        let path = try XCTUnwrap(LuaScript.locate("image_picker.lua"))
        let runtime = try LuaRuntime(scene: Scene(screen: "Inspect"))
        let declaration = try LuaBehaviour(path: path, name: "picker", runtime: runtime).declaration
        XCTAssertEqual(declaration.outlets.map(\.declaredType), ["ImageView?"])
        XCTAssertTrue(declaration.inspectorText.contains("targetImageView  ImageView?"), declaration.inspectorText)
        XCTAssertTrue(declaration.json.text.contains(#""type":"ImageView","optional":true"#), declaration.json.text)
    }
}
