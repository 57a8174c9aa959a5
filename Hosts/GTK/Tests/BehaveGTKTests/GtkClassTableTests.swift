import Foundation
import XCTest

/// Headless Behave refuses a `.ui` file's unknown classes and properties
/// from its own table of GTK's (Sources/BehaveScene/Data/gtk-classes.txt),
/// without GTK: the table must be the GTK `behave window` runs on, or
/// headless would refuse what the window opens, or let a typo through.
final class GtkClassTableTests: XCTestCase {
    static let committed = WindowDriver.checkout.appendingPathComponent("Sources/BehaveScene/Data/gtk-classes.txt")
    static let regenerate = "swift run --package-path Hosts/GTK gtk-class-table > Sources/BehaveScene/Data/gtk-classes.txt"

    /// What `gtk-class-table`, built beside the tests, writes of this GTK.
    private func written() throws -> String {
        let process = Process()
        process.executableURL = WindowDriver.windowBinary.deletingLastPathComponent().appendingPathComponent("gtk-class-table")
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// The committed table is this GTK's, line for line; when GTK changed,
    /// the failure names the first line that differs and the command that
    /// writes the table again.
    func testTheCommittedTableIsThisGtks() throws {
        let fresh = try written().split(separator: "\n", omittingEmptySubsequences: false)
        let committed = try String(contentsOf: GtkClassTableTests.committed, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertGreaterThan(fresh.count, 200, "gtk-class-table wrote \(fresh.count) lines")
        guard fresh != committed else { return }
        let first = (0..<min(fresh.count, committed.count)).first { fresh[$0] != committed[$0] } ?? min(fresh.count, committed.count)
        let gtkLine = first < fresh.count ? fresh[first] : "", ourLine = first < committed.count ? committed[first] : ""
        // The words of the line (a class, its parent, properties) each has and the other lacks.
        let gtkWords = Set(gtkLine.split(separator: " ")), ourWords = Set(ourLine.split(separator: " "))
        let onlyGtk = gtkWords.subtracting(ourWords).sorted().joined(separator: " ")
        let onlyOurs = ourWords.subtracting(gtkWords).sorted().joined(separator: " ")
        XCTFail("""
            Sources/BehaveScene/Data/gtk-classes.txt is not this GTK's: at line \(first + 1) (\(gtkLine.prefix(40))…), \
            GTK writes [\(onlyGtk.prefix(300))] where the table has [\(onlyOurs.prefix(300))]; \
            write it again from the checkout: \(GtkClassTableTests.regenerate)
            """)
    }
}
