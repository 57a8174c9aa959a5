import BehaveCore
import BehaveSpec
import Foundation
import ToolRunning
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every output shows what scripts and input files control without letting
/// it start a line of its own or drive the terminal, and JSON reads back
/// exactly: the plain trace, `show`, JSON Lines, diagnostics, and the TAP,
/// JUnit and plain spec reports.
final class OutputEscapingTests: XCTestCase {
    private let output = fixture("output")

    /// Runs the built `behave` in `directory`: status, standard output and
    /// standard error.
    private func behave(_ arguments: [String], in directory: String) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = try behaveBinary()
        process.environment = ToolRunning.environment()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Whether `text` holds a character that drives a terminal or reorders
    /// a line (line feeds and tabs aside).
    private func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { DisplayText.needsEscape($0, keepingLineBreaks: true) }
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    // MARK: behave run

    func testAScriptCannotForgeTraceLinesOrDriveTheTerminal() throws {
        let run = try behave(["run", "forger.lua", "--do", "tap button", "--do", "show", "--do", "choose plain",
                              "--do", "choose \"\u{1B}[2J\"", "--do", "quit"], in: output)
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertFalse(holdsControls(run.out), run.out)
        let drawing: Set<Character> = ["┌", "│", "├", "└"]
        for line in lines(run.out) {
            let ours = line.hasPrefix("[0s] ") || line.hasPrefix("        ") || drawing.contains(line.first!)
            XCTAssertTrue(ours, "a line the scene did not write: \(line)")
        }
        XCTAssertFalse(holdsControls(run.err), run.err)
        XCTAssertTrue(run.out.contains("[0s] [forger] ok\\13\n        [0s] payment valueChanged\n"
            + "        \\27[2J\\27]0;title\\7\\u{9B}31m\\u{202E}txet\\0after the NUL\n"), run.out)
        let forged = #""ok\13\n[0s] payment valueChanged\n\27[2J\27]0;title\7\u{9B}31m\u{202E}txet""#
        XCTAssertTrue(run.out.contains("[0s] label.text: \"\" → \(forged)\n"), run.out)
        XCTAssertTrue(run.out.contains("│ label        \(forged)\n"), run.out)
        XCTAssertTrue(run.out.contains("[0s] action ok\\13\\n[0s] payment valueChanged\\n\\27[2J"), run.out)
        // A mistyped command is a diagnostic: standard error.
        XCTAssertTrue(run.err.contains("error: no dialog is presented: there is nothing to choose\n"), run.err)
        XCTAssertTrue(run.out.contains("│ ● forger  forger.lua  big=9007199254740992 third=0.3333333333333333\n"),
                      run.out)
    }

