import BehaveCore
@testable import BehaveLua
import CLuaShim
import Foundation
import ToolRunning
import XCTest

/// `math.random`: each behaviour, module and spec file rolls from a
/// generator of its own, seeded from the scene's seed and its name
/// (random.c), with the scripts in Random/ and Modules/.
final class RandomStreamTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Random")
    static let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Modules")

    /// Attaches and wakes the behaviour of `file` in Random/ (or `folder`)
    /// as `name`.
    @discardableResult
    func attach(_ file: String, as name: String, in test: TestScene, folder: URL = directory) throws -> LuaBehaviour {
        let behaviour = try LuaBehaviour(path: folder.appendingPathComponent(file).path, name: name, runtime: test.runtime)
        test.scene.attach(behaviour)
        behaviour.start()
        return behaviour
    }

    /// What `roller` draws in a scene where `others` (file, name) were
    /// attached and woken before it.
    func draws(of name: String = "roller", after others: [(String, String)] = [],
               limits: SandboxLimits = .testing) throws -> JSON? {
        let test = try TestScene(limits: limits)
        for (file, other) in others { try attach(file, as: other, in: test) }
        let roller = try attach("roller.lua", as: name, in: test)
        XCTAssertEqual(test.errors, [])
        return test.field("draws", of: roller)
    }

    func testAnotherBehavioursReseedingAndRollingLeaveABehavioursNumbersAlone() throws {
        let alone = try XCTUnwrap(draws())
        XCTAssertEqual(try draws(after: [("meddler.lua", "meddler")]), alone)
        XCTAssertEqual(try draws(after: [("meddler.lua", "meddler"), ("roller.lua", "another")]), alone)
    }

    func testTheSameSceneDrawsTheSameOnEveryRun() throws {
        let first = try XCTUnwrap(draws(after: [("roller.lua", "left")]))
        XCTAssertEqual(try draws(after: [("roller.lua", "left")]), first)
        XCTAssertEqual(try draws(after: [("roller.lua", "left")], limits: .testing), first)
    }

    func testEachNameAndEachSeedIsAStreamOfItsOwn() throws {
        let roller = try XCTUnwrap(draws(of: "roller"))
        XCTAssertNotEqual(try draws(of: "another"), roller, "two behaviours of one script roll apart")
        var seeded = SandboxLimits.testing
        seeded.randomSeed = 2
        XCTAssertNotEqual(try draws(of: "roller", limits: seeded), roller, "the scene's seed moves every stream")
    }

    /// An embedding app may give two instances one name: they draw apart,
    /// the first as a lone behaviour of the name draws, and both the same
    /// on every run.
    func testTwoInstancesOfOneNameDrawApartAndRepeat() throws {
        func twins() throws -> [JSON?] {
            let test = try TestScene()
            let first = try attach("roller.lua", as: "roller", in: test)
            let second = try attach("roller.lua", as: "roller", in: test)
            let third = try attach("roller.lua", as: "roller", in: test)
            XCTAssertEqual(test.errors, [])
            return [first, second, third].map { test.field("draws", of: $0) }
        }
        let draws = try twins()
        XCTAssertEqual(draws[0], try self.draws(of: "roller"))
        XCTAssertNotEqual(draws[1], draws[0], "two instances of one name roll apart")
        XCTAssertNotEqual(draws[2], draws[1])
        XCTAssertNotEqual(draws[2], draws[0])
        XCTAssertEqual(try twins(), draws, "and repeat on every run")
    }

    /// A destroyed behaviour gives its generator's slot back: the next
    /// behaviour of its name draws what it drew, the same on every run,
    /// however often the collector runs between.
    func testADestroyedBehavioursStreamGoesToTheNextOfItsName() throws {
        func run(collecting: Bool) throws -> [JSON?] {
            let test = try TestScene()
            var draws: [JSON?] = []
            func make() throws -> LuaBehaviour {
                let behaviour = try attach("roller.lua", as: "roller", in: test)
                draws.append(test.field("draws", of: behaviour))
                return behaviour
            }
            func destroy(_ behaviour: LuaBehaviour) {
                behaviour.tearDown()
                if collecting { test.runtime.collectGarbage() }
            }
            let first = try make()
            let second = try make()
            destroy(first)
            let third = try make()
            destroy(second)
            _ = try make()
            destroy(third)
            XCTAssertEqual(test.errors, [])
            return draws
        }
        let draws = try run(collecting: false)
        XCTAssertNotEqual(draws[1], draws[0], "two live instances of one name roll apart")
        XCTAssertEqual(draws[2], draws[0], "the first's stream, given back, goes to the next")
        XCTAssertEqual(draws[3], draws[1])
        XCTAssertEqual(try run(collecting: false), draws, "and repeat on every run")
        XCTAssertEqual(try run(collecting: true), draws, "whenever the collector runs")
    }

    /// A behaviour torn down before it woke (its scene dismissed while it
    /// loaded) gives back the slot its top level took, and the runtime
    /// holds it no more: the next of its name draws what a lone one draws.
    func testABehaviourTornDownBeforeItWokeGivesItsSlotBack() throws {
        let alone = try XCTUnwrap(draws())
        let test = try TestScene()
        let early = try LuaBehaviour(path: Self.directory.appendingPathComponent("early.lua").path, name: "roller",
                                     runtime: test.runtime)
        test.scene.attach(early)
        early.tearDown()
        XCTAssertFalse(test.runtime.behaviours.all.contains { $0 === early }, "the runtime lets go of it")
        XCTAssertNil(test.runtime.behaviour(early.id))
        let roller = try attach("roller.lua", as: "roller", in: test)
        XCTAssertEqual(test.errors, [])
        XCTAssertEqual(test.field("draws", of: roller), alone)
    }

    /// An app that names a behaviour per row, made and destroyed without
    /// end, holds no more for their generators than what it has live.
    func testBehavioursOfNewNamesComingAndGoingHoldNoMoreMemory() throws {
        let test = try TestScene()
        func churn(_ rows: Range<Int>) throws {
            for row in rows { try attach("roller.lua", as: "row \(row)", in: test).tearDown() }
        }
        try churn(0..<500)
        test.runtime.collectGarbage()
        let before = test.runtime.memoryUsed
        try churn(500..<10_500)
        test.runtime.collectGarbage()
        XCTAssertEqual(test.errors, [])
        XCTAssertLessThan(test.runtime.memoryUsed - before, 16 << 10, "bytes grown over 10,000 behaviours of new names")
    }

    /// A new seed (`bh_set_config`) restarts a behaviour's own generator:
    /// what it draws next is what a scene started with that seed draws.
    func testANewSeedRestartsEveryBehavioursGenerator() throws {
        func tapped(seed: UInt64, reseededTo later: UInt64? = nil) throws -> JSON? {
            var limits = SandboxLimits.testing
            limits.randomSeed = seed
            let test = try TestScene(limits: limits)
            let button = test.control(Button.self, "button")
            let tapper = try LuaBehaviour(path: Self.directory.appendingPathComponent("tapper.lua").path, name: "tapper",
                                          runtime: test.runtime)
            try tapper.setOutlet("button", to: button)
            test.scene.attach(tapper)
            tapper.start()
            button.tap()
            if let later {
                var config = bh_config(memory_limit: limits.memory, instruction_budget: Int64(limits.instructions),
                                       time_limit: limits.seconds, random_seed: later)
                bh_set_config(test.runtime.L, &config)
                button.tap()
            }
            XCTAssertEqual(test.errors, [])
            return test.field("draws", of: tapper)
        }
        let fresh = try XCTUnwrap(try tapped(seed: 2))
        XCTAssertNotEqual(try tapped(seed: 1), fresh)
        XCTAssertEqual(try tapped(seed: 1, reseededTo: 2), fresh)
    }

    func testRandomseedWithoutArgumentsRestartsTheBehavioursOwnStream() throws {
        let test = try TestScene()
        try attach("meddler.lua", as: "meddler", in: test)
        let restarter = try attach("restarter.lua", as: "roller", in: test)
        XCTAssertEqual(test.errors, [])
        let first = try XCTUnwrap(test.field("first", of: restarter))
        XCTAssertEqual(test.field("again", of: restarter), first)
        XCTAssertEqual(try draws(of: "roller"), first, "a behaviour starts where randomseed() restarts it")
    }

    func testAModuleRollsItsOwnDice() throws {
        func draws(_ file: String) throws -> JSON? {
            let test = try TestScene()
            let behaviour = try attach(file, as: "roller", in: test, folder: Self.modules)
            XCTAssertEqual(test.errors, [])
            return test.field("draws", of: behaviour)
        }
        XCTAssertEqual(try draws("dice_user.lua"), try draws("dice_free.lua"))
    }

    /// Differential: math.randomseed(x) then math.random() in a behaviour
    /// gives what stock Lua 5.4 gives after the same math.randomseed(x).
    func testSeededDrawsAreStockLuas() throws {
        let lua = try XCTUnwrap(["/usr/bin/lua5.4", "/usr/local/bin/lua5.4"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }, "lua5.4 is not installed: install it with `sudo apt-get install lua5.4`")
        let program = Self.directory.appendingPathComponent("draws.lua").path
        let stock = try ToolRunning.run(URL(fileURLWithPath: lua), ["-e", "print(dofile(\"\(program)\")(math))"])
        XCTAssertEqual(stock.status, 0, stock.errors)
        let test = try TestScene()
        let behaviour = try attach("stock.lua", as: "stock", in: test)
        XCTAssertEqual(test.errors, [])
        guard case .string(let text)? = test.field("text", of: behaviour) else { return XCTFail("no text drawn") }
        XCTAssertEqual(text.split(separator: "\n").count, 60)
        XCTAssertEqual(text + "\n", stock.output)
    }
}
