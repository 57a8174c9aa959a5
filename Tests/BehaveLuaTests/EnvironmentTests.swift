import BehaveCore
@testable import BehaveLua
import XCTest

/// A behaviour's environment is filled as it is used (CLuaShim/environment.c)
/// but looks whole from everywhere: to the host's snapshots, in Lua's own
/// messages, and when the memory limit cuts a fill short.
final class EnvironmentTests: XCTestCase {
    func testASnapshotOfAFieldHoldingTheEnvironmentListsEveryName() throws {
        let test = try TestScene()
        let probe = try test.behaviour("g", source: script("""
            function Probe:awake() self.g = _G end
            """, outlets: ""))
        guard case .object(let fields)? = test.field("g", of: probe) else {
            return XCTFail("no table: \(String(describing: test.field("g", of: probe))) \(test.errors)")
        }
        for name in ["_G", "math", "string", "table", "coroutine", "utf8"] {
            XCTAssertNotNil(fields.first { $0.0 == name }, "\(name) not in \(fields.map(\.0))")
        }
    }

    /// Every environment is made with `behaviour` (each script's first
    /// read) rather than bringing it in: it still reads as the API's, a
    /// deleted one stays deleted (the environment still partial, and once
    /// made whole), and a whole environment lists it once.
    func testTheBehaviourGlobalAnEnvironmentIsMadeWithIsLikeAnyOther() throws {
        let test = try TestScene()
        let probe = try test.behaviour("b", source: script("""
            function Probe:awake()
              self.same = type(behaviour)
              behaviour = nil
              self.partial = tostring(behaviour) .. " " .. tostring(getmetatable(_G))
              behaviour = 1
              behaviour = nil
              self.again = tostring(behaviour)
            end
            function Probe:whole()
              local listed = 0
              for name in pairs(_G) do if name == "behaviour" then listed = listed + 1 end end
              self.deleted = listed
            end
            """, outlets: ""))
        XCTAssertEqual(test.errors, [])
        XCTAssertEqual(test.field("same", of: probe), .string("function"))
        XCTAssertEqual(test.field("partial", of: probe), .string("nil nil"))
        XCTAssertEqual(test.field("again", of: probe), .string("nil"))
        probe.performAction("whole", sender: probe, arguments: [])
        XCTAssertEqual(test.field("deleted", of: probe), .number(0))
        let kept = try test.behaviour("k", source: script("""
            function Probe:awake()
              local listed = 0
              for name, value in pairs(_G) do
                if name == "behaviour" and type(value) == "function" then listed = listed + 1 end
              end
              self.listed = listed
            end
            """, outlets: ""))
        XCTAssertEqual(test.field("listed", of: kept), .number(1))
    }

    func testANilOrNaNKeyOnTheEnvironmentGetsLuasMessage() throws {
        for (key, message) in [("nil", "table index is nil"), ("0/0", "table index is NaN")] {
            let test = try TestScene()
            _ = try test.behaviour("k", source: script("""
                function Probe:awake() local k = \(key); _G[k] = 1 end
                """, outlets: ""))
            XCTAssertEqual(test.errors.count, 1)
            XCTAssertTrue(test.errors.first?.contains("k.lua:2: \(message)") == true, "\(test.errors)")
        }
    }

    /// The memory limit ends a fill part-way, wherever it runs out: the
    /// globals deleted after that stay deleted (a name copied in was noted,
    /// so the template no longer speaks for it). The padding that brings
    /// the limit within the fill is found by bisection, then each padding
    /// around it is tried, so some of them end in the middle of the fill.
    func testAFillTheMemoryLimitCutsShortLeavesDeletedGlobalsDeleted() throws {
        let source = script("""
            function Probe:fill(_, n)
              local head = nil
              for _ = 1, n do head = { head } end
              self.pad = head
              for _ in pairs(_G) do end
            end
            function Probe:check()
              self.pad = nil
              local env = _ENV
              env.string, env.table, env.math = nil, nil, nil
              self.left = tostring(env.string) .. " " .. tostring(env.table) .. " " .. tostring(env.math)
            end
            """)
        let limits = SandboxLimits(memory: 4 << 20, instructions: 100_000_000, seconds: 5)
        /// Whether the fill with `n` tables of padding ran out of memory,
        /// and what the deleted globals read afterwards.
        func attempt(_ n: Int) throws -> (ranOut: Bool, left: JSON?) {
            let test = try TestScene(limits: limits)
            let button = test.control(Button.self, "button")
            let probe = try test.behaviour("p", source: source, outlets: ["button": button])
            probe.performAction("fill", sender: button, arguments: [.number(Double(n))])
            let ranOut = test.errors.contains { $0.contains("memory limit exceeded") }
            probe.performAction("check", sender: button, arguments: [])
            return (ranOut, test.field("left", of: probe))
        }
        var low = 0, high = 200_000
        XCTAssertFalse(try attempt(low).ranOut)
        XCTAssertTrue(try attempt(high).ranOut)
        while high - low > 1 {
            let middle = (low + high) / 2
            if try attempt(middle).ranOut { high = middle } else { low = middle }
        }
        for n in stride(from: high, to: high + 400, by: 8) {
            let outcome = try attempt(n)
            if outcome.left != nil { XCTAssertEqual(outcome.left, .string("nil nil nil"), "padding \(n)") }
        }
    }
}
