@testable import BehaveGTK
import BehaveCore
import BehaveScene
import Foundation
import XCTest

/// A control of a scene with a `.ui` file is refused headless (`behave
/// run`, specs, `behave check`, the studio) exactly where `behave window`
/// refuses it, in its words: one table (`WidgetClasses`) says which GTK
/// classes fit each control type, which headless reads through its class
/// table and the window asks GTK of. Before: headless said nothing and
/// ran the scene, so a spec passed on a scene the window refused.
final class OutletAgreementTests: XCTestCase {
    /// Widgets of every class a control type names, of their subclasses
    /// and of classes near them that are none of them (a GtkCheckButton is
    /// no GtkButton in GTK 4, but a Switch; a GtkSearchEntry no GtkEntry).
    static let probes = [
        "GtkButton", "GtkToggleButton", "GtkLinkButton", "GtkCheckButton", "GtkMenuButton", "GtkLabel", "GtkSwitch",
        "GtkScale", "GtkSpinButton", "GtkEntry", "GtkPasswordEntry", "GtkSearchEntry", "GtkPicture", "GtkImage",
        "GtkScrolledWindow", "GtkBox", "GtkCenterBox", "GtkFrame", "GtkProgressBar", "GtkDrawingArea", "GtkSeparator",
    ]

    /// The window's table holds a widget for every type the shared one names.
    func testTheWindowMakesAWidgetForEveryTypeOfTheTable() {
        XCTAssertEqual(GtkControlKind.all.map(\.controlType), WidgetClasses.fitting.map(\.controlType))
    }

    /// Every probe class bound as every control type, a misspelt id, an
    /// adjustment, a widget beside the window and one in its titlebar:
    /// the window exits 2 with the lines headless gives, the same lines
    /// and text.
    func testHeadlessRefusesWhatTheWindowRefusesInItsWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-outlets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = WidgetClasses.fitting.map(\.controlType)
        var widgets = "", controls = ""
        for className in OutletAgreementTests.probes {
            for type in types {
                // A link button needs its uri, or the window refuses the file first.
                let uri = className == "GtkLinkButton" ? "<property name=\"uri\">https://example.com</property>" : ""
                widgets += "        <child><object class=\"\(className)\" id=\"\(className)As\(type)\">\(uri)</object></child>\n"
                controls += "  \(className)As\(type): { type: \(type) }\n"
            }
        }
        // Fixtures/Outlets' window and scene, the probes added to each.
        let drawn = try String(contentsOf: fixtures("Outlets/s.ui"), encoding: .utf8)
        try drawn.replacingOccurrences(of: "<!-- probes -->\n", with: widgets)
            .write(to: folder.appendingPathComponent("s.ui"), atomically: true, encoding: .utf8)
        let scene = folder.appendingPathComponent("s.scene.yaml").path
        try (String(contentsOf: fixtures("Outlets/s.scene.yaml"), encoding: .utf8) + controls)
            .write(toFile: scene, atomically: true, encoding: .utf8)

