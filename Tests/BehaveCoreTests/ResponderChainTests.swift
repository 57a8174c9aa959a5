import XCTest
@testable import BehaveCore

/// Target–action and the responder chain.
final class ResponderChainTests: XCTestCase {
    func testNilTargetedActionTravelsFromControlThroughParentsToScreen() throws {
        let scene = Scene(screen: "Main")
        let outer = HandlerView(name: "outer")
        let inner = HandlerView(name: "inner")
        let button = Button(name: "button")
        scene.add(outer)
        outer.addSubview(inner)
        inner.addSubview(button)
        var screenHeard: [String] = []
        scene.screen!.handle("save") { sender, _ in screenHeard.append(sender.responderName) }
        outer.handles = ["share"]

        try button.addTarget(nil, action: "save", for: "touchUpInside")
        try button.addTarget(nil, action: "share", for: "touchUpInside")
        button.tap()

        XCTAssertEqual(screenHeard, ["button"], "save passes the parents and reaches the screen")
        XCTAssertEqual(outer.received.map(\.action), ["share"])
        XCTAssertEqual(outer.received.first?.sender, "button")
        XCTAssertTrue(inner.received.isEmpty)
        XCTAssertEqual(scene.actions, [
            ActionRecord(name: "save", from: "button", target: nil, handledBy: "screen"),
            ActionRecord(name: "share", from: "button", target: nil, handledBy: "outer"),
        ])
    }

    func testTheNearestResponderWins() {
        let scene = Scene(screen: "Main")
        let outer = HandlerView(name: "outer")
        let inner = HandlerView(name: "inner")
        let button = Button(name: "button")
        scene.add(outer); outer.addSubview(inner); inner.addSubview(button)
        outer.handles = ["save"]; inner.handles = ["save"]
        XCTAssertTrue(button.sendAction("save") === inner)
        XCTAssertEqual(inner.received.count, 1)
        XCTAssertTrue(outer.received.isEmpty)
    }

    func testBehaviourActionGoesToOwnerThenOwnersParents() {
        let scene = Scene(screen: "Main")
        let container = HandlerView(name: "container")
        let owner = HandlerView(name: "card")
        scene.add(container)
        container.addSubview(owner)
        let probe = Probe()
        scene.attach(probe, owner: owner)
        probe.start()
        XCTAssertTrue(probe.nextResponder === owner)

        owner.handles = ["photoChanged"]
        container.handles = ["photoChanged", "close"]
        var screenHeard = 0
        scene.screen!.handle("done") { _, _ in screenHeard += 1 }

        XCTAssertTrue(probe.sendAction("photoChanged") === owner)
        XCTAssertTrue(probe.sendAction("close") === container)
        XCTAssertTrue(probe.sendAction("done") === scene.screen)
        XCTAssertEqual(owner.received.map(\.sender), ["probe"])
        XCTAssertEqual(container.received.map(\.action), ["close"])
        XCTAssertEqual(screenHeard, 1)
        XCTAssertEqual(scene.actions.map(\.handledBy), ["card", "container", "screen"])
    }

    func testABehaviourHandlesItsOwnDeclaredActions() {
        let scene = Scene(screen: "Main")
        let probe = Probe()
        scene.attach(probe)
        XCTAssertTrue(probe.sendAction("toggle") === probe)
        XCTAssertTrue(probe.toggled)
        probe.tearDown()
        XCTAssertFalse(probe.canPerformAction("toggle"), "a destroyed behaviour handles nothing")
    }

    func testUnhandledActionIsRecordedAndTraced() {
        let scene = Scene(screen: "Main")
        let probe = Probe()
        scene.attach(probe)
        XCTAssertNil(probe.sendAction("photoChanged"))
        XCTAssertEqual(scene.actions.last, ActionRecord(name: "photoChanged", from: "probe", target: nil, handledBy: nil))
        let entry = scene.trace.entries.last { $0.kind == .action }
        XCTAssertEqual(entry?.message, "action photoChanged from probe: unhandled")
        XCTAssertEqual(entry?.json["handledBy"], .null)
        let actions = parsedState(scene)["actions"] as? [[String: Any]]
        XCTAssertEqual(actions?.count, 1)
        XCTAssertEqual(actions?.first?["name"] as? String, "photoChanged")
        XCTAssertEqual(actions?.first?["from"] as? String, "probe")
        XCTAssertTrue(actions?.first?["handledBy"] is NSNull)
    }

    func testExplicitTargetGetsTheActionAndNobodyElse() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        let probe = Probe()
        scene.attach(probe)
        var screenHeard = 0
        scene.screen!.handle("toggle") { _, _ in screenHeard += 1 }

        try button.addTarget(probe, action: "toggle", for: "touchUpInside")
        button.tap()
        XCTAssertTrue(probe.toggled)
        XCTAssertEqual(probe.performed.first?.sender, "button")
        XCTAssertEqual(screenHeard, 0, "an explicit target does not go up the chain")
        XCTAssertEqual(scene.actions.last, ActionRecord(name: "toggle", from: "button", target: "probe", handledBy: "probe"))

        // A target that cannot perform it: unhandled, not forwarded.
        XCTAssertNil(button.sendAction("unknownAction", to: probe))
        XCTAssertEqual(scene.actions.last?.handledBy, nil)
        XCTAssertEqual(scene.actions.last?.target, "probe")

        button.removeTarget(probe, action: "toggle")
        button.tap()
        XCTAssertEqual(probe.performed.count, 1)
    }

    func testTargetsAreHeldWeakly() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            try button.addTarget(probe, action: "toggle", for: "touchUpInside")
            weakProbe = probe
        }
        XCTAssertNil(weakProbe)
        button.tap()
        XCTAssertTrue(scene.actions.isEmpty, "a target that is gone takes its actions with it")
    }
}
