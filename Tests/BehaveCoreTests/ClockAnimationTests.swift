import XCTest
@testable import BehaveCore

/// The virtual clock and the animator.
final class ClockAnimationTests: XCTestCase {
    func testTimersFireInTimeOrderIncludingTimersScheduledByTimers() {
        let clock = Clock()
        var fired: [String] = []
        clock.schedule(after: 2) { fired.append("2 at \(clock.now)") }
        clock.schedule(after: 1) {
            fired.append("1 at \(clock.now)")
            clock.schedule(after: 0.5) { fired.append("1.5 at \(clock.now)") }
            clock.schedule(after: 0) { fired.append("1+0 at \(clock.now)") }
        }
        clock.schedule(after: 1) { fired.append("1b at \(clock.now)") }
        clock.advance(by: 3)
        XCTAssertEqual(fired, ["1 at 1.0", "1b at 1.0", "1+0 at 1.0", "1.5 at 1.5", "2 at 2.0"])
        XCTAssertEqual(clock.now, 3)
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testTimersDoNotFireBeforeTheirTime() {
        let clock = Clock()
        var fired = 0
        let timer = clock.schedule(after: 1) { fired += 1 }
        clock.advance(by: 0.999)
        XCTAssertEqual(fired, 0)
        XCTAssertTrue(timer.isPending)
        clock.advance(by: 0.001)
        XCTAssertEqual(fired, 1)
        XCTAssertFalse(timer.isPending)
        clock.advance(by: 5)
        XCTAssertEqual(fired, 1, "a timer fires once")
    }

    func testCancel() {
        let clock = Clock()
        var fired: [Int] = []
        let one = clock.schedule(after: 1) { fired.append(1) }
        var two: BehaveCore.Timer!
        clock.schedule(after: 0.5) { two.cancel() }
        two = clock.schedule(after: 1) { fired.append(2) }
        one.cancel()
        XCTAssertEqual(clock.pendingCount, 2)
        clock.advance(by: 2)
        XCTAssertEqual(fired, [], "cancelled timers, even by another timer, never fire")
        XCTAssertFalse(one.isPending)
    }

    /// A timer set far ahead and cancelled at once, over and over (a
    /// script's loop), is not kept until its time: the clock holds about as
    /// many timers as are pending, and those still fire in order.
    func testCancelledTimersAreNotKeptUntilTheirTime() {
        let clock = Clock()
        var fired: [Int] = []
        for i in 0..<100_000 {
            let timer = clock.schedule(after: 1e9 - Double(i)) { fired.append(i) }
            if i % 1000 != 0 { timer.cancel() }
        }
        XCTAssertEqual(clock.pendingCount, 100)
        XCTAssertLessThanOrEqual(clock.heldCount, 2 * 100 + 64 + 1)
        clock.advance(by: 1e9)
        XCTAssertEqual(fired, Array(stride(from: 99_000, through: 0, by: -1000)))
        XCTAssertEqual(clock.pendingCount, 0)
    }

    func testEaseInOutFadeIsExactlyHalfwayAtHalfTime() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        var completions: [Bool] = []
        try scene.animator.animate(duration: 0.7, curve: .easeInOut, changes: {
            try button.set("alpha", to: .number(0))
        }, completion: { completions.append($0) })
        XCTAssertEqual(button.alpha, 1, "nothing moves before time does")
        scene.clock.advance(by: 0.35)
        XCTAssertEqual(button.alpha, 0.5)
        XCTAssertEqual(completions, [])
        scene.clock.advance(by: 0.35)
        XCTAssertEqual(button.alpha, 0)
        XCTAssertEqual(completions, [true])
        scene.clock.advance(by: 1)
        XCTAssertEqual(completions, [true], "completion is called once")
        XCTAssertEqual(scene.animator.runningCount, 0)
    }

