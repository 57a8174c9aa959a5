import XCTest
@testable import BehaveCore

/// A scroll view's offset, however it changes, reaches its delegate, as in
/// UIKit; `dragging` tells the user's scroll from the program's; `frame` is
/// the visible region, and `show` draws what is in it.
final class ScrollOffsetTests: XCTestCase {
    var scene: Scene!
    var pages: ScrollView!
    /// The offset and `dragging` at each scrollViewDidScroll.
    var heard: [String] = []
    var delegate: Recorder!

    final class Recorder: DelegateReceiver {
        var heard: (ScrollView) -> Void = { _ in }
        func respondsToDelegateMessage(_ message: String) -> Bool { message == "scrollViewDidScroll" }
        func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
            if let scrollView = sender as? ScrollView { heard(scrollView) }
            return nil
        }
    }

    override func setUp() {
        scene = Scene(screen: "Pages")
        pages = ScrollView(name: "pages")
        scene.add(pages)
        delegate = Recorder()
        delegate.heard = { [unowned self] in heard.append("\(formatNumber($0.contentOffset.y)) \($0.isDragging)") }
        pages.delegate = delegate
    }

    override func tearDown() {
        scene = nil
        pages = nil
        delegate = nil
    }

    func testTheUsersScrollIsDragging() throws {
        try scene.run("scroll pages 120")
        XCTAssertEqual(heard, ["120 true"])
        XCTAssertFalse(pages.isDragging, "only while the delegate hears it")
        try scene.run("scroll pages 120")
        XCTAssertEqual(heard, ["120 true", "120 true"], "a drag at an edge is heard though the offset stays")
    }

    func testASetFromACommandOrTheCoreTellsTheDelegate() throws {
        try scene.run("set pages.contentOffset 0,300")
        try pages.set("contentOffset", to: .point(Point(x: 0, y: 600)))
        XCTAssertEqual(heard, ["300 false", "600 false"])
        try pages.set("contentOffset", to: .point(Point(x: 0, y: 600)))
        XCTAssertEqual(heard.count, 2, "a set that changes nothing is not a scroll")
    }

    func testEachAdvanceOfTheClockWhileAnAnimationMovesTheOffsetTellsTheDelegate() throws {
        scene.animator.animate(duration: 0.3, curve: .linear) {
            try? pages.set("contentOffset", to: .point(Point(x: 0, y: 600)))
        }
        XCTAssertEqual(heard, [], "nothing moved yet")
        try scene.run("advance 0.1", "advance 0.1", "advance 0.1", "advance 0.1")
        XCTAssertEqual(heard, ["200 false", "400 false", "600 false"], "once the animation ends, nothing more")
        XCTAssertEqual(pages.contentOffset.y, 600)
        XCTAssertEqual(scene.trace.entries.filter { $0.kind == .change }.map(\.message),
                       ["pages.contentOffset: (0, 0) → (0, 600)"], "the frames are not traced, the change is, once")
    }

    func testShowDrawsOnlyTheSubviewsInTheVisibleRegion() throws {
        try pages.set("frame", to: .rect(Rect(x: 0, y: 0, width: 375, height: 600)))
        try pages.set("contentSize", to: .size(Size(width: 375, height: 1800)))
        for page in 1...3 {
            let label = Label(name: "page\(page)")
            pages.addSubview(label)
            try label.set("frame", to: .rect(Rect(x: 0, y: Double(page - 1) * 600, width: 375, height: 600)))
            try label.set("text", to: .string("Page \(page)"))
        }
        var drawing = scene.render()
        XCTAssertTrue(drawing.contains("page1") && drawing.contains(#""Page 1""#), drawing)
        XCTAssertFalse(drawing.contains("page2"), drawing)
        XCTAssertTrue(drawing.contains("⋯ 2 more outside the visible region"), drawing)
        try scene.run("set pages.contentOffset 0,600")
        drawing = scene.render()
        XCTAssertTrue(drawing.contains("page2") && drawing.contains(#""Page 2""#), drawing)
        XCTAssertFalse(drawing.contains("page1") || drawing.contains("page3"), drawing)
        try scene.run("scroll pages 300")
        drawing = scene.render()
        XCTAssertTrue(drawing.contains("page1") && drawing.contains("page2") && !drawing.contains("page3"),
                      "half of each: both are on screen\n" + drawing)
        XCTAssertTrue(drawing.contains("⋯ 1 more outside the visible region"), drawing)
    }

    func testAScrollViewWithoutAFrameSizeShowsAllItsContent() throws {
        let label = Label(name: "far")
        pages.addSubview(label)
        try label.set("frame", to: .rect(Rect(x: 0, y: 5000, width: 10, height: 10)))
        XCTAssertTrue(scene.render().contains("far"))
    }
}
