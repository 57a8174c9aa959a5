import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// The instruction budget with the watchdog (CLuaShim/budget.c): scripts
/// run with no hook, and a runaway is still stopped, at the same line on
/// every run, in the thread it runs in, whatever thread the host uses.
final class BudgetTests: XCTestCase {
    static func probe(_ body: String) -> String {
        """
        local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
        \(body)
        return Probe
        """
    }

    /// Runs `Probe:go` and returns the errors it ended with.
    static func errors(running body: String, limits: SandboxLimits = .testing) throws -> [String] {
        let test = try TestScene(limits: limits)
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: probe(body), outlets: ["button": button])
        probe.performAction("go", sender: button, arguments: [])
        return test.errors
    }

    /// The one error of `Probe:go`.
    func error(running body: String, limits: SandboxLimits = .testing) throws -> String {
        let errors = try Self.errors(running: body, limits: limits)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        return errors.first ?? ""
    }

    func testOnLinuxScriptsRunWithoutAHookAndAWatchdogKeepsTheBudget() throws {
        #if os(Linux)
        let test = try TestScene()
        XCTAssertTrue(test.runtime.countsInstructionsByWindows)
        #endif
        XCTAssertTrue(try error(running: "function Probe:go() while true do end end")
            .contains("probe.lua:2: instruction budget exceeded (1000000 instructions)"))
    }

    /// The count runs out anywhere in the loop's turn; the error is raised
    /// where the loop starts again, in the function that loops, so it names
    /// the same line on every run, here a loop whose body calls a Lua
    /// function (a line of its own) and a host function.
    func testARunawayIsNamedAtItsLoopsLineOnEveryRun() throws {
        let body = """
            local function describe(n)
              local parts = {}
              for i = 1, 3 do parts[i] = tostring(n + i) end
              return table.concat(parts, ",")
            end

            function Probe:go()
              local n = 0
              while n >= 0 do
                n = n + 1
                local text = describe(n)
                now()
              end
            end
            """
        for _ in 1...5 {
            let message = try error(running: body)
            XCTAssertTrue(message.contains("): probe.lua:10: instruction budget exceeded"), message)
        }
    }

    /// A coroutine's runaway is stopped too (the watchdog arms the thread
    /// running script code), and a pcall around it cannot swallow it.
    func testARunawayInACoroutineIsStoppedAndNoPcallSwallowsIt() throws {
        for start in ["pcall(coroutine.wrap(spin))", "coroutine.resume(coroutine.create(spin))"] {
            let message = try error(running: """
                local function spin()
                  while true do end
                end

                function Probe:go()
                  \(start)
                  self.after = true
                end
                """)
            XCTAssertTrue(message.contains("instruction budget exceeded"), "\(start): \(message)")
        }
    }

    /// A thread of the app that blocks every signal still has its
    /// callbacks' budgets kept.
    func testACallbackOnAThreadThatBlocksSignalsIsStillStopped() throws {
        final class Outcome: @unchecked Sendable {
            var errors: [String] = []
            var failure: Error?
            let done = DispatchSemaphore(value: 0)
        }
        let outcome = Outcome()
        let thread = Thread {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_SETMASK, &all, nil)
            do {
                outcome.errors = try Self.errors(running: "function Probe:go() while true do end end")
            } catch {
                outcome.failure = error
            }
            outcome.done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        XCTAssertEqual(outcome.done.wait(timeout: .now() + 20), .success, "the runaway was not stopped")
        XCTAssertNil(outcome.failure)
        XCTAssertEqual(outcome.errors.count, 1)
        XCTAssertTrue(outcome.errors.first?.contains("instruction budget exceeded") ?? false, "\(outcome.errors)")
    }

    /// An error the script raises itself after the count ran out, before
    /// the hook stops it, is the script's: here the memory limit of a
    /// recursion that never loops.
    func testAnErrorOfTheScriptsOwnBeforeTheStopIsTheScripts() throws {
        let message = try error(running: """
            function Probe:go()
              local function dive(n) return 1 + dive(n + 1) end
              return dive(1)
            end
            """, limits: SandboxLimits(memory: 32 << 20, instructions: 100_000, seconds: 5))
        XCTAssertTrue(message.contains("stack overflow") || message.contains("memory limit exceeded"), message)
        XCTAssertFalse(message.contains("while running this line"), message)
    }
}
