import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Cells made and destroyed for ever (a table view reusing its rows): what
/// the runtime keeps for them stays the size of what lives.
final class ChurnTests: XCTestCase {
    /// The scripts of the cells and of what lives beside them, in Churn/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Churn")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    func testCellsMadeAndDestroyedLeaveNoEntriesBehind() throws {
        let test = try TestScene()
        let cellSource = try source("tapping_cell.lua")
        for i in 0..<2_000 {
            let cell = Button(name: "cell\(i % 20)")
            test.scene.add(cell)
            try test.behaviour("cell\(i % 20)", source: cellSource, outlets: ["button": cell], owner: cell)
            cell.tap()
            cell.removeFromParent()
        }
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(test.runtime.behaviours.count, 64, "destroyed behaviours are forgotten")
        XCTAssertLessThanOrEqual(test.runtime.objects.count, 200, "connections and timers of dead behaviours are released")
    }

    /// The runtime's lists of behaviours and of the objects scripts hold
    /// are compacted as cells come and go: what lives through it is still
    /// found by its id and its handle.
    func testWhatLivesIsFoundAfterTheListsAreCompacted() throws {
        let test = try TestScene()
        let keeper = test.control(Button.self, "keeper")
        let keepSource = try source("compacted.lua")
        let cellSource = try source("cell.lua")
        var kept: [LuaBehaviour] = []
        for i in 0..<2_000 {
            if i % 400 == 0 { kept.append(try test.behaviour("keep\(i)", source: keepSource, outlets: ["button": keeper])) }
            let cell = Button(name: "cell\(i % 20)")
            test.scene.add(cell)
            try test.behaviour("cell\(i % 20)", source: cellSource, outlets: ["button": cell], owner: cell)
            cell.removeFromParent()
        }
        XCTAssertLessThanOrEqual(test.runtime.behaviours.count, 64)
        XCTAssertLessThanOrEqual(test.runtime.objects.count, 200)
        keeper.tap()
        for behaviour in kept {
            XCTAssertEqual(test.field("taps", of: behaviour), .number(3), behaviour.name)
            XCTAssertTrue(test.runtime.behaviour(behaviour.id) === behaviour, behaviour.name)
            behaviour.performAction("check", sender: keeper, arguments: [])
            XCTAssertEqual(test.field("connected", of: behaviour), .number(3), "\(behaviour.name): \(test.errors)")
            XCTAssertEqual(test.field("described", of: behaviour), .string("behaviour \(behaviour.name)"))
        }
        XCTAssertEqual(test.runtime.behaviours.all.map(\.name), kept.map(\.name))
        keeper.tap()
        XCTAssertEqual(kept.map { test.field("taps", of: $0) }, kept.map { _ in .number(3) }, "disconnected through their handles")
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
    }

    /// A behaviour that sets a timer every tick and connects for one event
    /// each time, for as long as the scene runs: what the runtime keeps is
    /// what may still run, not every timer and connection ever made (they
    /// were held until the behaviour died, a hundred bytes and more each).
    func testTimersAndConnectionsThatEndedAreNotKept() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("ended_not_kept.lua"), outlets: ["button": button])
        for _ in 0..<10 { try test.scene.execute(.advance(10)) }
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
        guard case .number(let ticks) = test.field("ticks", of: probe) else { return XCTFail("no ticks") }
        XCTAssertGreaterThan(ticks, 9_000)
        XCTAssertLessThanOrEqual(test.runtime.objects.count, 200, "ended timers and connections are dropped")
        // What the script holds still reads as ended, or pending.
        try test.behaviour("q", source: source("ended_not_kept_connections.lua"), outlets: ["button": button])
        try test.scene.execute(.advance(0))
        for _ in 0..<5 { try test.scene.execute(.advance(1)) }
        XCTAssertLessThanOrEqual(test.runtime.objects.count, 200)
        let looker = try XCTUnwrap(test.runtime.behaviours.all.first { $0.name == "q" })
        looker.performAction("look", sender: button, arguments: [])
        XCTAssertEqual(test.field("seen", of: looker), .string("false false"), test.errors.joined(separator: "\n"))
    }

    /// An ended timer or connection reads as what it is after its entry is
    /// dropped, as before: its name (`tostring` said "object (gone)") and
    /// its type's error for a field it does not have (a timer's
    /// `connected` read false).
    func testAnEndedTimerOrConnectionReadsTheSameAfterItsEntryIsDropped() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("ended_reads_same.lua"), outlets: ["button": button])
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
        guard case .string(let before) = test.field("before", of: probe) else { return XCTFail("no reading") }
        XCTAssertTrue(before.hasPrefix("timer; connection; false; false; "), before)
        XCTAssertTrue(before.contains("a timer has `pending` and `cancel()`, not `connected`"), before)
        XCTAssertEqual(test.field("after", of: probe), .string(before))
    }
}
