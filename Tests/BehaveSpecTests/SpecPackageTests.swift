import BehaveSpec
import Foundation
import XCTest

/// `package` in a spec file, as busted suites use it: `package.path` read
/// and set (require searches its templates, in order), `package.loaded`
/// as the file's module cache (cleared to load a module again, set to
/// stand in for one), within the folders a spec may read, and fresh for
/// each spec file.
final class SpecPackageTests: XCTestCase {
    /// A copy of the suite Fixtures/.package/`name` in a temporary folder.
    /// The folder is hidden: its specs fail on purpose or run only from
    /// their own suite, and `behave test` at the checkout's root passes
    /// over hidden folders.
    private func suite(_ name: String) throws -> String {
        let folder = try temporaryDirectory(self), source = fixture(".package/" + name)
        for item in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + item, toPath: folder + "/" + item)
        }
        return folder
    }

    /// Writes the file at `path` again with each placeholder replaced by its value.
    private func substitute(_ values: KeyValuePairs<String, String>, in path: String) throws {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for (placeholder, value) in values { text = text.replacingOccurrences(of: placeholder, with: value) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func passes(_ folder: String, _ arguments: [String] = ["test"], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try runBehaveWithErrors(arguments, in: folder)
        XCTAssertEqual(run.status, 0, run.output + run.errors, file: file, line: line)
        XCTAssertFalse(run.errors.contains("package"), run.errors, file: file, line: line)
        return run.output
    }

    /// i18n.lua's suite: a helper every spec file requires first appends a
    /// template to package.path; another suite puts its own folder first.
    func testAHelperThatSetsPackagePathWorks() throws {
        let folder = try suite("helper_path")
        XCTAssertTrue(try passes(folder).hasSuffix("4 passed, 0 failed\n"))
    }

    func testPackageLoadedIsTheFilesModuleCache() throws {
        let folder = try suite("loaded")
        XCTAssertTrue(try passes(folder).hasSuffix("6 passed, 0 failed\n"))
    }

    /// A template leading outside the folders a spec may read (absolute,
    /// `..`, a link to a folder elsewhere), or to a file that is not Lua, is
    /// not searched, even where a module is there; require says why.
    func testATemplateLeadingOutsideIsNotSearched() throws {
        let outside = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: fixture(".package/outside/secret.lua"), toPath: outside + "/secret.lua")
        let folder = try suite("escape")
        try substitute(["OUTSIDE_NAME": (outside as NSString).lastPathComponent, "OUTSIDE": outside],
                       in: folder + "/spec/escape_spec.lua")
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
        let folder = try suite("bad_path")
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
        let folder = try suite("fresh")
        try substitute(["SUITE": folder], in: folder + "/a_spec.lua")
        let run = runSpecs([folder + "/a_spec.lua", folder + "/b_spec.lua"], jobs: 1)
        XCTAssertEqual(run.results.summary?.passed, 2, run.text)
        let first = try run.results.result("changes its package").output
        XCTAssertEqual(try run.results.result("finds a fresh one").output, first)
        XCTAssertFalse(first.joined().contains("lib/?.lua"), "\(first)")
    }
}
