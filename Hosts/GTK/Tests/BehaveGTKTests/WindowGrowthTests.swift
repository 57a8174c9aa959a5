import Foundation
import XCTest

/// `behave window` when a behaviour's change makes its content larger or
/// hides a control: what `--print-geometry` says, and the window's size.
final class WindowGrowthTests: XCTestCase {
    private var scene: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Grow/grow.scene.yaml").path
    }

    /// A label grown by a tap and a button it hid are printed again: the
    /// note's new width, `geometry gone hidden`, and nothing for the
    /// button that stayed put. Before: the first layout's lines alone.
    func testGeometryIsPrintedAgainWhenAPlaceChanges() throws {
        let driver = try WindowDriver()
        try driver.open(scene)
        let note = try XCTUnwrap(driver.places["note"])
        XCTAssertNotNil(driver.places["gone"])
        let before = driver.lines.count
        try driver.click("more")
        try driver.waitForLine(containing: "geometry gone hidden")
        try driver.wait(for: "the note's new place") { driver.lines.dropFirst(before).contains { $0.hasPrefix("geometry note ") } }
        let later = Array(driver.lines.dropFirst(before).filter { $0.hasPrefix("geometry ") })
        let grown = try XCTUnwrap(later.last { $0.hasPrefix("geometry note ") }).split(separator: " ").suffix(4).compactMap { Int($0) }
        XCTAssertEqual(grown.count, 4, "\(later)")
        XCTAssertEqual(Array(grown.prefix(3)), [note.x, note.y, note.width], "the note wraps in its column: \(later)")
        XCTAssertGreaterThan(grown[3], note.height * 5, "\(later)")
        XCTAssertFalse(later.contains { $0.hasPrefix("geometry more ") }, "the button that stayed put is not said again: \(later)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A note a tap made longer than the window shows, wrapped in its
    /// column: the window grows to show it whole, as a GTK window grows to
    /// its content's least size; a window the user made smaller keeps its
    /// size until the content grows again. Before: the window kept its
    /// size and cut the note off, with no scroll bar to say so.
    func testTheWindowGrowsWhenItsContentOutgrowsIt() throws {
        let driver = try WindowDriver()
        try driver.open(scene)
        let opened = try driver.size(ofWindowTitled: "Grow")
        let before = driver.lines.count
        try driver.click("more")
        try driver.wait(for: "the note's new place") { driver.lines.dropFirst(before).contains { $0.hasPrefix("geometry note ") } }
        let line = try XCTUnwrap(driver.lines.dropFirst(before).last { $0.hasPrefix("geometry note ") })
        let note = line.split(separator: " ").suffix(4).compactMap { Int($0) }
        try driver.wait(for: "the window to grow") { ((try? driver.size(ofWindowTitled: "Grow"))?.height ?? 0) > opened.height }
        let grown = try driver.size(ofWindowTitled: "Grow")
        try driver.screenshot(WindowDriver.screenshotFile("window-grown.png"), width: 400, height: grown.height + 10)
        XCTAssertEqual(grown.width, opened.width, "the note wraps: no wider")
        XCTAssertGreaterThanOrEqual(grown.height, note[1] + note[3], "the note's last line is in the window: \(line)")

        // The user's smaller size stays, until the content grows again.
        try driver.resize(width: opened.width, height: opened.height)
        try driver.wait(for: "the user's size") { ((try? driver.size(ofWindowTitled: "Grow"))?.height ?? 0) == opened.height }
        Thread.sleep(forTimeInterval: 1)            // the layouts after the user's resize, at 60 frames a second
        XCTAssertEqual(try driver.size(ofWindowTitled: "Grow").height, opened.height)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
