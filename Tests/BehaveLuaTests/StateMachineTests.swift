import BehaveCore
@testable import BehaveLua
import XCTest

/// The `StateMachine` library every behaviour environment gets.
final class StateMachineTests: XCTestCase {
    /// A behaviour with a `button` whose taps fire `tap`, driving `machine`
    /// (Lua source defining `local machine = StateMachine { … }`).
    private func probe(_ machine: String, awake: String = "") throws -> String {
        try script("""
            \(machine)
            function Probe:awake()
              self.log = {}
              self.machine = machine:start(self)
              self.button:on("touchUpInside", function() self.machine:fire("tap") end)
              \(awake)
            end
            """)
    }

    private let lights = """
        local machine = StateMachine {
          initial = "red",
          transitions = { red = { "green" }, green = { "amber" }, amber = { "red" } },
          states = {
            red = {
              enter = function(self, from) self.log[#self.log + 1] = "enter red from " .. tostring(from) end,
              exit = function(self, to) self.log[#self.log + 1] = "exit red to " .. to end,
              tap = function() return "green" end,
            },
            green = { tap = function() return "amber" end, skip = function() return "red" end },
            amber = { tap = function() return "red" end },
          },
        }
        """

    private func state(_ behaviour: Behaviour, in test: TestScene) -> JSON? {
        test.field("machine", of: behaviour)?["state"]
    }

