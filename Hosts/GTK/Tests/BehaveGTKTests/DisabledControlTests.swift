import Foundation
import XCTest

/// A disabled control (`enabled: false`, on every type that is a control
/// in UIKit's sense) is an insensitive GTK widget: a real click or drag
/// reaches nothing. The control's own refusal is not enough: a sensitive
/// switch flips under the click and a scale's thumb moves under the
/// drag, and the control then refuses what the user saw happen.
final class DisabledControlTests: XCTestCase {
    func testARealClickOnADisabledSwitchAndADragOnADisabledSliderDoNothing() throws {
        let (driver, input) = try openFixture("Disabled/disabled.scene.yaml")
        try driver.click("toggle")
        try driver.drag("volume", fromFraction: 0.05, toFraction: 0.9)
        // A click after them: GTK takes X events in order, so once the
        // other switch has heard it, all the input before it is told.
        try driver.click("other")
        try driver.waitForLine(containing: "other valueChanged")
        let told = driver.lines.joined(separator: "\n")
        // Nothing of theirs after where they were drawn: no change, no
        // event, no note of input refused.
        XCTAssertFalse(driver.lines.contains { !$0.hasPrefix("geometry ") && ($0.contains("toggle") || $0.contains("volume")) }, told)
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""controls""#)
        let state = driver.lines.last { $0.contains(#""controls""#) } ?? ""
        XCTAssertTrue(state.contains(#""toggle":{"#) && state.contains(#""on":false"#), state)
        XCTAssertTrue(state.contains(#""value":0"#), state)

        // Enabled again, the same click flips it: the click was on it.
        input.fileHandleForWriting.write(Data("set toggle.enabled true\n".utf8))
        try driver.waitForLine(containing: "toggle.enabled: false → true")
        try driver.click("toggle")
        try driver.waitForLine(containing: "toggle valueChanged")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
