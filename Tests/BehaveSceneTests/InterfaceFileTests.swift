import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// A scene's `ui:` file is checked where every other mistake is, at the
/// scene's line, in every mode: missing, outside the scene's folder, not a
/// regular file, or a GTK 3 file from Glade. A window's host takes only a
/// file that passed, so it never opens one the scene may not read.
final class InterfaceFileTests: XCTestCase {
    private let scene = """
        ui: screen.ui
        controls:
          ok: { type: Button }

        """
    private let gtk4 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <requires lib="gtk" version="4.0"/>
          <object class="GtkWindow"><child><object class="GtkButton" id="ok"/></child></object>
        </interface>

        """

    private func mistakes(_ file: String) -> [String] {
        SceneLoader.check(file: file).map { "\($0.line ?? 0): \($0.message)" }
    }

    func testAGtk4FileIsTheHostsToRead() throws {
        let fixture = try SceneFixture(["test.scene.yaml": scene, "screen.ui": gtk4])
        XCTAssertEqual(mistakes(fixture.path("test.scene.yaml")), [])
        XCTAssertEqual(SceneLoader.interfaceFile(of: fixture.path("test.scene.yaml")),
                       FileAccess.realPath(fixture.path("screen.ui")))
    }

    func testAGladeFileForGtk3IsToldWithItsLineAndTheConversion() throws {
        let glade = gtk4.replacingOccurrences(of: "<requires lib=\"gtk\" version=\"4.0\"/>",
                                              with: "<!-- Generated with glade 3.40.0 -->\n  <requires lib=\"gtk+\" version=\"3.24\"/>")
        let fixture = try SceneFixture(["test.scene.yaml": scene, "screen.ui": glade])
        XCTAssertEqual(mistakes(fixture.path("test.scene.yaml")), [
            "1: screen.ui:4: the file is for GTK 3 (`<requires lib=\"gtk+\" …/>`, as Glade writes it), and behave window "
                + "runs GTK 4; convert it with `gtk4-builder-tool simplify --3to4 --replace screen.ui`, or draw it in Cambalache",
        ])
        XCTAssertNil(SceneLoader.interfaceFile(of: fixture.path("test.scene.yaml")))
    }

    func testAFifoIsRefusedWithoutWaitingForAWriter() throws {
        let fixture = try SceneFixture(["test.scene.yaml": scene])
        XCTAssertEqual(mkfifo(fixture.path("screen.ui"), 0o600), 0)
        XCTAssertEqual(mistakes(fixture.path("test.scene.yaml")), ["1: screen.ui: not a regular file"])
        XCTAssertNil(SceneLoader.interfaceFile(of: fixture.path("test.scene.yaml")), "a host would block opening it")
    }

    func testAFileOutsideTheScenesFolderIsNotHandedToTheHost() throws {
        let outside = try SceneFixture(["secret.ui": gtk4])
        let fixture = try SceneFixture(["test.scene.yaml": scene.replacingOccurrences(of: "screen.ui", with: outside.path("secret.ui"))])
        XCTAssertEqual(mistakes(fixture.path("test.scene.yaml")).first?.hasPrefix("1: \(outside.path("secret.ui")): outside the folders"),
                       true, "\(mistakes(fixture.path("test.scene.yaml")))")
        XCTAssertNil(SceneLoader.interfaceFile(of: fixture.path("test.scene.yaml")))
    }
}
