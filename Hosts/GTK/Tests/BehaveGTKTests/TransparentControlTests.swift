import Foundation
import XCTest

/// A control whose alpha is below 0.01 takes no touch, as UIKit's
/// hit-testing passes over it: a real click goes through it to what is
/// under it. GTK 4 picks a widget at opacity 0, so the widget is made no
/// target; the control's own refusal is not enough (the switch flipped
/// under the click and was flipped back).
final class TransparentControlTests: XCTestCase {
    func testARealClickGoesThroughASwitchFadedOutToTheButtonUnderIt() throws {
        let (driver, input) = try openFixture("Faded/faded.scene.yaml")
        try driver.click("toggle")
        try driver.waitForLine(containing: "under touchUpInside")
        let told = driver.lines.joined(separator: "\n")
        XCTAssertFalse(driver.lines.contains { !$0.hasPrefix("geometry ") && $0.contains("toggle") }, told)

        // Shown again, the same click flips it: the click was on it.
        input.fileHandleForWriting.write(Data("set toggle.alpha 1\n".utf8))
        try driver.waitForLine(containing: "toggle.alpha: 0 → 1")
        try driver.click("toggle")
        try driver.waitForLine(containing: "toggle valueChanged")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
