import BehaveSpec
import Foundation
import ToolRunning
import XCTest

/// busted's `json` and `gtest` output handlers (`-o json`, `-o gtest`), on
/// the suites in Fixtures/.reports: `mixed` has one spec of each outcome,
/// `hostile` names, raises and prints what a report must carry unbroken,
/// `forge` prints and raises what passes for gtest's lines.
final class BustedReportTests: XCTestCase {
    private let mixed = fixture(".reports/mixed")

    /// The report as a CI tool reads it: busted's keys, one entry per spec.
    private func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(object as? [String: Any], file: file, line: line)
    }

    private func entries(_ report: [String: Any], _ key: String) -> [[String: Any]] {
        report[key] as? [[String: Any]] ?? []
    }

    private func place(_ entry: [String: Any], _ key: String = "trace") -> String {
        let trace = (key == "trace" ? entry["trace"] : (entry["element"] as? [String: Any])?["trace"]) as? [String: Any]
        return "\(trace?["short_src"] ?? "?"):\(trace?["currentline"] ?? "?")"
    }

    func testJSONHasBustedsKeysAndEachSpecWhereItFailed() throws {
        let run = try runBehaveWithErrors(["test", "-o", "json"], in: mixed)
        XCTAssertEqual(run.status, 1, run.errors)
        let report = try json(run.output)
        XCTAssertEqual(Set(report.keys), ["successes", "failures", "errors", "pendings", "duration"])
        XCTAssertEqual(entries(report, "successes").map { $0["name"] as? String }, ["mix passes", "mix inner passes inside"])
        XCTAssertEqual(entries(report, "successes").last?["output"] as? [String], [])
        let failure = try XCTUnwrap(entries(report, "failures").first)
        XCTAssertEqual(entries(report, "failures").count, 1)
        XCTAssertEqual(failure["name"] as? String, "mix fails")
        XCTAssertEqual(failure["message"] as? String, "spec/mix_spec.lua:8: expected 1, got 2")
        XCTAssertEqual(place(failure), "spec/mix_spec.lua:8", "the failing assertion")
        XCTAssertEqual(place(failure, "element"), "spec/mix_spec.lua:7", "the spec's it")
        XCTAssertNil(failure["isError"])
        let error = try XCTUnwrap(entries(report, "errors").first)
        XCTAssertEqual(error["message"] as? String, "spec/mix_spec.lua:11: boom")
        XCTAssertEqual(error["isError"] as? Bool, true)
        XCTAssertEqual(place(error), "spec/mix_spec.lua:11")
        let pending = try XCTUnwrap(entries(report, "pendings").first)
        XCTAssertEqual(pending["name"] as? String, "mix waits")
        XCTAssertEqual(pending["message"] as? String, "later")
        XCTAssertEqual(place(pending), "spec/mix_spec.lua:13")
        XCTAssertNotNil(report["duration"] as? Double)
    }

    /// busted's own `-o json` on the same suite: the same keys, the same
    /// specs in each list, at the same lines, and every key of ours that
    /// busted has too (`output` is Behave's) holds what busted's holds.
    func testJSONReadsAsBustedsDoes() throws {
        let (lua, busted) = try bustedOnLua54()
        let reference = try ToolRunning.run(lua, [busted, "-o", "json", "spec"], in: URL(fileURLWithPath: mixed))
        let theirs = try json(reference.output)
        let ours = try json(try runBehaveWithErrors(["test", "-o", "json", "spec"], in: mixed).output)
        XCTAssertEqual(Set(ours.keys), Set(theirs.keys))
        for key in ["successes", "failures", "errors", "pendings"] {
            let (mine, their) = (entries(ours, key), entries(theirs, key))
            XCTAssertEqual(mine.map { $0["name"] as? String }, their.map { $0["name"] as? String }, key)
            // busted's pending trace is its `pending()` call; ours, its `it`.
            if key != "pendings" { XCTAssertEqual(mine.map { place($0) }, their.map { place($0) }, key) }
            for (a, b) in zip(mine, their) {
                XCTAssertEqual(Set(a.keys).subtracting(b.keys), ["output"], key)
                XCTAssertEqual(a["isError"] as? Bool, b["isError"] as? Bool, key)
                XCTAssertEqual((a["element"] as? [String: Any])?["descriptor"] as? String, "it")
                // Where the message is, it names the same place first.
                if let message = b["message"] as? String, let colon = message.firstIndex(of: " "), key != "pendings" {
                    XCTAssertTrue((a["message"] as? String)?.hasPrefix(String(message[..<colon])) == true, "\(a) \(b)")
                }
            }
        }
    }

    /// Bytes that are not UTF-8, control characters and huge text leave
    /// valid JSON, every string bounded, the specs still counted.
    func testHostileNamesMessagesAndPrintsLeaveValidBoundedJSON() throws {
        let folder = try copy(fixture(".reports/hostile"))
        let run = try runBehaveWithErrors(["test", "-o", "json", "--output-file", "report.json", "hostile_spec.lua"],
                                          in: folder)
        XCTAssertEqual(run.status, 1, run.errors)
        let text = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character")
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1, "one line")
        let report = try json(text)
        let all = ["successes", "failures", "errors", "pendings"].flatMap { entries(report, $0) }
        XCTAssertEqual(all.count, 3)
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(strings)
            case let object as [String: Any]: object.values.flatMap(strings)
            default: []
            }
        }
        for string in strings(report) {
            XCTAssertLessThanOrEqual(string.utf8.count, (16 << 10) + 64, String(string.prefix(80)))
        }
        let printer = try XCTUnwrap(all.first { ($0["name"] as? String)?.hasPrefix("hostile prints \u{1B}") == true })
        XCTAssertEqual(printer["name"] as? String, "hostile prints \u{1B}[31mred\u{1B}[0m and \u{0} bytes", "as it was, in JSON's escapes")
        XCTAssertEqual(printer["output"] as? [String], ["bad \\xFF\\xFE bytes \\0 and \\27[2J\\13\n\"quoted\" \\ end"])
        let message = try XCTUnwrap(printer["message"] as? String)
        XCTAssertTrue(message.hasPrefix("hostile_spec.lua:6: raised \u{FFFD} \u{1}\u{2} \u{202E} xxx"), message)
        XCTAssertEqual(place(printer), "hostile_spec.lua:6")
    }

    func testGTestNamesEachSpecItsOutcomeAndTheCounts() throws {
        let run = try runBehaveWithErrors(["test", "-o", "gtest", "spec"], in: mixed)
        XCTAssertEqual(run.status, 1, run.errors)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "[==========] Running tests from scanned files.")
        XCTAssertTrue(lines.contains("[----------] Running tests from spec/mix_spec.lua"), run.output)
        XCTAssertTrue(lines.contains("[ RUN      ] spec/mix_spec.lua:4: mix passes"), run.output)
        for expected in ["[       OK ] spec/mix_spec.lua:4: mix passes",
                         "[  FAILED  ] spec/mix_spec.lua:7: mix fails", "[  ERROR   ] spec/mix_spec.lua:10: mix errors",
                         "[ SKIPPED  ] spec/mix_spec.lua:13: mix waits"] {
            XCTAssertTrue(lines.contains { $0.hasPrefix(expected + " (") && $0.hasSuffix(" ms)") }, expected + "\n" + run.output)
        }
        // The failure under its RUN line, where it failed and why.
        let failing = try XCTUnwrap(lines.firstIndex(of: "[ RUN      ] spec/mix_spec.lua:7: mix fails"))
        XCTAssertEqual(Array(lines[failing + 1...failing + 2]), ["spec/mix_spec.lua:8: Failure", "  expected 1, got 2"])
        XCTAssertTrue(lines.contains { $0.hasPrefix("[----------] 5 tests from spec/mix_spec.lua (") }, run.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("[==========] 5 tests from 1 test file ran. (") }, run.output)
        let end = Array(lines.drop { !$0.hasPrefix("[  PASSED  ]") })
        XCTAssertEqual(end, ["[  PASSED  ] 2 tests.",
                             "[ SKIPPED  ] 1 test, listed below:", "[ SKIPPED  ] spec/mix_spec.lua:13: mix waits",
                             "[  FAILED  ] 1 test, listed below:", "[  FAILED  ] spec/mix_spec.lua:7: mix fails",
                             "[  ERROR   ] 1 error, listed below:", "[  ERROR   ] spec/mix_spec.lua:10: mix errors",
                             "", " 1 SKIPPED TEST", " 1 FAILED TEST", " 1 ERROR", ""])
    }

    /// Nothing a spec writes starts a line that passes for one of gtest's.
    func testGTestKeepsWhatSpecsWroteOffItsLines() throws {
        let run = try runBehaveWithErrors(["test", "-o", "gtest"], in: fixture(".reports/forge"))
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.output.contains("\n[       OK ] forged"), run.output)
        XCTAssertFalse(run.output.contains("\n[  PASSED  ] 9"), run.output)
        XCTAssertTrue(run.output.contains("\n  [       OK ] forged"), run.output)
    }

    /// On a terminal only the markers are coloured, as busted's are.
    func testGTestColoursItsMarkersOnly() throws {
        let (text, _) = runSpecs([fixture("failing.lua")]) { GTestReporter(colours: true, write: $0) }
        XCTAssertTrue(text.contains("\u{1B}[31m[  FAILED  ]\u{1B}[0m "), text)
        XCTAssertTrue(text.contains("\u{1B}[32m[ RUN      ]\u{1B}[0m "), text)
        let (plain, _) = runSpecs([fixture("failing.lua")]) { GTestReporter(write: $0) }
        XCTAssertFalse(plain.contains("\u{1B}"), plain)
    }

    /// A copy of `folder` the run may write its report in.
    private func copy(_ folder: String) throws -> String {
        let target = try temporaryDirectory(self) + "/suite"
        try FileManager.default.copyItem(atPath: folder, toPath: target)
        return target
    }
}

