@testable import BehaveScene
import Foundation
import XCTest

/// The `.ui` file a host reads before the scene loads (`behave window`
/// builds it first): only one the scene may read, as loading checks it.
final class InterfaceFileTests: XCTestCase {
    func testOnlyAUiFileInsideTheScenesFolderIsHandedOut() throws {
        let outside = try SceneFixture(["outside.ui": "<interface/>"])
        let fixture = try SceneFixture([
            "inside.ui": "<interface/>",
            "inside.scene.yaml": "screen: A\nui: inside.ui\n",
            "outside.scene.yaml": "screen: A\nui: \(outside.path("outside.ui"))\n",
            "up.scene.yaml": "screen: A\nui: ../\(outside.directory.lastPathComponent)/outside.ui\n",
            "device.scene.yaml": "screen: A\nui: /dev/zero\n",
            "link.scene.yaml": "screen: A\nui: link.ui\n",
            "none.scene.yaml": "screen: A\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: fixture.path("link.ui"), withDestinationPath: outside.path("outside.ui"))
        let real = try XCTUnwrap(SceneLoader.interfaceFile(of: fixture.path("inside.scene.yaml")))
        XCTAssertEqual(URL(fileURLWithPath: real).resolvingSymlinksInPath().path,
                       URL(fileURLWithPath: fixture.path("inside.ui")).resolvingSymlinksInPath().path)
        // Before: each was handed out, and GTK read it before the scene's
        // check refused it (/dev/zero until memory ran out).
        for name in ["outside", "up", "device", "link", "none"] {
            XCTAssertNil(SceneLoader.interfaceFile(of: fixture.path("\(name).scene.yaml")), name)
        }
    }
}
