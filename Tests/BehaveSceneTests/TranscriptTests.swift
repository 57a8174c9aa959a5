import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// Golden transcripts: recorded once, replayed by `behave test`.
final class TranscriptTests: XCTestCase {
    /// A copy of the Toggle example with its recorded transcript.
    private func toggleFixture() throws -> SceneFixture {
        let folder = URL(fileURLWithPath: example("Toggle"))
        let fixture = try SceneFixture([
            "toggle.scene.yaml": try String(contentsOf: folder.appendingPathComponent("toggle.scene.yaml"), encoding: .utf8),
            "toggle.behave": try String(contentsOf: folder.appendingPathComponent("toggle.behave"), encoding: .utf8),
        ])
        try FileManager.default.copyItem(at: folder.appendingPathComponent("images"),
                                         to: fixture.directory.appendingPathComponent("images"))
        return fixture
    }

    func testTheRecordedToggleTranscriptReplaysGreen() throws {
        XCTAssertEqual(try TranscriptReplay.replay(file: example("Toggle/toggle.behave")), .passed)
        let fixture = try toggleFixture()
        XCTAssertEqual(try TranscriptReplay.replay(file: fixture.path("toggle.behave")), .passed,
                       "paths are the transcript's own: it replays from another folder")
    }

    /// A transcript checked out with CR LF line ends (git on Windows)
    /// replays as it was recorded: it was read as one line, and refused
    /// as naming no scene.
    func testATranscriptWithCRLFLineEndsReplaysGreen() throws {
        let fixture = try toggleFixture()
        let text = try String(contentsOfFile: fixture.path("toggle.behave"), encoding: .utf8)
        try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: fixture.path("toggle.behave"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TranscriptReplay.replay(file: fixture.path("toggle.behave")), .passed)
    }

    func testChangingDurationFailsWithADiffNamingTheCommand() throws {
        let fixture = try toggleFixture()
        let scene = fixture.path("toggle.scene.yaml")
        let yaml = try String(contentsOfFile: scene, encoding: .utf8)
        try Data(yaml.replacingOccurrences(of: "duration: 0.7", with: "duration: 0.3").utf8)
            .write(to: URL(fileURLWithPath: scene))
        guard case .failed(let message) = try TranscriptReplay.replay(file: fixture.path("toggle.behave")) else {
            return XCTFail("a changed duration must fail the replay")
        }
        XCTAssertTrue(message.hasPrefix("diverged after `advance 0.35` (command 5 of 7, line 19):"), message)
        XCTAssertTrue(message.contains("\n+ [1s] sound.alpha: 1 → 0\n+ [1s] sound.image: sound-off (64×64) → sound-on (64×64)"), message)

        // --update rewrites it; then it replays green.
        XCTAssertEqual(try TranscriptReplay.replay(file: fixture.path("toggle.behave"), update: true), .updated)
        XCTAssertEqual(try TranscriptReplay.replay(file: fixture.path("toggle.behave")), .passed)
        let updated = try String(contentsOfFile: fixture.path("toggle.behave"), encoding: .utf8)
        XCTAssertTrue(updated.contains("> advance 0.35\n[1s] sound.alpha: 1 → 0\n"), updated)
    }

