import BehaveSpec
import Foundation
import XCTest

/// `package` in a spec file, as busted suites use it: `package.path` read
/// and set (require searches its templates, in order), `package.loaded`
/// as the file's module cache (cleared to load a module again, set to
/// stand in for one), within the folders a spec may read, and fresh for
/// each spec file.
final class SpecPackageTests: XCTestCase {
    private func passes(_ folder: String, _ arguments: [String] = ["test"], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try runBehaveWithErrors(arguments, in: folder)
        XCTAssertEqual(run.status, 0, run.output + run.errors, file: file, line: line)
        XCTAssertFalse(run.errors.contains("package"), run.errors, file: file, line: line)
        return run.output
    }

    /// i18n.lua's suite: a helper every spec file requires first appends a
    /// template to package.path; another suite puts its own folder first.
    func testAHelperThatSetsPackagePathWorks() throws {
        let folder = try temporarySuite(self, [
            "i18n/init.lua": "return { name = 'i18n', plural = require 'i18n.plural' }",
            "i18n/plural.lua": "return { one = 1 }",
            "lib/only_here.lua": "return { from = 'lib' }",
            "only_here.lua": "return { from = 'root' }",
            "spec/fixPackagePath.lua": "package.path = package.path .. ';./?/init.lua'\n",
            "spec/i18n_spec.lua": """
                require 'spec.fixPackagePath'
                local i18n = require 'i18n'

                it("finds the module through the helper's path", function()
                  assert.equals("i18n", i18n.name)
                  assert.equals(1, i18n.plural.one)
                  assert.matches(";./?/init.lua", package.path, 1, true)
                end)
                """,
            "spec/first_spec.lua": """
                it("starts as the places require looks", function()
                  assert.equals("./src/?.lua;./src/?/?.lua;./src/?/init.lua;./?.lua;./?/init.lua;spec/?.lua;spec/?/init.lua",
                                package.path)
                  assert.equals("root", require("only_here").from)
                end)
                it("searches a template put first before the rest", function()
                  package.path = "./lib/?.lua;" .. package.path
                  package.loaded.only_here = nil
                  assert.equals("lib", require("only_here").from)
                end)
                it("searches only the templates it holds", function()
                  package.path = "./lib/?.lua"
                  package.loaded.i18n = nil
                  local ok, message = pcall(require, "i18n")
                  assert.is_false(ok)
                  assert.matches("module 'i18n' not found; tried ./lib/i18n.lua (in a spec, require searches package.path", message, 1, true)
                end)
                """,
        ])
        XCTAssertTrue(try passes(folder).hasSuffix("4 passed, 0 failed\n"))
    }

    func testPackageLoadedIsTheFilesModuleCache() throws {
        let folder = try temporarySuite(self, [
            "counted.lua": "LOADS = (LOADS or 0) + 1\nreturn { loads = LOADS }\n",
            "registers.lua": "package.loaded[...] = { registered = true }\n",
            "spec/loaded_spec.lua": """
                it("shows the modules loaded", function()
                  assert.is_nil(package.loaded.counted)
                  local counted = require "counted"
                  assert.equals(counted, package.loaded.counted)
                  assert.equals(string, package.loaded.string)
                  assert.equals(_G, package.loaded._G)
                end)
                it("loads a module again once its entry is cleared", function()
                  assert.equals(1, require("counted").loads)
                  package.loaded.counted = nil
                  assert.equals(2, require("counted").loads)
                  assert.equals(2, require("counted").loads)
                end)
                it("hands out what a spec puts there", function()
                  local fake = { loads = "fake" }
                  package.loaded.counted = fake
                  assert.equals(fake, require "counted")
                end)
                it("keeps what a module put there itself", function()
                  assert.is_true(require("registers").registered)
                end)
                it("runs a loader put in package.preload", function()
                  package.preload.made = function(name, data) return { name = name, data = data } end
                  assert.same({ name = "made", data = ":preload:" }, require "made")
                  assert.equals(require "made", package.loaded.made)
                end)
                it("has what Lua's package has and no C modules", function()
                  assert.equals("", package.cpath)
                  assert.equals("/", package.config:sub(1, 1))
                  assert.same({ nil, "a spec loads no C libraries: behave test runs specs in Behave's sandbox", "absent" },
                              { package.loadlib("./lfs.so", "luaopen_lfs") })
                  assert.is_nil(rawget(package, "searchers"))
                end)
                """,
        ])
        XCTAssertTrue(try passes(folder).hasSuffix("6 passed, 0 failed\n"))
    }

