import XCTest
@testable import BehaveCore

/// Reverse lifetime binding, proven with weak references.
final class LifetimeTests: XCTestCase {
    func testOwnerIsTheOnlyStrongReferenceAndKeepsTheBehaviourAlive() {
        let scene = Scene(screen: "Main")
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            scene.attach(probe)
            probe.start()
            weakProbe = probe
        }
        XCTAssertNotNil(weakProbe, "the screen (its owner) must keep the behaviour alive")
        XCTAssertTrue(weakProbe?.isAlive ?? false)
        XCTAssertTrue(weakProbe?.owner === scene.screen)
        XCTAssertTrue(scene.screen!.ownedBehaviours.behaviours.contains { $0 === weakProbe })
    }

    func testABehaviourWithoutOwnerIsNotKeptAlive() {
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            weakProbe = probe
        }
        XCTAssertNil(weakProbe)
    }

    func testSettingTheSameOwnerAgainIsANoOp() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let button = Button(name: "button")
        scene.add(button)
        let probe = Probe(journal: journal)
        scene.attach(probe, owner: button)
        probe.start()
        probe.owner = button
        probe.owner = button
        XCTAssertEqual(button.ownedBehaviours.behaviours.count, 1)
        XCTAssertTrue(probe.isAlive)
        XCTAssertEqual(probe.awakeCount, 1)
        XCTAssertEqual(probe.destroyCount, 0)
        XCTAssertTrue(probe.owner === button)
    }

    /// An owner keeps its behaviours once each, in the order they came:
    /// one that leaves and comes back is last.
    func testAnOwnersBehavioursStayInTheOrderTheyCameOnceEach() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let button = Button(name: "button")
        let other = View(name: "other")
        scene.add(button)
        scene.add(other)
        let probes = (0..<3).map { _ in Probe(journal: journal) }
        for probe in probes {
            scene.attach(probe, owner: button)
            probe.start()
        }
        probes[1].owner = other
        probes[1].owner = button
        probes[1].owner = button
        XCTAssertEqual(button.ownedBehaviours.behaviours.map(ObjectIdentifier.init),
                       [probes[0], probes[2], probes[1]].map(ObjectIdentifier.init))
        XCTAssertTrue(other.ownedBehaviours.behaviours.isEmpty)
    }

    func testANewOwnerReleasesTheBehaviourFromTheOldOne() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        weak var weakProbe: Probe?
        weak var weakOld: View?
        let newOwner = View(name: "new")
        scene.add(newOwner)
        do {
            let old = View(name: "old")
            scene.add(old)
            weakOld = old
            let probe = Probe(journal: journal)
            scene.attach(probe, owner: old)
            probe.start()
            weakProbe = probe
            probe.owner = newOwner
            XCTAssertFalse(old.ownedBehaviours.behaviours.contains { $0 === probe })
            XCTAssertTrue(newOwner.ownedBehaviours.behaviours.contains { $0 === probe })
            old.removeFromParent()
        }
        XCTAssertNil(weakOld, "the old owner is gone")
        XCTAssertNotNil(weakProbe, "releasing the old owner must not release the behaviour")
        XCTAssertTrue(weakProbe?.isAlive ?? false)
        XCTAssertEqual(journal.count("destroy probe toggled=false"), 0)
        XCTAssertTrue(weakProbe?.owner === newOwner)
    }

    func testDismissDestroysEveryBehaviourOnceAndReleasesScreenControlsAndBehaviours() throws {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        weak let weakScreen: Screen? = scene.screen
        weak var weakButton: Button?
        weak var weakOnScreen: Probe?
        weak var weakOnButton: Probe?
        do {
            let button = Button(name: "button")
            scene.add(button)
            weakButton = button
            let onScreen = Probe("screenProbe", journal: journal)
            let onButton = Probe("buttonProbe", journal: journal)
            scene.attach(onScreen)
            scene.attach(onButton, owner: button)
            try! onScreen.setOutlet("button", to: button)
            // A handler that strongly captures the behaviour, bound to it.
            onScreen.bind(try button.on("touchUpInside") { _ in onScreen.toggled.toggle() })
            onScreen.start()
            onButton.start()
            weakOnScreen = onScreen
            weakOnButton = onButton
        }
        XCTAssertNotNil(weakOnScreen)
        XCTAssertNotNil(weakOnButton)
        scene.dismiss()
        XCTAssertEqual(journal.count("destroy screenProbe toggled=false"), 1)
        XCTAssertEqual(journal.count("destroy buttonProbe toggled=false"), 1)
        XCTAssertNil(weakOnScreen)
        XCTAssertNil(weakOnButton)
        XCTAssertNil(weakButton)
        XCTAssertNil(weakScreen)
        XCTAssertFalse(scene.isPresented)
        // The control's behaviours go before the screen's.
        XCTAssertEqual(journal.lines.filter { $0.hasPrefix("destroy") },
                       ["destroy buttonProbe toggled=false", "destroy screenProbe toggled=false"])
        // Dismissing again does nothing more.
        scene.dismiss()
        XCTAssertEqual(journal.lines.filter { $0.hasPrefix("destroy") }.count, 2)
    }

    func testRemovingAControlDestroysItsBehavioursAndThoseOfItsSubviewsOnce() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        let keeper = Probe("keeper", journal: journal)
        scene.attach(keeper)
        keeper.start()
        weak var weakContainer: View?
        weak var weakChild: Button?
        weak var weakOwn: Probe?
        weak var weakChildProbe: Probe?
        do {
            let container = View(name: "container")
            let child = Button(name: "child")
            scene.add(container)
            container.addSubview(child)
            let own = Probe("own", journal: journal)
            let childProbe = Probe("childProbe", journal: journal)
            scene.attach(own, owner: container)
            scene.attach(childProbe, owner: child)
            own.start()
            childProbe.start()
            weakContainer = container; weakChild = child
            weakOwn = own; weakChildProbe = childProbe
            container.removeFromParent()
        }
        XCTAssertEqual(journal.count("destroy own toggled=false"), 1)
        XCTAssertEqual(journal.count("destroy childProbe toggled=false"), 1)
        XCTAssertNil(weakOwn)
        XCTAssertNil(weakChildProbe)
        XCTAssertNil(weakContainer)
        XCTAssertNil(weakChild)
        XCTAssertNil(scene.control(named: "container"))
        XCTAssertNil(scene.control(named: "child"))
        XCTAssertTrue(keeper.isAlive, "the screen's own behaviour is untouched")
        XCTAssertEqual(journal.count("destroy keeper toggled=false"), 0)
        XCTAssertEqual(scene.record(named: "own")?.isAlive, false)
        XCTAssertEqual(scene.record(named: "keeper")?.isAlive, true)
    }

    func testRemoveCommandDestroysAndReleases() throws {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        weak var weakButton: Button?
        weak var weakProbe: Probe?
        do {
            let button = Button(name: "button")
            scene.add(button)
            let probe = Probe(journal: journal)
            scene.attach(probe, owner: button)
            probe.start()
            weakButton = button; weakProbe = probe
        }
        try scene.execute(.remove("button"))
        XCTAssertNil(weakButton)
        XCTAssertNil(weakProbe)
        XCTAssertEqual(journal.count("destroy probe toggled=false"), 1)
        XCTAssertNotNil(error { try scene.execute(.tap("button")) })
    }

    func testTearDownIsIdempotentAndDestroyRunsOnlyAfterAwake() {
        let scene = Scene(screen: "Main")
        let asleep = Probe("asleep")
        scene.attach(asleep)
        asleep.tearDown()
        XCTAssertEqual(asleep.destroyCount, 0, "destroy is for behaviours that woke")
        XCTAssertFalse(asleep.isAlive)
        asleep.start()
        XCTAssertEqual(asleep.awakeCount, 0, "a destroyed behaviour never wakes")

        let awake = Probe("awake")
        scene.attach(awake)
        awake.start()
        awake.tearDown()
        awake.tearDown()
        XCTAssertEqual(awake.destroyCount, 1)
        XCTAssertNil(awake.owner)
        XCTAssertFalse(scene.screen!.ownedBehaviours.behaviours.contains { $0 === awake })
    }

    func testTimersBoundToABehaviourNeverFireAfterDestroy() {
        let scene = Scene(screen: "Main")
        let probe = Probe()
        scene.attach(probe)
        probe.start()
        var fired: [String] = []
        let early = scene.clock.schedule(after: 1) { fired.append("early") }
        let late = scene.clock.schedule(after: 3) { fired.append("late") }
        probe.bind(early)
        probe.bind(late)
        scene.clock.advance(by: 1.5)
        XCTAssertEqual(fired, ["early"])
        probe.tearDown()
        XCTAssertFalse(late.isPending)
        scene.clock.advance(by: 10)
        XCTAssertEqual(fired, ["early"])
        XCTAssertEqual(scene.clock.pendingCount, 0)

        // Binding to a dead behaviour cancels at once.
        let after = scene.clock.schedule(after: 1) { fired.append("after") }
        probe.bind(after)
        scene.clock.advance(by: 2)
        XCTAssertEqual(fired, ["early"])
    }

    func testAnimationsBoundToABehaviourStopAtDestroy() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        let probe = Probe()
        scene.attach(probe)
        probe.start()
        var completions: [Bool] = []
        let animation = try scene.animator.animate(duration: 1, curve: .linear, changes: {
            try button.set("alpha", to: .number(0))
        }, completion: { completions.append($0) })
        probe.bind(animation)
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(button.alpha, 0.5)
        probe.tearDown()
        scene.clock.advance(by: 1)
        XCTAssertEqual(button.alpha, 0.5, "the animation stopped where it was")
        XCTAssertFalse(completions.contains(true), "it never completes after destroy")
        XCTAssertLessThanOrEqual(completions.count, 1)
        XCTAssertEqual(scene.animator.runningCount, 0)
    }

    func testConnectionsBoundToABehaviourDieWithIt() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        let probe = Probe()
        scene.attach(probe)
        probe.start()
        var taps = 0
        let connection = try button.on("touchUpInside") { _ in taps += 1 }
        probe.bind(connection)
        button.tap()
        XCTAssertEqual(taps, 1)
        probe.tearDown()
        XCTAssertFalse(connection.isConnected)
        button.tap()
        XCTAssertEqual(taps, 1)
    }

    func testAHandlerCapturingItsBehaviourDoesNotLeakIt() throws {
        let scene = Scene(screen: "Main")
        let button = Button(name: "button")
        scene.add(button)
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            scene.attach(probe, owner: button)
            // The keyboard (which outlives this) holds the handler, the handler the behaviour.
            probe.bind(try scene.keyboard.on("keyboardWillShow") { _ in probe.toggled = true })
            probe.start()
            weakProbe = probe
        }
        button.removeFromParent()
        XCTAssertNil(weakProbe, "the bound connection must not keep the behaviour alive")
        scene.keyboard.show(height: 300) // must not reach the dead behaviour
    }

    func testClearingTheOwnerReleasesAndStillDestroysOnce() {
        let scene = Scene(screen: "Main")
        let journal = Journal()
        weak var weakProbe: Probe?
        do {
            let probe = Probe(journal: journal)
            scene.attach(probe)
            probe.start()
            probe.toggled = true
            weakProbe = probe
            probe.owner = nil
            XCTAssertTrue(scene.screen!.ownedBehaviours.behaviours.isEmpty)
        }
        XCTAssertNil(weakProbe)
        XCTAssertEqual(journal.count("destroy probe toggled=true"), 1)
        XCTAssertEqual(scene.record(named: "probe")?.isAlive, false)
    }

    /// A behaviour attached under a name taken replaces the record in its
    /// place, however many are attached between reads of the records.
    func testARecordTakesTheNameAndPlaceOfTheOneBefore() {
        let scene = Scene(screen: "Main")
        var probes: [Probe] = []
        func attach(_ name: String) {
            let probe = Probe(name)
            scene.attach(probe)
            probe.start()
            probes.append(probe)
        }
        for name in ["a", "b", "a", "c", "a"] { attach(name) }
        XCTAssertEqual(scene.records.map(\.name), ["a", "b", "c"])
        XCTAssertTrue(scene.behaviour(named: "a") === probes[4])
        attach("b")
        XCTAssertTrue(scene.behaviour(named: "b") === probes[5])
        attach("d")
        attach("d")
        XCTAssertEqual(scene.records.map(\.name), ["a", "b", "c", "d"])
        XCTAssertTrue(scene.records[3].behaviour === probes[7])
        probes[4].tearDown()
        XCTAssertEqual(scene.record(named: "a")?.isAlive, false)
        XCTAssertEqual(scene.record(named: "b")?.isAlive, true)
    }
}
