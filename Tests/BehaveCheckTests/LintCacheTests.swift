import Foundation
import ToolRunning
import XCTest

/// The lint cache through the built tool: `behave run` lints a script of
/// the user's once, and again only when it (or a module it requires)
/// changed; a cache folder that is missing, hostile or turned off leaves
/// the run linting every time.
final class LintCacheTests: XCTestCase {
    private static let globalWarning = "warning: `counter` is set without `local`"

    /// A fresh folder to be `XDG_CACHE_HOME`.
    private func cacheHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        return home
    }

    private func toggle() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("Scripts/toggle.lua"), encoding: .utf8)
    }

    /// The text of LintCache/`name`.
    private func fixture(_ name: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("LintCache").appendingPathComponent(name), encoding: .utf8)
    }

    /// `behave run SCRIPT --do "tap button"` with the cache at `home`.
    private func run(_ script: String, in directory: URL, home: URL,
                     environment: [String: String] = [:]) throws -> Outcome {
        let outcome = try ToolRunning.run(try tool(), ["run", script, "--do", "tap button"], in: directory,
                                          environment: ["XDG_CACHE_HOME": home.path].merging(environment) { $1 })
        XCTAssertEqual(outcome.status, 0, outcome.errors)
        return outcome
    }

    /// The entries of the cache at `home`, by name, with their inodes.
    private func entries(_ home: URL) -> [String: UInt64] {
        let folder = home.appendingPathComponent("behave/lint").path
        var found: [String: UInt64] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var status = stat()
            if stat(folder + "/" + name, &status) == 0 { found[name] = UInt64(status.st_ino) }
        }
        return found
    }

    func testACleanScriptIsLintedOnceAndAnEditedOneAgain() throws {
        let home = try cacheHome()
        let directory = try folder(["toggle.lua": toggle()])
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "")
        let first = entries(home)
        XCTAssertEqual(first.count, 1, "a clean script is remembered")
        XCTAssertTrue(first.keys.allSatisfy { $0.count == 32 && !$0.hasPrefix(".") }, "\(first)")
        // Unchanged: not linted, so not written again (the same file).
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "")
        XCTAssertEqual(entries(home), first)

        // Edited: linted again, its warning shown at every start, and not remembered.
        try ("counter = 0\n" + toggle()).write(to: directory.appendingPathComponent("toggle.lua"), atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let errors = try run("toggle.lua", in: directory, home: home).errors
            XCTAssertTrue(errors.hasPrefix("toggle.lua:1:1: " + LintCacheTests.globalWarning), errors)
        }
        XCTAssertEqual(entries(home), first)
    }

    func testAChangedModuleIsLintedAgain() throws {
        let home = try cacheHome()
        let script = try toggle().replacingOccurrences(of: "function Toggle:awake()                 -- outlets and inspectables are set\n",
                                                       with: "function Toggle:awake()\n  self.step = tools.step()\n")
        let directory = try folder(["toggle.lua": "local tools = require(\"tools\")\n" + script, "tools.lua": fixture("tools.lua")])
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "")
        XCTAssertEqual(entries(home).count, 2, "the script and its module, each remembered")
        try fixture("tools_global.lua").write(to: directory.appendingPathComponent("tools.lua"), atomically: true, encoding: .utf8)
        let errors = try run("toggle.lua", in: directory, home: home).errors
        XCTAssertTrue(errors.contains("tools.lua:2:23: " + LintCacheTests.globalWarning), errors)
    }

    /// A module named as a spec file (`names_spec.lua`) is linted as one,
    /// against the scene files it loads: it is not remembered, so an edit
    /// to such a scene file shows its warning at the next start.
    func testAModuleLintedAsASpecIsNotRemembered() throws {
        let home = try cacheHome()
        let script = try toggle().replacingOccurrences(of: "function Toggle:awake()                 -- outlets and inspectables are set\n",
                                                       with: "function Toggle:awake()\n  self.form = names.form\n")
        let directory = try folder(["toggle.lua": "local names = require(\"names_spec\")\n" + script,
                                    "names_spec.lua": fixture("names_spec.lua"), "form.scene.yaml": fixture("form.scene.yaml")])
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "")
        XCTAssertEqual(entries(home).count, 1, "toggle.lua alone")
        try fixture("form_remove.scene.yaml").write(to: directory.appendingPathComponent("form.scene.yaml"), atomically: true, encoding: .utf8)
        let errors = try run("toggle.lua", in: directory, home: home).errors
        XCTAssertTrue(errors.hasPrefix("names_spec.lua:3:21: warning: the control `remove` of form.scene.yaml (line 4)"), errors)
    }

    /// `behave test` remembers the scripts a spec loads, not the spec,
    /// whose findings depend on the scene files it names too.
    func testTestRemembersTheScriptsASpecLoads() throws {
        let home = try cacheHome()
        let directory = try folder(["toggle.lua": toggle(), "toggle_spec.lua": fixture("toggle_spec.lua")])
        let environment = ["XDG_CACHE_HOME": home.path]
        let first = try ToolRunning.run(try tool(), ["test"], in: directory, environment: environment)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertEqual(first.errors, "")
        XCTAssertEqual(entries(home).count, 1, "toggle.lua alone")
        try ("counter = 0\n" + toggle()).write(to: directory.appendingPathComponent("toggle.lua"), atomically: true, encoding: .utf8)
        let edited = try ToolRunning.run(try tool(), ["test"], in: directory, environment: environment)
        XCTAssertTrue(edited.errors.hasPrefix("toggle.lua:1:1: " + LintCacheTests.globalWarning), edited.errors)
    }

    /// A script edited and run again leaves an entry for each clean
    /// version: past 512 entries, the oldest (and a temporary file a
    /// killed start left) are removed, never a file that is not the
    /// cache's, nor the entry just written.
    func testTheCacheKeepsAtMost512Entries() throws {
        let home = try cacheHome()
        let folder = home.appendingPathComponent("behave/lint")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(chmod(home.appendingPathComponent("behave").path, 0o700), 0)
        func write(_ name: String, _ text: String, writtenAt seconds: Int) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            XCTAssertEqual(utimensat(AT_FDCWD, folder.appendingPathComponent(name).path, &times, 0), 0)
        }
        let old = (0..<600).map { String(repeating: "0", count: 28) + String(format: "%04x", $0) }
        for (age, name) in old.enumerated() { try write(name, "behave lint: clean\n", writtenAt: 1_000_000 + age) }
        try write(".\(old[0]).4242.17", "behave lint: clean\n", writtenAt: 10)
        try write("notes.txt", "mine", writtenAt: 1)

        let directory = try self.folder(["toggle.lua": toggle()])
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "")
        let left = Set(entries(home).keys)
        XCTAssertEqual(left.count, 512 * 3 / 4 + 1, "a quarter fewer than 512, and the file that is not an entry")
        XCTAssertTrue(left.contains("notes.txt"))
        XCTAssertFalse(left.contains(".\(old[0]).4242.17"), "the temporary file is older than the entries kept")
        XCTAssertEqual(left.subtracting(old + ["notes.txt"]).count, 1, "the entry just written")
        XCTAssertTrue(Set(old.suffix(512 * 3 / 4 - 1)).isSubset(of: left), "the newest entries")
        // Below the bound, nothing is removed.
        let edited = try self.folder(["toggle.lua": "-- edited\n" + toggle()])
        XCTAssertEqual(try run("toggle.lua", in: edited, home: home).errors, "")
        XCTAssertEqual(Set(entries(home).keys).subtracting(left).count, 1)
        XCTAssertTrue(left.isSubset(of: Set(entries(home).keys)))
    }

    func testTheCacheTurnedOffAndCheckNeitherReadNorWriteIt() throws {
        let home = try cacheHome()
        let directory = try folder(["toggle.lua": toggle()])
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home, environment: ["BEHAVE_NO_CACHE": "1"]).errors, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("behave").path))
        let checked = try ToolRunning.run(try tool(), ["check", "toggle.lua"], in: directory,
                                          environment: ["XDG_CACHE_HOME": home.path])
        XCTAssertEqual(checked.output, "toggle.lua: ok\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("behave").path))
    }

    /// Garbage in an entry is no entry: the script is linted and the entry
    /// written anew.
    func testAnEntryWithOtherContentsIsNotTakenAsClean() throws {
        let home = try cacheHome()
        let directory = try folder(["toggle.lua": toggle()])
        _ = try run("toggle.lua", in: directory, home: home)
        let name = try XCTUnwrap(entries(home).first?.key)
        let entry = home.appendingPathComponent("behave/lint/" + name)
        for garbage in ["", "behave lint: clean\nmore\n", "\u{0}\u{1}garbage", "behave lint: cleaN\n"] {
            try Data(garbage.utf8).write(to: entry)
            _ = try run("toggle.lua", in: directory, home: home)
            XCTAssertEqual(try String(contentsOf: entry, encoding: .utf8), "behave lint: clean\n")
            XCTAssertEqual(entries(home).count, 1, "no temporary file left")
        }
    }

    func testAHostileCacheFolderLeavesTheRunLinting() throws {
        let script = try "counter = 0\n" + toggle()
        let clean = try toggle()
        // A file where a folder should be; a link in place of the folder;
        // a folder others may write to; a place that cannot be made.
        let fileInPlace = try cacheHome()
        try Data("not a folder".utf8).write(to: fileInPlace.appendingPathComponent("behave"))
        let linked = try cacheHome()
        let elsewhere = try cacheHome()
        try FileManager.default.createDirectory(at: linked.appendingPathComponent("behave"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: linked.appendingPathComponent("behave/lint"), withDestinationURL: elsewhere)
        let shared = try cacheHome()
        try FileManager.default.createDirectory(at: shared.appendingPathComponent("behave/lint"), withIntermediateDirectories: true)
        XCTAssertEqual(chmod(shared.appendingPathComponent("behave/lint").path, 0o777), 0)
        let missing = URL(fileURLWithPath: "/proc/behave-no-such-folder")
        for home in [fileInPlace, linked, shared, missing] {
            for _ in 0..<2 {
                let directory = try folder(["toggle.lua": clean, "warned.lua": script])
                XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "", home.path)
                let errors = try run("warned.lua", in: directory, home: home).errors
                XCTAssertTrue(errors.hasPrefix("warned.lua:1:1: " + LintCacheTests.globalWarning), errors)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [], "nothing written through the link")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("behave/lint").path), [])
    }

    /// An entry belongs to a build of `behave`, told by the build ID its
    /// linker wrote, however the program was started: through the dynamic
    /// loader (where /proc/self/exe is the loader, which all builds share)
    /// or as a copy of the file. A build with another ID has entries of
    /// its own.
    func testAnEntryBelongsToTheBuildNotToTheFileStarted() throws {
        let home = try cacheHome()
        let directory = try folder(["toggle.lua": toggle()])
        let built = try tool()
        XCTAssertEqual(try run("toggle.lua", in: directory, home: home).errors, "")
        let first = entries(home)
        XCTAssertEqual(first.count, 1)
        let command = ["run", "toggle.lua", "--do", "tap button"]
        let environment = ["XDG_CACHE_HOME": home.path]

        let loader = try XCTUnwrap(["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }, "no dynamic loader")
        let loaded = try ToolRunning.run(URL(fileURLWithPath: loader), [built.path] + command, in: directory, environment: environment)
        XCTAssertEqual(loaded.status, 0, loaded.errors)
        XCTAssertEqual(entries(home), first, "started through the loader: the same build, its entry read")

        // A copy is another file (inode, time) of the same build; a copy
        // whose build ID differs by one bit is another build.
        let bin = try folder([:])
        let copy = bin.appendingPathComponent("behave"), other = bin.appendingPathComponent("behave-other")
        var bytes = try Data(contentsOf: built)
        try bytes.write(to: copy)
        let id = try XCTUnwrap(LintCacheTests.buildID(in: bytes), "behave has no GNU build ID")
        bytes[id] ^= 1
        try bytes.write(to: other)
        for file in [copy, other] { XCTAssertEqual(chmod(file.path, 0o755), 0) }
        let copied = try ToolRunning.run(copy, command, in: directory, environment: environment)
        XCTAssertEqual(copied.status, 0, copied.errors)
        XCTAssertEqual(entries(home), first, "a copy of the same build: its entry read")
        let rebuilt = try ToolRunning.run(other, command, in: directory, environment: environment)
        XCTAssertEqual(rebuilt.status, 0, rebuilt.errors)
        XCTAssertEqual(entries(home).count, 2, "another build ID: an entry of its own")
    }

    /// Where the GNU build ID of an ELF file starts: after the one note
    /// named "GNU" (name size 4) of type 3, NT_GNU_BUILD_ID.
    private static func buildID(in data: Data) -> Int? {
        let typeAndName = Data([3, 0, 0, 0, 0x47, 0x4E, 0x55, 0])
        var found: [Int] = []
        var from = data.startIndex
        while let range = data.range(of: typeAndName, in: from..<data.endIndex) {
            if range.lowerBound >= 8, data[(range.lowerBound - 8)..<(range.lowerBound - 4)].elementsEqual([4, 0, 0, 0]) {
                found.append(range.upperBound)
            }
            from = range.upperBound
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The suite's `behave` runs (`ToolRunning.run`) keep their lint cache
    /// in a folder of the test process, never in the developer's
    /// `~/.cache/behave/lint`.
    func testTheSuitesRunsLeaveTheUsersCacheAlone() throws {
        let home = try cacheHome()
        let directory = try folder(["toggle.lua": toggle()])
        let outcome = try ToolRunning.run(try tool(), ["run", "toggle.lua", "--do", "tap button"], in: directory,
                                          environment: ["HOME": home.path])
        XCTAssertEqual(outcome.status, 0, outcome.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent(".cache").path),
                       "written into $HOME/.cache")
        XCTAssertFalse(entries(URL(fileURLWithPath: ToolRunning.cacheHome)).isEmpty, "remembered in the test process's cache")
    }
}
