import BehaveCore
import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// busted's `.busted` file: tasks of options, read in the sandbox.
final class BustedConfigTests: XCTestCase {
    /// A folder with a passing, a failing and a tagged spec, and `config`
    /// as its `.busted`.
    private func folder(config: String) throws -> String {
        let directory = try temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/spec", withIntermediateDirectories: true)
        try "it(\"passes\", function() end)\nit(\"is slow #slow\", function() end)\n"
            .write(toFile: directory + "/spec/a_spec.lua", atomically: true, encoding: .utf8)
        try "it(\"fails\", function() assert.is_true(false) end)\n"
            .write(toFile: directory + "/b_spec.lua", atomically: true, encoding: .utf8)
        try config.write(toFile: directory + "/.busted", atomically: true, encoding: .utf8)
        return directory
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func testTheDefaultTaskOverAllAndTheCommandLineOverBoth() throws {
        let directory = try folder(config: """
            return {
              _all = { ROOT = { "spec" }, output = "junit" },
              default = { output = "TAP", ["exclude-tags"] = "slow" },
              everything = { ROOT = { "." }, exclude_tags = {} },
            }
            """)
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(lines(run.output), ["TAP version 13", "ok 1 - spec/a_spec.lua: passes", "1..1", "# 1 passed, 0 failed"])
        let task = try runBehaveWithErrors(["test", "--run", "everything", "-o", "plain"], in: directory)
        XCTAssertEqual(task.status, 1)
        XCTAssertEqual(lines(task.output).last, "2 passed, 1 failed", "ROOT and exclude-tags from the task, output from the line")
        let paths = try runBehaveWithErrors(["test", "-r", "everything", "b_spec.lua"], in: directory)
        XCTAssertTrue(paths.output.contains("<failure"), "paths on the line replace ROOT; output from _all: \(paths.output)")
    }

    func testKeysBehaveDoesNotUseAreSaidOnceAndChangeNothing() throws {
        let directory = try folder(config: """
            return { default = { verbose = true, coverage = false, ROOT = { "spec" }, ["output-file"] = "../../x.xml" } }
            """)
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.output, "2 passed, 0 failed\n")
        XCTAssertEqual(run.errors, "behave: .busted: not used by behave test, ignored: coverage, output-file, verbose\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/../../x.xml"), "a config file writes no file")
    }

    func testAnotherConfigFileAndItsMistakes() throws {
        let directory = try folder(config: "return {}\n")
        try "return { default = { filter = \"^fails$\" } }\n".write(toFile: directory + "/ci.lua", atomically: true, encoding: .utf8)
        let run = try runBehaveWithErrors(["test", "-f", "ci.lua"], in: directory)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(lines(run.output).last, "0 passed, 1 failed")
        for (arguments, message) in [
            (["--config-file", "none.lua"], "behave: none.lua: no such file"),
            (["--run", "nightly"], "behave: .busted: no task `nightly` (a table) in the file"),
        ] {
            let bad = try runBehaveWithErrors(["test"] + arguments, in: directory)
            XCTAssertEqual(bad.status, 2, "\(arguments)")
            XCTAssertEqual(bad.errors, message + "\n")
        }
        let elsewhere = try temporaryDirectory(self)
        let task = try runBehaveWithErrors(["test", "--run", "ci"], in: elsewhere)
        XCTAssertEqual(task.status, 2)
        XCTAssertEqual(task.errors, "behave: --run ci: there is no .busted file here to take it from\n")
    }

    func testValuesOfTheWrongKindAreBadUsage() throws {
        for (config, message) in [
            ("return { default = { tags = 5 } }", "`tags` must be a string or a list of strings"),
            ("return { default = { shuffle = \"yes\" } }", "`shuffle` must be true or false"),
            ("return { default = { seed = 1.5 } }", "`seed` must be a whole number from 0 to 9007199254740992"),
            // Named where it was written: there is no --filter on the command line.
            ("return { default = { filter = \"[x\" } }", "behave: .busted: `filter` [x: malformed pattern (missing ']')"),
            ("return { default = { [\"exclude-tags\"] = { \"ok\", \"%\" } } }",
             "behave: .busted: `exclude-tags` %: malformed pattern (ends with '%')"),
            ("return { default = { name = \"\" } }", "behave: .busted: `name` is empty, and no spec's name is"),
            // A ROOT that is not there is the file's, too.
            ("return { default = { ROOT = { \"spec\", \"gone\" } } }", "behave: .busted: ROOT gone: no such file or directory"),
            ("return 42", "the file must return a table of tasks"),
        ] {
            let directory = try folder(config: config)
            let run = try runBehaveWithErrors(["test"], in: directory)
            XCTAssertEqual(run.status, 2, config)
            XCTAssertEqual(lines(run.errors).count, 1, run.errors)
            XCTAssertTrue(run.errors.contains(message), "\(config): \(run.errors)")
        }
        // The command line's --filter is used in the file's place: its bad pattern is not read.
        let directory = try folder(config: "return { default = { filter = \"[x\" } }")
        let given = try runBehaveWithErrors(["test", "--filter", "zzz"], in: directory)
        XCTAssertEqual(given.status, 0, given.errors)
    }

    /// An output handler Behave lacks (busted's `sound`), named by the
    /// file that comes with a suite, gives the plain report and a warning,
    /// as busted falls back to its default handler; the specs still run.
    /// Named on the command line, it is bad usage.
    func testAnOutputHandlerBehaveLacksFallsBackToThePlainReport() throws {
        let directory = try folder(config: "return { default = { ROOT = { \"spec\" }, output = \"sound\" } }\n")
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "2 passed, 0 failed\n")
        XCTAssertEqual(run.errors, "behave: .busted: warning: no output handler `sound`: plain, TAP, junit, json or gtest; the plain report is used instead\n")
        let typed = try runBehaveWithErrors(["test", "-o", "sound"], in: directory)
        XCTAssertEqual(typed.status, 2)
        XCTAssertEqual(typed.errors, "behave: -o/--output: no output handler `sound`: plain, TAP, junit, json or gtest\n")
    }

    /// The file is untrusted: it runs in the sandbox, under its limits, and
    /// only the table it returns is read (no metamethod runs).
    func testAHostileConfigCannotReachTheHostOrHangIt() throws {
        let cases = [
            ("while true do end", "instruction budget exceeded"),
            ("os.exit(3)", "attempt to index a nil value (global 'os')"),
            ("return io.open('/etc/passwd')", "attempt to index a nil value (global 'io')"),
            ("return require('x')", "attempt to call a nil value (global 'require')"),
            ("local t = {} for i = 1, 1e9 do t[i] = i end", "memory limit exceeded"),
            ("return {", ".busted:1:"),
        ]
        for (config, message) in cases {
            let directory = try folder(config: config)
            let started = Date()
            let run = try runBehaveWithErrors(["test"], in: directory)
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, config)
            XCTAssertEqual(run.status, 2, config)
            XCTAssertEqual(lines(run.errors).count, 1, run.errors)
            XCTAssertTrue(run.errors.contains(message), "\(config): \(run.errors)")
        }
        // Metamethods are not run when the table is read: no task, plain defaults.
        let directory = try folder(config: "return setmetatable({}, { __index = function() while true do end end })")
        let run = try runBehaveWithErrors(["test", "spec"], in: directory)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "2 passed, 0 failed\n")
    }

    /// Regression: what Lua raises without a position (an error object that
    /// is not a string, a yield, a table that cannot be read as data) was
    /// told as bare text ("behave: table nested too deep …"), naming no file.
    func testAnErrorWithoutAPositionNamesTheFile() throws {
        let directory = try temporaryDirectory(self)
        let path = directory + "/.busted"
        let cases = [
            ("local t = {}\nt._all = t\nreturn t", ".busted: table nested too deep"),
            ("local t = {}\nfor i = 1, 200000 do t[i] = i end\nreturn { default = { tags = t } }", ".busted: table too large"),
            ("\nerror({ code = 1 })", ".busted:2: (error object is a table value)"),
            ("\n\ncoroutine.yield()", ".busted:3: attempt to yield from outside a coroutine"),
        ]
        for (config, message) in cases {
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try SpecConfigFile.read(path, shown: ".busted", task: nil), config) { error in
                let told = (error as? ValueError)?.message ?? "\(error)"
                XCTAssertTrue(told.hasPrefix(message), "\(config): \(told)")
            }
        }
    }

    func testTheReaderFromSwift() throws {
        let directory = try temporaryDirectory(self)
        let path = directory + "/.busted"
        try """
            return {
              _all = { tags = "a, b", seed = 7, jobs = 2 },  -- jobs: the command line's only
              unit = { tags = { "c" }, ["shuffle-files"] = true, filter_out = "slow" },
            }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let all = try SpecConfigFile.read(path, shown: ".busted", task: nil)
        XCTAssertEqual(all.tags, ["a", "b"])
        XCTAssertEqual(all.seed, 7)
        XCTAssertEqual(all.ignored, ["jobs"])
        XCTAssertNil(all.shuffleFiles)
        let unit = try SpecConfigFile.read(path, shown: ".busted", task: "unit")
        XCTAssertEqual(unit.tags, ["c"])
        XCTAssertEqual(unit.shuffleFiles, true)
        XCTAssertEqual(unit.filtersOut, ["slow"])
        XCTAssertEqual(unit.seed, 7)
        XCTAssertEqual(unit.ignored, ["jobs"])
    }
}
