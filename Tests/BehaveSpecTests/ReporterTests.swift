import BehaveSpec
import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

final class ReporterTests: XCTestCase {
    private let files = [fixture("passing.lua"), fixture("failing.lua"), fixture("pending.lua")]

    func testTAPHasAVersionAResultPerSpecAndThePlan() throws {
        let (text, _) = runSpecs(files) { TAPReporter(write: $0) }
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "TAP version 13")
        XCTAssertTrue(lines.contains { $0.hasPrefix("ok 1 - ") && $0.hasSuffix("arithmetic adds") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("not ok 5 - ") && $0.hasSuffix("toggle shows the wrong image") }, text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("ok 8 - ") && $0.hasSuffix("# SKIP pending") }, text)
        XCTAssertTrue(lines.contains("    expected \"toggle-off\", got \"toggle-on\""), text)
        XCTAssertEqual(lines.suffix(2), ["1..10", "# 5 passed, 2 failed, 1 errored, 2 skipped"])
        // A failed assertion and an error are told apart in the YAML block.
        XCTAssertEqual(lines.filter { $0.hasPrefix("  severity: ") }, ["  severity: fail", "  severity: fail", "  severity: error"])
    }

    func testJUnitHasASuitePerFileAndACasePerSpec() throws {
        let (text, _) = runSpecs(files) { JUnitReporter(write: $0) }
        let document = try XMLDocument(xmlString: text)
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "10")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2")
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
        XCTAssertEqual(root.attribute(forName: "skipped")?.stringValue, "2")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 3)
        let failing = try XCTUnwrap(suites.first { $0.attribute(forName: "name")?.stringValue?.hasSuffix("failing.lua") == true })
        let cases = failing.elements(forName: "testcase")
        XCTAssertEqual(cases.count, 4)
        XCTAssertEqual(failing.attribute(forName: "failures")?.stringValue, "2")
        XCTAssertEqual(failing.attribute(forName: "errors")?.stringValue, "1")
        let missing = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "toggle taps a control that does not exist" })
        let error = try XCTUnwrap(missing.elements(forName: "error").first, "an error, not a failure")
        XCTAssertTrue(error.attribute(forName: "message")?.stringValue?.hasPrefix("no control or behaviour named `buton`") == true,
                      error.attribute(forName: "message")?.stringValue ?? "")
        XCTAssertTrue(missing.elements(forName: "failure").isEmpty)
        let wrong = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "toggle shows the wrong image" })
        XCTAssertEqual(wrong.attribute(forName: "line")?.stringValue, "8")
        let failure = try XCTUnwrap(wrong.elements(forName: "failure").first)
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "expected \"toggle-off\", got \"toggle-on\"")
        XCTAssertTrue(failure.stringValue?.contains("failing.lua:11") == true)
        let pending = try XCTUnwrap(suites.first { $0.attribute(forName: "name")?.stringValue?.hasSuffix("pending.lua") == true })
        XCTAssertEqual(pending.elements(forName: "testcase").filter { !$0.elements(forName: "skipped").isEmpty }.count, 2)
    }

    func testPlainShowsProgressOnlyWhenAskedAndClearsIt() throws {
        var text = ""
        let reporter = PlainReporter(showsProgress: true) { text += $0 }
        var summary = SpecSummary()
        reporter.progress(filesDone: 1, of: 2, summary: summary)
        XCTAssertTrue(text.hasPrefix("\r\u{1B}[K1/2 files"))
        summary.passed = 1
        reporter.finish(summary)
        XCTAssertTrue(text.hasSuffix("\r\u{1B}[K1 passed, 0 failed\n"))
        let (quiet, _) = runSpecs(files)
        XCTAssertFalse(quiet.contains("\u{1B}"))
    }
}
