@testable import BehaveGTK
import BehaveCore
import BehaveScene
import CGtk
import Foundation
import XCTest

/// A scene whose `.ui` file draws its controls reads the same values
/// headless (`behave run`, specs, the studio: the file read by Behave's own
/// reader) as in `behave window` (the widgets GtkBuilder built): every
/// property of every control of Fixtures/Drawn, which draws every class
/// a control takes values from, in the ways designers write them. What
/// guards the one table of those classes (`InterfaceDrawing`) against the
/// GTK bindings.
final class DrawnValueAgreementTests: InProcessGtkTestCase {
    private let folder = WindowDriver.checkout.appendingPathComponent("Hosts/GTK/Tests/BehaveGTKTests/Fixtures/Drawn")

    /// Before: headless, the volume read 0 in 0…1 where the window read 40
    /// in 0…100, and every label, switch and field its default.
    func testHeadlessControlsReadWhatTheWindowsRead() throws {
        for name in ["drawn", "set"] {
            let file = folder.appendingPathComponent("\(name).scene.yaml").path
            let headless = try SceneLoader.load(file: file)
            let host = try GtkHost(interface: SceneLoader.interfaceFile(of: file), styles: GtkStyles())
            let window = try SceneLoader.load(file: file, hosting: host.hosting)
            let controls = try XCTUnwrap(headless.scene.screen).controls
            XCTAssertGreaterThan(controls.count, 10)
            for view in controls {
                let shown = try XCTUnwrap(window.scene.control(named: view.name), view.name)
                for spec in view.schema.properties {
                    XCTAssertEqual(try view.value(spec.name), try shown.value(spec.name), "\(name).scene.yaml: \(view.name).\(spec.name)")
                }
            }
            XCTAssertEqual(notes(headless.scene), notes(window.scene), "\(name).scene.yaml")
        }
    }

    /// The values that show the two agree on what the designer drew, not
    /// on defaults alone.
    func testTheFixtureDrawsValuesTheControlsTake() throws {
        let headless = try SceneLoader.load(file: folder.appendingPathComponent("drawn.scene.yaml").path)
        let read = { (name: String, property: String) in try headless.scene.control(named: name)?.value(property) }
        XCTAssertEqual(try read("volume", "maximumValue"), .number(100))
        XCTAssertEqual(try read("volume", "value"), .number(40))
        XCTAssertEqual(try read("marked", "text"), .string("Milk & su_gar"))
        XCTAssertEqual(try read("yes", "on"), .bool(true))
        XCTAssertEqual(try read("count", "stepValue"), .number(5))
        XCTAssertEqual(try read("buffered", "text"), .string("from the buffer"))
        XCTAssertEqual(try read("scroller", "contentOffset"), .point(Point(x: 0, y: 200)))
        XCTAssertEqual(try read("save", "title"), .string("Save preset"))
        XCTAssertEqual(try read("mnemonic", "title"), .string("Save"))
        XCTAssertEqual(try read("iconic", "title"), .string(""))
        XCTAssertEqual(try read("blank", "placeholder"), .string("Preset name"))
        XCTAssertEqual(try read("secret", "placeholder"), .string("Password"))
        XCTAssertEqual(notes(headless.scene).count, 2, notes(headless.scene).joined(separator: "\n"))
    }

    /// Every property a GTK binding adopts from its widget is one the
    /// headless table reads, for the classes the GTK host binds to that
    /// control type, and the fixture draws every class of the table.
    func testTheHeadlessTableCoversEveryPropertyTheBindingsAdopt() throws {
        let host = try GtkHost(interface: nil, styles: GtkStyles())
        let table = InterfaceDrawing.drawnClasses
        let fixture = try String(contentsOf: folder.appendingPathComponent("drawn.ui"), encoding: .utf8)
        for kind in GtkControlKind.all {
            let view = try XCTUnwrap(ControlTypes.named(kind.controlType)).makeControl(named: "probe\(kind.controlType)")
            host.bind(view)
            let widget = try XCTUnwrap(view.widget, kind.controlType)
            let adopted = Set(view.schema.properties.filter { !$0.isReadOnly && widget.drawnValue(of: $0) != nil }.map(\.name))
            let rows = table.filter { $0.controlType == kind.controlType }
            XCTAssertEqual(rows.map(\.className).joined(separator: " or "), adopted.isEmpty ? "" : kind.classes, kind.controlType)
            for row in rows {
                XCTAssertEqual(Set(row.properties), adopted, "\(row.className) as a \(kind.controlType)")
                XCTAssertTrue(fixture.contains("class=\"\(row.className)\""), "drawn.ui draws a \(row.className)")
            }
        }
    }

    private func notes(_ scene: Scene) -> [String] {
        scene.trace.entries.filter { $0.kind == .note }.map(\.message)
    }
}
