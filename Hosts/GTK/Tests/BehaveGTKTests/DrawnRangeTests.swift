import BehaveCore
import BehaveScene
import Foundation
import XCTest

/// A `.ui` file's scale and spin button are the truth: the range and step
/// their adjustments were drawn with are the slider's and the stepper's,
/// unless the scene file sets them, and a drag or press to the end gives
/// the end the designer drew (Fixtures/Ranges: a volume of 0 to 100 at 40,
/// a count of 0 to 100 by 5 from 40, a treble of 0 to 110 less a page of
/// 10).
final class DrawnRangeTests: XCTestCase {
    /// Before: the slider kept its 0…1 (its script read 40 in 0…1), the
    /// drag to the end was refused ("value must be within 0…1") and the
    /// scale was put back to 1, near its start.
    func testASliderTakesTheRangeItsScaleWasDrawnWith() throws {
        let input = Pipe()
        let driver = try open("volume", input: input)
        try driver.waitForLine(containing: "] volume 40 in 0…100")
        XCTAssertTrue(try driver.isFilled("volume", at: 0.3), "the scale shows 40 of 100")
        XCTAssertFalse(try driver.isFilled("volume", at: 0.6), "the scale shows 40 of 100")
        try driver.drag("volume", fromFraction: 0.4, toFraction: 1.2)
        try driver.waitForLine(endingWith: "] volume reads 100")
        try driver.waitForFrame(after: "] volume reads 100")
        XCTAssertTrue(try driver.isFilled("volume", at: 0.8), "the scale shows 100, at its end")
        // Drawn as Glade drew adjustments, 0 to 110 less a page of 10: the
        // end the user reaches is 100, and so is the slider's maximum.
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""treble":{"type":"Slider","#)
        XCTAssertTrue(driver.lines.contains { $0.contains(#""value":50,"minimumValue":0,"maximumValue":100,"#) },
                      driver.lines.joined(separator: "\n"))
        try driver.drag("treble", fromFraction: 0.5, toFraction: 1.2)
        try driver.wait(for: "the treble at 100") { driver.lines.contains { $0.contains("treble.value: ") && $0.hasSuffix(" → 100") } }
        XCTAssertFalse(driver.lines.contains { $0.contains("refuses") || $0.contains("CRITICAL") || $0.contains("WARNING") },
                       driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The stepper steps by the spin button's 5; a script's later
    /// `maximumValue` reaches the scale, whose end is then the script's.
    /// Before: the stepper read a step of 1 while the spin button pressed
    /// by 5.
    func testAStepperTakesTheStepAndAScriptsRangeReachesTheScale() throws {
        let input = Pipe()
        let driver = try open("volume", input: input)
        try driver.waitForLine(containing: "] count 40 in 0…100 step 5")
        try driver.xdotool(try plus(driver))
        try driver.waitForLine(containing: "count.value: 40 → 45")
        try driver.waitForLine(containing: "] count reads 45; volume up to 45")
        try driver.drag("volume", fromFraction: 0.4, toFraction: 1.2)
        try driver.waitForLine(endingWith: "] volume reads 45")
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ count ")
        XCTAssertTrue(driver.lines.contains { $0.contains("[ − 45 + ]  (0…100)") }, driver.lines.joined(separator: "\n"))
        XCTAssertTrue(driver.lines.contains { $0.contains("┤ 45") }, driver.lines.joined(separator: "\n"))
        // A start set past the end is refused, as headless refuses it, and
        // the scale keeps its range; the end raised first, the start is
        // taken (a range of one number): the scale is told it, and reads
        // give 200. Before: the scale kept 0…45 and its value 45, which
        // reads gave.
        input.fileHandleForWriting.write(Data("set volume.minimumValue 200\n".utf8))
        try driver.waitForLine(containing: "error: set volume.minimumValue 200: minimumValue must be at most maximumValue (45), not 200")
        input.fileHandleForWriting.write(Data("set volume.maximumValue 200\nset volume.minimumValue 200\nshow\n".utf8))
        try driver.waitForLine(containing: "volume.minimumValue: 0 → 200")
        try driver.wait(for: "a second show") { driver.lines.filter { $0.contains("│ volume ") }.count == 2 }
        XCTAssertTrue(driver.lines.contains { $0.contains("┤ 200") }, driver.lines.joined(separator: "\n"))
        XCTAssertFalse(driver.lines.contains { $0.contains("refuses") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A scene file's `maximumValue` wins and the widget is told it: the
    /// spin button stops at 50, the scale's end is 80; what the scene
    /// leaves unset (the start, the step) is still the drawn one.
    /// Before: the stepper stepped by 1, not the spin button's 5.
    func testASceneFilesRangeWinsAndIsToldToTheWidget() throws {
        let input = Pipe()
        let driver = try open("explicit", input: input)
        try driver.waitForLine(containing: "] volume 40 in 0…80")
        try driver.waitForLine(containing: "] count 40 in 0…50 step 5")
        try driver.drag("volume", fromFraction: 0.5, toFraction: 1.2)
        try driver.waitForLine(endingWith: "] volume reads 80")
        let plus = try plus(driver)
        for _ in 0..<3 { try driver.xdotool(plus) }
        try driver.waitForLine(containing: "count.value: 45 → 50")
        // The third press, past the end, traces and draws nothing: a drag
        // on the volume after it is heard once GTK has taken the press (it
        // takes X events in order).
        try driver.drag("volume", fromFraction: 0.9, toFraction: 0.5)
        try driver.wait(for: "the volume's drag") { driver.lines.filter { $0.contains("] volume reads ") }.count > 1 }
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ count ")
        XCTAssertTrue(driver.lines.contains { $0.contains("[ − 50 + ]  (0…50)") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 2, "45 and 50; the third press is past the end")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// An adjustment no control can take (upper below lower, a step below
    /// 0) is told, naming the file and the widget; the control keeps its
    /// own, and the widget shows it. Before: nothing was said and the
    /// spin button stepped down on +.
    func testARangeTheControlCannotTakeIsToldAndTheControlsStands() throws {
        let driver = try open("backwards")
        try driver.waitForLine(containing: "`volume` in backwards.ui: its GtkAdjustment runs from 10 to -5, which a Slider cannot take (its upper must be above its lower); volume keeps 0…1; give the adjustment an upper above its lower in backwards.ui")
        try driver.waitForLine(containing: "`count` in backwards.ui: its GtkAdjustment's step-increment -2 is no step a Stepper can take (it must be a number above 0); count keeps 1; give the adjustment a step-increment above 0 in backwards.ui")
        try driver.waitForLine(containing: "] volume 0 in 0…1")
        try driver.waitForLine(containing: "] count 40 in 0…100 step 1")
        try driver.drag("volume", fromFraction: 0.5, toFraction: 1.2)
        try driver.waitForLine(endingWith: "] volume reads 1")
        try driver.xdotool(try plus(driver))
        try driver.waitForLine(containing: "count.value: 40 → 41")
        XCTAssertFalse(driver.lines.contains { $0.contains("refuses") || $0.contains("CRITICAL") || $0.contains("WARNING") },
                       driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A slider and a stepper drawn on one adjustment move together, in
    /// the window (GTK moves both widgets) and headless alike, and each
    /// change is its maker's: a press of the spin button's + is the
    /// stepper's edit and a click on the scale the slider's, each with
    /// its one `valueChanged`, the other control following; a `set` of
    /// the slider (as a script's set) moves the stepper with no
    /// `valueChanged` at all. Before: every change of one was the other's
    /// user edit, so a click on the scale sent the stepper's
    /// `valueChanged` too, and a set of the slider sent the stepper's.
    func testControlsOnOneAdjustmentMoveTogetherEachChangeItsMakers() throws {
        let input = Pipe()
        let driver = try open("linked", input: input)
        func lines() -> [String] {
            driver.lines.filter { $0.contains(".value: ") || $0.hasSuffix("valueChanged") }
                .map { $0.replacingOccurrences(of: #"^\[[^\]]*\] "#, with: "", options: .regularExpression) }
        }
        try driver.xdotool(try plus(driver))
        try driver.wait(for: "the volume at 45") { lines().contains("volume.value: 40 → 45") }
        let place = try XCTUnwrap(driver.places["volume"])
        try driver.xdotool(["mousemove", "\(place.x + place.width * 3 / 4)", "\(place.y + place.height / 2)", "click", "1"])
        try driver.wait(for: "the count at the click's value") {
            lines().contains { $0.hasPrefix("count.value: 45 → ") }
        }
        input.fileHandleForWriting.write(Data("set volume.value 20\n".utf8))
        var atTwenty = ""
        try driver.wait(for: "the count at 20") {
            atTwenty = lines().last { $0.hasPrefix("count.value: ") && $0.hasSuffix(" → 20") } ?? ""
            return !atTwenty.isEmpty
        }
        try driver.waitForFrame(after: atTwenty)
        let shown = lines()
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)

        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Ranges/linked.scene.yaml").path
        let headless = try SceneLoader.load(file: file)
        var heard: [String] = []
        for line in ["step count +", "slide volume 75", "set volume.value 20"] {
            let before = headless.scene.trace.entries.count
            try headless.scene.execute(try XCTUnwrap(SceneCommand.parse(line)))
            heard += headless.scene.trace.entries.dropFirst(before).map(\.message).filter { $0.contains(".value: ") || $0.hasSuffix("valueChanged") }
        }
        let clicked = try XCTUnwrap(shown.first { $0.hasPrefix("volume.value: 45 → ") }, shown.joined(separator: "\n"))
        for (name, lines, reached) in [("window", shown, String(clicked.dropFirst("volume.value: 45 → ".count))), ("headless", heard, "75")] {
            XCTAssertEqual(lines.filter { $0.hasSuffix("valueChanged") }, ["count valueChanged", "volume valueChanged"], "\(name): \(lines)")
            for expected in ["count.value: 40 → 45", "volume.value: 40 → 45", "volume.value: 45 → \(reached)",
                             "count.value: 45 → \(reached)", "volume.value: \(reached) → 20", "count.value: \(reached) → 20"] {
                XCTAssertTrue(lines.contains(expected), "\(name): \(expected) in \(lines)")
            }
        }
    }

    /// The window of Fixtures/Ranges/`name`.scene.yaml.
    /// A range narrowed past the value moves the value in, as headless
    /// does, and the trace says so. Before: the control asked the scale,
    /// which GTK had clamped already, whether its value was out of the
    /// range, and kept its own 40 untold (found by Tools/Monkey).
    func testARangeNarrowedPastTheValueMovesItForGood() throws {
        let input = Pipe()
        let driver = try open("volume", input: input)
        try driver.waitForLine(containing: "] volume 40 in 0…100")
        try driver.xdotool(try plus(driver, minus: true))
        try driver.waitForLine(containing: "] count reads 35; volume up to 35")
        try driver.xdotool(try plus(driver))
        try driver.waitForLine(containing: "] count reads 40; volume up to 40")
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ volume ")
        XCTAssertTrue(driver.lines.contains { $0.contains("┤ 35") }, driver.lines.joined(separator: "\n"))
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("volume.value: 40 → 35") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    private func open(_ name: String, input: Pipe? = nil) throws -> WindowDriver {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Ranges/\(name).scene.yaml").path
        try driver.open(scene, input: input)
        return driver
    }

    /// The xdotool click on the spin button's + (at its right end), or
    /// its − (left of the +).
    private func plus(_ driver: WindowDriver, minus: Bool = false) throws -> [String] {
        let place = try XCTUnwrap(driver.places["count"])
        return ["mousemove", "\(place.x + place.width - (minus ? 48 : 14))", "\(place.y + place.height / 2)", "click", "1"]
    }
}
