import BehaveSpec
import XCTest

/// A control or behaviour named like a scene object's method (`remove`,
/// `state`, `show`): reached through `s.controls` and `s.behaviours`, the
/// method still the method, and the method used as the control says the
/// way (issue 26).
final class SpecSceneNamesTests: XCTestCase {
    func testEveryControlIsReachableWhateverItsName() throws {
        let (text, run) = runSpecs([fixture("names/names.lua")])
        XCTAssertEqual(run.summary?.line, "5 passed, 0 failed", text)
    }

    /// A scene method called by another toolkit's verb (`s:click`) is told
    /// it is none, with the method meant; a property read by another
    /// toolkit's name, Behave's; a script's method on a control
    /// (`s.order:on(…)`), how a spec hears its events.
    func testAnotherToolkitsVerbIsToldTheSceneMethod() throws {
        let (text, run) = runSpecs([fixture("names/verbs.lua")])
        XCTAssertEqual(run.summary?.line, "6 passed, 0 failed", text)
    }

    /// A spec that waits for its scene as a behaviour would (`wait(0.5)`,
    /// `now()`) or as a test tool does (`s:wait`, `s:sleep`) is told the
    /// scene's clock moves with `s:advance`, when the line runs and, for the
    /// globals, from `behave check` before it runs.
    func testWaitingInASpecIsToldToAdvanceTheScenesClock() throws {
        let clock = "is not defined in a spec: a spec has no clock of its own (a behaviour's `wait`, `after` and `now` run on its scene's); "
        let wait = "move the scene's clock with `s:advance(seconds)`: its timers fire, and its waits and animations end, on the way"
        let (text, run) = runSpecs([fixture("names/clock.lua")])
        XCTAssertEqual(run.summary?.line, "1 passed, 0 failed, 2 errored", text)
        XCTAssertTrue(text.contains("clock.lua:11: waiting for a scene waits as a behaviour would: `wait` " + clock + wait), text)
        XCTAssertTrue(text.contains("clock.lua:15: waiting for a scene reads the time as a behaviour would: `now` " + clock
            + "read the scene's clock with `s:now()`"), text)
        let check = try runBehaveWithErrors(["check", "clock.lua"], in: fixture("names"))
        XCTAssertEqual(check.status, 2, check.errors)
        XCTAssertEqual(check.errors.split(separator: "\n"), [
            "clock.lua:11:5: error: `wait` " + clock + wait,
            "clock.lua:15:12: error: `now` " + clock + "read the scene's clock with `s:now()`",
        ])
    }

    /// `behave check` on the spec warns of each such name in the scene
    /// file it loads, at the `scene.load`, naming the scene file's line.
    func testCheckWarnsOfEachNameTakenByAMethod() throws {
        let run = try runBehaveWithErrors(["check", "names.lua"], in: fixture("names"))
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "names.lua: ok\n")
        XCTAssertEqual(run.errors.split(separator: "\n"), [
            "names.lua:6:41: warning: the control `remove` of methods.scene.yaml (line 4) has the name of the scene method `s:remove(…)`, so `s.remove` is not the control; reach it as `s.controls.remove`, or give it another name",
            "names.lua:6:41: warning: the control `show` of methods.scene.yaml (line 5) has the name of the scene method `s:show(…)`, so `s.show` is not the control; reach it as `s.controls.show`, or give it another name",
            "names.lua:6:41: warning: the control `controls` of methods.scene.yaml (line 6) has the name of the scene's table `s.controls`, so `s.controls` is not the control; reach it as `s.controls.controls`, or give it another name",
            "names.lua:6:41: warning: the behaviour `state` of methods.scene.yaml (line 8) has the name of the scene method `s:state(…)`, so `s.state` is not the behaviour; reach it as `s.behaviours.state`, or give it another name",
        ])
    }
}
