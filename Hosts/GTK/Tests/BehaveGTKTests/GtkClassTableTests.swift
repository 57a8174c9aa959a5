@testable import BehaveScene
import CGtk
import Foundation
import XCTest

/// Headless Behave refuses a `.ui` file's unknown classes and properties
/// from its own table of GTK's (Sources/BehaveScene/Data/gtk-classes.txt),
/// without GTK: the table must be the GTK `behave window` runs on, or
/// headless would refuse what the window opens, or let a typo through.
final class GtkClassTableTests: XCTestCase {
    static let committed = WindowDriver.checkout.appendingPathComponent("Sources/BehaveScene/Data/gtk-classes.txt")
    static let regenerate = "xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table > Sources/BehaveScene/Data/gtk-classes.txt"

    static let committedKinds = WindowDriver.checkout.appendingPathComponent("Sources/BehaveScene/Data/gtk-property-kinds.txt")

    /// What `gtk-class-table`, built beside the tests, writes of this GTK
    /// (with `arguments`), on an X server of its own (it asks GtkBuilder
    /// which class reads which tag, building objects).
    private func written(_ arguments: [String] = []) throws -> String {
        let server = try WindowDriver()
        let process = Process()
        process.executableURL = WindowDriver.windowBinary.deletingLastPathComponent().appendingPathComponent("gtk-class-table")
        process.arguments = arguments
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
        return String(decoding: data, as: UTF8.self)
    }

    /// The committed table is this GTK's, line for line (each class's
    /// parent, properties, and the tags GtkBuilder reads in it, asked of
    /// GtkBuilder); when GTK changed, the failure names the first line
    /// that differs and the command that writes the table again.
    func testTheCommittedTableIsThisGtks() throws {
        let fresh = try written().split(separator: "\n", omittingEmptySubsequences: false)
        let committed = try String(contentsOf: GtkClassTableTests.committed, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertGreaterThan(fresh.count, 200, "gtk-class-table wrote \(fresh.count) lines")
        guard fresh != committed else { return }
        let first = (0..<min(fresh.count, committed.count)).first { fresh[$0] != committed[$0] } ?? min(fresh.count, committed.count)
        let gtkLine = first < fresh.count ? fresh[first] : "", ourLine = first < committed.count ? committed[first] : ""
        // The words of the line (a class, its parent, properties, tags) each has and the other lacks.
        let gtkWords = Set(gtkLine.split(separator: " ")), ourWords = Set(ourLine.split(separator: " "))
        let onlyGtk = gtkWords.subtracting(ourWords).sorted().joined(separator: " ")
        let onlyOurs = ourWords.subtracting(gtkWords).sorted().joined(separator: " ")
        XCTFail("""
            Sources/BehaveScene/Data/gtk-classes.txt is not this GTK's: at line \(first + 1) (\(gtkLine.prefix(40))…), \
            GTK writes [\(onlyGtk.prefix(300))] where the table has [\(onlyOurs.prefix(300))]; \
            write it again from the checkout: \(GtkClassTableTests.regenerate)
            """)
    }

    /// The committed kinds of property (whose values the window's
    /// pre-scan checks by their type: files, icons, whole numbers, text
    /// attributes) are this GTK's, as `gtk-class-table --kinds` writes them.
    func testTheCommittedPropertyKindsAreThisGtks() throws {
        let fresh = try written(["--kinds"])
        XCTAssertGreaterThan(fresh.split(separator: "\n").count, 50)
        XCTAssertEqual(try String(contentsOf: GtkClassTableTests.committedKinds, encoding: .utf8), fresh,
                       "write it again from the checkout: swift run --package-path Hosts/GTK gtk-class-table --kinds "
                       + "> Sources/BehaveScene/Data/gtk-property-kinds.txt")
    }

    /// Headless finds a class's properties in the table as GLib finds
    /// them (`g_object_class_find_property`: a parent's and an
    /// interface's too, `_` for `-`), for every class of the table and
    /// every property name any class has; and knows which are abstract,
    /// and which take a `<child>` (are GtkBuildable).
    func testHeadlessFindsPropertiesAsGLibFindsThem() throws {
        gtk_test_register_all_types()
        let table = GtkClasses.gtk
        XCTAssertTrue(table.has("GtkButton") && !table.has("GtkButon"))
        let names = Set(table.classes.values.flatMap(\.properties)).sorted() + ["max_length", "max_lenght", "accessible_role"]
        var differences: [String] = []
        for className in table.classes.keys.sorted() {
            let type = g_type_from_name(className)
            guard type != 0 else {
                differences.append("\(className): no such type")
                continue
            }
            if table.isAbstract(className) != (g_type_test_flags(type, G_TYPE_FLAG_ABSTRACT.rawValue) != 0) {
                differences.append("\(className): abstract \(table.isAbstract(className)) in the table")
            }
            if table.takesChildren(className) != (g_type_is_a(type, gtk_buildable_get_type()) != 0) {
                differences.append("\(className): takes children \(table.takesChildren(className)) in the table")
            }
            let klass = g_type_class_ref(type)
            defer { g_type_class_unref(klass) }
            let objectClass = klass?.assumingMemoryBound(to: GObjectClass.self)
            for name in names where table.has(property: name, in: className) != (g_object_class_find_property(objectClass, name) != nil) {
                differences.append("\(className).\(name)")
            }
        }
        XCTAssertEqual(differences.prefix(20), [], "\(differences.count) differ")
    }

    /// Headless finds a file's screen, and the widgets the window shows,
    /// through the properties that make the widget given to them a child
    /// of their object (as the window's pre-scan does): the list is GTK's,
    /// as `gtk-class-table --adopting` finds it, setting each widget
    /// property of each class a screen is drawn with and looking at the
    /// widget's parent. Before: a tree view column's `widget` was missing
    /// (a file without a window that held one was warned of where the
    /// window opened it), and three center box properties GTK 4.8 lacks
    /// were there.
    func testTheAdoptingPropertiesAreThoseGtkParentsAWidgetBy() throws {
        let gtk = Set(try written(["--adopting"]).split(separator: "\n").map(String.init))
        XCTAssertTrue(gtk.contains("child"), "\(gtk.sorted())")
        XCTAssertEqual(gtk, InterfaceDrawing.adoptingProperties,
                       "GTK parents a widget by \(gtk.subtracting(InterfaceDrawing.adoptingProperties).sorted()), not by "
                       + "\(InterfaceDrawing.adoptingProperties.subtracting(gtk).sorted())")
    }

    /// Headless takes an object of a class exactly when the window's
    /// pre-scan does (a widget, or a helper a screen is drawn with), for
    /// every class of GTK's table: the two lists are one.
    func testHeadlessAndTheWindowDrawWithTheSameClasses() throws {
        gtk_test_register_all_types()
        var differences: [String] = []
        for className in GtkClasses.gtk.classes.keys.sorted() where className.hasPrefix("Gtk") {
            let type = g_type_from_name(className)
            XCTAssertNotEqual(type, 0, className)
            if InterfaceDrawing.isDrawnWith(className) != (bhg_scan_draws_with(type) != 0) { differences.append(className) }
        }
        XCTAssertEqual(differences, [], "headless and the window's pre-scan differ on these classes")
    }
}
