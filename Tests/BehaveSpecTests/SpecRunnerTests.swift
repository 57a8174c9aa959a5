import BehaveSpec
import Foundation
import XCTest

final class SpecRunnerTests: XCTestCase {
    func testPassingSpecsPassWithTheirBeforeEachChains() throws {
        let (text, run) = runSpecs([fixture("passing.lua")])
        XCTAssertEqual(run.results.map(\.status), [.passed, .passed, .passed])
        XCTAssertEqual(run.results.map(\.name),
                       ["arithmetic adds", "arithmetic nested runs the outer before_each first", "works outside describe"])
        XCTAssertEqual(text, "3 passed, 0 failed\n")
    }

    func testAFailureShowsTheSpecFilesOwnLineExpectedAndActual() throws {
        let (text, run) = runSpecs([fixture("failing.lua")])
        let file = SpecFinder.display(fixture("failing.lua"))
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("FAIL \(file):11: toggle shows the wrong image: expected \"toggle-off\", got \"toggle-on\""),
                      text)
        XCTAssertEqual(try run.result("toggle shows the wrong image").location, "\(file):11")
        // Two failed assertions; the tap of a missing control is an error.
        XCTAssertEqual(lines.last, "1 passed, 2 failed, 1 errored")
        XCTAssertTrue(lines.contains { $0.hasPrefix("ERROR \(file):20: toggle taps a control that does not exist: ") }, text)
        XCTAssertFalse(text.contains("behave:"), "no location of the runner's own code: \(text)")
    }

    func testSameSaysWhereTablesDiffer() throws {
        let (_, run) = runSpecs([fixture("failing.lua")])
        let result = try run.result("toggle compares tables")
        XCTAssertEqual(result.status, .failed)
        XCTAssertTrue(result.location.hasSuffix("failing.lua:15"), result.location)
        XCTAssertEqual(result.message, "tables differ at .b.c: expected 2, got 3")
    }

    func testAMistakeInASceneCommandIsAnErrorAtTheSpecsLine() throws {
        let (_, run) = runSpecs([fixture("failing.lua")])
        let result = try run.result("toggle taps a control that does not exist")
        XCTAssertTrue(result.location.hasSuffix("failing.lua:20"), result.location)
        XCTAssertEqual(result.message, "no control or behaviour named `buton` (did you mean `button`?)")
    }

    func testPendingSpecsAreSkippedAndCounted() throws {
        let (text, run) = runSpecs([fixture("pending.lua")])
        XCTAssertEqual(run.results.map(\.status), [.pending, .pending, .passed])
        XCTAssertEqual(text.split(separator: "\n").last, "1 passed, 0 failed, 2 skipped")
        XCTAssertTrue(text.contains("PENDING \(SpecFinder.display(fixture("pending.lua"))):2: later is not written yet"))
    }

    func testFilterRunsOnlySpecsWhoseFullNameContainsTheText() throws {
        let (text, run) = runSpecs([fixture("passing.lua"), fixture("failing.lua")], filter: "nested")
        XCTAssertEqual(run.results.map(\.name), ["arithmetic nested runs the outer before_each first"])
        XCTAssertEqual(text, "1 passed, 0 failed\n")
    }

    func testTheRunnersOwnAPIFromLua() throws {
        let (text, run) = runSpecs([fixture("api.lua")])
        XCTAssertEqual(run.summary?.failed, 0, text)
        XCTAssertGreaterThan(run.summary?.passed ?? 0, 15)
    }

    /// Regression: `assert.equals("#FF3B30", label.textColor)` failed with
    /// `expected "#FF3B30", got "red"`, and a label's default colour read
    /// `#000000`.
    func testAssertionsTakeTwoSpellingsOfOneColourAsEqual() throws {
        let (text, run) = runSpecs([fixture("colours.lua")])
        XCTAssertEqual(run.summary?.failed, 0, text)
        XCTAssertEqual(run.summary?.passed, 5, text)
    }

    func testScriptErrorsInAScenePassOnlyWhenTheSpecReadsThem() throws {
        let (_, run) = runSpecs([fixture("unchecked.lua")])
        let result = try run.result("does not read the scene's errors")
        XCTAssertEqual(result.status, .errored)
        XCTAssertTrue(result.message.hasPrefix("a scene raised a script error the spec did not check"), result.message)
        XCTAssertTrue(result.message.contains("broken.lua:5: on purpose (in touchUpInside handler of button)"), result.message)
    }

    /// A user's command the scene refused (typing into a hidden field, a
    /// tap on a disabled button) changes nothing and raises nothing: a
    /// failure after it says what the scene noted, at the spec's line that
    /// did it, at most three notes and a count of the rest; a passing spec
    /// says nothing. Before, the failure was only `expected "abc", got ""`.
    func testAFailureSaysWhatTheSceneRefused() throws {
        let (text, run) = runSpecs([fixture("refused.lua")])
        XCTAssertEqual(run.summary?.line, "1 passed, 2 failed", text)
        // The spec's file as the report names it (from the working directory).
        let file = try XCTUnwrap(try run.result("refused types into a hidden field").location.split(separator: ":").first)
        XCTAssertEqual(try run.result("refused types into a hidden field").message,
                       "expected \"abc\", got \"\"\n(the scene noted at \(file):16: note ignores typing (it is hidden))")
        XCTAssertEqual(try run.result("refused taps a disabled button four times").message, "expected 4, got 0"
            + String(repeating: "\n(the scene noted at \(file):22: post ignores the tap (it is disabled))", count: 3)
            + "\n(and 1 more note: `s:trace()` has them)")
        XCTAssertEqual(try run.result("refused means to tap a disabled button").message, "")
    }

    func testAFileThatCannotLoadFailsAsAWhole() throws {
        let directory = try temporaryDirectory(self)
        let path = (directory as NSString).appendingPathComponent("syntax_spec.lua")
        try "describe(\"x\", function()\n  it(\"y\" function() end)\nend)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (text, run) = runSpecs([path])
        XCTAssertEqual(run.results.count, 1)
        XCTAssertEqual(run.results[0].status, .errored)
        XCTAssertTrue(run.results[0].location.hasSuffix("syntax_spec.lua:2"), run.results[0].location)
        XCTAssertTrue(text.hasSuffix("0 passed, 0 failed, 1 errored\n"), text)
    }

    func testFilesRunAtOnceReportInFileOrderAsOneAtATime() throws {
        let files = [fixture("passing.lua"), fixture("failing.lua"), fixture("hostile/loop.lua"), fixture("pending.lua"),
                     fixture("api.lua"), fixture("unchecked.lua")]
        let (serialText, serial) = runSpecs(files, jobs: 1)
        let (parallelText, parallel) = runSpecs(files, jobs: 4)
        XCTAssertEqual(parallelText, serialText)
        XCTAssertEqual(parallel.results.map(\.name), serial.results.map(\.name))
        XCTAssertEqual(parallel.results.map(\.status), serial.results.map(\.status))
        XCTAssertEqual(parallel.summary?.line, serial.summary?.line)
    }

    func testWhatASpecPrintsIsShownWithItsFailure() throws {
        let directory = try temporaryDirectory(self)
        let path = (directory as NSString).appendingPathComponent("print_spec.lua")
        try "it(\"prints\", function()\n  print(\"count\", 3, nil)\n  assert.is_true(false)\nend)\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (text, run) = runSpecs([path])
        XCTAssertEqual(run.results.first?.output, ["count\t3\tnil"])
        XCTAssertTrue(text.contains("    | count\t3\tnil\n"), text)
    }
}
