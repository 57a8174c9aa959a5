@testable import BehaveCore
import XCTest

/// A timer that reschedules itself with no delay would hold the clock at one
/// moment forever: the clock stops, reports it, and stays usable.
final class ClockRunawayTests: XCTestCase {
    func testAZeroDelayTimerLoopIsStoppedAndReported() {
        let scene = Scene(screen: "Test")
        var firings = 0
        func again() {
            firings += 1
            scene.clock.schedule(after: 0, again)
        }
        scene.clock.schedule(after: 0.5, again)
        scene.clock.advance(by: 1)
        XCTAssertEqual(firings, Clock.maximumFiringsAtOneMoment)
        XCTAssertEqual(scene.clock.now, 0.5, "the clock stops at the runaway moment")
        XCTAssertEqual(scene.errorCount, 1)
        XCTAssertTrue(scene.trace.entries.last?.message.contains("without time moving on") ?? false)
        // The loop ended there: time moves on at the next advance, with no new error.
        scene.clock.advance(by: 1)
        XCTAssertEqual(scene.clock.now, 1.5)
        XCTAssertEqual(scene.errorCount, 1)
        XCTAssertEqual(firings, Clock.maximumFiringsAtOneMoment)
    }

    func testManyTimersAtDifferentMomentsAreNotARunaway() {
        let scene = Scene(screen: "Test")
        var firings = 0
        for i in 0..<(Clock.maximumFiringsAtOneMoment * 2) {
            scene.clock.schedule(after: Double(i) * 0.0001) { firings += 1 }
        }
        scene.clock.advance(by: 10)
        XCTAssertEqual(firings, Clock.maximumFiringsAtOneMoment * 2)
        XCTAssertEqual(scene.errorCount, 0)
    }
}

/// Findings of the audit in the core.
final class CoreAuditRegressionTests: XCTestCase {
    func testNumbersMustBeFiniteAndSizesNotNegative() {
        let slider = Slider(name: "s")
        XCTAssertThrowsError(try slider.set("value", to: .number(.nan)))
        XCTAssertThrowsError(try slider.set("maximumValue", to: .number(.infinity)))
        XCTAssertThrowsError(try slider.set("frame", to: .rect(Rect(x: .nan, y: 0, width: 1, height: 1))))
        XCTAssertThrowsError(try slider.set("frame", to: .rect(Rect(x: 0, y: 0, width: -1, height: 1))))
    }

    func testARangeChangeKeepsTheValueInsideAndTheSceneDrawable() throws {
        let scene = Scene(screen: "Test")
        let slider = Slider(name: "s")
        scene.add(slider)
        try slider.set("value", to: .number(1))
        try slider.set("maximumValue", to: .number(0.5))
        XCTAssertEqual(slider.value, 0.5)
        try slider.set("maximumValue", to: .number(3))
        try slider.set("minimumValue", to: .number(2))
        XCTAssertEqual(slider.value, 2)
        XCTAssertTrue(scene.render().contains("●"))
    }

    func testNoSuggestionForAHugeName() {
        XCTAssertNil(Suggestions.nearest(to: String(repeating: "b", count: 30_000), in: [String(repeating: "a", count: 30_000)]))
    }

    func testDismissTakesThePresentedDialogWithIt() throws {
        let scene = Scene(screen: "Test")
        try scene.present(Dialog(style: .alert, options: ["OK"])) { _ in XCTFail("nobody is left to answer") }
        scene.dismiss()
        XCTAssertNil(scene.presentedDialog)
        XCTAssertThrowsError(try scene.choose("OK"))
    }

    func testStepsOfAnInspectableAreEnforced() {
        let spec = PropertySpec("speed", .number, min: 0, max: 2, step: 0.5)
        XCTAssertNoThrow(try spec.validate(.number(1.5)))
        XCTAssertThrowsError(try spec.validate(.number(0.3)))
    }
}

/// Findings of the second audit in the core.
final class SecondAuditRegressionTests: XCTestCase {
    func testMultiplexersThatTargetEachOtherDeliverOnceAndDoNotRecurse() {
        let scene = Scene(screen: "Test")
        let scroll = ScrollView(name: "scroll")
        scene.add(scroll)
        let first = Multiplexer(name: "m1")
        let second = Multiplexer(name: "m2", targets: [first])
        first.targets = [second]
        scene.attach(first)
        scene.attach(second)
        scroll.delegate = first
        XCTAssertFalse(first.respondsToDelegateMessage("scrollViewDidScroll"))
        scroll.scroll(toY: 10)
        XCTAssertEqual(scroll.contentOffset.y, 10)
    }

    func testARepeatingTimerCannotHoldOneAdvanceForever() {
        let scene = Scene(screen: "Test")
        var firings = 0
        func tick() {
            firings += 1
            scene.clock.schedule(after: 0.000_001, tick)
        }
        scene.clock.schedule(after: 0, tick)
        scene.clock.advance(by: 1_000_000)
        XCTAssertEqual(firings, Clock.maximumFiringsPerAdvance)
        XCTAssertEqual(scene.errorCount, 1)
        XCTAssertLessThan(scene.clock.now, 1)
    }

    func testAnOutletToARemovedControlIsForgotten() throws {
        let scene = Scene(screen: "Test")
        let label = Label(name: "label")
        scene.add(label)
        let behaviour = Behaviour(name: "b", declaration: BehaviourDeclaration(name: "B", outlets: [.init(name: "label", type: "Label")]))
        try behaviour.setOutlet("label", to: label)
        scene.attach(behaviour)
        label.removeFromParent()
        XCTAssertNil(behaviour.outlet("label"), "a removed control is gone for its outlets, as with a weak IBOutlet")
    }

    func testImageSizesAreChecked() {
        let spec = PropertySpec("image", .image, optional: true)
        XCTAssertThrowsError(try spec.validate(.image(Image(name: "a", width: 10, height: -3))))
        XCTAssertThrowsError(try spec.convert(.map([.init(key: "name", value: .text("a", quoted: false)), .init(key: "width", value: .text("1e20", quoted: false))])))
        XCTAssertNoThrow(try spec.validate(.image(Image(name: "a", width: 10, height: 3))))
    }
}
