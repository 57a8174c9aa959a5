import XCTest
@testable import BehaveCore

/// Swift behaviours: declaration, outlets, inspectables, lifecycle, events.
final class BehaviourTests: XCTestCase {
    var scene: Scene!
    var probe: Probe!

    override func setUp() {
        scene = Scene(screen: "Main")
        probe = Probe()
        scene.attach(probe)
    }

    override func tearDown() {
        probe = nil
        scene = nil
    }

    func testInspectablesStartAtTheirDefaults() {
        XCTAssertEqual(probe.inspectable("duration"), .number(0.7))
        XCTAssertEqual(probe.inspectable("animated"), .bool(false))
        XCTAssertEqual(probe.inspectable("style"), .string("fade"), "an enum starts at its first value")
        XCTAssertEqual(probe.inspectable("maxSize"), .size(Size(width: 2048, height: 2048)))
        XCTAssertEqual(probe.inspectableSnapshot.map(\.0),
                       ["duration", "animated", "style", "count", "tint", "maxSize", "normalImage"])
        XCTAssertNil(probe.inspectable("nope"))
    }

    func testAwakeRunsOnce() {
        XCTAssertFalse(probe.isAwake)
        probe.start()
        probe.start()
        XCTAssertEqual(probe.awakeCount, 1)
        XCTAssertTrue(probe.isAwake)
    }

