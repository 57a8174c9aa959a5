import BehaveCore
@testable import BehaveLua
import CLua
import CLuaShim
import Foundation
import XCTest

/// A behaviour's environment is filled as it is used (CLuaShim/environment.c)
/// but looks whole from everywhere: to the host's snapshots, in Lua's own
/// messages, and when the memory limit cuts a fill short.
final class EnvironmentTests: XCTestCase {
    /// The scripts that read and change their environment, in Environment/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Environment")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    func testASnapshotOfAFieldHoldingTheEnvironmentListsEveryName() throws {
        let test = try TestScene()
        let probe = try test.behaviour("g", source: source("global_table_field.lua"))
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
        let probe = try test.behaviour("b", source: source("behaviour_global.lua"))
        XCTAssertEqual(test.errors, [])
        XCTAssertEqual(test.field("same", of: probe), .string("function"))
        XCTAssertEqual(test.field("partial", of: probe), .string("nil nil"))
        XCTAssertEqual(test.field("again", of: probe), .string("nil"))
        probe.performAction("whole", sender: probe, arguments: [])
        XCTAssertEqual(test.field("deleted", of: probe), .number(0))
        let kept = try test.behaviour("k", source: source("behaviour_global_other.lua"))
        XCTAssertEqual(test.field("listed", of: kept), .number(1))
    }

    /// The names the host lists without making an environment whole
    /// (`bh_push_env_names`, what the linter checks globals against) are
    /// those a whole one holds, each table's fields too (`_G`'s are every
    /// name); a name the environment deleted is not among them, and the
    /// environment stays partial.
    func testTheNamesListedWithoutFillingAreThoseOfAWholeEnvironment() throws {
        let scene = Scene(screen: "names")
        let runtime = try LuaRuntime(scene: scene)
        defer { runtime.close() }
        let L = runtime.L
        func names(ofTableAt index: Int32) -> [String: [String]?] {
            let table = lua_absindex(L, index)
            var names: [String: [String]?] = [:]
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let key = lua_tolstring(L, -2, nil).map({ String(cString: $0) }) {
                    names[key] = lua_type(L, -1) == LUA_TTABLE ? runtime.stringKeys(ofTableAt: -1) : nil
                }
                lua_settop(L, -2)
            }
            return names
        }
        for deleted in [nil, "string", "behaviour", "keyboard"] {
            runtime.pushEnvironment(identity: 0)
            if let deleted {
                lua_pushnil(L)
                lua_setfield(L, -2, deleted)
            }
            XCTAssertEqual(bh_push_env_names(L, -1), 1)
            let listed = names(ofTableAt: -1)
            lua_settop(L, -2)
            XCTAssertNotEqual(lua_getmetatable(L, -1), 0, "made whole")  // a whole one has none
            lua_settop(L, -2)
            bh_fill_env(L, -1)
            let whole = names(ofTableAt: -1)
            lua_settop(L, -2)
            XCTAssertEqual(listed, whole, "deleted: \(deleted ?? "none")")
            XCTAssertGreaterThan(whole.count, 30)
            XCTAssertEqual(whole["_G"]??.count, whole.count, "_G's fields are every name")
            if let deleted { XCTAssertFalse(whole.keys.contains(deleted)) }
        }
    }

    func testANilOrNaNKeyOnTheEnvironmentGetsLuasMessage() throws {
        // Environment/nil_key.lua, its key `nil` or another.
        let script = try source("nil_key.lua")
        for (key, message) in [("nil", "table index is nil"), ("0/0", "table index is NaN")] {
            let test = try TestScene()
            _ = try test.behaviour("k", source: script.replacingOccurrences(of: "local k = nil", with: "local k = \(key)"))
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
        let filling = try source("fill_deletes_globals.lua")
        let limits = SandboxLimits(memory: 4 << 20, instructions: 100_000_000, seconds: 5)
        /// Whether the fill with `n` tables of padding ran out of memory,
        /// and what the deleted globals read afterwards.
        func attempt(_ n: Int) throws -> (ranOut: Bool, left: JSON?) {
            let test = try TestScene(limits: limits)
            let button = test.control(Button.self, "button")
            let probe = try test.behaviour("p", source: filling, outlets: ["button": button])
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