        let driver = try WindowDriver()
        let headless = try assertAgree(scene, driver: driver)
        // What the probes show: each kind of refusal, a fit and a misfit of each type.
        for expected in [
            "s.scene.yaml:4: control `emial`: s.ui has no object with id `emial` (did you mean `email`?)",
            "s.scene.yaml:5: control `range`: `range` in s.ui is not a widget",
            "s.scene.yaml:6: control `loose`: `loose` in s.ui is not inside the screen's window",
            "s.scene.yaml:7: control `inTitle`: `inTitle` in s.ui is not inside the screen's window",
            "control `GtkCheckButtonAsButton`: `GtkCheckButtonAsButton` in s.ui is a GtkCheckButton, but the scene says Button",
            "`GtkSearchEntryAsTextField` in s.ui is a GtkSearchEntry, but the scene says TextField: a TextField is a GtkEntry or GtkPasswordEntry; change the widget's class to GtkEntry or GtkPasswordEntry in s.ui, or the control to `type: View` in the scene (a View takes any widget)",
            "(a GtkToggleButton is a Button)",
            "control `GtkCheckButtonAsButton`: `GtkCheckButtonAsButton` in s.ui is a GtkCheckButton, but the scene says Button: "
                + "a Button is a GtkButton; change the widget's class to GtkButton in s.ui, or the control to `type: Switch` in the scene "
                + "(a GtkCheckButton is a Switch)",
            "`GtkSwitchAsButton` in s.ui is a GtkSwitch, but the scene says Button",
            // A radio button, the group's first or a later one, is no Switch (a View takes it).
            "s.scene.yaml:8: control `tea`: `tea` in s.ui is a GtkCheckButton in a group (a radio button), but the scene says Switch: "
                + "a Switch flips on its own, where GTK keeps one of the group on; take `group` out in s.ui, "
                + "or the control to `type: View` in the scene",
            "s.scene.yaml:9: control `coffee`: `coffee` in s.ui is a GtkCheckButton in a group",
            "s.scene.yaml:11: control `sugar`: `sugar` in s.ui is a GtkCheckButton in a group",
        ] {
            XCTAssertTrue(headless.contains { $0.contains(expected) }, "\(expected) in:\n\(headless.joined(separator: "\n"))")
        }
        for fitting in ["GtkToggleButtonAsButton", "GtkToggleButtonAsSwitch", "GtkCheckButtonAsSwitch", "GtkSwitchAsSwitch",
                        "GtkPasswordEntryAsTextField", "GtkFrameAsView", "GtkScaleAsSlider", "milk"] {
            XCTAssertFalse(headless.contains { $0.contains("control `\(fitting)`") }, fitting)
        }
        for type in types where type != "View" {
            XCTAssertTrue(headless.contains { $0.hasSuffix("but the scene says \(type)") || $0.contains("the scene says \(type):") }, type)
        }
    }

    /// A `.ui` file the window refuses whole (a property GtkLabel lacks)
    /// that also lacks a control's id (Tests/BehaveSceneTests/Misspelt):
    /// the window tells the property, at the line and column headless
    /// warns of it; headless tells the id too, in the words the window
    /// says once the property is mended. Before: headless said nothing
    /// of the id, and `behave check` said `ok`.
    func testAMisspeltIdIsToldHeadlessBesideTheFileTheWindowRefuses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-misspelt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = WindowDriver.checkout.appendingPathComponent("Tests/BehaveSceneTests/Misspelt")
        for name in ["volume.scene.yaml", "volume.lua", "volume.ui"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let scene = folder.appendingPathComponent("volume.scene.yaml").path
        let diagnostics = SceneLoader.inspect(file: scene)
        let warnings = diagnostics.filter(\.isWarning).map(\.message), errors = diagnostics.filter { !$0.isWarning }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.hasPrefix("volume.ui:16:37: a GtkLabel has no property `lable`") == true, "\(warnings)")
        XCTAssertEqual(errors.map(\.line), [6])
        let id = "control `volume`: volume.ui has no object with id `volume` (did you mean `volum`?); rename the control or the widget"
        XCTAssertEqual(errors.map(\.message), [id])

        let driver = try WindowDriver()
        let (status, output) = try driver.runToTheEnd(scene, timeout: 30)
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("volume.ui:16:37: GtkLabel has no property `lable` (did you mean `label`?)"), output)
        XCTAssertFalse(output.contains("no object with id"), "the window stops at the file: \(output)")

        let ui = folder.appendingPathComponent("volume.ui")
        try String(contentsOf: ui, encoding: .utf8).replacingOccurrences(of: "\"lable\"", with: "\"label\"")
            .write(to: ui, atomically: true, encoding: .utf8)
        XCTAssertEqual(try assertAgree(scene, driver: driver), ["volume.scene.yaml:6: \(id)"])
    }

    /// The window's lines about `scene` (it exits 2) are headless's, in
    /// order and word for word; headless's.
    @discardableResult
    private func assertAgree(_ scene: String, driver: WindowDriver, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let name = (scene as NSString).lastPathComponent
        let headless: [String]
        do throws(SceneLoadError) {
            _ = try SceneLoader.load(file: scene)
            headless = []
        } catch {
            headless = error.diagnostics.map { "\(($0.file as NSString).lastPathComponent):\($0.line ?? 0): \($0.message)" }
        }
        let (status, output) = try driver.runToTheEnd(scene, timeout: 30)
        XCTAssertEqual(status, 2, output, file: file, line: line)
        let told = output.split(separator: "\n").compactMap { text -> String? in
            guard let start = text.range(of: "\(name):") else { return nil }
            return String(text[start.lowerBound...])
        }
        XCTAssertEqual(told, headless, file: file, line: line)
        return headless
    }

    /// Widgets held other than in a `<child>`: a stack's page's, a
    /// frame's child given by id, a popover's; a titlebar given by id; an
    /// expander's child, which is inside the window only while the
    /// expander is open (before: headless bound a collapsed one's); and
    /// a screen drawn without a window (its one widget at the top). Each
    /// file also binds an id it lacks, so the window exits.
    func testHeadlessFindsWhatTheWindowShowsAsTheWindowDoes() throws {
        let driver = try WindowDriver()
        for name in ["held", "alone"] {
            let scene = fixtures("Outlets/\(name).scene.yaml").path
            let headless = try assertAgree(scene, driver: driver)
            XCTAssertFalse(headless.isEmpty, name)
            if name == "held" {
                for folded in ["folded", "foldedChild"] {
                    XCTAssertTrue(headless.contains { $0.contains("control `\(folded)`: `\(folded)` in held.ui is not inside the screen's window") },
                                  "\(folded) in \(headless)")
                }
            }
            // What is shown binds: only the titlebar's, a collapsed expander's child (GTK
            // parents it as the expander opens), the adjustment and the misspelt ids are refused.
            for shown in ["paged", "framed", "popped", "top", "inner", "foldedTitle", "unfolded"] {
                XCTAssertFalse(headless.contains { $0.contains("control `\(shown)`") }, "\(name): \(shown) in \(headless)")
            }
        }
    }
}
