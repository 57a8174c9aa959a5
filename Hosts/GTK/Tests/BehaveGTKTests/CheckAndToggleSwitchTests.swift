import Foundation
import XCTest

/// A GtkCheckButton and a GtkToggleButton of a designer's `.ui` file stand
/// behind `Switch` controls (Fixtures/Toggles), driven with real clicks.
/// Before, the window refused both: a Switch was a GtkSwitch alone.
final class CheckAndToggleSwitchTests: XCTestCase {
    /// A click on each is the user's flip: the behaviour hears
    /// `valueChanged` with the switch on. A handler's set turns the check
    /// button off on the screen, and is no flip of the user's: the
    /// behaviour hears no `valueChanged` for it.
    func testAClickFlipsACheckButtonAndAToggleButtonAndAScriptsSetIsDrawn() throws {
        let driver = try WindowDriver()
        try driver.open("Hosts/GTK/Tests/BehaveGTKTests/Fixtures/Toggles/toggles.scene.yaml")
        let unchecked = try driver.snapshot("decaf"), raised = try driver.snapshot("mute")

        try driver.click("decaf")
        try driver.waitForLine(containing: "heard decaf true")
        try driver.waitForFrame(after: "decaf.on: false → true")
        let checked = try driver.snapshot("decaf")
        XCTAssertGreaterThan(try driver.differingPixels(unchecked, checked), 20, "the check mark is drawn")

        try driver.click("mute")
        try driver.waitForLine(containing: "heard mute true")
        try driver.waitForLine(containing: "mute.on: false → true")
        // The handler's set.
        try driver.waitForFrame(after: "decaf.on: true → false")
        XCTAssertGreaterThan(try driver.differingPixels(raised, try driver.snapshot("mute")), 20, "the button is drawn pressed in")
        let unset = try driver.snapshot("decaf")
        let fromChecked = try driver.differingPixels(checked, unset), fromUnchecked = try driver.differingPixels(unchecked, unset)
        XCTAssertGreaterThan(fromChecked, 20, "the script's set took the check mark off the screen")
        XCTAssertLessThan(fromUnchecked, fromChecked / 4, "drawn as it was before the click")
        let heard = driver.lines.filter { $0.contains("heard decaf") }
        XCTAssertEqual(heard.count, 1, "the script's set was heard as the user's flip: \(heard)")

        try driver.click("mute")
        try driver.waitForLine(containing: "heard mute false")
        try driver.waitForLine(containing: "mute.on: true → false")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
