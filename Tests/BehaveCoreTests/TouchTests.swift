import XCTest
@testable import BehaveCore

/// A finger held on a button: press, drag off and back, release inside or
/// outside, and the system's cancel (UIControl's touch events).
final class TouchTests: XCTestCase {
    var scene: Scene!
    var box: View!
    var button: Button!
    var events: [String] = []

    override func setUpWithError() throws {
        scene = Scene(screen: "Touch")
        box = View(name: "box")
        button = Button(name: "button")
        scene.add(box)
        box.addSubview(button)
        for event in button.eventNames { try button.on(event) { [unowned self] in events.append($0.name) } }
    }

    override func tearDown() {
        scene = nil
        box = nil
        button = nil
    }

    var notes: [String] { scene.trace.entries.filter { $0.kind == .note }.map(\.message) }

    func testPressAndReleaseInsideIsATouchUpInside() throws {
        try scene.run("press button")
        XCTAssertEqual(events, ["touchDown"])
        XCTAssertEqual(button.touch, .inside)
        try scene.run("release button")
        XCTAssertEqual(events, ["touchDown", "touchUpInside"])
        XCTAssertNil(button.touch)
    }

    func testSlidingOffAndBackSendsDragExitAndDragEnterOnce() throws {
        try scene.run("press button", "drag button outside", "drag button outside", "drag button inside", "drag button inside",
                "release button")
        XCTAssertEqual(events, ["touchDown", "touchDragExit", "touchDragEnter", "touchUpInside"])
    }

    func testReleasingOffTheButtonIsATouchUpOutside() throws {
        try scene.run("press button", "release button outside")
        XCTAssertEqual(events, ["touchDown", "touchDragExit", "touchUpOutside"])
        events = []
        try scene.run("press button", "drag button outside", "release button")
        XCTAssertEqual(events, ["touchDown", "touchDragExit", "touchUpOutside"], "the finger lifts where it is")
    }

    func testPressingTwiceOrMovingAFingerNeverPutDownIsAMistake() throws {
        XCTAssertEqual(error { try self.scene.run("release button") }?.message, "`button` is not pressed; press it first")
        XCTAssertEqual(error { try self.scene.run("drag button outside") }?.message, "`button` is not pressed; press it first")
        try scene.run("press button")
        XCTAssertEqual(error { try self.scene.run("press button") }?.message, "`button` is already pressed; release it first")
        XCTAssertEqual(events, ["touchDown"])
    }

    func testATapWhileAFingerIsHeldIsIgnored() throws {
        try scene.run("press button", "tap button")
        XCTAssertEqual(events, ["touchDown"])
        XCTAssertEqual(notes.last, "button ignores the tap (a finger is already on it: release it first)")
    }

    func testHidingOrDisablingTheButtonUnderTheFingerCancelsTheTouch() throws {
        for (property, off, on) in [("hidden", "true", "false"), ("enabled", "false", "true"),
                                    ("userInteractionEnabled", "false", "true")] {
            events = []
            try scene.run("press button", "set button.\(property) \(off)")
            XCTAssertEqual(events, ["touchDown", "touchCancel"], property)
            XCTAssertNil(button.touch, property)
            try scene.run("set button.\(property) \(on)")
        }
    }

    /// UIKit's hit-testing passes over a view whose alpha is below 0.01, and
    /// so over what is in it: a switch faded out (or in a faded box) is not
    /// flipped by a tap it cannot be seen to take; at 0.01 it is.
    func testATransparentControlOrOneInATransparentViewTakesNoTap() throws {
        let toggle = Switch(name: "toggle")
        box.addSubview(toggle)
        try scene.run("set toggle.alpha 0.009", "tap toggle")
        XCTAssertEqual(toggle.bool("on"), false)
        XCTAssertEqual(notes.last, "toggle ignores the tap (it is transparent: alpha below 0.01)")
        try scene.run("set box.alpha 0", "tap button")
        XCTAssertEqual(events, [])
        XCTAssertEqual(notes.last, "button ignores the tap (box is transparent: alpha below 0.01)")
        try scene.run("set box.alpha 1", "set toggle.alpha 0.01", "tap toggle", "tap button")
        XCTAssertEqual(toggle.bool("on"), true)
        XCTAssertEqual(events, ["touchDown", "touchUpInside"])
        // A touch that began goes on through a fade, as UIKit delivers it
        // to the view it began in.
        events = []
        try scene.run("press button", "set button.alpha 0", "release button")
        XCTAssertEqual(events, ["touchDown", "touchUpInside"])
    }

