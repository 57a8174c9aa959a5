import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// No script may change another behaviour's state. A script meets another
/// behaviour's `self` where the host hands it one: a control's `delegate`,
/// an action's sender. It reads it as data, runs none of its code and may make it a
/// delegate again, but changes nothing of it, by any way a script has.
final class OtherBehaviourTests: XCTestCase {
    /// Each test's scene and scripts, in a folder of Other/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Other")

    /// The scene of Other/`name`, loaded under `limits`.
    private func loadScene(of name: String, limits: SandboxLimits = .default) throws -> LoadedScene {
        try SceneLoader.load(file: Self.folder.appendingPathComponent(name).appendingPathComponent("test.scene.yaml").path, limits: limits)
    }

    func testAnotherBehavioursSelfReadsButNothingOfItChanges() throws {
        let loaded = try loadScene(of: "Meddling")
        let scene = loaded.scene
        // From the delegate (in awake), then from an action's sender.
        try scene.run("scroll page 10")
        let logs = scene.trace.entries.filter { $0.kind == .log && $0.subject == "meddler" }.map(\.message)
        let refusal = { (key: String) in
            "behaviour keeper is not this behaviour: it cannot be changed from here (setting '\(key)'); send an event of yours that the scene connects to one of its actions"
        }
        for round in 0..<2 {
            let lines = Array(logs.dropFirst(round * 9).prefix(9)).map {
                $0.replacingOccurrences(of: "[meddler] ", with: "")
                    .replacingOccurrences(of: #"\S*/(\w+\.lua)"#, with: "$1", options: .regularExpression)
            }
            XCTAssertEqual(lines.count, 9, "\(logs)")
            XCTAssertEqual(lines[0], "reads\tbehaviour keeper\t1\ta\t1\ttrue")
            XCTAssertEqual(lines[1], "set\tfalse\tmeddler.lua:10: " + refusal("count"))
            XCTAssertEqual(lines[2], "new\tfalse\tmeddler.lua:11: " + refusal("stolen"))
            XCTAssertEqual(lines[3], "rawset\tfalse\tmeddler.lua:12: " + refusal("count"))
            XCTAssertEqual(lines[4], "nested\tfalse\tmeddler.lua:13: " + refusal("1"))
            // At the script's line, though table.insert sets the field.
            XCTAssertEqual(lines[5], "insert\tfalse\tmeddler.lua:14: " + refusal("2"))
            // The keeper's own method runs for it alone: its code would change
            // its locals and globals, which no view guards.
            XCTAssertEqual(lines[6], "method\tfalse\tmeddler.lua:15: behaviour keeper is not this behaviour: it cannot be changed "
                           + "from here, nor its code run (calling 'bump'); send an event of yours that the scene connects to one of its actions")
            XCTAssertEqual(lines[7], "metatable\tfalse\tmeddler.lua:16: cannot change a protected metatable")
            XCTAssertEqual(lines[8], "metatable\tfalse")
        }
        XCTAssertEqual(scene.field("count", of: "keeper"), .number(1))
        XCTAssertEqual(scene.field("items", of: "keeper"), .array([.string("a")]))
        XCTAssertNil(scene.field("stolen", of: "keeper"))
        let page = try XCTUnwrap(scene.control(named: "page") as? ScrollView)
        XCTAssertTrue(page.delegate === scene.behaviour(named: "keeper"), "the view set as delegate is the keeper")
        XCTAssertTrue(scene.messages.contains("[keeper] own delegate is self:\ttrue"))
        XCTAssertEqual(scene.errorCount, 0)
    }

    /// What a behaviour has besides its fields is its own too: its timers,
    /// its connections, its events and actions, and what a table it holds
    /// hands out when called or measured.
    func testAnotherBehavioursTimersConnectionsEventsAndCallablesAreItsOwn() throws {
        let loaded = try loadScene(of: "Intruding")
        let scene = loaded.scene
        try scene.run("tap button", "advance 10")
        let lines = scene.trace.entries.filter { $0.kind == .log && $0.subject == "intruder" }.map {
            $0.message.replacingOccurrences(of: "[intruder] ", with: "")
                .replacingOccurrences(of: #"\S*/(\w+\.lua)"#, with: "$1", options: .regularExpression)
        }
        let refusal = { (what: String) in
            "behaviour owner is not this behaviour: \(what); send an event of yours that the scene connects to one of its actions"
        }
        let unrun = { (name: String) in refusal("it cannot be changed from here, nor its code run (calling '\(name)')") }
        XCTAssertEqual(lines, [
            // Its callable table runs none of its code; `#` is the raw length.
            "call\tfalse\tintruder.lua:10: " + refusal("it cannot be changed from here, nor its code run (calling a table)"),
            "length\ttrue\t0",
            "cancel\tfalse\tintruder.lua:12: " + refusal("its timer cannot be cancelled from here"),
            // Its methods, `send` and `sendAction` among them, run for it alone.
            "method\tfalse\tintruder.lua:13: " + unrun("stop"),
            "disconnect\tfalse\tintruder.lua:14: " + refusal("its connection cannot be disconnected from here"),
            "send\tfalse\tintruder.lua:15: " + unrun("send"),
            "sendAction\tfalse\tintruder.lua:16: " + unrun("sendAction"),
            // A key of its tables is a view too.
            "key\tfalse\tintruder.lua:17: " + refusal("it cannot be changed from here (setting 'n')"),
        ])
        XCTAssertTrue(scene.messages.contains("[owner] handler ran"), "\(scene.messages)")
        XCTAssertTrue(scene.messages.contains("[owner] timer fired"), "\(scene.messages)")
        XCTAssertFalse(scene.messages.contains { $0.contains("panic performed") || $0.contains("alarmed") }, "\(scene.messages)")
        XCTAssertEqual(scene.field("tally", of: "owner"), .object([("n", .number(0))]))
        XCTAssertEqual(scene.errorCount, 0)
    }

    /// A refusal names the key a script read, and a key of the other
    /// behaviour's table may be a table whose `__tostring` is that
    /// behaviour's code: naming it must not run that code for the reader,
    /// where it ran as the reader's and could reach the reader's own `self`
    /// (a control's delegate) and change it.
    func testARefusalRunsNoCodeOfTheOtherBehaviourToNameItsKey() throws {
        let loaded = try loadScene(of: "Planting")
        let scene = loaded.scene
        try scene.run("call reader.inspect")
        let lines = scene.trace.entries.filter { $0.kind == .log }.map {
            $0.message.replacingOccurrences(of: #"\S*/(\w+\.lua)"#, with: "$1", options: .regularExpression)
        }
        let fix = "send an event of yours that the scene connects to one of its actions"
        XCTAssertEqual(lines, [
            "[reader] call\tfalse\treader.lua:12: behaviour planter is not this behaviour: it cannot be changed from here, nor its code run "
                + "(calling a table key); " + fix,
            "[reader] set\tfalse\treader.lua:16: behaviour planter is not this behaviour: it cannot be changed from here (setting a table key); " + fix,
            "[reader] rawset\tfalse\treader.lua:17: behaviour planter is not this behaviour: it cannot be changed from here (setting a table key); " + fix,
        ])
        XCTAssertEqual(scene.field("count", of: "reader"), .number(1))
        XCTAssertEqual(scene.errorCount, 0)
    }

    /// Every reader of a table gets the same view, so a view must be known
    /// to `rawset` before it is kept for the next reader. A meddler that
    /// brings the memory limit to the moment between the two (the table of
    /// refusals growing, as the 1,025th view is made) had a view kept that
    /// `rawset` let it fill, and every other behaviour then read what it
    /// wrote in place of the keeper's data.
    func testAViewTheMemoryLimitCutShortIsNeverOneAnyoneCanFill() throws {
        let loaded = try loadScene(of: "Cut", limits: SandboxLimits(memory: 4 << 20, instructions: 10_000_000, seconds: 10))
        let scene = loaded.scene
        for _ in 0..<80 { try scene.run("call meddler.step") }
        try scene.run("call onlooker.look")
        // The meddler got to the limit while reading: a view was cut short.
        guard case .number(let reached)? = scene.field("reached", of: "meddler") else {
            return XCTFail("the meddler never read: \(scene.messages.suffix(5))")
        }
        XCTAssertLessThan(reached, 4000, "no view met the memory limit")
        XCTAssertEqual(scene.field("done", of: "meddler"), .bool(true))
        let logs = scene.trace.entries.filter { $0.kind == .log }.map(\.message)
        XCTAssertEqual(logs, [], "a view was filled, and another behaviour read it")
    }
}

