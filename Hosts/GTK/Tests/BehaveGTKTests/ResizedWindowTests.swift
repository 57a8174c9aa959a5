import Foundation
import XCTest

/// What a user's resize of `behave window`'s windows does: the scene's
/// window scrolls to what no longer fits, and a dialog's buttons are
/// printed again where the new size puts them (`--print-geometry`).
final class ResizedWindowTests: XCTestCase {
    private func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(path)").path
    }

    /// A label at a frame one line high whose text wraps to many lines:
    /// the window the user made smaller than the label scrolls (the
    /// mouse wheel) to its last line. Before: the window's content
    /// measured the label one line high, there was nothing to scroll,
    /// and the lines below the window's edge could not be read.
    func testAWrappedLabelsLastLineScrollsIntoAWindowMadeSmaller() throws {
        let driver = try WindowDriver()
        try driver.open(fixture("Wrap/wrap.scene.yaml"))
        let note = try XCTUnwrap(driver.places["note"])
        XCTAssertGreaterThan(note.height, 150, "the text wraps to many lines: \(note)")
        let opened = try driver.size(ofWindowTitled: "Wrap")
        XCTAssertGreaterThanOrEqual(opened.height, note.y + note.height, "the window opens with the label whole")

        let frames = driver.framesDrawn
        try driver.resize(width: 300, height: 150)
        try driver.wait(for: "the user's size") { ((try? driver.size(ofWindowTitled: "Wrap"))?.height ?? 0) == 150 }
        try driver.waitForFrame(beyond: frames)
        let before = driver.lines.count - 1  // the last is the line under way (empty)
        // The wheel, over the label, turned down a notch at a time.
        try driver.xdotool(["mousemove", "100", "75", "click", "--repeat", "30", "--delay", "30", "5"])
        var last: [Int] = []
        try driver.wait(for: "the label's end in the window") {
            guard let line = driver.lines.dropFirst(before).last(where: { $0.hasPrefix("geometry note ") }) else { return false }
            last = line.split(separator: " ").suffix(4).compactMap { Int($0) }
            return last.count == 4 && last[1] + last[3] <= 150
        }
        XCTAssertEqual(last[2], note.width, "the label keeps its width: \(last)")
        XCTAssertEqual(last[3], note.height, "and its height: \(last)")
        // The line is printed after the frame that drew the label there.
        let shot = WindowDriver.screenshotFile("window-scrolled.png")
        try driver.screenshot(shot, width: 300, height: 150)
        // The label's last line (its bottom 18 pixels) is drawn in the window: ink there.
        let line = FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: line) }
        try driver.screenshot(line, x: last[0], y: last[1] + last[3] - 18, width: 120, height: 18)
        let ink = try driver.run("convert", [line.path, "-colorspace", "Gray", "-threshold", "70%", "-format", "%[fx:1-mean]", "info:"])
        XCTAssertGreaterThan(try XCTUnwrap(Double(ink.trimmingCharacters(in: .whitespacesAndNewlines)), ink), 0.03,
                             "the last line's text, on the screen")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The same of a label in the column of controls without frames, made
    /// longer by a tap (the window grew to show it, and the user made it
    /// small again). Before: the column measured the label one line high.
    func testALabelInTheColumnScrollsIntoView() throws {
        let driver = try WindowDriver()
        try driver.open(fixture("Grow/grow.scene.yaml"))
        let opened = try driver.size(ofWindowTitled: "Grow")
        try driver.click("more")
        try driver.wait(for: "the window to grow") { ((try? driver.size(ofWindowTitled: "Grow"))?.height ?? 0) > opened.height }
        try driver.resize(width: opened.width, height: 150)
        try driver.wait(for: "the user's size") { ((try? driver.size(ofWindowTitled: "Grow"))?.height ?? 0) == 150 }
        let before = driver.lines.count - 1
        try driver.xdotool(["mousemove", "100", "75", "click", "--repeat", "30", "--delay", "30", "5"])
        try driver.wait(for: "the note's end in the window") {
            guard let line = driver.lines.dropFirst(before).last(where: { $0.hasPrefix("geometry note ") }) else { return false }
            let place = line.split(separator: " ").suffix(4).compactMap { Int($0) }
            return place.count == 4 && place[3] > 150 && place[1] + place[3] <= 150
        }
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A dialog the user widens: its buttons are printed again, as wide as
    /// the dialog now makes them. Before: a dialog's buttons were printed
    /// once, and a tool clicked where they no longer were.
    func testADialogsButtonsArePrintedAgainWhenItIsResized() throws {
        let driver = try WindowDriver()
        try driver.open(fixture("ManyOptions/many_options.scene.yaml"))
        try driver.click("go")
        let first = try driver.waitForLine(containing: "geometry option:Cancel ")
        let before = driver.lines.count - 1  // the last is the line under way (empty)
        let opened = try driver.size(ofWindowTitled: "Pick one")
        let found = try driver.run("xdotool", ["search", "--name", "^Pick one$"])
        let dialog = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), found)
        try driver.xdotool(["windowsize", dialog, "\(opened.width + 200)", "\(opened.height)"])
        try driver.wait(for: "the dialog's buttons printed again") {
            driver.lines.dropFirst(before).contains { $0.hasPrefix("geometry option:Cancel ") }
        }
        let later = driver.lines.dropFirst(before).filter { $0.hasPrefix("geometry option:") }
        let widths = [first, try XCTUnwrap(later.last { $0.hasPrefix("geometry option:Cancel ") })]
            .map { $0.split(separator: " ").suffix(4).compactMap { Int($0) } }
        XCTAssertEqual(widths[1][2] - widths[0][2], 200, "Cancel fills the wider dialog: \(widths)")
        XCTAssertTrue(later.contains { $0.hasPrefix("geometry option:Option 1 ") }, "every button is printed again: \(later)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