    /// The alpha set gates a touch, not the one a fade shows on its way
    /// there (UIKit's model layer): a button fading out is refused at once,
    /// one fading in (in a box fading in) takes the tap. Before: the value
    /// the fade started from gated it until the fade ended.
    func testAFadeGatesTouchesByTheAlphaSet() throws {
        try scene.animator.animate(duration: 1, curve: .linear, changes: { try button.set("alpha", to: .number(0)) })
        scene.clock.advance(by: 0.1)
        XCTAssertGreaterThan(button.alpha, 0.5, "it still shows")
        try scene.run("tap button")
        XCTAssertEqual(events, [])
        XCTAssertEqual(notes.last, "button ignores the tap (it is transparent: alpha below 0.01)")
        try scene.run("set button.alpha 1", "set box.alpha 0")
        try scene.animator.animate(duration: 1, curve: .linear, changes: { try box.set("alpha", to: .number(1)) })
        scene.clock.advance(by: 0.005)
        XCTAssertLessThan(box.alpha, 0.01, "it does not show yet")
        try scene.run("tap button")
        XCTAssertEqual(events, ["touchDown", "touchUpInside"])
    }

    /// Regression: only the control's own properties cancelled its touch; a
    /// finger on a button in a container that was hidden went on to a
    /// touchUpInside.
    func testHidingAContainerCancelsTheTouchOfTheButtonInIt() throws {
        try scene.run("press button", "set box.hidden true", "release button")
        XCTAssertEqual(events, ["touchDown", "touchCancel"])
        try scene.run("set box.hidden false", "press button", "set box.userInteractionEnabled false")
        XCTAssertEqual(events, ["touchDown", "touchCancel", "touchDown", "touchCancel"])
    }

    /// Regression: releasing after the system cancelled the touch was an
    /// error ("not pressed"), though the finger is still down and a person
    /// lifts it: now it is a note, and nothing is sent.
    func testLiftingAFingerWhoseTouchWasCancelledSendsNothing() throws {
        try scene.run("press button", "set button.enabled false", "drag button outside", "release button")
        XCTAssertEqual(events, ["touchDown", "touchCancel"])
        XCTAssertEqual(notes.suffix(2), [
            "the finger on button slides off, but its touch was cancelled (touchCancel): nothing is sent",
            "the finger on button lifts, but its touch was cancelled (touchCancel): nothing is sent",
        ])
        XCTAssertEqual(error { try self.scene.run("release button") }?.message, "`button` is not pressed; press it first",
                       "once lifted, the finger is gone")
    }

    func testAPressARefusedControlTakesSendsNothingAndLiftingItIsANote() throws {
        try scene.run("set box.hidden true", "press button", "release button")
        XCTAssertEqual(events, [])
        XCTAssertEqual(notes, [
            "button ignores the press (box is hidden)",
            "the finger on button lifts, but the press was refused (box is hidden): nothing is sent",
        ])
    }

    /// Regression: removing a control under a held finger left its touch
    /// on, so a hold timer started at touchDown still fired.
    func testRemovingTheButtonOrItsContainerCancelsTheTouch() throws {
        try scene.run("press button", "remove box")
        XCTAssertEqual(events, ["touchDown", "touchCancel"])
        XCTAssertNil(button.touch)
    }

    func testADialogCancelsEveryHeldTouch() throws {
        let other = Button(name: "other")
        scene.add(other)
        var otherEvents: [String] = []
        try other.on("touchCancel") { otherEvents.append($0.name) }
        try scene.run("press button", "press other")
        try scene.present(Dialog(style: .alert, title: "Sure?", options: ["Yes"])) { _ in }
        XCTAssertEqual(events, ["touchDown", "touchCancel"])
        XCTAssertEqual(otherEvents, ["touchCancel"])
        try scene.run("release button")
        XCTAssertEqual(events, ["touchDown", "touchCancel"])
    }

    /// Regression: press on a label or a switch held a finger that sent
    /// nothing, so a spec's press and release did nothing without a word.
    func testOnlyControlsWithTouchEventsCanBeHeld() throws {
        scene.add(Label(name: "label"))
        scene.add(Switch(name: "wifi"))
        XCTAssertEqual(error { try self.scene.run("press label") }?.message,
                       "`label` is a Label: `press` is for a Button (a Label takes `tap`)")
        XCTAssertEqual(error { try self.scene.run("press wifi") }?.message,
                       "`wifi` is a Switch: `press` is for a Button (a Switch takes `tap`)")
    }

    func testTheCommandsParse() throws {
        XCTAssertEqual(try SceneCommand.parse("press b"), .press("b"))
        XCTAssertEqual(try SceneCommand.parse("drag b outside"), .drag("b", inside: false))
        XCTAssertEqual(try SceneCommand.parse("drag b inside"), .drag("b", inside: true))
        XCTAssertEqual(try SceneCommand.parse("release b"), .release("b", outside: false))
        XCTAssertEqual(try SceneCommand.parse("release b outside"), .release("b", outside: true))
        XCTAssertEqual(error { _ = try SceneCommand.parse("drag b away") }?.message, "usage: drag NAME outside|inside")
        XCTAssertEqual(error { _ = try SceneCommand.parse("release b inside") }?.message, "usage: release NAME [outside]")
        XCTAssertEqual(error { _ = try SceneCommand.parse("press") }?.message, "usage: press NAME")
    }
}
