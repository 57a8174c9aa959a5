import Foundation
import XCTest

/// What the chaos sweep (Tools/Monkey) found: the widget and the control
/// parting ways, or the user's input lost, under input no test had
/// tried. Each is a fixed sequence of real X events.
final class WidgetTruthTests: XCTestCase {
    /// A spin button of whole steps at 2.5 showed "2" (its digits were
    /// the step's), and GTK reads its text back when it loses the focus:
    /// clicking into it and pressing Tab made the stepper 2, with a
    /// `valueChanged` the user never made. A value typed between the
    /// steps (7.25) went the same way at the next Tab.
    func testTabbingThroughAStepperLeavesAValueBetweenItsSteps() throws {
        let driver = try WindowDriver()
        let scene = fixture("Edits/decimals.scene.yaml")
        let input = Pipe()
        try driver.open(scene, input: input)
        let place = try XCTUnwrap(driver.places["count"])
        let text = ["mousemove", "\(place.x + 20)", "\(place.y + place.height / 2)", "click", "1"]
        // Each Tab is followed by a typed value: GTK takes X events in
        // order, so the change the typed value makes says what the Tab
        // before it left (a Tab that changed 2.5 made it `2 → 7.25`).
        try driver.xdotool(text)
        try driver.key("Tab")
        try type("7.25", intoTheStepperAt: text, driver)
        let first = try driver.waitForLine(containing: "count.value:")
        XCTAssertTrue(first.hasSuffix("count.value: 2.5 → 7.25"), driver.lines.joined(separator: "\n"))

        try driver.xdotool(text)
        try driver.key("Tab")
        try type("8", intoTheStepperAt: text, driver)
        let second = try driver.waitForLine(containing: "count.value: 7.25 →")
        XCTAssertTrue(second.hasSuffix("count.value: 7.25 → 8"), driver.lines.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 2, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// Text that is no number, typed into a stepper, keeps its value: GTK
    /// read "abc" as 0 and "5x" as 5 at the Tab, a `valueChanged` and a
    /// value the user never typed.
    func testWordsTypedIntoAStepperKeepItsValue() throws {
        let driver = try WindowDriver()
        let scene = fixture("Edits/decimals.scene.yaml")
        let input = Pipe()
        try driver.open(scene, input: input)
        let place = try XCTUnwrap(driver.places["count"])
        let text = ["mousemove", "\(place.x + 20)", "\(place.y + place.height / 2)", "click", "1"]
        // A number last: GTK takes X events in order, so its change says
        // what the words before it left.
        for typed in ["abc", "5x", " ", "8"] { try type(typed, intoTheStepperAt: text, driver) }
        let change = try driver.waitForLine(containing: "count.value:")
        XCTAssertTrue(change.hasSuffix("count.value: 2.5 → 8"), driver.lines.joined(separator: "\n"))
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""controls""#)
        let state = driver.lines.last { $0.contains(#""controls""#) } ?? ""
        XCTAssertTrue(state.contains(#""value":8"#), state)
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 1, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A script's offset is what the scrolled window holds, in the trace,
    /// the state and the script's own read: GTK keeps it within the
    /// content. Before: the trace said the script's (0, 1000) and the
    /// state GTK's (0, 300); an offset set at `awake`, before GTK laid the
    /// window out, or into content grown in the same handler, was cut to
    /// the bounds GTK last laid out (0), the trace saying otherwise.
    func testAScriptsOffsetIsTheOneTheScrolledWindowHolds() throws {
        let scene = fixture("Offset/offset.scene.yaml")
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open(scene, input: input)
        try driver.waitForFrame(after: "list.contentOffset: (0, 0) → (0, 150)")
        func stateHolds(_ y: Int) throws {
            input.fileHandleForWriting.write(Data("state\n".utf8))
            try driver.waitForLine(containing: #""contentOffset":{"x":0,"y":\#(y)}"#)
        }
        try stateHolds(150)
        try driver.click("more")
        try driver.waitForLine(containing: "read 0,300")
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("list.contentOffset: (0, 150) → (0, 300)") }, driver.lines.joined(separator: "\n"))
        try stateHolds(300)
        try driver.click("more")
        try driver.waitForLine(containing: "read 0,500")
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("list.contentOffset: (0, 300) → (0, 500)") }, driver.lines.joined(separator: "\n"))
        try driver.waitForFrame(after: "list.contentOffset: (0, 300) → (0, 500)")
        try stateHolds(500)
        // The user's `scroll` is held as a script's is.
        input.fileHandleForWriting.write(Data("scroll list 2000\nscroll list -10\n".utf8))
        try driver.waitForLine(containing: "list.contentOffset: (0, 700) → (0, 0)")
        XCTAssertEqual(driver.lines.filter { $0.contains("list.contentOffset:") }.map { String($0.drop { $0 != "l" }) },
                       ["list.contentOffset: (0, 0) → (0, 150)", "list.contentOffset: (0, 150) → (0, 300)",
                        "list.contentOffset: (0, 300) → (0, 500)", "list.contentOffset: (0, 500) → (0, 700)",
                        "list.contentOffset: (0, 700) → (0, 0)"], driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A stepper hidden while its + is held stops: GTK's press is
    /// cancelled with the control's touch. Before: GTK never heard the
    /// release (it went to what was under the pointer) and stepped on
    /// for ever, a value refused many times a second while hidden and
    /// taken once shown again.
    func testAStepperHiddenWhileHeldStopsStepping() throws {
        try holdThePlusThenClickBack(in: "Held/held.scene.yaml", until: "count.hidden: true → false")
    }

    /// A stepper made not user-interactive while its + is held stops, as
    /// a hidden one does: GTK's press is cancelled with the control's
    /// touch. GTK resets its gestures only for an insensitive widget, so
    /// the held + would step on, each step refused, and be taken again
    /// once the stepper took touches.
    func testAStepperMadeNotInteractiveWhileHeldStopsStepping() throws {
        try holdThePlusThenClickBack(in: "Locked/locked.scene.yaml", until: "count.userInteractionEnabled: false → true")
    }

    /// Holds the + of the fixture's stepper `count` past GTK's repeat
    /// (the fixture takes it from the user meanwhile), lets go, clicks
    /// `back` (which gives it back) and waits for `line`; then a second
    /// for a stepper that stepped on to show it: it stepped once.
    private func holdThePlusThenClickBack(in fixture: String, until line: String) throws {
        let scene = self.fixture(fixture)
        let driver = try WindowDriver()
        try driver.open(scene)
        let place = try XCTUnwrap(driver.places["count"])
        // GTK repeats a held + after half a second: held past that.
        try driver.xdotool(["mousemove", "\(place.x + place.width - 10)", "\(place.y + place.height / 2)",
                            "mousedown", "1", "sleep", "0.8", "mouseup", "1", "sleep", "1"])
        try driver.click("back")
        try driver.waitForLine(containing: line)
        Thread.sleep(forTimeInterval: 1)
        // A click after the wait: once it is heard, all before it is told.
        try driver.click("back")
        try driver.wait(for: "the second click") { driver.lines.filter { $0.hasSuffix("back touchUpInside") }.count == 2 }
        XCTAssertEqual(driver.lines.filter { $0.contains("count.value:") }, driver.lines.filter { $0.hasSuffix("count.value: 0 → 1") },
                       driver.lines.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 1, driver.lines.joined(separator: "\n"))
        XCTAssertFalse(driver.lines.contains { $0.contains("ignores the user's value") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A scale drawn with a fill level holds a script's value within it,
    /// and the trace, the state and the script's read give the value held.
    /// Before: the trace said the script's 80, the read and the state 50.
    func testAScriptsValuePastAScalesFillLevelIsTheOneHeld() throws {
        let scene = fixture("Fill/fill.scene.yaml")
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open(scene, input: input)
        try driver.click("go")
        try driver.waitForLine(containing: "read 50")
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("level.value: 10 → 50") }, driver.lines.joined(separator: "\n"))
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""value":50,"minimumValue":0,"maximumValue":100"#)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A scale's fill level holds its value again when its range moves: a
    /// minimum lowered under the fill level lets GTK hold the value at the
    /// fill level, and the trace, the state and the script's read say so.
    /// Before: the control kept 70 (raised there with the minimum) while
    /// the scale held 50.
    func testAScalesValueIsHeldAtItsFillLevelWhenItsRangeMoves() throws {
        let scene = fixture("Refill/refill.scene.yaml")
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open(scene, input: input)
        try driver.click("go")
        try driver.waitForLine(containing: "read 1 70")
        try driver.click("go")
        try driver.waitForLine(containing: "read 2 50")
        XCTAssertEqual(driver.lines.filter { $0.contains("level.value:") }.map { String($0.drop { $0 != "l" }) },
                       ["level.value: 10 → 70", "level.value: 70 → 50"], driver.lines.joined(separator: "\n"))
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""value":50,"minimumValue":0,"maximumValue":100"#)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A spin button drawn without a step, at a value between whole steps,
    /// shows its decimals from the start, which GTK is told before the
    /// binding hears its signals: no GLib warning.
    func testASpinButtonDrawnWithoutAStepShowsItsDecimals() throws {
        let (driver, input) = try openFixture("Spin/spin.scene.yaml")
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ count ")
        XCTAssertTrue(driver.lines.contains { $0.contains("[ − 2.5 + ]") }, driver.lines.joined(separator: "\n"))
        XCTAssertFalse(driver.lines.contains { $0.contains("WARNING") || $0.contains("CRITICAL") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// Keys reach the focused widget whatever takes the pointer: a field
    /// or a switch made not user-interactive while it has the focus
    /// ignores them, as it ignores `keys` and `tap`, and shows what it
    /// held. Before: the real keys were typed in and flipped the switch,
    /// with `editingChanged` and `valueChanged`, while `keys` was refused.
    func testKeysOnAFieldOrSwitchThatTakesNoTouchesAreIgnored() throws {
        let (driver, input) = try openFixture("Interactive/locked.scene.yaml")
        try driver.click("field")
        try driver.waitForLine(containing: "field editingDidBegin")
        input.fileHandleForWriting.write(Data("set field.userInteractionEnabled false\n".utf8))
        try driver.waitForLine(containing: "field.userInteractionEnabled: true → false")
        try driver.type("ab")
        try driver.waitForLine(containing: "field ignores the user's text (it is not user-interactive)")
        try driver.key("Tab")       // the switch has the focus: Space flips it
        try driver.key("space")
        try driver.waitForLine(containing: "toggle valueChanged")
        input.fileHandleForWriting.write(Data("set toggle.userInteractionEnabled false\n".utf8))
        try driver.waitForLine(containing: "toggle.userInteractionEnabled: true → false")
        try driver.key("space")
        try driver.waitForLine(containing: "toggle ignores the user's on (it is not user-interactive)")
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""controls""#)
        let state = driver.lines.last { $0.contains(#""controls""#) } ?? ""
        XCTAssertTrue(state.contains(#""text":"kept""#), state)
        XCTAssertTrue(state.contains(#""on":true"#), state)
        XCTAssertFalse(driver.lines.contains { $0.contains("editingChanged") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("toggle valueChanged") }.count, 1, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A press lifted off the button (`touchUpOutside`) brings no
    /// `clicked` from GTK, and the next Space on the focused button is a
    /// tap. Before: the press's mark that its `clicked` was to come stayed
    /// set, and swallowed that Space.
    func testAPressLiftedOffTheButtonLeavesTheNextSpaceATap() throws {
        let scene = fixture("Taps/taps.scene.yaml")
        let driver = try WindowDriver()
        try driver.open(scene)
        try driver.click("button")      // a tap, and the button has the focus
        try driver.waitForLine(endingWith: "] tapped")
        let (x, y) = try driver.center(of: "button")
        try driver.xdotool(["mousemove", "\(x)", "\(y)", "mousedown", "1", "mousemove", "\(x + 300)", "\(y + 300)",
                            "sleep", "0.1", "mouseup", "1"])
        try driver.waitForLine(containing: "button touchUpOutside")
        try driver.key("space")
        // A click after the Space: GTK takes X events in order, so once
        // the switch has heard it, every tap the Space made is told.
        try driver.click("other")
        try driver.waitForLine(containing: "other valueChanged")
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("] tapped") }.count, 2, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    // MARK: Support

    /// A scene of `Fixtures/`, by its path there.
    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
    }

    /// Clicks into the stepper's text (`click`: xdotool's words for it),
    /// replaces it with `value` and leaves with Tab, when GTK reads it.
    private func type(_ value: String, intoTheStepperAt click: [String], _ driver: WindowDriver) throws {
        try driver.xdotool(click)
        try driver.key("ctrl+a")
        try driver.type(value)
        try driver.key("Tab")
    }
}
