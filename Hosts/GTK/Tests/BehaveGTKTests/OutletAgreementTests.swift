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
    /// no GtkButton in GTK 4, a GtkSearchEntry no GtkEntry).
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
                widgets += "        <child><object class=\"\(className)\" id=\"\(className)As\(type)\"/></child>\n"
                controls += "  \(className)As\(type): { type: \(type) }\n"
            }
        }
        let ui = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <requires lib="gtk" version="4.0"/>
              <object class="GtkAdjustment" id="range"/>
              <object class="GtkWindow">
                <child type="titlebar"><object class="GtkHeaderBar"><child><object class="GtkButton" id="inTitle"/></child></object></child>
                <child><object class="GtkBox">
                  <child><object class="GtkEntry" id="email"/></child>
            \(widgets)      </object></child>
              </object>
              <object class="GtkButton" id="loose"/>
            </interface>

            """
        try ui.write(to: folder.appendingPathComponent("s.ui"), atomically: true, encoding: .utf8)
        let scene = folder.appendingPathComponent("s.scene.yaml").path
        try ("screen: S\nui: s.ui\ncontrols:\n  emial: { type: TextField }\n  range: { type: Slider }\n"
             + "  loose: { type: Button }\n  inTitle: { type: Button }\n" + controls)
            .write(toFile: scene, atomically: true, encoding: .utf8)

        let headless: [String]
        do throws(SceneLoadError) {
            _ = try SceneLoader.load(file: scene)
            headless = []
        } catch {
            headless = error.diagnostics.map { "\(($0.file as NSString).lastPathComponent):\($0.line ?? 0): \($0.message)" }
        }
        let driver = try WindowDriver()
        let (status, output) = try driver.runToTheEnd(scene, timeout: 30)
        XCTAssertEqual(status, 2, output)
        let told = output.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "s.scene.yaml:") else { return nil }
            return String(line[start.lowerBound...])
        }
        XCTAssertEqual(told, headless)
        // What the probes show: each kind of refusal, a fit and a misfit of each type.
        for expected in [
            "s.scene.yaml:4: control `emial`: s.ui has no object with id `emial` (did you mean `email`?)",
            "s.scene.yaml:5: control `range`: `range` in s.ui is not a widget",
            "s.scene.yaml:6: control `loose`: `loose` in s.ui is not inside the screen's window",
            "s.scene.yaml:7: control `inTitle`: `inTitle` in s.ui is not inside the screen's window",
            "control `GtkCheckButtonAsButton`: `GtkCheckButtonAsButton` in s.ui is a GtkCheckButton, but the scene says Button",
            "`GtkSearchEntryAsTextField` in s.ui is a GtkSearchEntry, but the scene says TextField: a TextField is a GtkEntry or GtkPasswordEntry; change the widget's class to GtkEntry or GtkPasswordEntry in s.ui, or the control to `type: View` in the scene (a View takes any widget)",
            "(a GtkToggleButton is a Button)",
        ] {
            XCTAssertTrue(headless.contains { $0.contains(expected) }, "\(expected) in:\n\(headless.joined(separator: "\n"))")
        }
        for fitting in ["GtkToggleButtonAsButton", "GtkPasswordEntryAsTextField", "GtkFrameAsView", "GtkScaleAsSlider"] {
            XCTAssertFalse(headless.contains { $0.contains("control `\(fitting)`") }, fitting)
        }
        for type in types where type != "View" {
            XCTAssertTrue(headless.contains { $0.hasSuffix("but the scene says \(type)") || $0.contains("the scene says \(type):") }, type)
        }
    }
}
