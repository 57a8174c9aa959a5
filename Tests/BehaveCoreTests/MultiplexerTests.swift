import XCTest
@testable import BehaveCore

/// One delegate slot, many behaviours.
final class MultiplexerTests: XCTestCase {
    func testForwardsToEveryRespondingTargetInOrder() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let scroll = ScrollView(name: "list")
        scene.add(scroll)
        let parallax = Probe("parallax", journal: journal)
        let header = Probe("header", journal: journal)
        let deaf = Listener("deaf", messages: [], journal: journal)
        let other = Listener("other", messages: ["scrollViewDidScroll"], journal: journal)
        scene.attach(parallax); scene.attach(header)
        let mux = Multiplexer(name: "mux", targets: [parallax, deaf, header])
        mux.addTarget(other)
        scene.attach(mux, owner: scroll)
        scroll.delegate = mux

        scroll.scroll(toY: 120)
        XCTAssertEqual(journal.lines, ["parallax scrollViewDidScroll", "header scrollViewDidScroll",
                                       "other scrollViewDidScroll"])
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 120))
        XCTAssertTrue(mux.respondsToDelegateMessage("scrollViewDidScroll"))
        XCTAssertFalse(mux.respondsToDelegateMessage("tableView:didSelect"))
        withExtendedLifetime([deaf, other]) {}
    }

    func testAnswersWithTheFirstNonNilResult() throws {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let field = TextField(name: "field")
        scene.add(field)
        let silent = Listener("silent", messages: ["textFieldShouldReturn"], answer: nil, journal: journal)
        let null = Listener("null", messages: ["textFieldShouldReturn"], answer: .null, journal: journal)
        let refuses = Listener("refuses", messages: ["textFieldShouldReturn"], answer: .bool(false), journal: journal)
        let allows = Listener("allows", messages: ["textFieldShouldReturn"], answer: .bool(true), journal: journal)
        let mux = Multiplexer(name: "mux", targets: [silent, null, refuses, allows])
        scene.attach(mux, owner: field)
        field.delegate = mux

        XCTAssertEqual(field.sendDelegateMessage("textFieldShouldReturn"), .bool(false))
        XCTAssertEqual(journal.lines.count, 4, "every responding target hears it, even after an answer")

        var ended = 0
        try field.on("editingDidEndOnExit") { _ in ended += 1 }
        field.pressReturn()
        XCTAssertEqual(ended, 0, "the first answer (false) refuses the return key")

        mux.targets = [allows, refuses]
        field.pressReturn()
        XCTAssertEqual(ended, 1)
        withExtendedLifetime([silent, null, refuses, allows]) {}
    }

    func testTargetsAreWeakAndAReleasedTargetIsSkipped() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let scroll = ScrollView(name: "list")
        scene.add(scroll)
        let first = Probe("first", journal: journal)
        scene.attach(first)
        let mux = Multiplexer(name: "mux")
        scene.attach(mux, owner: scroll)
        scroll.delegate = mux
        weak var weakSecond: Probe?
        do {
            let second = Probe("second", journal: journal)
            second.delegateAnswer = .number(2)
            mux.targets = [first, second]
            weakSecond = second
        }
        XCTAssertNil(weakSecond, "the multiplexer must not keep its targets alive")
        XCTAssertEqual(mux.targets.count, 1)
        XCTAssertNil(scroll.sendDelegateMessage("scrollViewDidScroll"))
        XCTAssertEqual(journal.lines, ["first scrollViewDidScroll"])
    }

    func testDestroyedTargetsAndMultiplexerStayQuiet() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let scroll = ScrollView(name: "list")
        scene.add(scroll)
        let a = Probe("a", journal: journal), b = Probe("b", journal: journal)
        scene.attach(a); scene.attach(b)
        let mux = Multiplexer(name: "mux", targets: [a, b])
        scene.attach(mux, owner: scroll)
        scroll.delegate = mux
        a.tearDown()
        scroll.scroll(toY: 10)
        XCTAssertEqual(journal.lines, ["b scrollViewDidScroll"])
        mux.tearDown()
        scroll.scroll(toY: 20)
        XCTAssertEqual(journal.lines, ["b scrollViewDidScroll"])
    }

    func testTheDelegateSlotIsWeakAndTheOwnerKeepsTheMultiplexer() {
        let scene = Scene(screen: "Main")
        let scroll = ScrollView(name: "list")
        scene.add(scroll)
        weak var weakMux: Multiplexer?
        do {
            let mux = Multiplexer(name: "mux")
            scene.attach(mux, owner: scroll)
            scroll.delegate = mux
            weakMux = mux
        }
        XCTAssertNotNil(scroll.delegate)
        XCTAssertEqual(scene.record(named: "mux")?.sourceName, "Multiplexer")
        XCTAssertEqual((parsedState(scene)["controls"] as? [String: [String: Any]])?["list"]?["delegate"] as? String, "mux")
        scroll.removeFromParent()
        XCTAssertNil(weakMux)
    }

    /// A control delivers a message only to a delegate that responds to it
    /// (`deliverDelegateMessage`'s default asks first), and a multiplexer
    /// whose targets all ignore a message answers nil.
    func testADelegateHearsOnlyWhatItRespondsTo() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let field = TextField(name: "field")
        scene.add(field)
        let deaf = Listener("deaf", messages: [], answer: .bool(false), journal: journal)
        field.delegate = deaf
        XCTAssertNil(field.sendDelegateMessage("textFieldShouldReturn"))
        let mux = Multiplexer(name: "mux", targets: [deaf])
        scene.attach(mux, owner: field)
        field.delegate = mux
        XCTAssertNil(field.sendDelegateMessage("textFieldShouldReturn"))
        XCTAssertEqual(journal.lines, [])
        let hearing = Listener("hearing", messages: ["textFieldShouldReturn"], answer: .bool(false), journal: journal)
        mux.addTarget(hearing)
        XCTAssertEqual(field.sendDelegateMessage("textFieldShouldReturn"), .bool(false))
        XCTAssertEqual(journal.lines, ["hearing textFieldShouldReturn"])
        withExtendedLifetime([deaf, hearing]) {}
    }
}
