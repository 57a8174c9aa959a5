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
