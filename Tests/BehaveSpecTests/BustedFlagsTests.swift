import BehaveCore
import Foundation
import XCTest

/// `behave test`'s flags against busted's habits, through the built tool:
/// output handlers, failures apart from errors, `--list`, Lua-pattern
/// filters, tags, shuffling, and shards.
final class BustedFlagsTests: XCTestCase {
    /// A small suite: two specs tagged, a failure, an error, and more
    /// files for shards.
    private func suite() throws -> String {
        let directory = try temporaryDirectory(self)
        let files = [
            "a_spec.lua": """
                describe("alpha #fast", function()
                  it("one", function() assert.equals(1, 1) end)
                  it("two #slow", function() assert.equals(2, 2) end)
                end)
                it("three", function() assert.equals(3, 3) end)
                """,
            "b_spec.lua": """
                describe("beta", function()
                  it("fails", function() assert.equals(1, 2) end)
                  it("errs", function() error("boom") end)
                  it("passes 42", function() end)
                end)
                """,
            "more/c_spec.lua": "it(\"gamma\", function() end)\nit(\"delta\", function() end)\n",
            "more/d_spec.lua": "it(\"epsilon\", function() end)\n",
            "more/e_spec.lua": "describe(\"zeta\", function() it(\"eta\", function() end) end)\n",
        ]
        try FileManager.default.createDirectory(atPath: directory + "/more", withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        return directory
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// The names of the results in a TAP report (`file: name`).
    private func tapNames(_ tap: String) -> [String] {
        lines(tap).compactMap { line in
            guard let range = line.range(of: #"^(not )?ok \d+ - "#, options: .regularExpression) else { return nil }
            // TAP escapes `#` in a name (a `#` starts a directive).
            return line[range.upperBound...].replacingOccurrences(of: "\\#", with: "#")
        }
    }

    // MARK: Output handlers

    func testOutputPicksTheHandlerByBustedsNamesInAnyCase() throws {
        let directory = try suite()
        for name in ["TAP", "tap"] {
            let run = try runBehaveWithErrors(["test", "-o", name, "a_spec.lua"], in: directory)
            XCTAssertEqual(run.status, 0, run.errors)
            XCTAssertEqual(lines(run.output).first, "TAP version 13", name)
            XCTAssertEqual(lines(run.output).suffix(2), ["1..3", "# 3 passed, 0 failed"], name)
        }
        for name in ["junit", "JUnit"] {
            let run = try runBehaveWithErrors(["test", "--output", name, "a_spec.lua"], in: directory)
            XCTAssertTrue(run.output.hasPrefix("<?xml"), run.output)
        }
        for name in ["plain", "utfTerminal", "plainterminal"] {
            let run = try runBehaveWithErrors(["test", "-o", name, "a_spec.lua"], in: directory)
            XCTAssertEqual(run.output, "3 passed, 0 failed\n", name)
        }
        // Behave's first name for -o.
        XCTAssertTrue(try runBehaveWithErrors(["test", "--reporter", "tap", "a_spec.lua"], in: directory).output
            .hasPrefix("TAP version 13\n"))
        XCTAssertEqual(try runBehaveWithErrors(["test", "--reporter", "tap", "-o", "junit"], in: directory).status, 2)
        for name in ["JSON", "GTest"] {
            let run = try runBehaveWithErrors(["test", "-o", name, "a_spec.lua"], in: directory)
            XCTAssertEqual(run.status, 0, run.errors)
            XCTAssertTrue(run.output.hasPrefix(name == "JSON" ? "{" : "[==========]"), run.output)
        }
        for name in ["sound", "report.xml"] {
            let run = try runBehaveWithErrors(["test", "-o", name, "a_spec.lua"], in: directory)
            XCTAssertEqual(run.status, 2, name)
            XCTAssertEqual(run.output, "")
            XCTAssertEqual(lines(run.errors).count, 1, run.errors)
            XCTAssertTrue(run.errors.hasPrefix("behave: -o/--output: no output handler `\(name)`"), run.errors)
        }
    }

    func testOutputFileGetsTheHandlersReportAndStandardOutputThePlainOne() throws {
        let directory = try suite()
        let run = try runBehaveWithErrors(["test", "-o", "TAP", "--output-file", "report.tap", "a_spec.lua", "b_spec.lua"],
                                          in: directory)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(lines(run.output).last, "4 passed, 1 failed, 1 errored")
        let tap = try String(contentsOfFile: directory + "/report.tap", encoding: .utf8)
        XCTAssertTrue(tap.hasPrefix("TAP version 13\n"), tap)
        XCTAssertEqual(tapNames(tap).count, 6)
    }

    // MARK: Failures and errors

    func testAFailedAssertionAndAnErrorAreCountedApart() throws {
        let directory = try suite()
        let plain = try runBehaveWithErrors(["test", "b_spec.lua"], in: directory)
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(lines(plain.output), [
            "FAIL b_spec.lua:2: beta fails: expected 1, got 2",
            "ERROR b_spec.lua:3: beta errs: boom",
            "1 passed, 1 failed, 1 errored",
        ])
        let junit = try runBehaveWithErrors(["test", "-o", "junit", "b_spec.lua"], in: directory)
        XCTAssertTrue(junit.output.contains(#"<testsuites name="behave" tests="3" failures="1" errors="1" skipped="0""#),
                      junit.output)
        XCTAssertTrue(junit.output.contains(#"<error message="boom" type="error">b_spec.lua:3: boom</error>"#), junit.output)
        // Only errors: the run still fails.
        let errors = try runBehaveWithErrors(["test", "--filter", "errs", "b_spec.lua"], in: directory)
        XCTAssertEqual(errors.status, 1)
        XCTAssertEqual(lines(errors.output).last, "0 passed, 0 failed, 1 errored")
    }

    // MARK: --list

    func testListNamesTheSpecsWithoutRunningThem() throws {
        let directory = try suite()
        let run = try runBehaveWithErrors(["test", "--list"], in: directory)
        XCTAssertEqual(run.status, 0, "the failing specs did not run: \(run.errors)")
        XCTAssertEqual(lines(run.output), [
            "a_spec.lua:2: alpha #fast one",
            "a_spec.lua:3: alpha #fast two #slow",
            "a_spec.lua:5: three",
            "b_spec.lua:2: beta fails",
            "b_spec.lua:3: beta errs",
            "b_spec.lua:4: beta passes 42",
            "more/c_spec.lua:1: gamma",
            "more/c_spec.lua:2: delta",
            "more/d_spec.lua:1: epsilon",
            "more/e_spec.lua:1: zeta eta",
        ])
        XCTAssertEqual(run.errors, "", "no linting, no run: nothing else to say")
        let filtered = try runBehaveWithErrors(["test", "-l", "--filter", "^beta"], in: directory)
        XCTAssertEqual(lines(filtered.output), ["b_spec.lua:2: beta fails", "b_spec.lua:3: beta errs", "b_spec.lua:4: beta passes 42"])
    }

    func testListedNamesStayOnTheirLine() throws {
        let directory = try temporaryDirectory(self)
        try "it(\"x\\nok 1 - forged\\27[2J\", function() end)\n"
            .write(toFile: directory + "/n_spec.lua", atomically: true, encoding: .utf8)
        let run = try runBehaveWithErrors(["test", "--list"], in: directory)
        XCTAssertEqual(run.output, "n_spec.lua:1: x\\nok 1 - forged\\27[2J\n")
    }

    func testAFileThatCannotLoadIsAnErrorOfTheList() throws {
        let directory = try temporaryDirectory(self)
        try "it(\"x\" function() end)\n".write(toFile: directory + "/s_spec.lua", atomically: true, encoding: .utf8)
        let run = try runBehaveWithErrors(["test", "--list"], in: directory)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.output.hasPrefix("ERROR s_spec.lua:1: (loading s_spec.lua): "), run.output)
        // Behave's parser's words follow at once (ERROR says it is one).
        XCTAssertTrue(run.output.hasPrefix("ERROR s_spec.lua:1: (loading s_spec.lua): found `function`"), run.output)
    }

    // MARK: Selection

    func testFilterAndFilterOutTakeLuaPatterns() throws {
        let directory = try suite()
        func names(_ arguments: [String]) throws -> [String] {
            let run = try runBehaveWithErrors(["test", "-o", "tap"] + arguments, in: directory)
            return tapNames(run.output)
        }
        XCTAssertEqual(try names(["--filter", "%d%d$"]), ["b_spec.lua: beta passes 42"])
        XCTAssertEqual(try names(["--filter", "^alpha", "--filter", "^zeta"]),
                       ["a_spec.lua: alpha #fast one", "a_spec.lua: alpha #fast two #slow", "more/e_spec.lua: zeta eta"])
        XCTAssertEqual(try names(["--filter", "^alpha", "--filter-out", "t[wx]o"]), ["a_spec.lua: alpha #fast one"])
        XCTAssertEqual(try names(["--filter", "beta", "--filter-out", "beta"]), [], "--filter-out wins")
        // `-` is a pattern's lazy repetition, `$` the end, as in busted.
        XCTAssertEqual(try names(["--filter", "^b.-s$"]), ["b_spec.lua: beta fails", "b_spec.lua: beta errs"])
    }

    func testABadPatternIsBadUsageOnOneLine() throws {
        let directory = try suite()
        for arguments in [["--filter", "[a"], ["--filter-out", "%"], ["--tags", "x%b"], ["--exclude-tags", "(("]] {
            let run = try runBehaveWithErrors(["test"] + arguments, in: directory)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.output, "")
            XCTAssertEqual(lines(run.errors).count, 1, run.errors)
            XCTAssertTrue(run.errors.hasPrefix("behave: \(arguments[0]) "), run.errors)
        }
        let run = try runBehaveWithErrors(["test", "--filter", "[a"], in: directory)
        XCTAssertEqual(run.errors, "behave: --filter [a: malformed pattern (missing ']')\n")
    }

    /// `--name=` (a variable left unset in a script) would choose no spec
    /// and only warn; it is a mistake in the options, said before any runs.
    func testAnEmptyNameIsBadUsage() throws {
        let directory = try suite()
        let run = try runBehaveWithErrors(["test", "--name="], in: directory)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(run.errors, "behave: --name is empty, and no spec's name is; give a spec's full name "
                       + "(`behave test --list` names each spec)\n")
    }

    func testTagsSelectByHashTagsInNames() throws {
        let directory = try suite()
        func names(_ arguments: [String]) throws -> [String] {
            tapNames(try runBehaveWithErrors(["test", "-o", "tap", "a_spec.lua"] + arguments, in: directory).output)
        }
        XCTAssertEqual(try names(["--tags", "fast"]), ["a_spec.lua: alpha #fast one", "a_spec.lua: alpha #fast two #slow"])
        XCTAssertEqual(try names(["-t", "fast", "--exclude-tags", "slow"]), ["a_spec.lua: alpha #fast one"])
        XCTAssertEqual(try names(["--exclude-tags", "fast"]), ["a_spec.lua: three"])
        XCTAssertEqual(try names(["--tags", "nope, slow"]), ["a_spec.lua: alpha #fast two #slow"], "comma-separated")
        XCTAssertEqual(try names(["--tags", "nope", "--tags", "slow"]), ["a_spec.lua: alpha #fast two #slow"], "repeatable")
    }

    // MARK: Order

    func testShuffleIsRepeatedByItsSeedAndKeepsBlocksTogether() throws {
        let directory = try temporaryDirectory(self)
        var source = ""
        for block in 1...4 {
            source += "describe(\"block\(block)\", function()\n"
            source += "  setup(function() end)\n"
            for spec in 1...5 { source += "  it(\"spec\(spec)\", function() end)\n" }
            source += "end)\n"
        }
        for spec in 1...5 { source += "it(\"top\(spec)\", function() end)\n" }
        try source.write(toFile: directory + "/order_spec.lua", atomically: true, encoding: .utf8)
        for other in 1...5 { try "it(\"x\", function() end)\n".write(toFile: directory + "/f\(other)_spec.lua", atomically: true, encoding: .utf8) }

        let first = try runBehaveWithErrors(["test", "--list", "--shuffle", "--seed", "42"], in: directory)
        XCTAssertEqual(first.errors, "behave: shuffled with seed 42 (--seed 42 repeats the order)\n")
        let again = try runBehaveWithErrors(["test", "--list", "--shuffle", "--seed", "42", "--jobs", "1"], in: directory)
        XCTAssertEqual(again.output, first.output, "the same seed, the same order, whatever the jobs")
        let other = try runBehaveWithErrors(["test", "--list", "--shuffle", "--seed", "43"], in: directory)
        XCTAssertNotEqual(other.output, first.output)
        let plain = try runBehaveWithErrors(["test", "--list"], in: directory)
        XCTAssertEqual(Set(lines(first.output)), Set(lines(plain.output)), "every spec, once")
        XCTAssertNotEqual(first.output, plain.output)

        // A block's specs stay together, each block's setup once around them.
        let order = lines(first.output).filter { $0.hasPrefix("order_spec.lua") }
        XCTAssertEqual(order.count, 25)
        let blocks = order.compactMap { line in line.range(of: "block\\d", options: .regularExpression).map { String(line[$0]) } }
        XCTAssertEqual(blocks.count, 20)
        var seen: [String] = []
        for block in blocks where seen.last != block {
            XCTAssertFalse(seen.contains(block), "block \(block) is split: \(order)")
            seen.append(block)
        }
        let ran = try runBehaveWithErrors(["test", "--shuffle", "--seed", "42"], in: directory)
        XCTAssertEqual(lines(ran.output).last, "30 passed, 0 failed")

        // Only the files, or only the specs of each file.
        let files = try runBehaveWithErrors(["test", "--list", "--shuffle-files", "--seed", "42"], in: directory)
        XCTAssertEqual(lines(files.output).filter { $0.hasPrefix("order_spec.lua") },
                       lines(plain.output).filter { $0.hasPrefix("order_spec.lua") })
        let tests = try runBehaveWithErrors(["test", "--list", "--shuffle-tests", "--seed", "42"], in: directory)
        XCTAssertEqual(lines(tests.output).map { $0.prefix { $0 != ":" } }, lines(plain.output).map { $0.prefix { $0 != ":" } })
    }

    // MARK: Shards

    func testShardsTogetherRunEverySpecExactlyOnceAsAJobsRunDoes() throws {
        let directory = try suite()
        let everything = try runBehaveWithErrors(["test", "-o", "tap", "--jobs", "3"], in: directory)
        let oneAtATime = try runBehaveWithErrors(["test", "-o", "tap", "--jobs", "1"], in: directory)
        let all = tapNames(everything.output)
        XCTAssertEqual(all.count, 10)
        XCTAssertEqual(all, tapNames(oneAtATime.output))
        for count in [2, 3, 7] {
            var union: [String] = []
            for index in 1...count {
                let shard = try runBehaveWithErrors(["test", "-o", "tap", "--shard", "\(index)/\(count)"], in: directory)
                XCTAssertEqual(shard.status, tapNames(shard.output).contains { $0.hasPrefix("b_spec") } ? 1 : 0)
                union += tapNames(shard.output)
            }
            XCTAssertEqual(union.sorted(), all.sorted(), "shards of \(count): every spec exactly once")
        }
        // The split depends on the paths, not on the order they are given in.
        let forwards = try runBehaveWithErrors(["test", "--list", "--shard", "1/2", "a_spec.lua", "b_spec.lua", "more"], in: directory)
        let backwards = try runBehaveWithErrors(["test", "--list", "--shard", "1/2", "more", "b_spec.lua", "a_spec.lua"], in: directory)
        XCTAssertEqual(Set(lines(forwards.output)), Set(lines(backwards.output)))
        // Shards and shuffling: still the same union.
        var shuffled: [String] = []
        for index in 1...2 {
            shuffled += tapNames(try runBehaveWithErrors(["test", "-o", "tap", "--shuffle", "--shard", "\(index)/2"], in: directory).output)
        }
        XCTAssertEqual(shuffled.sorted(), all.sorted())
    }

    func testABadShardIsBadUsage() throws {
        let directory = try suite()
        for shard in ["0/2", "3/2", "1/0", "half", "1/2/3", "-1/2"] {
            let run = try runBehaveWithErrors(["test", "--shard", shard], in: directory)
            XCTAssertEqual(run.status, 2, shard)
            XCTAssertEqual(lines(run.errors).count, 1, run.errors)
        }
        let empty = try runBehaveWithErrors(["test", "--shard", "7/7", "a_spec.lua"], in: directory)
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.output, "0 passed, 0 failed\n", "a shard with no file runs nothing and passes")
    }
}
