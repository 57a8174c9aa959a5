import Foundation
import XCTest

/// `behave test` as CI runs it: exit statuses and output.
final class CommandLineTests: XCTestCase {
    func testExitsZeroWhenEverythingPasses() throws {
        let (status, output) = try runBehave(["test", fixture("passing.lua")])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output.split(separator: "\n").last, "3 passed, 0 failed")
    }

    func testExitsOneWhenASpecFails() throws {
        let (status, output) = try runBehave(["test", fixture("failing.lua"), "--filter", "wrong image"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.contains("failing.lua:11: toggle shows the wrong image: expected \"toggle-off\", got \"toggle-on\""),
                      output)
        XCTAssertEqual(output.split(separator: "\n").last, "0 passed, 1 failed")
    }

    func testExitsTwoForBadUsage() throws {
        XCTAssertEqual(try runBehave(["test", "-o", "html"]).status, 2)
        XCTAssertEqual(try runBehave(["test", "/no/such/place"]).status, 2)
        XCTAssertEqual(try runBehave(["test", fixture("passing.lua"), "--output", "x.xml"]).status, 2,
                       "-o names an output handler, as in busted; a file is --output-file")
    }

    /// `--update` says which transcripts it rewrote; a replay that matches
    /// says nothing.
    func testUpdateSaysWhichTranscriptsItRewrote() throws {
        let directory = try temporaryDirectory(self)
        func scene(duration: String) throws {
            try "controls:\n  button: { type: Button }\nbehaviours:\n  toggle:\n    script: toggle.lua\n    outlets: { button: button }\n    inspectables: { animated: true, duration: \(duration) }\n"
                .write(toFile: directory + "/toggle.scene.yaml", atomically: true, encoding: .utf8)
        }
        try scene(duration: "0.7")
        XCTAssertEqual(try runBehave(["run", "toggle.scene.yaml", "--do", "tap button", "--do", "advance 1",
                                      "--record", "toggle.behave", "--do", "quit"], in: directory).status, 0)
        XCTAssertEqual(try runBehave(["test"], in: directory).output, "1 passed, 0 failed\n")
        try scene(duration: "0.3")
        XCTAssertEqual(try runBehave(["test"], in: directory).status, 1)
        XCTAssertEqual(try runBehave(["test", "--update"], in: directory).output,
                       "toggle.behave:1: transcript toggle.behave: updated: the transcript now holds what the scene does\n1 passed, 0 failed\n")
        XCTAssertEqual(try runBehave(["test"], in: directory).output, "1 passed, 0 failed\n")
    }

    /// A mistyped command fails its transcript at its line (`behave run`
    /// exits 2 for it); a recording leaves a refused command out.
    func testAMistypedCommandFailsTheTranscriptAndIsNotRecorded() throws {
        let directory = try temporaryDirectory(self)
        try "controls:\n  button: { type: Button }\nbehaviours:\n  toggle:\n    script: toggle.lua\n    outlets: { button: button }\n"
            .write(toFile: directory + "/toggle.scene.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try runBehave(["run", "toggle.scene.yaml", "--do", "tap buton", "--do", "tap button",
                                      "--record", "toggle.behave", "--do", "quit"], in: directory).status, 2)
        let recorded = try String(contentsOfFile: directory + "/toggle.behave", encoding: .utf8)
        XCTAssertFalse(recorded.contains("buton"), recorded)
        XCTAssertEqual(try runBehave(["test"], in: directory).output, "1 passed, 0 failed\n")
        // Written by hand (or by an older Behave), the typo fails the replay at its line.
        try Data(recorded.replacingOccurrences(of: "> tap button\n", with: "> tap buton\nerror: no control or behaviour named `buton` (did you mean `button`?)\n> tap button\n").utf8)
            .write(to: URL(fileURLWithPath: directory + "/toggle.behave"))
        let (status, output) = try runBehave(["test"], in: directory)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.hasPrefix("ERROR toggle.behave:6: transcript toggle.behave: a command was refused, `tap buton` (command 1 of 3, line 6): no control or behaviour named `buton`"), output)
        XCTAssertEqual(try runBehave(["test", "--update"], in: directory).status, 1, "--update does not make a typo pass")
    }

    func testFindsSpecsInTheWorkingDirectory() throws {
        let directory = try temporaryDirectory(self)
        try "it(\"passes\", function() assert.equals(1, 1) end)\n"
            .write(toFile: (directory as NSString).appendingPathComponent("one_spec.lua"), atomically: true, encoding: .utf8)
        let (status, output) = try runBehave(["test"], in: directory)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output, "1 passed, 0 failed\n", "no progress line when standard output is not a terminal")
    }

    func testWritesJUnitToAFileAndThePlainReportToStandardOutput() throws {
        let directory = try temporaryDirectory(self)
        let xml = (directory as NSString).appendingPathComponent("report.xml")
        let (status, output) = try runBehave(["test", fixture("pending.lua"), "-o", "junit", "--output-file", xml])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output.split(separator: "\n").last, "1 passed, 0 failed, 2 skipped")
        let written = try String(contentsOfFile: xml, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("<?xml"))
        XCTAssertTrue(written.contains("<skipped"))
    }

    func testTheBundledSpecsPass() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let (status, output) = try runBehave(["test", "Scripts", "Examples"], in: root)
        XCTAssertEqual(status, 0, output)
        // Examples/LuaLibrary has a pending spec, as busted suites do.
        let last = String(output.split(separator: "\n").last ?? "")
        XCTAssertTrue(last.hasSuffix(" 0 failed") || last.hasSuffix(" 0 failed, 1 skipped"), output)
    }
}
