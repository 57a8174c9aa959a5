@testable import BehaveGTK
@testable import BehaveScene
import Foundation
import XCTest

/// A file with two mistakes is refused for the same one, at the same line
/// and column, by the window and headless. The window's pre-scan weighs
/// the ids a constraint or a stack page names, and a combo box's entry
/// column, once the whole file is read (an id may be given after it is
/// named), so a mistake it refuses as it reads, further down, is told
/// first; GtkBuilder too stops at that one, before it builds anything.
/// Before: headless told the id or the column, as it read them.
final class FirstMistakeAgreementTests: InProcessGtkTestCase {
    func testTheWindowAndHeadlessTellTheSameOfTwoMistakes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-first-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = #"<child><object class="GtkStack"><child><object class="GtkStackPage"><property name="child">range</property></object></child></object></child>"#
        let constraint = #"<child><object class="GtkBox"><property name="layout-manager"><object class="GtkConstraintLayout"><constraints><constraint target="range" target-attribute="width" relation="eq" constant="10"/></constraints></object></property></object></child>"#
        let combo = #"<child><object class="GtkComboBox"><property name="has-entry">1</property><property name="entry-text-column">0</property><property name="model">numbers</property></object></child>"#
        let signal = #"<child><object class="GtkButton"><signal name="clicked" handler="abort"/></object></child>"#
        // Each pair, the first above the second, and which the window tells (its line).
        let files: [(name: String, first: String, second: String, toldLine: Int)] = [
            ("pageThenSignal", page, signal, 5), ("constraintThenSignal", constraint, signal, 5),
            ("comboThenSignal", combo, signal, 5), ("comboThenPage", combo, page, 5), ("comboThenConstraint", combo, constraint, 5),
            ("pageThenCombo", page, combo, 4),
        ]
        for (name, first, second, toldLine) in files {
            let text = "<interface>\n  <object class=\"GtkAdjustment\" id=\"range\"/><object class=\"GtkListStore\" id=\"numbers\"><columns><column type=\"gint\"/></columns></object>\n  <object class=\"GtkWindow\"><child><object class=\"GtkBox\">\n"
                + "    \(first)\n    \(second)\n"
                + "    <child><object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object></child>\n"
                + "  </object></child></object>\n</interface>\n"
            let (scene, told) = try windowVerdict(on: text, named: name, in: folder)
            guard let told else {
                XCTFail("\(name): the window opened")
                continue
            }
            XCTAssertTrue(told.contains("\(name).ui:\(toldLine):"), "\(name): \(told)")
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning).map(\.message)
            XCTAssertEqual(warnings.count, 1, "\(name): \(warnings)")
            guard let warning = warnings.first else { continue }
            // The same place, and the same fix (headless words the rest as a warning).
            let place = { (message: String) in message.firstMatch(of: #/\.ui:[0-9]+:[0-9]+: /#).map { String($0.output) } }
            let fix = { (message: String) in message.range(of: "; ", options: .backwards).map { message[$0.upperBound...] } }
            XCTAssertEqual(place(warning), place(told), "\(name): \(warning) / \(told)")
            XCTAssertEqual(fix(warning), fix(told), "\(name): \(warning) / \(told)")
        }
    }
}
