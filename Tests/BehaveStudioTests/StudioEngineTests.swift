import BehaveCore
import BehaveScene
@testable import BehaveStudio
import XCTest

/// The studio's scene: commands through the command session, the
/// inspector's checked sets, reloading on save.
final class StudioEngineTests: XCTestCase {
    func testCommandsRunAsBehaveRunRunsThem() throws {
        let probe = try EngineProbe(self)
        XCTAssertEqual((probe.control("wifi")["image"] as? [String: Any])?["name"] as? String, "toggle-off")
        probe.handle(.command("tap wifi"))
        XCTAssertEqual((probe.control("wifi")["image"] as? [String: Any])?["name"] as? String, "toggle-on")
        XCTAssert(probe.timeline.contains("tap wifi"))
        XCTAssert(probe.timeline.contains("wifi.image: toggle-off (64×64) → toggle-on (64×64)"))
        XCTAssertNil(probe.state["time"], "the time goes in the status, so that the state is sent only when it changes")
    }

    func testMistakesAndQuitAreRefusedWithTheirReason() throws {
        let probe = try EngineProbe(self)
        probe.handle(.command("tap wiif"))
        let mistake = try XCTUnwrap(probe.status["mistake"] as? [String: Any])
        XCTAssertEqual(mistake["command"] as? String, "tap wiif")
        XCTAssert((mistake["message"] as? String ?? "").contains("did you mean `wifi`"))
        probe.handle(.command("quit"))
        XCTAssert(((probe.status["mistake"] as? [String: Any])?["message"] as? String ?? "").contains("Ctrl-C"))
        probe.handle(.command("tap wifi"))
        XCTAssert(probe.status["mistake"] is NSNull, "a command that runs clears the mistake")
        // A refused set names the control and property as typed, as
        // `behave run` and `behave window` name them.
        probe.handle(.command("set  wifi.alpha 2"))
        XCTAssertEqual((probe.status["mistake"] as? [String: Any])?["message"] as? String,
                       "set wifi.alpha 2: alpha must be at most 1, not 2 (range 0…1)")
    }

    func testARefusedValueIsShownBesideItsField() throws {
        let probe = try EngineProbe(self)
        probe.handle(.set(object: "fadingToggle", property: "duration", value: "11"))
        let refusals = try XCTUnwrap(probe.status["refusals"] as? [String: String])
        XCTAssertEqual(refusals["fadingToggle.duration"], "set fadingToggle.duration 11: duration must be at most 10, not 11 (range 0…10)")
        XCTAssertEqual(probe.inspectable("fadingToggle", "duration") as? Double, 0.7)
        probe.handle(.set(object: "fadingToggle", property: "duration", value: "2"))
        XCTAssertEqual((probe.status["refusals"] as? [String: String])?.isEmpty, true)
        XCTAssertEqual(probe.inspectable("fadingToggle", "duration") as? Double, 2)
    }

    func testRefusalsForThousandsOfNamesKeepOnlyTheLatest() throws {
        let probe = try EngineProbe(self)
        for index in 0..<1000 {
            probe.engine.handle(.set(object: "ghost\(index)", property: "alpha", value: "1"))
        }
        probe.handle(.set(object: "fadingToggle", property: "duration", value: "11"))
        let refusals = try XCTUnwrap(probe.status["refusals"] as? [String: String])
        XCTAssertEqual(refusals.count, StudioRefusals.capacity)
        XCTAssertNotNil(refusals["fadingToggle.duration"], "the latest refusal is shown")
        XCTAssertNotNil(refusals["ghost999.alpha"])
        XCTAssertNil(refusals["ghost0.alpha"], "the oldest went")
        probe.handle(.set(object: "fadingToggle", property: "duration", value: "2"))
        XCTAssertNil((probe.status["refusals"] as? [String: String])?["fadingToggle.duration"])
        XCTAssertEqual(probe.inspectable("fadingToggle", "duration") as? Double, 2)
    }