    func testEaseInOutIsSlowAtTheEnds() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        try scene.animator.animate(duration: 1, changes: { try button.set("alpha", to: .number(0)) })
        scene.clock.advance(by: 0.25)
        XCTAssertEqual(button.alpha, 0.875, accuracy: 1e-12)
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(button.alpha, 0.125, accuracy: 1e-12)
    }

    func testLinearCurveValues() throws {
        let scene = Scene(screen: "Main")
        let scroll = ScrollView(name: "list")
        let label = Label(name: "label")
        scene.add(scroll); scene.add(label)
        try scene.animator.animate(duration: 2, curve: .linear, changes: {
            try scroll.set("contentOffset", to: .point(Point(x: 0, y: 200)))
            try scroll.set("frame", to: .rect(Rect(x: 0, y: 0, width: 100, height: 40)))
            try label.set("textColor", to: .string("#C86400"))
        })
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 50))
        XCTAssertEqual(try scroll.value("frame"), .rect(Rect(x: 0, y: 0, width: 25, height: 10)))
        XCTAssertEqual(try label.value("textColor"), .color(Color(red: 50, green: 25, blue: 0)))
        scene.clock.advance(by: 1)
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 150))
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 200))
        XCTAssertEqual(try label.value("textColor"), .color(Color(red: 200, green: 100, blue: 0)))
        XCTAssertEqual(Curve.linear.apply(0.3), 0.3)
        XCTAssertEqual(Curve.easeIn.apply(0.5), 0.25)
        XCTAssertEqual(Curve.easeOut.apply(0.5), 0.75)
        for curve in Curve.allCases {
            XCTAssertEqual(curve.apply(0), 0)
            XCTAssertEqual(curve.apply(1), 1)
        }
    }

    /// What cannot be interpolated is an error inside an animation block,
    /// not a silent jump at its start or end.
    func testNonAnimatableChangesAreRefused() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        XCTAssertThrowsError(try scene.animator.animate(duration: 1, changes: {
            try button.set("image", to: .string("toggle-on"))
        })) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "image cannot be animated (only numbers, points, sizes, rects and colours can); set it before or after the animate block")
        }
        XCTAssertThrowsError(try scene.animator.animate(duration: 1, changes: { try button.set("hidden", to: .bool(true)) }))
        XCTAssertNil(button.image)
        XCTAssertFalse(button.isHidden)
        XCTAssertEqual(scene.animator.runningCount, 0)
    }

    func testASecondAnimationOfTheSamePropertyTakesOver() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        var first: [Bool] = [], second: [Bool] = []
        try scene.animator.animate(duration: 1, curve: .linear, changes: {
            try button.set("alpha", to: .number(0))
        }, completion: { first.append($0) })
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(button.alpha, 0.5)
        try scene.animator.animate(duration: 1, curve: .linear, changes: {
            try button.set("alpha", to: .number(1))
        }, completion: { second.append($0) })
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(button.alpha, 0.75, "from where it was (0.5) towards 1, not snapped to 0")
        XCTAssertEqual(first.count, 1, "the first animation ended")
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(button.alpha, 1)
        XCTAssertEqual(second, [true])
    }

    func testZeroDurationAppliesAtOnce() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        var completions: [Bool] = []
        let animation = try scene.animator.animate(duration: 0, changes: {
            try button.set("alpha", to: .number(0.2))
        }, completion: { completions.append($0) })
        XCTAssertEqual(button.alpha, 0.2)
        XCTAssertEqual(completions, [true])
        XCTAssertTrue(animation.isFinished)
        XCTAssertEqual(scene.animator.runningCount, 0)
        XCTAssertEqual(scene.clock.pendingCount, 0)
    }

    func testNestedCapture() throws {
        let scene = Scene(screen: "Main")
        let a = Button(name: "a"), b = Button(name: "b")
        scene.add(a); scene.add(b)
        try scene.animator.animate(duration: 1, curve: .linear, changes: {
            try a.set("alpha", to: .number(0))
            try scene.animator.animate(duration: 2, curve: .linear, changes: {
                try b.set("alpha", to: .number(0))
            })
            XCTAssertTrue(scene.animator.isCapturing, "the outer capture resumes")
            try a.set("frame", to: .rect(Rect(x: 10, y: 0, width: 0, height: 0)))
        })
        XCTAssertFalse(scene.animator.isCapturing)
        XCTAssertEqual(scene.animator.runningCount, 2)
        XCTAssertEqual(a.alpha, 1)
        XCTAssertEqual(b.alpha, 1)
        scene.clock.advance(by: 1)
        XCTAssertEqual(a.alpha, 0)
        XCTAssertEqual(try a.value("frame"), .rect(Rect(x: 10, y: 0, width: 0, height: 0)))
        XCTAssertEqual(b.alpha, 0.5, "the inner animation keeps its own duration")
        scene.clock.advance(by: 1)
        XCTAssertEqual(b.alpha, 0)
    }

    func testAnErrorInsideTheBlockAnimatesNothingAndEndsTheCapture() {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        XCTAssertThrowsError(try scene.animator.animate(duration: 1, changes: {
            try button.set("alpha", to: .number(0.5))
            try button.set("alpha", to: .number(2))
        }))
        XCTAssertFalse(scene.animator.isCapturing)
        XCTAssertEqual(scene.animator.runningCount, 0)
        scene.clock.advance(by: 1)
        XCTAssertEqual(button.alpha, 1)
    }

    func testCancelStopsWhereItIs() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        var completions: [Bool] = []
        let animation = try scene.animator.animate(duration: 1, curve: .linear, changes: {
            try button.set("alpha", to: .number(0))
        }, completion: { completions.append($0) })
        scene.clock.advance(by: 0.25)
        animation.cancel()
        animation.cancel()
        scene.clock.advance(by: 1)
        XCTAssertEqual(button.alpha, 0.75)
        XCTAssertEqual(completions, [false])
    }

    func testToggleFadeSequence() throws {
        // The seed scenario: fade out, swap the image, fade back in.
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        try button.set("image", to: .string("toggle-off"))
        try scene.animator.animate(duration: 0.7, changes: { try button.set("alpha", to: .number(0)) },
                                   completion: { _ in
            try? button.set("image", to: .string("toggle-on"))
            _ = try? scene.animator.animate(duration: 0.7, changes: { try button.set("alpha", to: .number(1)) })
        })
        try scene.execute(.advance(0.35))
        XCTAssertEqual(button.alpha, 0.5)
        try scene.execute(.advance(0.35))
        XCTAssertEqual(button.image?.name, "toggle-on")
        XCTAssertEqual(button.alpha, 0)
        try scene.execute(.advance(0.7))
        XCTAssertEqual(button.alpha, 1)
        XCTAssertEqual(scene.clock.now, 1.4, accuracy: 1e-12)
    }
}