    /// `awake` is a lifecycle entry of the behaviour's: heard and kept
    /// whole as `name awake`, and a very long name's kept text is cut as
    /// any host text is (the listener hears it whole).
    func testAwakeIsTracedAsALifecycleEntry() throws {
        var heard: [Trace.Entry] = []
        scene.trace.listener = { heard.append($0) }
        let long = String(repeating: "n", count: Trace.entryTextLimit + 10)
        let named = Probe(long)
        scene.attach(named)
        probe.start()
        named.start()
        let awake = heard.filter { $0.kind == .lifecycle }
        XCTAssertEqual(awake.map(\.subject), ["probe", long])
        XCTAssertEqual(awake.map(\.message), ["probe awake", long + " awake"])
        XCTAssertTrue(awake.allSatisfy { $0.fields.isEmpty && $0.error == nil })
        XCTAssertEqual(awake.first?.json.text, #"{"time":0,"kind":"lifecycle","subject":"probe","message":"probe awake"}"#)
        let kept = scene.trace.entries.filter { $0.kind == .lifecycle }
        XCTAssertEqual(kept.map(\.message), ["probe awake", (long + " awake").clipped(to: Trace.entryTextLimit)])
        XCTAssertEqual(kept.first?.line, "[0s] probe awake")
    }

    func testChangedIsHeardOnlyAfterAwakeAndOnlyForRealChanges() throws {
        try probe.setInspectable("duration", to: .number(2))
        XCTAssertTrue(probe.changes.isEmpty, "before awake, sets are configuration")
        XCTAssertEqual(probe.inspectable("duration"), .number(2))
        probe.start()
        try probe.setInspectable("duration", to: .number(3))
        try probe.setInspectable("duration", to: .number(3))
        XCTAssertEqual(probe.changes.count, 1)
        XCTAssertEqual(probe.changes.first?.0, "duration")
        XCTAssertEqual(probe.changes.first?.1, .number(2))
        XCTAssertEqual(probe.changes.first?.2, .number(3))
        // The trace shows the change.
        XCTAssertTrue(scene.trace.entries.contains { $0.kind == .change && $0.message == "probe.duration: 2 → 3" })
        probe.tearDown()
        try probe.setInspectable("duration", to: .number(4))
        XCTAssertEqual(probe.changes.count, 1, "nothing of a destroyed behaviour runs")
    }

    func testInspectableOutOfRangeIsAnErrorAndLeavesTheValue() {
        probe.start()
        let tooBig = error { try probe.setInspectable("duration", to: .number(11)) }
        XCTAssertEqual(tooBig?.message, "duration must be at most 10, not 11 (range 0…10)")
        let negative = error { try probe.setInspectable("duration", to: .number(-1)) }
        XCTAssertEqual(negative?.message, "duration must be at least 0, not -1 (range 0…10)")
        XCTAssertEqual(probe.inspectable("duration"), .number(0.7))
        XCTAssertTrue(probe.changes.isEmpty)
    }

    func testInspectableOfTheWrongTypeIsAnError() {
        XCTAssertEqual(error { try probe.setInspectable("animated", to: .string("yes")) }?.message,
                       "animated takes a bool (true or false), not string \"yes\"")
        XCTAssertNotNil(error { try probe.setInspectable("count", to: .number(1.5)) })
        XCTAssertEqual(error { try probe.setInspectable("style", to: .string("zoom")) }?.message,
                       "style takes one of \"fade\", \"slide\", not \"zoom\"")
        XCTAssertNotNil(error { try probe.setInspectable("tint", to: .string("#12345")) })
        XCTAssertNotNil(error { try probe.setInspectable("duration", to: .null) })
        XCTAssertEqual(probe.inspectable("animated"), .bool(false))
        XCTAssertEqual(probe.inspectable("count"), .number(1))
    }

    func testInspectableConversions() throws {
        try probe.setInspectable("tint", to: .string("#00FF80"))
        XCTAssertEqual(probe.inspectable("tint"), .color(Color(red: 0, green: 255, blue: 128)))
        try probe.setInspectable("normalImage", to: .string("toggle-on"))
        XCTAssertEqual(probe.inspectable("normalImage"), .image(Image(name: "toggle-on")))
        try probe.setInspectable("count", to: .number(3))
        XCTAssertEqual(probe.inspectable("count"), .number(3))
    }

    func testUnknownInspectableSuggestsTheNearestName() {
        XCTAssertEqual(error { try probe.setInspectable("durration", to: .number(1)) }?.message,
                       "Probe has no inspectable `durration` (did you mean `duration`?)")
        let far = error { try probe.setInspectable("zzzzzzzz", to: .number(1)) }
        // Far from every name: the names there are (it said only the mistake).
        XCTAssertEqual(far?.message, "Probe has no inspectable `zzzzzzzz`; its inspectables: duration, animated, style, count, tint, maxSize, normalImage")
    }

    func testOutletsCheckTheirTypes() throws {
        let button = Button(name: "save")
        let label = Label(name: "title")
        let stepper = Stepper(name: "count")
        scene.add(button); scene.add(label); scene.add(stepper)

        try probe.setOutlet("button", to: button)
        XCTAssertTrue(probe.outlet("button") === button)
        let refused = error { try probe.setOutlet("button", to: label) }
        XCTAssertEqual(refused?.message, "outlet `button` of Probe takes a Button, but `title` is a Label")
        XCTAssertTrue(probe.outlet("button") === button, "a refused outlet keeps its control")

        // `View` accepts any control.
        for view in [button, label, stepper] as [View] {
            try probe.setOutlet("anything", to: view)
            XCTAssertTrue(probe.outlet("anything") === view)
        }
        try probe.setOutletCollection("labels", to: [label, Label(name: "other")])
        XCTAssertEqual(probe.outletCollection("labels").map(\.name), ["title"], "outlets are weak")
        XCTAssertNotNil(error { try probe.setOutletCollection("labels", to: [label, button]) })

        XCTAssertEqual(error { try probe.setOutlet("buton", to: button) }?.message,
                       "Probe has no outlet `buton` (did you mean `button`?)")
    }

    func testOutletsDoNotKeepControlsAlive() throws {
        weak var weakButton: Button?
        do {
            let button = Button(name: "save")
            try probe.setOutlet("button", to: button)
            weakButton = button
        }
        XCTAssertNil(weakButton)
        XCTAssertNil(probe.outlet("button"))
    }

    func testSendDeliversDeclaredEventsOnly() throws {
        var heard: [String] = []
        try probe.on("valueChanged") { event in heard.append("\(event.name) from \(event.sender.responderName)") }
        XCTAssertNoThrow(try probe.send("valueChanged"))
        XCTAssertEqual(heard, ["valueChanged from probe"])
        XCTAssertEqual(error { try probe.send("valueChange") }?.message,
                       "Probe does not declare the event `valueChange` (did you mean `valueChanged`?); add it to `events`")
        XCTAssertEqual(heard.count, 1)
    }

    func testOnceAndDisconnect() throws {
        let button = Button(name: "button")
        scene.add(button)
        var once = 0, always = 0
        let single = try button.on("touchUpInside", once: true) { _ in once += 1 }
        let many = try button.on("touchUpInside") { _ in always += 1 }
        button.tap(); button.tap()
        XCTAssertEqual(once, 1)
        XCTAssertFalse(single.isConnected)
        XCTAssertEqual(always, 2)
        many.disconnect()
        button.tap()
        XCTAssertEqual(always, 2)
        XCTAssertFalse(many.isConnected)
    }

    func testEventsReachConnectionsInOrderWithArguments() throws {
        let button = Button(name: "button")
        scene.add(button)
        var order: [String] = []
        try button.on("touchDown") { _ in order.append("down") }
        try button.on("touchUpInside") { _ in order.append("up 1") }
        try button.on("touchUpInside") { _ in order.append("up 2") }
        button.tap()
        XCTAssertEqual(order, ["down", "up 1", "up 2"])
        var arguments: [Value] = []
        try probe.on("valueChanged") { arguments = $0.arguments }
        try? probe.send("valueChanged", arguments: [.number(4)])
        XCTAssertEqual(arguments, [.number(4)])
    }

    func testStateShowsADestroyedBehaviourAsNotAlive() throws {
        probe.start()
        probe.toggled = true
        probe.tearDown()
        let state = parsedState(scene)
        let entry = (state["behaviours"] as? [String: Any])?["probe"] as? [String: Any]
        XCTAssertEqual(entry?["alive"] as? Bool, false)
        XCTAssertTrue(entry?["owner"] is NSNull)
        XCTAssertTrue(scene.trace.entries.contains { $0.kind == .lifecycle && $0.message == "probe destroyed" })
    }
}
