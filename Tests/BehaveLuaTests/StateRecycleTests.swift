import BehaveCore
@testable import BehaveLua
import CLuaShim
import Foundation
import XCTest

/// A state closed on a thread is made again for the next one opened there
/// (Sources/CLuaShim/recycle.c): it must be what a fresh state is, whatever
/// the closed one's code did to it.
final class StateRecycleTests: XCTestCase {
    /// The chunks that look at a state and spoil it, in Recycle/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Recycle")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    // The budget, not the clock, bounds the loops compared: a time limit
    // only a backstop, out of reach of a loaded machine.
    private let limits = SandboxLimits(memory: 16 << 20, instructions: 200_000, seconds: 10)

    /// Runs `code` in the state's own global environment (not a
    /// behaviour's copy of it): what it changes is the state's.
    private func run(_ code: String, in runtime: LuaRuntime) throws -> [Value] {
        let chunk = try runtime.load(code, chunkName: "=recycle")
        defer { runtime.release(chunk) }
        return try runtime.call(chunk)
    }

    /// What a new state shows: anything left by another, its random
    /// numbers, the memory it counts, and a loop its budget lets run.
    private func look(_ runtime: LuaRuntime) throws -> [Value] {
        let memory = runtime.memoryUsed
        let seen = try run(source("look.lua"), in: runtime)
        return seen + [.number(Double(memory))]
    }

    /// Changes everything a script can reach of its state, then spends
    /// its budget.
    private func spoil(_ runtime: LuaRuntime) {
        _ = try? run(source("spoil.lua"), in: runtime)
        // A runaway: the budget is spent when the state closes.
        XCTAssertThrowsError(try run("while true do end", in: runtime))
    }

    func testAStateMadeAgainIsWhatAFreshStateIs() throws {
        // With one state open, the next cannot be one made again: fresh.
        let held = try LuaRuntime(scene: Scene(screen: "held"), limits: limits)
        let fresh = try LuaRuntime(scene: Scene(screen: "fresh"), limits: limits)
        let expected = try look(fresh)
        XCTAssertEqual(expected.first, .string(""))
        spoil(fresh)
        fresh.close()
        held.close()
        for round in 1...3 {
            let runtime = try LuaRuntime(scene: Scene(screen: "again \(round)"), limits: limits)
            XCTAssertEqual(try look(runtime), expected, "round \(round)")
            spoil(runtime)
            runtime.close()
        }
    }

    /// A state made again comes with the runtime's bridge installed (it is
    /// copied once the bridge is in): a behaviour runs in it as in a fresh
    /// one, with the scene's own keyboard and the app modules registered
    /// when it was made.
    func testAStateMadeAgainComesWithItsBridge() throws {
        let held = try LuaRuntime(scene: Scene(screen: "held"), limits: limits)
        let fresh = try LuaRuntime(scene: Scene(screen: "fresh"), limits: limits)
        XCTAssertNil(bh_reused(fresh.L), "the state was not made fresh")
        fresh.close()
        held.close()
        for round in 1...3 {
            let app = TestApp()
            if round == 2 { try AppModules.register(app.module) }
            defer { AppModules.unregister(TestApp.name) }
            let scene = Scene(screen: "again \(round)")
            let runtime = try LuaRuntime(scene: scene, limits: limits)
            XCTAssertNotNil(bh_reused(runtime.L), "round \(round) was not made again")
            let button = Button(name: "button")
            scene.add(button)
            let toggle = try LuaBehaviour(path: try XCTUnwrap(LuaScript.locate("toggle.lua")), name: "toggle",
                                          runtime: runtime)
            try toggle.setOutlet("button", to: button)
            scene.attach(toggle)
            toggle.start()
            button.tap()
            XCTAssertEqual(button.image?.name, "toggle-on", "round \(round)")
            XCTAssertEqual(scene.errorCount, 0, "round \(round): \(scene.trace.entries.map(\.message))")
            XCTAssertEqual(runtime.installedAppModules.contains(TestApp.name), round == 2, "round \(round): app module")
            XCTAssertTrue(runtime.environmentNames(behaviourAPI: true).keys.contains("keyboard"), "round \(round): keyboard")
            runtime.close()
        }
    }

    /// A memory limit too small to install the bridge in is refused as it
    /// is for a fresh state, not handed a copy already over it; and the
    /// copy waits for the next runtime that fits.
    func testAMemoryLimitTooSmallForTheBridgeIsRefusedLikeAFreshStates() throws {
        let held = try LuaRuntime(scene: Scene(screen: "held"), limits: limits)
        let fresh = try LuaRuntime(scene: Scene(screen: "fresh"), limits: limits)
        var small = limits
        small.memory = fresh.memoryUsed - 4096
        fresh.close()
        let blocked = try LuaRuntime(scene: Scene(screen: "blocked"), limits: limits)
        XCTAssertNotNil(bh_reused(blocked.L))
        var freshError: LuaError?
        do throws(LuaError) {
            _ = try LuaRuntime(scene: Scene(screen: "fresh, small"), limits: small)
        } catch { freshError = error }
        blocked.close()
        held.close()
        XCTAssertEqual(freshError?.text.hasPrefix("prelude: memory limit exceeded"), true, "\(String(describing: freshError))")
        do throws(LuaError) {
            let again = try LuaRuntime(scene: Scene(screen: "again, small"), limits: small)
            XCTFail("a state over its limit of \(small.memory) bytes was made again: \(again.memoryUsed) bytes used")
        } catch {
            XCTAssertEqual(error.text, freshError?.text)
        }
        let next = try LuaRuntime(scene: Scene(screen: "next"), limits: limits)
        XCTAssertNotNil(bh_reused(next.L), "the copy was not kept for the next runtime")
        next.close()
    }

    func testAStateMadeWithAnotherSeedIsSeededWithIt() throws {
        var other = limits
        other.randomSeed = 7
        let first = try LuaRuntime(scene: Scene(screen: "seed 1"), limits: limits)
        let one = try run("return math.random()", in: first)
        first.close()
        let second = try LuaRuntime(scene: Scene(screen: "seed 7"), limits: other)
        let seven = try run("return math.random()", in: second)
        second.close()
        let third = try LuaRuntime(scene: Scene(screen: "seed 1 again"), limits: limits)
        XCTAssertNotEqual(one, seven)
        XCTAssertEqual(try run("return math.random()", in: third), one)
        third.close()
    }
}