    func testStartEntersTheInitialStateAndEventsFollowTheDeclaredTransitions() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: probe(lights), outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: probe(lights, awake: """
              self.button:on("touchDown", function()
                self.machine:fire("skip")
              end)
            """), file: "probe.lua", outlets: ["button": button])
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
        try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "off",
              transitions = { off = { "on" }, on = { "off" } },
              states = {
                off = { tap = function(self) self.button.title = "on"; return "on" end },
                on = { tap = function() return "off" end },   -- forgets the title
              },
              invariants = {
                ["the title names the state"] = function(self, state)
                  return self.button.title == state or (state == "off" and self.button.title == ""), self.button.title
                end,
              },
            }
            """), file: "probe.lua", outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors, [])
        button.tap()
        let message = try XCTUnwrap(test.errors.first)
        XCTAssertTrue(message.contains(#"probe.lua:18: invariant "the title names the state" does not hold in state `off` after tap (on → off): on"#), message)
    }

    func testEventsFiredDuringATransitionRunAfterIt() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "c" }, c = {} },
              states = {
                a = { tap = function() return "b" end },
                b = {
                  enter = function(self)
                    self.machine:fire("next")                 -- queued: b is not entered yet
                    self.log[#self.log + 1] = "entered b, still " .. self.machine.state
                  end,
                  next = function() return "c" end,
                },
                c = { enter = function(self) self.log[#self.log + 1] = "entered c" end },
              },
            }
            """), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(state(probe, in: test), .string("c"))
        XCTAssertEqual(test.field("log", of: probe), .array([.string("entered b, still b"), .string("entered c")]))
        XCTAssertEqual(test.errors, [])
    }

    func testEventsWaitWhileAnEnterHandlerAnimates() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "shown",
              transitions = { shown = { "hidden" }, hidden = { "shown" } },
              states = {
                shown = {
                  enter = function(self, from)   -- no fade on start: start returns once it is entered
                    if from then animate(0.5, function() self.button.alpha = 1 end) end
                  end,
                  tap = function() return "hidden" end,
                },
                hidden = {
                  enter = function(self) animate(0.5, function() self.button.alpha = 0.5 end) end,
                  tap = function() return "shown" end,
                },
              },
              invariants = {
                ["the fade is over"] = function(self, state)
                  return self.button.alpha == (state == "shown" and 1 or 0.5)
                end,
              },
            }
            """), outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "a" } },
              states = {
                a = { tap = function(self) if not self.armed then self.armed = true; error("not yet") end return "b" end },
                b = { tap = function() return "a" end },
              },
            }
            """), file: "probe.lua", outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: script("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "a" } },
              states = {
                a = { loop = function() while true do end end, tap = function() return "b" end },
                b = { tap = function() return "a" end },
              },
            }
            function Probe:awake()
              self.taps = 0
              self.machine = machine:start(self)
              self.button:on("touchUpInside", function()
                self.taps = self.taps + 1
                self.machine:fire(self.taps == 1 and "loop" or "tap")
              end)
            end
            """), file: "probe.lua", outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "a" } },
              states = {
                a = { tap = function() return "b" end },
                b = {
                  enter = function(self)
                    self.machine:fire("next")                    -- queued behind the tap
                    self.log[#self.log + 1] = "entering b"
                    while true do end
                  end,
                  next = function(self) self.log[#self.log + 1] = "next"; return "a" end,
                  tap = function(self) self.log[#self.log + 1] = "tap in b"; return "a" end,
                },
              },
            }
            """), file: "probe.lua", outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "a" } },
              states = {
                a = {
                  tap = function(self)
                    self.count = (self.count or 0) + 1
                    if self.count == 1 then wait(0.5); while true do end end
                    return "b"
                  end,
                },
                b = { tap = function() return "a" end },
              },
            }
            """), file: "probe.lua", outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: probe("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "a" } },
              states = {
                a = {
                  tap = function(self)
                    self.count = (self.count or 0) + 1
                    if self.count == 1 then self.big = string.rep("x", 64 << 20) end
                    return "b"
                  end,
                },
                b = { tap = function() return "a" end },
              },
            }
            """), file: "probe.lua", outlets: ["button": button])
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
        let probe = try test.behaviour("probe", source: script("""
            local machine = StateMachine {
              initial = "a",
              transitions = { a = { "b" }, b = { "a" } },
              states = {
                a = { tap = function(self) if self.fail then self.fail = false; error("not yet") end return "b" end },
                b = { tap = function() return "a" end },
              },
            }
            function Probe:awake()
              self.log = {}
              self.machine = machine:start(self)
              self.fail = true
              local ok, message = pcall(function() self.machine:fire("tap") end)
              self.log[#self.log + 1] = message
              self.machine:fire("tap")
              self.log[#self.log + 1] = self.machine.state
              self.machine:fire("tap")
              self.fail = true
              local co = coroutine.create(function() self.machine:fire("tap") end)
              ok, message = coroutine.resume(co)
              self.log[#self.log + 1] = message
              self.machine:fire("tap")
              self.log[#self.log + 1] = self.machine.state
              coroutine.close(co)                       -- the dead pass closes now: nothing changes
              self.machine:fire("tap")
              self.log[#self.log + 1] = self.machine.state
            end
            """), file: "probe.lua", outlets: ["button": button])
        XCTAssertEqual(test.field("log", of: probe), .array([
            .string("probe.lua:6: not yet"), .string("b"), .string("probe.lua:6: not yet"), .string("b"), .string("a"),
        ]))
        XCTAssertEqual(test.errors, [])
    }

    func testMistakesInUseAreErrorsAtTheCallersLine() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: probe(lights, awake: """
              local function try(f) local ok, message = pcall(f); self.log[#self.log + 1] = message end
              try(function() self.machine:fire("tpa") end)
              try(function() self.machine:go("blue") end)
              try(function() self.machine.fire("tap") end)
              try(function() self.machine.colour = "red" end)
              try(function() self.machine:is("read") end)
              self.machine.state = "amber"
              try(function() self.machine:check() end)
              self.canGreen, self.isRed = self.machine:can("green"), self.machine:is("red")
            """), file: "probe.lua", outlets: ["button": button])
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
        let cases: [(String, String)] = [
            (#"StateMachine { initial = "a", states = { a = {} }, transitions = { a = { "b" } } }"#,
             "transitions.a: no state `b` (states: a)"),
            (#"StateMachine { initial = "a", states = { a = {}, b = {} }, transitions = {} }"#,
             "state `b` cannot be reached from `a` by the declared transitions"),
            (#"StateMachine { initial = "z", states = { a = {} }, transitions = {} }"#,
             "StateMachine needs `initial`, one of its states (a), not z"),
            (#"StateMachine { initial = "a", states = { a = { tap = "b" } }, transitions = {} }"#,
             "state `a`: `tap` must be a function (enter, exit or an event handler), not a string"),
            (#"StateMachine { initial = "a", states = { a = {} }, transition = {} }"#,
             "StateMachine has no option `transition` (options: initial, states, transitions, invariants)"),
            (#"StateMachine { initial = "a", states = { a = {} } }"#,
             "StateMachine needs `transitions`"),
        ]
        for (definition, expected) in cases {
            let source = "local Probe = behaviour { name = \"Probe\" }\nlocal machine = \(definition)\nreturn Probe\n"
            XCTAssertThrowsError(try LuaScript(path: "bad.lua", source: source).declaration(limits: .testing)) { error in
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
        let vandal = try test.behaviour("vandal", source: script("""
            function Probe:awake()
              self.indexed = pcall(function() StateMachine.start = 1 end)
              self.metatable = tostring(getmetatable(StateMachine { initial = "a", states = { a = {} }, transitions = {} }))
              StateMachine = nil   -- only this environment's global
            end
            """), outlets: ["button": button])
        XCTAssertEqual(test.field("indexed", of: vandal), .bool(false))
        XCTAssertEqual(test.field("metatable", of: vandal), .string("false"))
        let probe = try test.behaviour("probe", source: probe(lights), outlets: ["button": button])
        XCTAssertEqual(state(probe, in: test), .string("red"))
        XCTAssertEqual(test.errors, [])
    }
}
