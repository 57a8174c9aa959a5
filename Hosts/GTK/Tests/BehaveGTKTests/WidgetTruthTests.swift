import Foundation
import XCTest

/// What the monkey (Tools/Monkey) found: the widget and the control
/// part ways under input no test had tried. Each is a fixed sequence of
/// real X events.
final class WidgetTruthTests: XCTestCase {
    /// A spin button of whole steps at 2.5 showed "2" (its digits were
    /// the step's), and GTK reads its text back when it loses the focus:
    /// clicking into it and pressing Tab made the stepper 2, with a
    /// `valueChanged` the user never made. A value typed between the
    /// steps (7.25) went the same way at the next Tab.
    func testTabbingThroughAStepperLeavesAValueBetweenItsSteps() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Edits/decimals.scene.yaml").path
        let input = Pipe()
        try driver.open(scene, input: input)
        let place = try XCTUnwrap(driver.places["count"])
        let text = ["mousemove", "\(place.x + 20)", "\(place.y + place.height / 2)", "click", "1"]
        try driver.xdotool(text)
        try driver.key("Tab")
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertFalse(driver.lines.contains { $0.contains("count.value:") || $0.hasSuffix("count valueChanged") },
                       driver.lines.joined(separator: "\n"))

        try driver.xdotool(text)
        try driver.key("ctrl+a")
        try driver.type("7.25")
        try driver.key("Tab")
        try driver.waitForLine(containing: "count.value: 2.5 → 7.25")
        try driver.xdotool(text)
        try driver.key("Tab")
        Thread.sleep(forTimeInterval: 0.3)
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ count ")
        XCTAssertTrue(driver.lines.contains { $0.contains("[ − 7.25 + ]") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 1, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
