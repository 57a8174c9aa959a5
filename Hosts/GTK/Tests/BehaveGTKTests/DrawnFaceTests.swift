import BehaveCore
import BehaveScene
import Foundation
import XCTest

/// What a designer drew on a button, a field and a scale stays on the
/// screen once Behave binds them, and the controls read it
/// (Fixtures/Faces: a button labelled `_Save preset` with a mnemonic, a
/// field with a placeholder, a scale that draws its value to no digits).
final class DrawnFaceTests: XCTestCase {
    /// Before: the button read the title "" and showed `_Save preset`, its
    /// underscore and all, Alt+S did nothing, the field read the
    /// placeholder "", and the scale's drawn number was taken away, so a
    /// drag gave values such as 76.15894 on a scale drawn to no digits.
    func testTheDrawnLabelPlaceholderAndValueStay() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Faces/faces.scene.yaml").path
        try driver.open(scene)
        try driver.waitForLine(containing: #"] save reads "Save preset"; name's placeholder "Preset name""#)
        // The mnemonic is the button's: Alt+S presses it.
        try driver.key("alt+s")
        try driver.waitForLine(containing: "save touchUpInside")
        try driver.waitForLine(containing: "] saved")
        // The scale rounds the user's drag to the digits it draws.
        try driver.drag("volume", fromFraction: 0.4, toFraction: 0.77)
        let moved = try driver.waitForLine(containing: "] volume reads ")
        let value = try XCTUnwrap(Double(moved.components(separatedBy: "volume reads ").last ?? ""), moved)
        XCTAssertEqual(value, value.rounded(), moved)
        XCTAssertGreaterThan(value, 40, moved)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// Examples/GTK's mixer does in the window what mixer_spec.lua says it
    /// does headless: it opens at the drawn values, a drag moves the
    /// label, the switch mutes it, the count steps by 5, and three typed
    /// letters enable the button.
    func testTheMixerExampleDoesWhatItsSpecSays() throws {
        let input = Pipe()
        let driver = try WindowDriver()
        try driver.open("Examples/GTK/mixer.scene.yaml", input: input)
        try driver.waitForLine(containing: "preset awake")
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ save ")
        for drawn in [#"│ summary      "Volume 40""#, "┤ 40", "[ − 10 + ]  (0…50)", "[Preset name]", #"[ "Save preset" ]"#] {
            XCTAssertTrue(driver.lines.contains { $0.contains(drawn) }, "\(drawn) in\n" + driver.lines.joined(separator: "\n"))
        }
        try driver.drag("volume", fromFraction: 0.4, toFraction: 0.8)
        try driver.waitForLine(containing: #"summary.text: "Volume 40" → "Volume "#)
        try driver.click("mute")
        try driver.waitForLine(containing: #" → "Muted""#)
        let count = try XCTUnwrap(driver.places["count"])
        try driver.xdotool(["mousemove", "\(count.x + count.width - 14)", "\(count.y + count.height / 2)", "click", "1"])
        try driver.waitForLine(containing: "count.value: 10 → 15")
        try driver.click("name")
        try driver.type("Jaz")
        try driver.waitForLine(containing: "save.enabled: false → true")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// mixer.ui draws the preset name's entry with a max-length of 12:
    /// typing stops there in the window, as `keys` stops headless, a text
    /// set longer is cut to it, and a lower maxLength cuts the text, the
    /// same in both. Before: headless took every key and the whole text,
    /// where the window stopped at 12.
    func testTheNameStopsAtItsDrawnMaxLengthInTheWindowAsHeadless() throws {
        let input = Pipe()
        let driver = try WindowDriver()
        try driver.open("Examples/GTK/mixer.scene.yaml", input: input)
        try driver.waitForLine(containing: "preset awake")
        try driver.click("name")
        try driver.type("Sunday evening mix")
        try driver.waitForLine(containing: #"name.text: "Sunday even" → "Sunday eveni""#)
        // A click after the keys past 12, which trace nothing: GTK takes X
        // events in order, so once the switch is heard, every key was.
        try driver.click("mute")
        try driver.waitForLine(containing: #" → "Muted""#)
        input.fileHandleForWriting.write(Data("set name.text \"Brunch on the terrace\"\nset name.maxLength 6\n".utf8))
        try driver.waitForLine(containing: #"name.text: "Brunch on th" → "Brunch""#)
        let text = { (lines: [String]) in
            lines.filter { $0.contains("name.text: ") || $0.hasSuffix("name editingChanged") }
                .map { $0.replacingOccurrences(of: #"^\[[^\]]*\] "#, with: "", options: .regularExpression) }
        }
        let shown = text(driver.lines)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)

        let headless = try SceneLoader.load(file: WindowDriver.checkout.appendingPathComponent("Examples/GTK/mixer.scene.yaml").path)
        for line in ["keys name \"Sunday evening mix\"", "set name.text \"Brunch on the terrace\"", "set name.maxLength 6"] {
            try headless.scene.execute(try XCTUnwrap(SceneCommand.parse(line)))
        }
        let heard = text(headless.scene.trace.entries.map(\.message))
        XCTAssertEqual(shown.filter { $0.hasSuffix("editingChanged") }.count, 12, shown.joined(separator: "\n"))
        XCTAssertEqual(shown.last, #"name.text: "Brunch on th" → "Brunch""#)
        XCTAssertEqual(shown, heard)
    }
}