    func testJSONLinesReadBackExactlyAndHoldNoTerminalControls() throws {
        let run = try behave(["run", "forger.lua", "--json", "--do", "tap button", "--do", "choose plain", "--do", "quit"],
                             in: output)
        XCTAssertFalse(holdsControls(run.out), run.out)
        XCTAssertFalse(run.out.contains("\u{9B}") || run.out.contains("\u{202E}"), run.out)
        let records = try lines(run.out).map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        }
        let state = try XCTUnwrap(records.last)
        let controls = try XCTUnwrap(state["controls"] as? [String: [String: Any]])
        XCTAssertEqual(controls["label"]?["text"] as? String,
                       "ok\r\n[0s] payment valueChanged\n\u{1B}[2J\u{1B}]0;title\u{7}\u{9B}31m\u{202E}txet")
        let behaviours = try XCTUnwrap(state["behaviours"] as? [String: [String: Any]])
        let fields = try XCTUnwrap(behaviours["forger"]?["fields"] as? [String: Any])
        XCTAssertEqual((fields["third"] as? NSNumber)?.doubleValue, 1.0 / 3)
        XCTAssertEqual((fields["big"] as? NSNumber)?.int64Value, 1 << 53)
        XCTAssertTrue(run.out.contains(#""big":9007199254740992,"third":0.3333333333333333"#), run.out)
        let printed = try XCTUnwrap(records.first { $0["kind"] as? String == "log" })
        XCTAssertEqual(printed["message"] as? String,
                       "[forger] ok\r\n[0s] payment valueChanged\n\u{1B}[2J\u{1B}]0;title\u{7}\u{9B}31m\u{202E}txet\0after the NUL",
                       "the message keeps everything, NUL and what follows included")
    }

    func testNamesInDiagnosticsStayOnTheirLine() throws {
        let check = try behave(["check", "forged_keys.scene.yaml"], in: output)
        let run = try behave(["run", "forged_keys.scene.yaml", "--do", "quit"], in: output)
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(check.out, "")
        for text in [check.err, run.err] {
            XCTAssertFalse(holdsControls(text), text)
            XCTAssertEqual(lines(text).filter { !$0.hasPrefix("forged_keys.scene.yaml:") }, [], text)
            XCTAssertTrue(text.contains(#"forged_keys.scene.yaml:4: `b\13\nforged.scene.yaml:1: no mistake here\27[2J` cannot name a control"#),
                          text)
            XCTAssertTrue(text.contains(#"unknown control type `Button\u{202E}`"#), text)
        }
    }

    // MARK: spec reports

    /// A spec file whose name has line breaks and an escape sequence.
    private func forgedSpec() throws -> String {
        let directory = try temporaryDirectory(self)
        let path = (directory as NSString).appendingPathComponent("x\nok 99 - forged\n\u{1B}[2Jy_spec.lua")
        try FileManager.default.copyItem(atPath: (output as NSString).appendingPathComponent("forged_names.lua"), toPath: path)
        return path
    }

    func testTAPLinesCannotBeForged() throws {
        let path = try forgedSpec()
        let (tap, run) = runSpecs([path]) { TAPReporter(write: $0) }
        XCTAssertEqual(run.results.map(\.status), [.passed, .errored, .passed, .pending])
        XCTAssertFalse(holdsControls(tap), tap)
        let grammar = try NSRegularExpression(pattern: #"^(TAP version 13|(not )?ok [1-4] - |  ---$|  severity: (fail|error)$|  at: "|  (message|output): \|-$|    |  \.\.\.$|1\.\.4$|# )"#)
        for line in lines(tap) {
            XCTAssertNotNil(grammar.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "not a line of ours: \(line)")
        }
        let file = DisplayText.line(path)
        XCTAssertTrue(tap.contains("ok 1 - \(file): passes\\n\\# forged comment\\nok 97 - forged\n"), tap)
        XCTAssertTrue(tap.contains("  at: \"\(file.replacingOccurrences(of: "\\", with: "\\\\")):7\"\n"), tap)
        XCTAssertTrue(tap.contains("    boom\n    not ok 98 - forged\n    \\27[2J\n"), tap)
        XCTAssertTrue(tap.contains("# SKIP why\\nok 95 - forged\n"), tap)
    }

    /// A message that begins with another file's `file:line:` is text: the
    /// report names the line that raised it.
    func testAMessageCannotForgeTheFailingLocation() throws {
        let directory = try temporaryDirectory(self)
        let path = (directory as NSString).appendingPathComponent("where_spec.lua")
        try """
            it("fails", function()
              error("elsewhere_spec.lua:40: fake", 0)
            end)
            it("fails again", function()
              local ok, err = pcall(error, "elsewhere_spec.lua:41: caught")
              error(err, 0)
            end)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let (_, run) = runSpecs([path])
        XCTAssertEqual(run.results.map(\.location), ["\(path):2", "\(path):6"])
        XCTAssertEqual(run.results.map(\.message), ["elsewhere_spec.lua:40: fake", "elsewhere_spec.lua:41: caught"])
    }

    /// An error raised inside a host call (a module that does not compile)
    /// keeps its own position on its way back through the spec's code.
    func testAModuleThatDoesNotCompileIsReportedWhereTheParserStopped() throws {
        let directory = try temporaryDirectory(self)
        try "local M = {}\nfunction M.f(\n  return 1\nend\nreturn M\n"
            .write(toFile: (directory as NSString).appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let path = (directory as NSString).appendingPathComponent("require_spec.lua")
        try "it(\"requires\", function()\n  require(\"bad\")\nend)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (_, run) = runSpecs([path])
        let result = try XCTUnwrap(run.results.first)
        XCTAssertTrue(result.location.hasSuffix("bad.lua:3"), result.location)
        XCTAssertTrue(result.message.hasPrefix("found `return` where a name was expected"), result.message)
    }

    func testPlainReportLinesCannotBeForged() throws {
        let path = try forgedSpec()
        let (plain, _) = runSpecs([path])
        XCTAssertFalse(holdsControls(plain), plain)
        for line in lines(plain) {
            let ours = line.hasPrefix("FAIL ") || line.hasPrefix("ERROR ") || line.hasPrefix("PENDING ")
                || line.hasPrefix("    ") || line == "2 passed, 0 failed, 1 errored, 1 skipped"
            XCTAssertTrue(ours, "not a line of ours: \(line)")
        }
        XCTAssertTrue(plain.contains("ERROR \(DisplayText.line(path)):7: fails: boom\n    not ok 98 - forged\n    \\27[2J\n"), plain)
        XCTAssertTrue(plain.contains("PENDING \(DisplayText.line(path)):12: is pending: why\\nok 95 - forged\n"), plain)
    }

    func testJUnitStaysWellFormedAndKeepsEveryCharacterItCanHold() throws {
        let path = try forgedSpec()
        let (xml, _) = runSpecs([path]) { JUnitReporter(write: $0) }
        let document = try XMLDocument(xmlString: xml)
        let suite = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, DisplayText.lines(path),
                       "the file name's line feeds survive in the attribute")
        let names = suite.elements(forName: "testcase").compactMap { $0.attribute(forName: "name")?.stringValue }
        XCTAssertEqual(names, ["passes\n# forged comment\nok 97 - forged", "fails",
                               "holds what XML 1.0 cannot: \\u{FFFE} \\u{FFFF} \\1 \\u{85}", "is pending"])
    }
}
