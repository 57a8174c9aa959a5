import BehaveSpec
import Foundation
import XCTest

/// `assert` in a spec, called, is Lua 5.4's assert; its fields are busted's
/// assertions.
final class SpecAssertTests: XCTestCase {
    /// Each case's results, as Lua code that prints one line.
    static let cases = """
        local function show(...)
          local out = { tostring(select("#", ...)) }
          for i = 1, select("#", ...) do out[#out + 1] = type((select(i, ...))) .. ":" .. tostring((select(i, ...))) end
          return table.concat(out, " ")
        end
        local lines = {
          show(pcall(assert)),
          show(pcall(assert, nil)),
          show(pcall(assert, nil, nil)),
          show(pcall(assert, false)),
          show(pcall(assert, false, "why")),
          show(pcall(assert, false, 42)),
          show(pcall(assert, false, nil, "more")),
          show(assert(1, 2, 3)),
          show(assert(true, nil, nil)),
          show(assert("x")),
        }
        RESULT = table.concat(lines, "\\n")
        """

    static let expected = """
        2 boolean:false string:bad argument #1 to 'assert' (value expected)
        2 boolean:false string:assertion failed!
        2 boolean:false nil:nil
        2 boolean:false string:assertion failed!
        2 boolean:false string:why
        2 boolean:false number:42
        2 boolean:false nil:nil
        3 number:1 number:2 number:3
        3 boolean:true nil:nil nil:nil
        1 string:x
        """

    func testCalledItIsLuasAssert() throws {
        let folder = try temporaryDirectory(self)
        let path = folder + "/assert_spec.lua"
        let source = """
            it("is Lua's", function()
            \(SpecAssertTests.cases)
              assert.equals([[\(SpecAssertTests.expected)]], RESULT)
            end)
            it("fails at its line", function()
              local x = 1

              assert(x == 2)
            end)
            it("keeps busted's assertions", function()
              assert.are.same({ 1 }, { 1 })
              assert.is_not_nil(assert)
              assert.has_error(function() assert.equals(1, 2) end, "expected 1, got 2")
            end)
            """
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        let line = try XCTUnwrap(source.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("assert(x == 2)") }) + 1
        let (_, run) = runSpecs([path])
        let lua = try run.result("is Lua's")
        XCTAssertEqual(lua.status, .passed, lua.message)
        let failing = try run.result("fails at its line")
        XCTAssertEqual(failing.status, .failed)
        XCTAssertEqual(failing.message, "assertion failed!")
        XCTAssertTrue(failing.location.hasSuffix("assert_spec.lua:\(line)"), failing.location)
        XCTAssertEqual(try run.result("keeps busted's assertions").status, .passed)
    }

    /// The expected lines are stock Lua 5.4's, when it is installed.
    func testTheExpectedResultsAreStockLuas() throws {
        let lua = "/usr/bin/lua5.4"
        guard FileManager.default.isExecutableFile(atPath: lua) else { throw XCTSkip("lua5.4 is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lua)
        process.arguments = ["-e", SpecAssertTests.cases + "\nio.write(RESULT)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(output, SpecAssertTests.expected)
    }
}