    /// A template leading outside the folders a spec may read (absolute,
    /// `..`, a link to a folder elsewhere), or to a file that is not Lua, is
    /// not searched, even where a module is there; require says why.
    func testATemplateLeadingOutsideIsNotSearched() throws {
        let outside = try temporaryDirectory(self)
        try "return 'outside'".write(toFile: outside + "/secret.lua", atomically: true, encoding: .utf8)
        let folder = try temporarySuite(self, [
            "secret.txt": "return 'not lua'",
            "spec/escape_spec.lua": """
                it("does not search them", function()
                  package.path = "\(outside)/?.lua;../\((outside as NSString).lastPathComponent)/?.lua;./link/?.lua;./?.txt"
                  require "secret"
                end)
                """,
        ])
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: outside)
        // The suite and `outside` are both in the temporary folder, so
        // `../name` leads from one to the other.
        XCTAssertEqual((folder as NSString).deletingLastPathComponent, (outside as NSString).deletingLastPathComponent)
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.status, 1)
        let outsideFolders = "outside the folders a spec may read (the spec's folder, the working directory and the bundled Scripts/); "
            + "keep what a spec uses in its folder or the working directory, as files rather than links that lead elsewhere"
        let name = (outside as NSString).lastPathComponent
        XCTAssertEqual(run.output.split(separator: "\n").map(String.init), [
            "ERROR spec/escape_spec.lua:3: does not search them: module 'secret' not found; package.path names no file to try; "
                + "package.path's `\(outside)/?.lua`, `../\(name)/?.lua` were not searched: \(outsideFolders); "
                + "package.path's `./link/?.lua` was not searched: a symbolic link leads \(outsideFolders); "
                + "package.path's `./?.txt` was not searched: a spec's require loads only Lua files; end the template in `.lua` (`./lib/?.lua`) "
                + "(in a spec, require searches package.path; its templates must lead inside the spec's folder or the working directory)",
            "0 passed, 0 failed, 1 errored",
        ], run.output)
    }

    func testAPackagePathThatIsNoStringOrTooLongIsAnErrorAtTheRequire() throws {
        let folder = try temporarySuite(self, [
            "spec/bad_spec.lua": """
                it("is refused", function()
                  package.path = nil
                  require "anything"
                end)
                it("searches a hundred templates at most", function()
                  package.path = string.rep("./?.lua;", 101)
                  require "anything"
                end)
                it("names files of a path's length at most", function()
                  package.path = string.rep("?", 30) .. ".lua;./?.lua"
                  require(string.rep("a", 150))
                end)
                """,
        ])
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.output.split(separator: "\n").map(String.init), [
            "ERROR spec/bad_spec.lua:3: is refused: 'package.path' must be a string",
            "ERROR spec/bad_spec.lua:7: searches a hundred templates at most: package.path has 101 templates; "
                + "require searches at most 100 in a spec: name fewer",
            "ERROR spec/bad_spec.lua:11: names files of a path's length at most: module '\(String(repeating: "a", count: 150))' not found; "
                + "tried ./\(String(repeating: "a", count: 150)).lua; package.path's `\(String(repeating: "?", count: 30)).lua` was not searched: "
                + "the file it names is longer than 4096 bytes "
                + "(in a spec, require searches package.path; its templates must lead inside the spec's folder or the working directory)",
            "0 passed, 0 failed, 3 errored",
        ], run.output)
    }

    /// Each spec file starts with a fresh package, even on a Lua state made
    /// again from the last file's (one job: the files run one after
    /// another on one thread).
    func testEachSpecFileStartsWithAFreshPackage() throws {
        let folder = try temporarySuite(self, ["lib/counted.lua": "return {}"])
        try """
            it("changes its package", function()
              print(package.path)
              package.path = "\(folder)/lib/?.lua;" .. package.path
              assert.is_table(require "counted")
              package.loaded.other = "fake"
              package.preload.made = function() return "made" end
              package.config = "changed"
              package.loaded.string = nil
              package.extra = true
              package = nil
            end)
            """.write(toFile: folder + "/a_spec.lua", atomically: true, encoding: .utf8)
        try """
            it("finds a fresh one", function()
              print(package.path)
              assert.is_nil(package.loaded.counted)
              assert.is_nil(package.loaded.other)
              assert.is_nil(package.preload.made)
              assert.equals(string, package.loaded.string)
              assert.equals("/", package.config:sub(1, 1))
              assert.is_nil(package.extra)
              assert.is_false(pcall(require, "counted"))
              assert.is_false(pcall(require, "made"))
            end)
            """.write(toFile: folder + "/b_spec.lua", atomically: true, encoding: .utf8)
        let run = runSpecs([folder + "/a_spec.lua", folder + "/b_spec.lua"], jobs: 1)
        XCTAssertEqual(run.results.summary?.passed, 2, run.text)
        let first = try run.results.result("changes its package").output
        XCTAssertEqual(try run.results.result("finds a fresh one").output, first)
        XCTAssertFalse(first.joined().contains("lib/?.lua"), "\(first)")
    }
}
