import BehaveCore
@testable import BehaveStudio
import XCTest

/// Bounded by construction: the timeline keeps its last entries with cut
/// messages, the clock's steps are small, a subscription holds one version
/// of each part however slowly it is read.
final class StudioPartsTests: XCTestCase {
    func testTheTimelineIsBounded() {
        let timeline = StudioTimeline()
        let long = String(repeating: "é", count: 10_000)
        for _ in 0..<(StudioTimeline.capacity + 500) { timeline.note("log", long) }
        guard case .object(let pairs) = timeline.json, case .array(let entries)? = pairs.first(where: { $0.0 == "entries" })?.1 else {
            return XCTFail("no entries")
        }
        XCTAssertEqual(entries.count, StudioTimeline.shown)
        XCTAssertEqual(timeline.lastSequence, StudioTimeline.capacity + 500)
        guard case .object(let entry) = entries[0], case .string(let message)? = entry.first(where: { $0.0 == "message" })?.1 else {
            return XCTFail("no message")
        }
        XCTAssertLessThanOrEqual(message.utf8.count, StudioTimeline.messageLimit + 3)
    }

    func testTheClockFollowsTheWallInSmallSteps() {
        let start = ContinuousClock.now
        var clock = WallClock(now: start)
        XCTAssertNil(clock.due(now: start.advanced(by: .milliseconds(10))), "less than a tick")
        XCTAssertEqual(clock.due(now: start.advanced(by: .milliseconds(40))), 0.04)
        XCTAssertEqual(clock.due(now: start.advanced(by: .seconds(10))), WallClock.longestStep, "a stall is not caught up")
        clock.pause()
        XCTAssertNil(clock.nextTick)
        XCTAssertNil(clock.due(now: start.advanced(by: .seconds(20))))
        clock.run(now: start.advanced(by: .seconds(20)))
        XCTAssertEqual(clock.due(now: start.advanced(by: .milliseconds(20_050))), 0.05, "nothing owed from the pause")
    }

    func testASlowPageHoldsOnlyTheLatestOfEachPart() {
        let subscription = StudioSubscription(id: 0)
        for i in 0..<10_000 { subscription.offer(.state, "state \(i)") }
        subscription.offer(.status, "status")
        subscription.offer(.scene, "scene")
        XCTAssertEqual(subscription.take(), ["scene", "state 9999", "status"])
        XCTAssertEqual(subscription.take(), [])
    }
}
