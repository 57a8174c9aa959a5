import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// A scene's `ui:` file is checked where every other mistake is, at the
/// scene's line, in every mode: missing, outside the scene's folder, not a
/// regular file, or a GTK 3 file from Glade. A window's host takes only a
/// file that passed, so it never opens one the scene may not read.
final class InterfaceFileTests: XCTestCase {
    /// UiFile/: a scene, the same scene with a frame, and the GTK 4 file they name.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("UiFile")
    private var scene = "", framedScene = "", gtk4 = ""

    override func setUpWithError() throws {
        func text(_ name: String) throws -> String {
            try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        }
        scene = try text("test.scene.yaml")
        framedScene = try text("framed.scene.yaml")
        gtk4 = try text("screen.ui")
    }

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
        let fixture = try SceneFixture(["test.scene.yaml": framedScene, "screen.ui": gtk4])
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
        let plain = try SceneFixture(["test.scene.yaml": framedScene.replacingOccurrences(of: "ui: screen.ui\n", with: "")])
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
        // Its line with CR LF line ends too (it was 1: the file read as one line).
        try glade.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: fixture.path("screen.ui"), atomically: true, encoding: .utf8)
        XCTAssertEqual(mistakes(fixture.path("test.scene.yaml")).first?.prefix(14), "1: screen.ui:4")
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

    /// Only a `.ui` file inside the scene's folder is handed out: not one
    /// outside it, above it, a device or a link out.
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
