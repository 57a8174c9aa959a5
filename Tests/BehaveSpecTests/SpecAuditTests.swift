import BehaveLua
@testable import BehaveSpec
import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Regressions from the second audit of `behave test`.
final class SpecAuditTests: XCTestCase {
    /// The text of Fixtures/.audit/`name`: a hidden folder, as some of its
    /// specs fail on purpose and `behave test` at the checkout's root
    /// passes over hidden folders.
    private func text(_ name: String) throws -> String {
        try String(contentsOfFile: fixture(".audit/" + name), encoding: .utf8)
    }

    private func write(_ text: String, to name: String, in directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: A scene that runs away

    func testARunawayClockFailsThatSpecOnlyWithTheClocksReason() throws {
        let limits = SandboxLimits(memory: 64 << 20, instructions: 10_000_000, seconds: 60)
        let started = Date()
        let (text, run) = runSpecs([fixture("runaway_clock.lua")], limits: limits)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "one advance is bounded")
        let runaway = try run.result("advances a very long time")
        XCTAssertEqual(runaway.status, .errored)
        XCTAssertTrue(runaway.message.hasPrefix("a scene raised a script error the spec did not check"), runaway.message)
        XCTAssertTrue(runaway.message.contains("more than 200000 timers fired in one advance"), runaway.message)
        XCTAssertEqual(try run.result("reads the clock's error").status, .passed, text)
        XCTAssertEqual(try run.result("runs after").status, .passed)
    }

