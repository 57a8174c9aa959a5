@testable import BehaveSpec
import Foundation
import ToolRunning
import XCTest

/// The modules `behave test` and `check` lint as a spec's are the files
/// its `require` would run (`SpecModules.files(requiredBy:)`).
final class SpecModuleLintTests: XCTestCase {
    /// What a spec's `require` answers without a file (Lua's libraries,
    /// busted's modules; `SpecModules.answeredWithoutFile`, read from the
    /// spec prelude's own tables) is not looked for as one: a file of that
    /// name where modules are found is neither run nor linted.
    /// The names are the keys of the prelude's tables, as it writes them
    /// (`name = …` and `["a.b"] = …`), read from its source: one list.
    func testTheNamesAnsweredWithoutAFileAreReadFromThePreludesTables() {
        let source = Array("""
            local loaded = { _G = env, string = env.string }
            local other = { ignored = 1 }
            local modules = { busted = busted, ["luassert.spy"] = spy, [1] = "no name" }
            local function f() local modules = { inner = 1 } end
            """.utf8)
        XCTAssertEqual(SpecModules.keys(ofTables: ["loaded", "modules"], in: source), ["_G", "string", "busted", "luassert.spy"])
        XCTAssertTrue(SpecModules.answeredWithoutFile.isSuperset(of: ["_G", "coroutine", "busted", "luassert.match", "say"]),
                      "\(SpecModules.answeredWithoutFile)")
    }

    func testAModuleRequireAnswersWithoutAFileIsNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-builtins-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = SpecModules.answeredWithoutFile.sorted()
        var files = ["spec/builtin_spec.lua": """
            describe("built in", function()
              it("requires", function()
            \(names.map { "    assert.are_not.equal(\"decoy\", require(\"\($0)\"))" }.joined(separator: "\n"))
              end)
            end)
            """]
        for name in names {
            files["src/" + name.replacingOccurrences(of: ".", with: "/") + ".lua"] = "total = 1\nreturn \"decoy\"\n"
        }
        for (path, source) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: file, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(SpecModules.files(requiredBy: folder.appendingPathComponent("spec/builtin_spec.lua").path), [])
        for command in ["test", "check"] {
            let process = Process()
            process.executableURL = try behaveBinary()
            process.environment = ToolRunning.environment()
            process.arguments = [command, "spec/builtin_spec.lua"]
            process.currentDirectoryURL = folder
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, command + ": " + output + errors)
            XCTAssertEqual(errors, "", command)
        }
    }
}
