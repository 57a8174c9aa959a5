import BehaveCore
@testable import BehaveLua
import XCTest

/// The `StateMachine` library every behaviour environment gets.
final class StateMachineTests: XCTestCase {
    /// StateMachine/`name`: a script, or a part of one.
    private func source(_ name: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("StateMachine").appendingPathComponent(name), encoding: .utf8)
    }

    /// StateMachine/probe.lua: a behaviour with a `button` whose taps fire
    /// `tap`, driving the machine StateMachine/`machine` defines (`local
    /// machine = StateMachine { … }`), with the lines of StateMachine/`awake`
    /// at the end of its `awake`.
    private func probe(_ machine: String, awake: String? = nil) throws -> String {
        try source("probe.lua")
            .replacingOccurrences(of: "-- MACHINE\n", with: try source(machine))
            .replacingOccurrences(of: "-- AWAKE\n", with: try awake.map(source) ?? "\n")
    }

    private func state(_ behaviour: Behaviour, in test: TestScene) -> JSON? {
        test.field("machine", of: behaviour)?["state"]
    }

    func testStartEntersTheInitialStateAndEventsFollowTheDeclaredTransitions() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("lights.lua"), outlets: ["button": button])
        XCTAssertEqual(state(probe, in: test), .string("red"))
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("green"))
        button.tap()
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("red"))
        XCTAssertEqual(test.field("log", of: probe),
                       .array([.string("enter red from nil"), .string("exit red to green"), .string("enter red from amber")]))
        XCTAssertEqual(test.errors, [])
    }

    func testAnUndeclaredTransitionIsAnErrorNamingItAtTheLineThatFired() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("lights.lua", awake: "skip_on_touch_down.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()  // touchDown: skip in red is ignored; touchUpInside: red → green
        XCTAssertEqual(test.errors, [])
        button.tap()  // touchDown: skip in green returns red, which green may not go to
        XCTAssertEqual(test.errors.count, 1)
        let message = try XCTUnwrap(test.errors.first)
        XCTAssertTrue(message.contains("probe.lua:20: undeclared transition green → red, asked for by the skip handler of state `green`; declared from green: amber"), message)
        XCTAssertEqual(state(probe, in: test), .string("amber"), "the failed event changed nothing; the tap went on")
    }

    func testInvariantsAreCheckedAfterEveryEventAndNameWhatBroke() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        try test.behaviour("probe", source: try probe("invariants.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors, [])
        button.tap()
        let message = try XCTUnwrap(test.errors.first)
        XCTAssertTrue(message.contains(#"probe.lua:18: invariant "the title names the state" does not hold in state `off` after tap (on → off): on"#), message)
    }

    func testEventsFiredDuringATransitionRunAfterIt() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("queued.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("c"))
        XCTAssertEqual(test.field("log", of: probe), .array([.string("entered b, still b"), .string("entered c")]))
        XCTAssertEqual(test.errors, [])
    }

    func testEventsWaitWhileAnEnterHandlerAnimates() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("faded.lua"), outlets: ["button": button])
        button.tap()
        test.scene.clock.advance(by: 0.25)
        button.tap()  // queued behind the fade to hidden
        XCTAssertEqual(state(probe, in: test), .string("hidden"))
        test.scene.clock.advance(by: 0.25)
        XCTAssertEqual(state(probe, in: test), .string("shown"))
        test.scene.clock.advance(by: 0.5)
        XCTAssertEqual(button.alpha, 1)
        XCTAssertEqual(test.errors, [])
    }

    func testAnErrorInAHandlerLeavesTheMachineUsable() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("handler_error.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors.count, 1)
        XCTAssertTrue(test.errors[0].contains("probe.lua:6: not yet"), test.errors[0])
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("b"))
        XCTAssertEqual(test.errors.count, 1)
    }

    /// A handler cut off by a limit cannot clean up after itself (the budget
    /// stays spent until the callback ends): the machine notices on the next
    /// event and handles it.
    func testALimitThatCutsAHandlerOffLeavesTheMachineUsable() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try source("limit_in_handler.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors.count, 1)
        let message = try XCTUnwrap(test.errors.first)
        XCTAssertTrue(message.contains("): probe.lua:6: instruction budget exceeded"), "names the script's line: \(message)")
        XCTAssertTrue(message.contains("probe.lua:15: in function"), "the traceback goes through the line that fired: \(message)")
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("b"))
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("a"))
        XCTAssertEqual(test.errors.count, 1)
    }

    /// Cut off inside `enter`: the machine is in the state it was entering,
    /// and the work queued behind the cut-off event is dropped.
    func testALimitInsideEnterLeavesTheNewStateAndDropsTheQueue() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("limit_in_enter.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors.count, 1)
        XCTAssertTrue(test.errors[0].contains("): probe.lua:11: instruction budget exceeded"), test.errors[0])
        XCTAssertEqual(state(probe, in: test), .string("b"))
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("a"))
        XCTAssertEqual(test.field("log", of: probe), .array([.string("entering b"), .string("tap in b")]))
        XCTAssertEqual(test.errors.count, 1)
    }

    /// A handler waiting on the clock holds the machine (events queue behind
    /// it); cut off once resumed, it releases it and the queue is dropped.
    func testALimitAfterAWaitLeavesTheMachineUsable() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("first_tap_fails.lua", awake: "wait_then_loop.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()                            // waits
        button.tap()                            // queued behind it
        test.scene.clock.advance(by: 0.5)       // resumes, runs out of budget: the queued tap is dropped
        XCTAssertEqual(test.errors.count, 1)
        XCTAssertEqual(state(probe, in: test), .string("a"))
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("b"))
        XCTAssertEqual(test.field("count", of: probe), .number(2))
        XCTAssertEqual(test.errors.count, 1)
    }

    func testAMemoryLimitInAHandlerLeavesTheMachineUsable() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("first_tap_fails.lua", awake: "allocate_too_much.lua"), file: "probe.lua", outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors.count, 1)
        XCTAssertTrue(test.errors[0].contains("memory"), test.errors[0])
        XCTAssertEqual(state(probe, in: test), .string("a"))
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("b"))
    }

    /// Errors a script catches, around `fire` or in a coroutine of its own
    /// that dies with them, leave the machine usable too.
    func testErrorsAScriptCatchesLeaveTheMachineUsable() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try source("caught_errors.lua"), file: "probe.lua", outlets: ["button": button])
        XCTAssertEqual(test.field("log", of: probe), .array([
            .string("probe.lua:6: not yet"), .string("b"), .string("probe.lua:6: not yet"), .string("b"), .string("a"),
        ]))
        XCTAssertEqual(test.errors, [])
    }

    func testMistakesInUseAreErrorsAtTheCallersLine() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: try probe("lights.lua", awake: "mistakes_in_use.lua"), file: "probe.lua", outlets: ["button": button])
        guard case .array(let messages)? = test.field("log", of: probe) else { return XCTFail("no log") }
        XCTAssertEqual(messages.dropFirst(), [
            .string("probe.lua:20: no state handles the event `tpa` (events: skip, tap)"),
            .string("probe.lua:21: go: no state `blue` (states: amber, green, red)"),
            .string("probe.lua:22: call it with a colon: machine:fire(…)"),
            .string("probe.lua:23: a state machine has no field `colour`; it has `state` and the methods fire, go, can, is and check"),
            .string("probe.lua:24: is: no state `read` (states: amber, green, red)"),
            .string("probe.lua:26: machine.state was set to amber directly (on check); change states with machine:go(state) or by returning the next state from a handler"),
        ])
        XCTAssertEqual(test.field("canGreen", of: probe), .bool(true))
        XCTAssertEqual(test.field("isRed", of: probe), .bool(true))
    }

    func testADefinitionMistakeFailsTheScriptAtItsLine() throws {
        // Each StateMachine/definition_*.lua defines its machine on line 2.
        let cases: [(String, String)] = [
            ("definition_unknown_target.lua", "transitions.a: no state `b` (states: a)"),
            ("definition_unreachable.lua", "state `b` cannot be reached from `a` by the declared transitions"),
            ("definition_initial_not_a_state.lua", "StateMachine needs `initial`, one of its states (a), not z"),
            ("definition_handler_not_a_function.lua", "state `a`: `tap` must be a function (enter, exit or an event handler), not a string"),
            ("definition_unknown_option.lua", "StateMachine has no option `transition` (options: initial, states, transitions, invariants)"),
            ("definition_no_transitions.lua", "StateMachine needs `transitions`"),
        ]
        for (file, expected) in cases {
            XCTAssertThrowsError(try LuaScript(path: "bad.lua", source: try source(file)).declaration(limits: .testing)) { error in
                let message = (error as? LuaError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("bad.lua:2: "), message)
                XCTAssertTrue(message.contains(expected), message)
            }
        }
    }

    /// One function for every environment: a behaviour can neither change it
    /// nor reach another's machines through it.
    func testTheGlobalIsSharedAndReadOnly() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let vandal = try test.behaviour("vandal", source: try source("vandal.lua"), outlets: ["button": button])
        XCTAssertEqual(test.field("indexed", of: vandal), .bool(false))
        XCTAssertEqual(test.field("metatable", of: vandal), .string("false"))
        let probe = try test.behaviour("probe", source: try probe("lights.lua"), outlets: ["button": button])
        XCTAssertEqual(state(probe, in: test), .string("red"))
        XCTAssertEqual(test.errors, [])
    }
}
