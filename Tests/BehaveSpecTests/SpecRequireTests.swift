import BehaveSpec
import Foundation
import XCTest

/// `require` in spec files: names resolve from the working directory, as
/// Lua's default path does, then beside the spec; modules load once per
/// spec file, in the spec's environment, and their values are handed out
/// as they are; reading stays inside the folders a spec may read.
final class SpecRequireTests: XCTestCase {
    /// A folder holding `files` (path -> text); the specs run from it.
    private func suite(_ files: [String: String]) throws -> String {
        try temporarySuite(self, files)
    }

    private func passes(_ folder: String, _ arguments: [String] = ["test"], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try runBehaveWithErrors(arguments, in: folder)
        XCTAssertEqual(run.status, 0, run.output + run.errors, file: file, line: line)
        return run.output
    }

    func testNamesResolveFromTheWorkingDirectoryThenBesideTheSpec() throws {
        let folder = try suite([
            "shared.lua": "return { from = 'root' }",
            "spec/shared.lua": "return { from = 'spec' }",
            "spec/only_here.lua": "return { from = 'beside' }",
            "lib/deep/name.lua": "return { from = 'dots' }",
            "pkg/init.lua": "return { from = 'init' }",
            "spec/require_spec.lua": """
                it("finds modules as Lua's default path does", function()
                  assert.equals("root", require("shared").from)
                  assert.equals("beside", require("only_here").from)
                  assert.equals("dots", require("lib.deep.name").from)
                  assert.equals("dots", require("lib/deep/name").from)
                  assert.equals("init", require("pkg").from)
                  assert.equals("spec", require("spec.shared").from)
                end)

                it("gives a module its name and path", function()
                  local name, path = require("spec.args")()
                  assert.equals("spec.args", name)
                  assert.matches("spec/args%.lua$", path)
                end)

                it("says where it looked for a module not found", function()
                  local ok, message = pcall(require, "ffi")
                  assert.is_false(ok)
                  assert.matches("module 'ffi' not found; tried ./src/ffi.lua, ./src/ffi/ffi.lua, ./src/ffi/init.lua, ./ffi.lua, ./ffi/init.lua, spec/ffi.lua, spec/ffi/init.lua", message, 1, true)
                end)
                """,
            "spec/args.lua": "local name, path = ...\nreturn function() return name, path end",
        ])
        XCTAssertTrue(try passes(folder).hasSuffix("3 passed, 0 failed\n"))
    }

    func testAModuleLoadsOncePerSpecFileInTheSpecsEnvironment() throws {
        let module = """
            LOADS = (LOADS or 0) + 1
            local m = { describe = describe, loads = LOADS }
            SEEN_BY_SPEC = true
            return m
            """
        let spec = """
            local m = require "counted"
            it("runs once, sharing the spec's globals", function()
              assert.equals(m, require("counted"))
              assert.equals(1, LOADS)
              assert.equals(describe, m.describe)
              assert.is_true(SEEN_BY_SPEC)
            end)
            it("hands out the module's table itself", function()
              m.changed = true
              assert.is_true(require("counted").changed)
            end)
            """
        let folder = try suite(["counted.lua": module, "a_spec.lua": spec, "b_spec.lua": spec])
        XCTAssertTrue(try passes(folder).hasSuffix("4 passed, 0 failed\n"))
    }

    func testBustedsModulesArePreloaded() throws {
        let folder = try suite(["x_spec.lua": """
            it("are the spec's own objects", function()
              local busted = require "busted"
              assert.equals(it, busted.it)
              assert.equals(describe, busted.describe)
              assert.equals(assert, busted.assert)
              assert.equals(assert, require "luassert")
              assert.equals(spy, require "luassert.spy")
              assert.equals(stub, require "luassert.stub")
              assert.equals(mock, require "luassert.mock")
              assert.equals(match, require "luassert.match")
              assert.equals("hi", (function() local say = require "say"; say:set("k", "hi"); return say("k") end)())
            end)
            """])
        XCTAssertTrue(try passes(folder).hasSuffix("1 passed, 0 failed\n"))
    }