    func testTheClockRunsAtWallSpeedPausesAndSteps() throws {
        let probe = try EngineProbe(self)
        probe.engine.tick(now: .now.advanced(by: .milliseconds(100)))
        probe.publish()
        let running = try XCTUnwrap(probe.status["time"] as? Double)
        XCTAssertGreaterThan(running, 0)
        XCTAssertLessThanOrEqual(running, WallClock.longestStep)
        probe.handle(.clock(running: false))
        probe.engine.tick(now: .now.advanced(by: .seconds(5)))
        probe.publish()
        XCTAssertEqual(probe.status["time"] as? Double, running)
        XCTAssertEqual(probe.status["running"] as? Bool, false)
        probe.handle(.step(0.5))
        XCTAssertEqual(probe.status["time"] as? Double ?? 0, running + 0.5, accuracy: 1e-9)
    }

    func testASaveReloadsTheSceneKeepingTheInspectorsValues() throws {
        let probe = try EngineProbe(self)
        probe.handle(.set(object: "toggle", property: "animated", value: "true"))
        probe.handle(.set(object: "fadingToggle", property: "normalImage", value: "\"dim\""))
        try save(repository.appendingPathComponent("Scripts/toggle.lua"), over: probe.script)
        probe.poll()
        XCTAssertEqual(probe.status["generation"] as? Double, 2)
        XCTAssertEqual(probe.inspectable("toggle", "animated") as? Bool, true)
        XCTAssertEqual((probe.control("sound")["image"] as? [String: Any])?["name"] as? String, "dim",
                       "kept values are set before the behaviours wake")
        XCTAssert(probe.timeline.contains { $0.contains("toggle.lua saved: the scene is loaded again") })
    }

    /// A saved script whose `awake` raises replaces nothing: the error is
    /// the problem shown, with its line, and the scene runs on.
    func testASaveWhoseAwakeRaisesLeavesTheLastGoodSceneRunning() throws {
        let probe = try EngineProbe(self)
        try save(fixtures.appendingPathComponent("toggle_awake_error.lua"), over: probe.script)
        probe.poll()
        let problem = try XCTUnwrap(probe.status["problem"] as? String, "\(probe.status)")
        XCTAssert(problem.contains("the last good scene keeps running"), problem)
        XCTAssert(problem.contains("toggle.lua:17: cannot wake"), problem)
        XCTAssertEqual(probe.status["generation"] as? Double, 1)
        XCTAssertFalse(probe.timeline.contains { $0.contains("saved: the scene is loaded again") }, "\(probe.timeline)")
    }

    /// The reload is noted, then the new scene's behaviours wake, then
    /// the old scene's are destroyed in the timeline.
    func testTheOldSceneIsDestroyedInTheTimelineOnceTheNewOneWoke() throws {
        let probe = try EngineProbe(self)
        try save(repository.appendingPathComponent("Scripts/toggle.lua"), over: probe.script)
        probe.poll()
        let timeline = probe.timeline
        let destroyed = try XCTUnwrap(timeline.lastIndex(of: "toggle destroyed"), "\(timeline)")
        let note = try XCTUnwrap(timeline.lastIndex { $0.contains("toggle.lua saved: the scene is loaded again") }, "\(timeline)")
        let awake = try XCTUnwrap(timeline.lastIndex(of: "toggle awake"), "\(timeline)")
        XCTAssert(note < awake && awake < destroyed, "\(timeline)")
    }

    func testASaveThatDoesNotLoadLeavesTheLastGoodSceneRunning() throws {
        let probe = try EngineProbe(self)
        try save(fixtures.appendingPathComponent("toggle_broken.lua"), over: probe.script)
        probe.poll()
        let problem = try XCTUnwrap(probe.status["problem"] as? String)
        XCTAssert(problem.contains("toggle.lua:3:"), problem)
        XCTAssertEqual(probe.status["generation"] as? Double, 1)
        probe.handle(.command("tap wifi"))
        XCTAssertEqual((probe.control("wifi")["image"] as? [String: Any])?["name"] as? String, "toggle-on")
        try save(repository.appendingPathComponent("Scripts/toggle.lua"), over: probe.script)
        probe.poll()
        XCTAssert(probe.status["problem"] is NSNull)
        XCTAssertEqual(probe.status["generation"] as? Double, 2)
    }