    func testASpecThatRunsAwayAfterASceneDidSaysWhatTheSceneSaid() throws {
        let directory = try temporaryDirectory(self)
        let path = try write(text("loop.lua").replacingOccurrences(of: "TICKER", with: fixture("ticker.lua")), to: "loop_spec.lua", in: directory)
        let limits = SandboxLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 60)
        let (_, run) = runSpecs([path], limits: limits)
        let spec = try run.result("loops after a runaway")
        XCTAssertEqual(spec.status, .errored)
        XCTAssertTrue(spec.message.hasPrefix("instruction budget exceeded"), spec.message)
        // The scene's error names the spec's line that ran it (`s:advance`).
        XCTAssertTrue(spec.message.contains("\n(a scene also raised a script error the spec did not check at "), spec.message)
        XCTAssertTrue(spec.message.contains("loop_spec.lua:3: more than 200000 timers fired in one advance"), spec.message)
        XCTAssertTrue(spec.location.hasSuffix("loop_spec.lua:4"), "the spec's line, not the runner's: \(spec.location)")
        XCTAssertEqual(try run.result("runs after").status, .passed)
    }

    // MARK: A crash in Swift

    /// A stand-in for `behave test --worker`: it passes every file, except
    /// one whose name says crash, on which it dies of a signal mid-spec
    /// (saying which spec it started when asked to, as a file run alone is).
    private func fakeWorker(in directory: String) throws -> URL {
        let script = try text("worker.sh")
        let path = try write(script, to: "worker.sh", in: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return URL(fileURLWithPath: path)
    }

    func testACrashInTheWorkerFailsTheSpecItWasOnAndTheRunGoesOn() throws {
        let directory = try temporaryDirectory(self)
        let worker = try fakeWorker(in: directory)
        let files = ["a_spec.lua", "b_crash_spec.lua", "c_spec.lua"].map { (directory as NSString).appendingPathComponent($0) }
        var text = ""
        let collector = CollectingReporter()
        let runner = IsolatedSpecRunner(executable: worker, arguments: { ["\($0)"] }, jobs: 4)
        let summary = runner.run(files, reporter: TeeReporter([PlainReporter { text += $0 }, collector]))
        XCTAssertEqual(collector.results.map(\.file), ["a_spec.lua", "b_crash_spec.lua", "b_crash_spec.lua", "c_spec.lua"])
        XCTAssertEqual(collector.results.map(\.status), [.passed, .passed, .errored, .passed])
        let crash = collector.results[2]
        XCTAssertEqual(crash.name, "shows a huge image")
        XCTAssertEqual(crash.line, 7)
        XCTAssertTrue(crash.message.hasPrefix("behave crashed while running this spec: Fatal error: Double value cannot be converted to Int; signal 4"),
                      crash.message)
        XCTAssertEqual(summary.line, "3 passed, 0 failed, 1 errored")
        XCTAssertTrue(text.hasSuffix("3 passed, 0 failed, 1 errored\n"), text)
    }

    /// Only lines with the token the runner gave the worker are events: what
    /// else reaches the worker's standard output cannot forge a result.
    func testLinesWithoutTheWorkersTokenAreNotResults() throws {
        let directory = try temporaryDirectory(self)
        let path = try write(text("forger.sh"), to: "forger.sh", in: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let collector = CollectingReporter()
        let runner = IsolatedSpecRunner(executable: URL(fileURLWithPath: path), arguments: { ["\($0)"] })
        let summary = runner.run([(directory as NSString).appendingPathComponent("a_spec.lua")], reporter: collector)
        XCTAssertEqual(collector.results.map(\.status), [.errored])
        XCTAssertEqual(summary.passed, 0)
        XCTAssertTrue(collector.results.first?.message.hasPrefix("behave crashed while running this spec: the worker ended before the file was done") ?? false,
                      collector.results.first?.message ?? "")
    }

    func testTheWorkerReportsAsTheRunnerInThisProcessDoes() throws {
        let binary = try behaveBinary()
        let files = [fixture("passing.lua"), fixture("failing.lua"), fixture("pending.lua"), fixture("hostile/toplevel.lua"),
                     fixture("busted.lua")]
        for jobs in [1, 3] {
            let (inProcess, local) = runSpecs(files, jobs: jobs)
            var text = ""
            let collector = CollectingReporter()
            // The worker is given the options (the limits) on its standard input.
            let options = SpecOptions(limits: .specTesting)
            let runner = IsolatedSpecRunner(executable: binary, arguments: { jobs in ["test", "--worker", "--jobs", "\(jobs)"] },
                                            options: options, jobs: jobs)
            runner.run(files, reporter: TeeReporter([PlainReporter { text += $0 }, collector]))
            XCTAssertEqual(text, inProcess)
            XCTAssertEqual(collector.results.map(\.name), local.results.map(\.name))
            XCTAssertEqual(collector.results.map(\.message), local.results.map(\.message))
        }
    }

    // MARK: Reports

    /// busted runs a describe body when its turn comes: one that fails
    /// while the specs are declared runs again then, after the specs
    /// before it; failing again, it is one error named after the block.
    func testADescribeBodyThatFailsRunsAgainWhenItsTurnComes() throws {
        let directory = try temporaryDirectory(self)
        let path = try write(text("late.lua"), to: "late_spec.lua", in: directory)
        let (text, run) = runSpecs([path])
        XCTAssertEqual(run.results.map(\.name), ["outer first", "outer late sees what the before_each made", "outer broken", "outer last"], text)
        XCTAssertEqual(run.results.map(\.status), [.passed, .passed, .errored, .passed], text)
        XCTAssertEqual(run.results[2].message, "attempt to index a nil value (local 'x')")
        XCTAssertTrue(run.results[2].location.hasSuffix("late_spec.lua:11"), run.results[2].location)
    }

    func testAFileThatCannotLoadHasTheLineItsMessageNames() throws {
        let directory = try temporaryDirectory(self)
        let failing = try write("local x = nil; x.y = 1\n", to: "derr_spec.lua", in: directory)
        let syntax = try write("it(\"x\", function() end\n", to: "syn_spec.lua", in: directory)
        let (plain, run) = runSpecs([failing, syntax])
        // The missing `)` belongs after the `end` on line 1, where the parser says it.
        XCTAssertEqual(run.results.map(\.line), [1, 1])
        XCTAssertTrue(run.results[0].location.hasSuffix("derr_spec.lua:1"), run.results[0].location)
        XCTAssertTrue(plain.contains("derr_spec.lua:1: (loading "), plain)
        let (xml, _) = runSpecs([failing, syntax]) { JUnitReporter(write: $0) }
        let document = try XMLDocument(xmlString: xml)
        let lines = try document.nodes(forXPath: "//testcase/@line").map { $0.stringValue ?? "" }
        XCTAssertEqual(lines, ["1", "1"])
    }

    func testControlCharactersAndBrokenUTF8AreEscapedInEveryReport() throws {
        let directory = try temporaryDirectory(self)
        let path = try write(text("ctl.lua"), to: "ctl_spec.lua", in: directory)
        let (plain, run) = runSpecs([path])
        XCTAssertFalse(plain.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, plain)
        XCTAssertEqual(run.results[0].name, #"ctl \1 bad \xFF"#)
        XCTAssertEqual(run.results[0].message, #"expected "\1", got "\xFF\xE27""#)
        XCTAssertTrue(plain.contains("ctl_spec.lua:4: ctl \\1 bad \\xFF: expected \"\\1\", got \"\\xFF\\xE27\"\n"), plain)
        XCTAssertTrue(plain.contains("    | \\27[31m red \\0\n    | two\n    | lines\\13\n"), plain)
        XCTAssertTrue(plain.contains(": tab\tand \\27: raw \\27[2J\n"), plain)
        let (tap, _) = runSpecs([path]) { TAPReporter(write: $0) }
        XCTAssertFalse(tap.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, tap)
        XCTAssertTrue(tap.contains("    \\27[31m red \\0\n    two\n    lines\\13\n"), tap)
        let (xml, _) = runSpecs([path]) { JUnitReporter(write: $0) }
        XCTAssertTrue(xml.contains("raw \\27[2J"), xml)
        XCTAssertNoThrow(try XMLDocument(xmlString: xml))
    }

    // MARK: busted

    func testTheBustedSpellings() throws {
        let (text, run) = runSpecs([fixture("busted.lua")])
        XCTAssertEqual(run.summary?.failed, 0, text)
        XCTAssertEqual(run.summary?.errors, 0, text)
        XCTAssertEqual(run.summary?.skipped, 1)
        let pending = try run.result("pending inside a spec skips it")
        XCTAssertEqual(pending.status, .pending)
        XCTAssertEqual(pending.message, "not finished")
        XCTAssertTrue(text.contains("PENDING \(SpecFinder.display(fixture("busted.lua"))):131: pending inside a spec skips it: not finished\n"),
                      text)
    }

    func testSetupTeardownAndFinallyAroundFailures() throws {
        let directory = try temporaryDirectory(self)
        let path = try write(text("hooks.lua"), to: "hooks_spec.lua", in: directory)
        let (_, run) = runSpecs([path])
        XCTAssertEqual(run.results.count, 1, "finally at the top level is an error of the file")
        XCTAssertTrue(run.results[0].message.hasPrefix("finally can only be used inside a spec"), run.results[0].message)

        try String(try String(contentsOfFile: path, encoding: .utf8).dropLast("finally(function() end)\n".count))
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (text, again) = runSpecs([path])
        // A broken setup and a failing finally are errors; only the body's
        // assertion is a failure (busted counts them so).
        XCTAssertEqual(again.results.map(\.status), [.errored, .errored, .failed, .errored, .passed, .passed], text)
        XCTAssertEqual(again.results[0].message, "in setup: no database")
        XCTAssertTrue(again.results[0].location.hasSuffix("hooks_spec.lua:3"), again.results[0].location)
        XCTAssertEqual(again.results[1].message, "in setup: no database")
        XCTAssertEqual(again.results[2].message, "expected 1, got 2")
        XCTAssertEqual(again.results[3].message, "in finally: cleanup failed")
    }

    func testAScenesMadeInSetupLastsUntilTheBlocksTeardown() throws {
        let directory = try temporaryDirectory(self)
        let path = try write(text("setup_scene.lua"), to: "setup_scene_spec.lua", in: directory)
        let (text, run) = runSpecs([path])
        XCTAssertEqual(run.results.map(\.status), [.passed, .passed, .passed], text)
    }
}
