@testable import BehaveGTK
@testable import BehaveScene
import CGtk
import Foundation
import XCTest

/// A `<child type>` its parent does not take: GTK warns ("is not a valid
/// child type"), and leaves the child out. Which types each class takes
/// is GtkBuilder's answer (`gtk-class-table --child-types`), and both the
/// window's pre-scan and headless refuse another, at the `<child>`'s line
/// and column, naming the types the parent takes. Before: headless took
/// the file, and the window refused it with GTK's warning and no line.
final class ChildTypeAgreementTests: InProcessGtkTestCase {
    static let committed = WindowDriver.checkout.appendingPathComponent("Sources/BehaveScene/Data/gtk-child-types.txt")

    /// The committed table is what `gtk-class-table --child-types` writes
    /// of this GTK, on an X server of its own.
    func testTheCommittedChildTypesAreThisGtks() throws {
        let server = try WindowDriver()
        let process = Process()
        process.executableURL = WindowDriver.windowBinary.deletingLastPathComponent().appendingPathComponent("gtk-class-table")
        process.arguments = ["--child-types"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": server.display, "GDK_BACKEND": "x11"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = withExtendedLifetime(server) {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        XCTAssertEqual(process.terminationStatus, 0)
        let fresh = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(fresh.contains("\nGtkActionBar center end start\n"), fresh)
        // A dialog's titlebar, probed with a header bar (it crashed on a
        // label), and a text view's types, past which it loops, are tried.
        XCTAssertTrue(fresh.contains("\nGtkDialog action titlebar\n") && fresh.contains("\nGtkTextView\n"), fresh)
        // A notebook's tab, probed after a page (GTK asserted on one
        // before any): before, untried (`?tab`).
        XCTAssertTrue(fresh.contains("\nGtkNotebook action-end action-start tab\n"), fresh)
        XCTAssertEqual(try String(contentsOf: ChildTypeAgreementTests.committed, encoding: .utf8), fresh,
                       "write it again from the checkout: xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table --child-types "
                       + "> Sources/BehaveScene/Data/gtk-child-types.txt")
    }

    /// Each parent and type: the window refuses the types the parent does
    /// not take at the `<child>`, and headless in its words there, taking
    /// nothing of the file; the types it takes, and any type of a parent
    /// that does not judge them (a box), open in both.
    func testTheWindowAndHeadlessRefuseAChildTypeItsParentDoesNotTake() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-child-type-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(parent: String, type: String, refused: Bool)] = [
            ("GtkActionBar", "tab", true), ("GtkActionBar", "start", false), ("GtkActionBar", "center", false),
            ("GtkHeaderBar", "center", true), ("GtkHeaderBar", "title", false),
            ("GtkPaned", "overlay", true), ("GtkPaned", "end", false),
            ("GtkCenterBox", "title", true), ("GtkCenterBox", "center", false),
            ("GtkOverlay", "start", true), ("GtkOverlay", "overlay", false),
            ("GtkInfoBar", "titlebar", true), ("GtkInfoBar", "action", false),
            // A notebook's child comes after a page (a tab before any is refused apart).
            ("GtkNotebook", "label", true), ("GtkNotebook", "action-end", false), ("GtkNotebook", "tab", false),
            ("GtkLabel", "start", true),
            // GTK warns of each type, then loops for ever as the text view
            // goes (the probe's child died there): before, these were
            // untried, taken by the child type, and refused as the child.
            ("GtkTextView", "titlebar", true), ("GtkTextView", "center", true),
            ("GtkBox", "tab", false),
        ]
        for (parent, type, refused) in cases {
            let name = "\(parent)-\(type)"
            let page = parent == "GtkNotebook" ? "<child><object class=\"GtkLabel\"/></child>" : ""
            let text = "<interface>\n  <object class=\"GtkWindow\"><child><object class=\"GtkBox\">"
                + "<child><object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object></child>\n"
                + "    <child><object class=\"\(parent)\">\(page)<child type=\"\(type)\"><object class=\"GtkButton\"/></child></object></child>"
                + "</object></child></object>\n</interface>\n"
            let (scene, told) = try windowVerdict(on: text, named: name, in: folder)
            XCTAssertEqual(told != nil, refused, "\(name): \(told ?? "opened")")
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning).map(\.message)
            XCTAssertEqual(warnings.count, refused ? 1 : 0, "\(name): \(warnings)")
            let headless = try SceneLoader.load(file: scene)
            XCTAssertEqual(try headless.scene.control(named: "title")?.value("text") == .string("Drawn"), !refused, name)
            guard let told, let warning = warnings.first else { continue }
            XCTAssertTrue(told.contains(".ui:3:") && told.contains("<child type=\"\(type)\"> of a \(parent)"), "\(name): \(told)")
            if parent == "GtkTextView" {
                XCTAssertTrue(told.contains("keeps a widget there, and loops for ever") && told.hasSuffix("; remove the <child>"), told)
            }
            let shown = warning.replacingOccurrences(
                of: ", which behave window refuses, so behave window cannot open it, and headless its controls keep their own values;",
                with: ";")
            XCTAssertEqual(shown, told, name)
        }
    }
}