    func testKeptValuesTheSavedScriptRefusesAreDropped() throws {
        let probe = try EngineProbe(self)
        probe.handle(.set(object: "fadingToggle", property: "duration", value: "5"))
        try save(fixtures.appendingPathComponent("toggle_short.lua"), over: probe.script)
        probe.poll()
        XCTAssert(probe.status["problem"] is NSNull)
        XCTAssertEqual(probe.inspectable("fadingToggle", "duration") as? Double, 0.7)
        XCTAssert(probe.timeline.contains { $0.contains("the inspector's values were dropped") && $0.contains("at most 2") })
    }

    func testTheSceneTellsTheInspectorItsOutletsAndConnections() throws {
        let probe = try EngineProbe(self)
        let scene = try XCTUnwrap(probe.parts[.scene])
        let behaviours = try XCTUnwrap(scene["behaviours"] as? [[String: Any]])
        let toggle = try XCTUnwrap(behaviours.first { $0["name"] as? String == "toggle" })
        let outlets = try XCTUnwrap(toggle["outlets"] as? [[String: Any]])
        XCTAssertEqual(outlets.first?["control"] as? String, "wifi")
        let connections = try XCTUnwrap(toggle["connections"] as? [[String: Any]])
        XCTAssertEqual(connections.first?["event"] as? String, "valueChanged")
        XCTAssertEqual(connections.first?["to"] as? String, "screen")
        XCTAssertEqual(connections.first?["action"] as? String, "toggleChanged")
        let declaration = try XCTUnwrap(toggle["declaration"] as? [String: Any])
        XCTAssertEqual((declaration["inspectables"] as? [[String: Any]])?.count, 4)
        XCTAssert((scene["files"] as? [String] ?? []).contains { $0.hasSuffix("toggle.lua") })
        XCTAssertEqual(toggle["delegateOf"] as? [String], [])
    }

    func testTheScenesImagesAreServedByName() throws {
        let probe = try EngineProbe(self)
        let scene = try XCTUnwrap(probe.parts[.scene])
        XCTAssertEqual(scene["images"] as? [String], ["sound-off", "sound-on", "toggle-off", "toggle-on"])
        XCTAssertEqual(scene["photos"] as? [String], [])
        XCTAssertEqual(probe.images.names, ["sound-off", "sound-on", "toggle-off", "toggle-on"])
        let served = try XCTUnwrap(probe.images.file(named: "toggle-on"))
        XCTAssertEqual(served.type, "image/png")
        XCTAssertEqual(Data(served.bytes), try Data(contentsOf: probe.folder.appendingPathComponent("images/toggle-on.png")))
        for name in ["toggle-on.png", "../toggle.scene.yaml", "images/toggle-on", "", "toggle"] {
            XCTAssertNil(probe.images.file(named: name), name)
        }
        XCTAssertNil(probe.photos.file(named: "toggle-on"), "an image is not a photo")
    }

    func testWhatACommandPrintsGoesInTheTimelineOnce() throws {
        let probe = try EngineProbe(self)
        probe.handle(.command("show"))
        XCTAssert(probe.timeline.contains { $0.contains("Settings") && $0.contains("wifi") }, "show's drawing")
        probe.handle(.command("tap wiif"))
        XCTAssertEqual(probe.timeline.filter { $0.contains("no control or behaviour named `wiif`") }.count, 1,
                       "a refused command's reason once, as a mistake")
    }

    func testAMessageThatIsNotUnderstoodIsNoted() throws {
        let probe = try EngineProbe(self)
        probe.engine.refuse(StudioMessageError("not a message"))
        probe.publish()
        XCTAssert(probe.timeline.contains { $0.contains("refused: not a message") })
    }
}