    func testCyclesAndFailingModulesAreErrorsNamingThem() throws {
        let folder = try suite([
            "a.lua": "return require 'b'",
            "b.lua": "return require 'a'",
            "broken.lua": "TRIES = (TRIES or 0) + 1\nerror('broken on purpose')",
            "x_spec.lua": """
                it("names a cycle", function()
                  local ok, message = pcall(require, "a")
                  assert.is_false(ok)
                  assert.matches("require cycle: a.lua requires b.lua requires a.lua", message, 1, true)
                end)
                it("raises a module's error, and tries again later", function()
                  local ok, message = pcall(require, "broken")
                  assert.is_false(ok)
                  assert.matches("broken.lua:2: broken on purpose", message, 1, true)
                  pcall(require, "broken")
                  assert.equals(2, TRIES)
                end)
                it("refuses names that are not words", function()
                  for _, name in ipairs { "../x", "/etc/passwd", "a..b", "", "a b" } do
                    local ok, message = pcall(require, name)
                    assert.is_false(ok)
                    assert.matches("a module name is words", message, 1, true)
                  end
                end)
                """,
        ])
        XCTAssertTrue(try passes(folder).hasSuffix("3 passed, 0 failed\n"))
    }

    /// A megabyte name is named by its start and its length: one letter
    /// under a megabyte of accents is one character, and the message held
    /// the whole name (and reading its parts ran out the spec's time).
    func testAMegabyteModuleNameIsCutInItsError() throws {
        let folder = try suite(["x_spec.lua": """
            it("names a long module name by its start and its length", function()
              local names = { [string.rep("a", 1048576)] = 1048576, ["a" .. string.rep("\\u{301}", 500000)] = 1000001 }
              for name, bytes in pairs(names) do
                local ok, message = pcall(require, name)
                assert.is_false(ok)
                assert.is_true(#message < 1000, #message)
                assert.matches("… (" .. bytes .. " bytes)': a module name is words", message, 1, true)
              end
            end)
            """])
        XCTAssertTrue(try passes(folder).hasSuffix("1 passed, 0 failed\n"))
    }

    /// A spec reads modules only inside its folder and the working
    /// directory, once links are resolved, whether the file exists or not.
    func testARequireThroughASymbolicLinkOutOfTheFoldersIsRefused() throws {
        let outside = try temporaryDirectory(self)
        try "return { secret = true }".write(toFile: outside + "/secret.lua", atomically: true, encoding: .utf8)
        let folder = try suite(["x_spec.lua": """
            it("refuses a link to a file outside", function()
              local ok, message = pcall(require, "leak")
              assert.is_false(ok)
              assert.matches("a symbolic link leads outside the folders a spec may read", message, 1, true)
            end)
            it("refuses a linked folder outside", function()
              local ok, message = pcall(require, "linked.secret")
              assert.is_false(ok)
              assert.matches("a symbolic link leads outside the folders a spec may read", message, 1, true)
            end)
            """])
        try FileManager.default.createSymbolicLink(atPath: folder + "/leak.lua", withDestinationPath: outside + "/secret.lua")
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: outside)
        XCTAssertTrue(try passes(folder).hasSuffix("2 passed, 0 failed\n"))
    }

    /// A library's specs, run from a folder above it, find its modules in
    /// the suite's folder (the nearest above the spec with a `.busted`).
    func testASuiteBelowTheWorkingDirectoryFindsItsOwnModules() throws {
        let folder = try suite([
            "lib/.busted": "return {}",
            "lib/thing.lua": "return { ok = true }",
            "lib/spec/helper.lua": "return { helped = true }",
            "lib/spec/thing_spec.lua": """
                it("finds the library's modules", function()
                  assert.is_true(require("thing").ok)
                  assert.is_true(require("spec.helper").helped)
                end)
                """,
        ])
        XCTAssertTrue(try passes(folder).hasSuffix("1 passed, 0 failed\n"))
        XCTAssertTrue(try passes(folder + "/lib").hasSuffix("1 passed, 0 failed\n"))
    }

    /// A module that fails while the spec file loads (busted suites often
    /// require a helper at the top) is named with its own line; the
    /// result's line is the spec's `require`.
    func testAModuleThatFailsWhileTheSpecLoadsIsNamedWithItsLine() throws {
        let folder = try suite([
            "spec/helper.lua": "local x = 1\n\n\nerror('broken helper')\n",
            "spec/thing_spec.lua": "\nrequire 'spec.helper'\nit('never runs', function() end)\n",
        ])
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.output.hasPrefix("ERROR spec/helper.lua:4: (loading spec/thing_spec.lua): broken helper\n"), run.output)
        let tap = try runBehaveWithErrors(["test", "-o", "TAP"], in: folder)
        XCTAssertTrue(tap.output.contains("at: \"spec/helper.lua:4\""), tap.output)
    }
}
