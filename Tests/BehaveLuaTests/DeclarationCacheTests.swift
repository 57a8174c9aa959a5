import BehaveCore
@testable import BehaveLua
import CLuaShim
import Foundation
import XCTest

/// Declarations read once are kept for the process by what they were read
/// from: a script whose declaration comes out differently in a new scene
/// (from a module it requires) is read again, and the description that
/// keys them tells tables apart by their contents alone.
final class DeclarationCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("declarations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The text of Declarations/`name`.
    private func text(_ name: String) throws -> String {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Declarations")
        return try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    private func write(_ text: String, to file: String) throws {
        try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    /// The default of `speed` in a new scene's toggle that reads it from a
    /// module.
    private func speedDefault() throws -> Value? {
        let test = try TestScene()
        let behaviour = try LuaBehaviour(path: folder.appendingPathComponent("tuned.lua").path, name: "tuned",
                                         runtime: test.runtime)
        return behaviour.declaration.inspectable("speed")?.defaultValue
    }

    func testADeclarationThatAModuleChangesIsReadAgainInTheNextScene() throws {
        try write(text("tuned_speed.lua"), to: "tuned.lua")
        try write("return { speed = 1 }\n", to: "settings.lua")
        XCTAssertEqual(try speedDefault(), .number(1))
        XCTAssertEqual(try speedDefault(), .number(1))
        // The script's text is the same; what it declares is not.
        try write("return { speed = 2 }\n", to: "settings.lua")
        XCTAssertEqual(try speedDefault(), .number(2))
        try write("return { speed = 1 }\n", to: "settings.lua")
        XCTAssertEqual(try speedDefault(), .number(1))
    }

    /// A declaration is static in a scene (README): the host reads it from
    /// the first instance, and a later one's table, here computed again
    /// from a counter its module keeps, is not looked at. `behave check`
    /// warns of such a declaration.
    func testLaterInstancesInASceneTakeTheFirstInstancesDeclaration() throws {
        try write(text("counted.lua"), to: "counted.lua")
        try write(text("counter.lua"), to: "counter.lua")
        let test = try TestScene()
        let path = folder.appendingPathComponent("counted.lua").path
        let first = try LuaBehaviour(path: path, name: "first", runtime: test.runtime)
        let second = try LuaBehaviour(path: path, name: "second", runtime: test.runtime)
        XCTAssertEqual(first.declaration.inspectable("serial")?.defaultValue, .number(1))
        XCTAssertEqual(second.declaration.inspectable("serial")?.defaultValue, .number(1))
    }

    /// A list read by its border (`#t`): two tables with the same contents
    /// may have different ones, and the declaration kept for one was handed
    /// to the other.
    func testAListWithAHoleIsReadAgainWhenItsBorderDiffers() throws {
        try write(text("tuned_modes.lua"), to: "tuned.lua")
        func modes() throws -> [String] {
            let test = try TestScene()
            let behaviour = try LuaBehaviour(path: folder.appendingPathComponent("tuned.lua").path, name: "tuned",
                                             runtime: test.runtime)
            guard case .enumeration(let cases) = behaviour.declaration.inspectable("mode")?.type else { return [] }
            return cases
        }
        try write("return { modes = function() local t = {} t[1] = \"a\" t[3] = \"c\" return t end }\n",
                  to: "settings.lua")
        XCTAssertEqual(try modes(), ["a"])
        try write("return { modes = function() return { \"a\", nil, \"c\" } end }\n", to: "settings.lua")
        XCTAssertEqual(try modes(), ["a", "c"], "the same contents, a longer list")
        let described = try descriptions(of: "local t = {} t[1] = 1 t[3] = 3 return { 1, nil, 3 }, t")
        XCTAssertNotEqual(described[0], described[1])
    }

    /// The descriptions of the tables a chunk returns (nil for one that
    /// does not describe).
    private func descriptions(of chunk: String) throws -> [[UInt8]?] {
        let test = try TestScene()
        let L = test.runtime.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        XCTAssertEqual(bh_load(L, chunk, chunk.utf8.count, "=tables"), LUA_OK)
        XCTAssertEqual(bh_pcall(L, 0, LUA_MULTRET), LUA_OK)
        return (top + 1...lua_gettop(L)).map { test.runtime.declarationDescription(at: $0, in: L) }
    }

    func testTablesDescribeAlikeExactlyWhenTheirContentsAreAlike() throws {
        let described = try descriptions(of: text("tables_alike.lua"))
        XCTAssertEqual(described.count, 5)
        XCTAssertNotNil(described[0])
        XCTAssertEqual(described[0], described[1], "the same contents, made in another order")
        XCTAssertNotEqual(described[0], described[2], "1 and 1.0 read as different values")
        XCTAssertNotEqual(described[0], described[3], "1 and \"1\"")
        XCTAssertNotEqual(described[0], described[4], "a list in another order")
    }

    func testOnlyPlainDataDescribes() throws {
        let described = try descriptions(of: text("plain_data.lua"))
        XCTAssertEqual(described.count, 7)
        for (i, description) in described.dropLast().enumerated() {
            XCTAssertNil(description, "table \(i + 1) described")
        }
        XCTAssertNotNil(described.last ?? nil)
    }
}
