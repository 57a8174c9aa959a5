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

    /// The `.ui` file lays its widgets out, so a frame the scene gives
    /// is not used in `behave window`: a warning at the frame's line in
    /// every mode (the scene still loads; headless, the frame places it).
    func testAFrameBesideAUiFileIsAWarningAtItsLine() throws {
        let framed = scene.replacingOccurrences(of: "ok: { type: Button }", with: """
            ok:
                type: Button
                frame: [20, 40, 120, 44]
            """)
        let fixture = try SceneFixture(["test.scene.yaml": framed, "screen.ui": gtk4])
        let file = fixture.path("test.scene.yaml")
        XCTAssertEqual(SceneLoader.inspect(file: file).map(\.description), [
            "\(file):5: warning: control `ok`: its frame is not used in behave window, where screen.ui lays its widget out "
                + "(it places the control only headless: behave run, specs, the studio); size and place the widget in screen.ui, "
                + "or take `frame` out",
        ])
        let loaded = try SceneLoader.load(file: file)
        XCTAssertEqual(loaded.warnings.map(\.line), [5])
        XCTAssertEqual(try loaded.scene.control(named: "ok")?.value("frame"), .rect(Rect(x: 20, y: 40, width: 120, height: 44)))
        // Without a ui: file the frame is the layout: nothing to say.
        let plain = try SceneFixture(["test.scene.yaml": framed.replacingOccurrences(of: "ui: screen.ui\n", with: "")])
        XCTAssertEqual(SceneLoader.inspect(file: plain.path("test.scene.yaml")).map(\.description), [])
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
