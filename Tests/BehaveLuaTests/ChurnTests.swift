import BehaveCore
@testable import BehaveLua
import XCTest

/// Cells made and destroyed for ever (a table view reusing its rows): what
/// the runtime keeps for them stays the size of what lives.
final class ChurnTests: XCTestCase {
    func testCellsMadeAndDestroyedLeaveNoEntriesBehind() throws {
        let test = try TestScene()
        let source = """
        local Cell = behaviour { name = "Cell", outlets = { button = "Button" } }
        function Cell:awake()
          self.tapped = self.button:on("touchUpInside", function() self.taps = (self.taps or 0) + 1 end)
          self.later = after(60, function() end)
        end
        return Cell
        """
        for i in 0..<2_000 {
            let cell = Button(name: "cell\(i % 20)")
            test.scene.add(cell)
            try test.behaviour("cell\(i % 20)", source: source, outlets: ["button": cell], owner: cell)
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
        let keepSource = script("""
            function Probe:awake()
              self.taps = 0
              self.connections = {}
              for i = 1, 3 do
                self.connections[i] = self.button:on("touchUpInside", function() self.taps = self.taps + 1 end)
              end
            end
            function Probe:check()
              self.connected = 0
              for _, connection in ipairs(self.connections) do
                if connection.connected then self.connected = self.connected + 1 end
                connection:disconnect()
              end
              self.described = tostring(self)
            end
            """)
        let cellSource = """
        local Cell = behaviour { name = "Cell", outlets = { button = "Button" } }
        function Cell:awake() self.button:on("touchUpInside", function() end) end
        return Cell
        """
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
        let probe = try test.behaviour("p", source: script("""
            function Probe:awake()
              self.ticks = 0
              local function tick()
                self.ticks = self.ticks + 1
                self.last = self.button:once("touchDown", function() end)
                self.last:disconnect()
                self.timer = after(0.01, tick)
              end
              tick()
            end
            """), outlets: ["button": button])
        for _ in 0..<10 { try test.scene.execute(.advance(10)) }
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
        guard case .number(let ticks) = test.field("ticks", of: probe) else { return XCTFail("no ticks") }
        XCTAssertGreaterThan(ticks, 9_000)
        XCTAssertLessThanOrEqual(test.runtime.objects.count, 200, "ended timers and connections are dropped")
        // What the script holds still reads as ended, or pending.
        try test.behaviour("q", source: script("""
            function Probe:awake()
              local fired = after(0, function() end)
              local gone = self.button:on("touchDown", function() end)
              gone:disconnect()
              self.fired, self.gone = fired, gone
            end
            function Probe:look()
              self.fired:cancel()
              self.gone:disconnect()
              self.seen = tostring(self.fired.pending) .. " " .. tostring(self.gone.connected)
            end
            """), outlets: ["button": button])
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
        let probe = try test.behaviour("p", source: script("""
            function Probe:awake()
              local timer = after(100, function() end)
              local connection = self.button:on("touchDown", function() end)
              timer:cancel()
              connection:disconnect()
              local function look()
                local _, timerError = pcall(function() return timer.connected end)
                local _, connectionError = pcall(function() return connection.pending end)
                return table.concat({ tostring(timer), tostring(connection), tostring(timer.pending),
                                      tostring(connection.connected), tostring(timerError),
                                      tostring(connectionError) }, "; ")
              end
              self.before = look()
              for _ = 1, 300 do after(1000, function() end):cancel() end  -- ended entries are dropped
              self.after = look()
            end
            """), outlets: ["button": button])
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
        guard case .string(let before) = test.field("before", of: probe) else { return XCTFail("no reading") }
        XCTAssertTrue(before.hasPrefix("timer; connection; false; false; "), before)
        XCTAssertTrue(before.contains("a timer has `pending` and `cancel()`, not `connected`"), before)
        XCTAssertEqual(test.field("after", of: probe), .string(before))
    }
}
