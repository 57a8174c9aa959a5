@testable import behave
import BehaveLua
import Foundation
import XCTest

/// `behave test` lints the scripts its spec files name before it runs them.
final class SpecLintReadTests: XCTestCase {
    /// A spec file the runner refuses as too large is not lexed whole to
    /// find the scripts it names (a minute for 100 MB before the runner
    /// said it was too large); one within the limit is.
    func testASpecFileTooLargeToRunIsNotReadForTheScriptsItNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("return behaviour { name = \"Toggle\" }\n".utf8).write(to: folder.appendingPathComponent("toggle.lua"))
        let names = "it(\"taps\", function() scene.script(\"toggle.lua\") end)\n--[["
        let small = folder.appendingPathComponent("small_spec.lua"), large = folder.appendingPathComponent("large_spec.lua")
        try Data((names + "]]\n").utf8).write(to: small)
        try Data((names + String(repeating: "x", count: LuaScript.maximumBytes) + "]]\n").utf8).write(to: large)
        XCTAssertEqual(ScriptLint.scripts(usedBy: [small.path]).map { ($0 as NSString).lastPathComponent }, ["toggle.lua"])
        XCTAssertEqual(ScriptLint.scripts(usedBy: [large.path]), [])
    }
}