    func testARecordedScriptErrorFailsTheReplayUntilItIsFixed() throws {
        let boom = """
            local Boom = behaviour { name = "Boom", outlets = { button = "Button" } }
            function Boom:awake()
              self.button:on("touchUpInside", function() error("boom") end)
            end
            return Boom

            """
        let fixture = try SceneFixture(["boom.lua": boom, "boom.behave": "script: boom.lua\n\n> advance 1\n> tap button\n= state\n{}\n"])
        let path = fixture.path("boom.behave")
        func raised(_ outcome: TranscriptReplay.Outcome, line: Int, updated: Bool) -> Bool {
            // The script's path as Lua shortens a long one: its end.
            guard case .raisedError(let message, updated) = outcome else { return false }
            return message.hasPrefix("after `tap button` (command 2 of 2, line \(line)): error (in touchUpInside handler of button): ")
                && message.hasSuffix("boom.lua:3: boom")
        }
        // Written as the scene does it, error and all, and said to be an error.
        let written = try TranscriptReplay.replay(file: path, update: true)
        XCTAssertTrue(raised(written, line: 4, updated: true), "\(written)")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("boom.lua:3: boom"))
        // The replay prints what was recorded, and still fails: the error is the bug.
        let replayed = try TranscriptReplay.replay(file: path)
        XCTAssertTrue(raised(replayed, line: 6, updated: false), "the command's line in the transcript as written: \(replayed)")
        // Fixed, it diverges where the error was; --update then keeps the fix.
        try Data(boom.replacingOccurrences(of: "error(\"boom\")", with: "self.button.title = \"ok\"").utf8)
            .write(to: URL(fileURLWithPath: fixture.path("boom.lua")))
        guard case .failed(let message) = try TranscriptReplay.replay(file: path) else { return XCTFail() }
        XCTAssertTrue(message.hasPrefix("diverged after `tap button` (command 2 of 2, line 6):"), message)
        XCTAssertEqual(try TranscriptReplay.replay(file: path, update: true), .updated)
        XCTAssertEqual(try TranscriptReplay.replay(file: path), .passed)
    }

    func testAChangedFinalStateIsNamed() throws {
        let fixture = try toggleFixture()
        let path = fixture.path("toggle.behave")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"toggled\": true", with: "\"toggled\": false").utf8)
            .write(to: URL(fileURLWithPath: path))
        guard case .failed(let message) = try TranscriptReplay.replay(file: path) else { return XCTFail() }
        XCTAssertTrue(message.hasPrefix("the final state differs:\n"), message)
        let changed = message.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
        XCTAssertEqual(changed.map { $0.replacingOccurrences(of: " ", with: "") },
                       ["-\"toggled\":false", "+\"toggled\":true", "-\"toggled\":false", "+\"toggled\":true"], message)
    }

    func testMistakesInATranscriptNameTheLine() throws {
        let fixture = try SceneFixture(["bad.behave": "# x\nscena: toggle.scene.yaml\n\n= state\n{}\n",
                                        "none.behave": "scene: nothing.scene.yaml\n\n= state\n{}\n",
                                        "open.behave": "script: toggle.lua\n\n> tap button\n"])
        XCTAssertThrowsError(try TranscriptReplay.replay(file: fixture.path("bad.behave"))) { error in
            XCTAssertTrue("\(error)".contains(":2: a transcript starts with `scene: FILE`"), "\(error)")
        }
        XCTAssertThrowsError(try TranscriptReplay.replay(file: fixture.path("none.behave"))) { error in
            XCTAssertEqual((error as? ValueError)?.line, 1, "the `scene:` line: \(error)")
        }
        try Data("# a comment\nscene: nothing.scene.yaml\n\n= state\n{}\n".utf8).write(to: URL(fileURLWithPath: fixture.path("none.behave")))
        XCTAssertThrowsError(try TranscriptReplay.replay(file: fixture.path("none.behave"))) { error in
            XCTAssertEqual((error as? ValueError)?.line, 2, "the `scene:` line: \(error)")
            XCTAssertTrue("\(error)".contains("none.behave:2: "), "\(error)")
            XCTAssertTrue("\(error)".contains("nothing.scene.yaml: no such file"), "\(error)")
        }
        XCTAssertThrowsError(try TranscriptReplay.replay(file: fixture.path("open.behave"))) { error in
            XCTAssertTrue("\(error)".contains("no `= state` line"), "\(error)")
        }
    }

    func testATranscriptRoundTripsThroughItsText() throws {
        let transcript = Transcript(kind: .script("toggle.lua"), settings: ["animated=true"], images: "../icons", opening: ["[0s] a"],
                                    steps: [.init(command: "tap button", lines: ["[0s] b", "", "> not a command"], line: 6)],
                                    state: ["{", "}"])
        let read = try Transcript(parsing: transcript.text, file: "t.behave")
        XCTAssertEqual(read.kind, transcript.kind)
        XCTAssertEqual(read.settings, ["animated=true"])
        XCTAssertEqual(read.images, "../icons")
        XCTAssertEqual(read.opening, ["[0s] a"])
        XCTAssertEqual(read.steps.map(\.command), ["tap button", "not a command"], "a printed `> ` line would read as a command")
        XCTAssertEqual(read.state, ["{", "}"])
    }
}

extension TranscriptTests {
    /// A transcript is untrusted input: a million commands end in time.
    func testAVeryLongTranscriptStopsInTime() throws {
        let commands = String(repeating: "> tap button\n", count: 1_000_000)
        let fixture = try SceneFixture(["long.behave": "script: toggle.lua\n\n" + commands + "= state\n{}\n"])
        XCTAssertThrowsError(try TranscriptReplay.replay(file: fixture.path("long.behave"),
                                                         limits: SandboxLimits(memory: 32 << 20, instructions: 1_000_000, seconds: 0.1))) { error in
            XCTAssertTrue("\(error)".contains("the replay ran for more than 1 s, and stopped before `tap button`"), "\(error)")
        }
    }
}

extension TranscriptTests {
    /// A refused command of a megabyte is named by its start and its
    /// length, as the trace names a long text: the message held it whole.
    func testAHugeRefusedCommandIsCutInTheMessage() throws {
        let fixture = try toggleFixture()
        let name = String(repeating: "x", count: 1 << 20)
        let text = try String(contentsOfFile: fixture.path("toggle.behave"), encoding: .utf8)
        XCTAssertTrue(text.contains("> tap wifi\n"))
        try text.replacingOccurrences(of: "> tap wifi\n", with: "> tap \(name)\n> tap wifi\n")
            .write(toFile: fixture.path("toggle.behave"), atomically: true, encoding: .utf8)
        guard case .refusedCommand(let message, updated: true) = try TranscriptReplay.replay(file: fixture.path("toggle.behave"), update: true) else {
            return XCTFail("the command is refused")
        }
        XCTAssertTrue(message.hasPrefix("`tap xxxxxxxx"), message)
        XCTAssertTrue(message.contains("…` (\((1 << 20) + 4) characters) (command 1 of"), message)
        XCTAssertLessThan(message.utf8.count, 600, message)
    }
}