/// `JSONReporter` itself, fed results no run makes (the runner bounds
/// what specs raise and print before a reporter sees it).
final class JSONReporterTests: XCTestCase {
    private func report(_ results: [SpecResult]) throws -> [String: Any] {
        var text = ""
        let reporter = JSONReporter { text += $0 }
        results.forEach(reporter.report)
        reporter.finish(SpecSummary())
        XCTAssertTrue(text.hasSuffix("}\n"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testHugeTextIsCutAndSaysHowMuch() throws {
        let huge = String(repeating: "é", count: 600_000)
        let json = try report([SpecResult(file: "a_spec.lua", name: huge, line: 3, status: .failed,
                                          location: "a_spec.lua:4", message: huge, output: [huge])])
        let failure = try XCTUnwrap((json["failures"] as? [[String: Any]])?.first)
        for text in [failure["name"] as? String, failure["message"] as? String, (failure["output"] as? [String])?.first] {
            let text = try XCTUnwrap(text)
            XCTAssertLessThanOrEqual(text.utf8.count, JSONReporter.longestString + 40)
            XCTAssertTrue(text.hasSuffix(" more bytes left out)"), String(text.suffix(60)))
            XCTAssertFalse(text.contains("\u{FFFD}"), "cut between characters")
        }
    }

    func testEveryControlCharacterReadsBackAsItWas() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init) + ["\u{7F}", "\u{9B}", "\u{202E}"]))
        let json = try report([SpecResult(file: "a_spec.lua", name: controls, line: 1, status: .errored,
                                          location: "a_spec.lua:2", message: controls + "\"\\")])
        let error = try XCTUnwrap((json["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(error["name"] as? String, controls)
        XCTAssertEqual(error["message"] as? String, "a_spec.lua:2: " + controls + "\"\\")
        XCTAssertEqual(error["isError"] as? Bool, true)
    }
}
