import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Which handlers may pause (`wait`, `animate` over time, `ask`, platform
/// requests): every one but `destroy` and a delegate message whose answer
/// is needed at once. In those, pausing is an error at the script's line,
/// never a silent end of the handler.
final class HandlerPauseTests: XCTestCase {
    /// The scripts of the pauses tried here, in Pauses/.
    private func pause(_ file: String) throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Pauses")
        return try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    private func errors(_ test: TestScene) -> [String] {
        test.scene.trace.entries.filter { $0.kind == .error }.compactMap { entry in
            if case .string(let message)? = entry.fields.first(where: { $0.0 == "error" })?.1 { return message }
            return nil
        }
    }

    /// `while true do wait(0) end` (a Roblox habit: `wait()` waits a frame
    /// there) holds the clock at one moment: the clock stops it, at the
    /// script's line, with the fix; `after(0, …)` rescheduling itself too.
    func testALoopThatWaitsNoTimeIsNamedAtItsLine() throws {
        for (loop, line) in [("wait_zero_loop.lua", 3), ("after_zero_loop.lua", 3)] {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            let waits = try test.behaviour("w", source: pause(loop), file: "w.lua", outlets: ["button": button])
            test.scene.clock.advance(by: 1)
            let entry = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .error }, loop)
            XCTAssertEqual(entry.error?.location, "w.lua:\(line)", "\(loop): \(entry.message)")
            XCTAssertTrue(errors(test).first?.hasPrefix("w.lua:\(line): more than 10000 timers fired at 0 s without time moving on") ?? false,
                          "\(loop): \(errors(test))")
            XCTAssertTrue(entry.error?.fix?.contains("a loop that waits 0 s") ?? false, "\(loop): \(entry.message)")
            // The behaviour's error, whose timer it was: its inspector card counts it.
            XCTAssertEqual(entry.subject, "w", loop)
            XCTAssertEqual(waits.errorCount, 1, loop)
            XCTAssertEqual(test.scene.record(named: "w")?.state["errors"], .number(1), loop)
            // Once: the loop ends there, and time moves on.
            test.scene.clock.advance(by: 1)
            XCTAssertEqual(errors(test).count, 1, "\(loop): \(errors(test))")
            XCTAssertEqual(test.scene.clock.now, 1)
        }
    }

    func testDestroyCannotPauseAndSaysSoAtItsLine() throws {
        for (pause, what) in [("destroy_wait.lua", "destroy() cannot call wait: it would pause"),
                              ("destroy_animate.lua", "destroy() cannot animate over 0.3 s"),
                              ("destroy_ask.lua", "destroy() cannot call ask: it would pause"),
                              ("destroy_request.lua", "destroy() cannot call platform.requestPermission")] {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            let probe = try test.behaviour("d", source: self.pause(pause), file: "d.lua", outlets: ["button": button])
            test.scene.dismiss()
            XCTAssertEqual(errors(test).count, 1, "\(pause): \(errors(test))")
            XCTAssertTrue(errors(test).first?.hasPrefix("d.lua:4: \(what)") ?? false, "\(pause): \(errors(test))")
            let fields = test.scene.record(named: "d")?.state["fields"]
            XCTAssertEqual(fields?["before"], .bool(true))
            XCTAssertNil(fields?["after"])
            _ = probe
        }
    }

    /// animate's changes run to their end or raise: one that paused (a
    /// yield in a coroutine of the script's, `ask`) left the animation
    /// capturing, and so did one that ran out of budget; from then on every
    /// change in the scene went into it, never to be applied, and every
    /// `animate` of every behaviour failed.
    func testAnimateChangesCannotPauseAndAFailedOneEndsItsCapture() throws {
        for (changes, expected) in [
            ("animate_changes_yield.lua", "a.lua:4: a.lua:4: animate's changes cannot pause"),
            ("animate_changes_ask.lua", "a.lua:4: animate's changes cannot pause"),
            ("animate_changes_loop.lua", "a.lua:4: instruction budget exceeded"),
        ] {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            let label = test.control(Label.self, "label")
            let attacker = try test.behaviour("a", source: pause(changes), file: "a.lua", outlets: ["button": button])
            let other = try test.behaviour("o", source: pause("fade.lua"), file: "o.lua", outlets: ["label": label])
            attacker.performAction("attack", sender: button, arguments: [])
            XCTAssertTrue(errors(test).last?.hasPrefix(expected) ?? false, "\(changes): \(errors(test))")
            XCTAssertEqual(errors(test).count, 1, "\(changes): \(errors(test))")
            XCTAssertEqual(button.alpha, 1, "the failed animation's change is dropped")
            XCTAssertNil(test.scene.presentedDialog, "\(changes): an ask refused is not presented")
            try button.set("alpha", to: .number(0.7))
            XCTAssertEqual(button.alpha, 0.7, "\(changes): a set after it is applied")
            other.performAction("fade", sender: label, arguments: [])
            XCTAssertEqual(errors(test).count, 1, "\(changes): \(errors(test))")
            XCTAssertEqual(label.alpha, 0.2, "\(changes): another behaviour animates")
            XCTAssertEqual(test.field("faded", of: other), .bool(true))
        }
    }

    /// A pause inside a function that Lua's own C code runs (a table.sort
    /// comparison, a gsub replacement, a __tostring that tostring runs) is
    /// refused at its line before it starts. Lua refused it only after the
    /// host had started it: the timer, the dialog or the animation went on
    /// and resumed the handler in the middle of its next wait, and the
    /// error ("attempt to yield across a C-call boundary") named no line.
    func testAPauseWhereLuaCannotPauseIsRefusedBeforeItStarts() throws {
        for (call, what) in [("wait", "wait"), ("ask", "ask"), ("animate", "animate over 0.5 s")] {
            for place in ["sort", "gsub", "tostring"] {
                let site = "\(call)_in_\(place).lua"
                let test = try TestScene()
                let button = test.control(Button.self, "button")
                let probe = try test.behaviour("p", source: pause(site), file: "p.lua", outlets: ["button": button])
                guard case .string(let refused)? = test.field("refused", of: probe) else {
                    XCTFail("\(site): \(String(describing: test.field("refused", of: probe)))")
                    continue
                }
                XCTAssertTrue(refused.hasPrefix("p.lua:3: \(what) cannot pause here: "), "\(site): \(refused)")
                XCTAssertNil(test.scene.presentedDialog, site)
                test.scene.clock.advance(by: 0.6)
                XCTAssertNil(test.field("resumedAt", of: probe), "\(site): the refused pause resumed the handler")
                XCTAssertEqual(button.alpha, 1, site)
                test.scene.clock.advance(by: 0.5)
                XCTAssertEqual(test.field("resumedAt", of: probe), .number(1), site)
                probe.performAction("uncaught", sender: button, arguments: [])
                let entry = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .error }, site)
                XCTAssertEqual(entry.error?.location, "p.lua:9", "\(site): \(entry.message)")
                XCTAssertTrue(errors(test).last?.hasPrefix("p.lua:9: \(what) cannot pause here") ?? false, "\(site): \(errors(test))")
            }
        }
    }

    /// A handler's own coroutine that the script yields (coroutine.yield
    /// where `wait` was meant) is reported at the line that yielded; the
    /// report named no line.
    func testAHandlerYieldedByTheScriptIsReportedAtItsLine() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: pause("yield_in_handler.lua"), file: "p.lua", outlets: ["button": button])
        probe.performAction("tapped", sender: button, arguments: [])
        let entry = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .error })
        XCTAssertEqual(entry.error?.location, "p.lua:4", entry.message)
        XCTAssertTrue(errors(test).first?.hasPrefix("p.lua:4: coroutine.yield was called outside a coroutine of the script's own")
                      ?? false, "\(errors(test))")
        XCTAssertNil(test.field("after", of: probe))
    }

    /// Lua's refusal of a yield inside a function its C code runs
    /// (coroutine.yield in a table.sort comparison) is raised from that C
    /// function, with no position: it is reported at the script's line
    /// that yielded.
    func testAYieldLuaRefusesIsReportedAtItsLine() throws {
        for site in ["yield_in_sort.lua", "yield_in_gsub.lua"] {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            let probe = try test.behaviour("p", source: pause(site), file: "p.lua", outlets: ["button": button])
            probe.performAction("tapped", sender: button, arguments: [])
            let entry = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .error }, site)
            XCTAssertEqual(entry.error?.location, "p.lua:3", "\(site): \(entry.message)")
            XCTAssertEqual(errors(test).first?.components(separatedBy: "\n").first,
                           "p.lua:3: attempt to yield across a C-call boundary", site)
        }
    }

    func testDestroyMayAnimateAtOnce() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        _ = try test.behaviour("d", source: pause("destroy_animates_at_once.lua"), outlets: ["button": button])
        test.scene.dismiss()
        XCTAssertEqual(errors(test), [])
        XCTAssertEqual(button.alpha, 0.5)
        XCTAssertEqual(test.scene.record(named: "d")?.state["fields"]?["done"], .bool(true))
    }

    func testAwakeAndChangedMayWait() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: pause("awake_and_changed_wait.lua"))
        try probe.setInspectable("speed", to: .number(2))
        XCTAssertNil(test.field("woke", of: probe))
        test.scene.clock.advance(by: 1)
        XCTAssertEqual(errors(test), [])
        XCTAssertEqual(test.field("woke", of: probe), .bool(true))
        XCTAssertEqual(test.field("changedLater", of: probe), .string("speed"))
    }

    func testADelegateMessageWhoseAnswerIsNeededCannotWaitOthersMay() throws {
        let test = try TestScene()
        let field = test.control(TextField.self, "field")
        let scroll = test.control(ScrollView.self, "scroll")
        let probe = try test.behaviour("p", source: pause("delegate_waits.lua"), file: "p.lua", outlets: ["field": field, "scroll": scroll])
        field.delegate = probe
        scroll.delegate = probe
        field.pressReturn()
        XCTAssertEqual(errors(test).count, 1)
        XCTAssertTrue(errors(test).first?.hasPrefix("p.lua:2: textFieldShouldReturn cannot call wait: its answer is needed at once") ?? false,
                      "\(errors(test))")
        scroll.scroll(toY: 10)
        test.scene.clock.advance(by: 1)
        XCTAssertEqual(errors(test).count, 1)
        XCTAssertEqual(test.field("scrolled", of: probe), .bool(true))
    }
}
