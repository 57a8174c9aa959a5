import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Every script in Hostile/ attacks the sandbox. Each must end in a clean
/// error — in the attacking call, or at load for `-- phase: load` — while the
/// process, the other behaviours and the attacker's later calls carry on.
final class HostileScriptTests: XCTestCase {
    /// The time limit is part of what is tested here: a loop of long C
    /// calls runs few instructions, and the clock ends it (every script
    /// may end either way, so a loaded machine changes only which).
    static let limits = SandboxLimits(memory: 32 << 20, instructions: 1_000_000, seconds: 0.5)

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")
    }

    struct Case {
        var name: String
        var source: String
        var expected: [String]
        var atLoad: Bool
        /// `-- within: SECONDS`: each attack ends this soon (a loop of
        /// long C calls is stopped at the call, not many calls later).
        var within: Double?
    }

    static func cases() throws -> [Case] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".lua") }.sorted()
        return try files.map { file in
            let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let expect = lines.first { $0.hasPrefix("-- expect: ") }.map { $0.dropFirst("-- expect: ".count) } ?? ""
            let within = lines.first { $0.hasPrefix("-- within: ") }.flatMap { Double($0.dropFirst("-- within: ".count)) }
            return Case(name: file, source: source, expected: expect.split(separator: "|").map(String.init),
                        atLoad: lines.contains { $0 == "-- phase: load" }, within: within)
        }
    }

    func testThereAreAtLeastTwentyFiveHostileScripts() throws {
        XCTAssertGreaterThanOrEqual(try Self.cases().count, 25)
    }

    func testEveryHostileScriptEndsInACleanErrorAndTheSceneCarriesOn() throws {
        for hostile in try Self.cases() {
            let started = Date()
            let test = try TestScene(limits: Self.limits)
            let button = test.control(Button.self, "button")
            let toggleButton = test.control(Button.self, "toggleButton")
            let toggle = try test.bundled("toggle.lua", name: "toggle", outlets: ["button": toggleButton])

            if hostile.atLoad {
                let script = LuaScript(path: hostile.name, source: hostile.source)
                XCTAssertThrowsError(try LuaBehaviour(script: script, name: "hostile", runtime: test.runtime),
                                     hostile.name) { error in
                    let message = (error as? LuaError)?.message ?? "\(error)"
                    XCTAssertTrue(hostile.expected.contains { message.contains($0) },
                                  "\(hostile.name): expected one of \(hostile.expected), got: \(message.prefix(300))")
                }
            } else {
                let attacker = try test.behaviour("hostile", source: hostile.source, file: hostile.name,
                                                  outlets: ["button": button])
                for attempt in 1...2 {
                    let before = test.scene.errorCount
                    let attacked = Date()
                    attacker.performAction("attack", sender: button, arguments: [])
                    if let within = hostile.within {
                        XCTAssertLessThan(Date().timeIntervalSince(attacked), within,
                                          "\(hostile.name) attempt \(attempt): the limit of \(Self.limits.seconds) s stops it")
                    }
                    XCTAssertEqual(test.scene.errorCount, before + 1, "\(hostile.name) attempt \(attempt): one error")
                    // The trace drops old entries on a flood; the newest error is last.
                    let message = test.errors.last ?? ""
                    XCTAssertTrue(hostile.expected.contains { message.contains($0) },
                                  "\(hostile.name): expected one of \(hostile.expected), got: \(message.prefix(300))")
                    XCTAssertLessThan(message.utf8.count, 16_384, "\(hostile.name): error messages are truncated")
                }
                XCTAssertTrue(attacker.isAlive, hostile.name)
            }

            // The healthy behaviour beside it still works.
            toggleButton.tap()
            XCTAssertEqual(test.field("toggled", of: toggle), .bool(true), hostile.name)
            XCTAssertEqual(toggleButton.image?.name, "toggle-on", hostile.name)
            XCTAssertLessThan(Date().timeIntervalSince(started), 20, "\(hostile.name) took too long")
        }
    }
}
