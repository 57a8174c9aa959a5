import BehaveCore
import BehaveScene
@testable import BehaveStudio
import Foundation
import XCTest

/// `behave studio --record`: what a person does in the page, kept as a
/// transcript that `behave test` replays.
final class StudioRecordingTests: XCTestCase {
    func testWhatIsDoneInTheStudioReplaysGreen() throws {
        let probe = try EngineProbe(self, record: "session.behave")
        probe.handle(.command("tap wifi"))
        probe.handle(.set(object: "fadingToggle", property: "duration", value: "0.4"))
        probe.handle(.command("tap sound"))
        // The clock at wall speed: many frames, kept as one advance.
        for _ in 0..<3 { probe.poll() }
        probe.handle(.command("show"))
        let path = probe.folder.appendingPathComponent("session.behave").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let commands = text.split(separator: "\n").filter { $0.hasPrefix("> ") }
        XCTAssertEqual(commands.prefix(3), ["> tap wifi", "> set fadingToggle.duration 0.4", "> tap sound"], text)
        XCTAssertEqual(commands.count, 5, "frames make one advance: \(commands)")
        XCTAssertTrue(commands[3].hasPrefix("> advance "), text)
        XCTAssertEqual(commands.last, "> show")
        XCTAssertEqual(try TranscriptReplay.replay(file: path), .passed)
    }

    /// A transcript is lines: a `--set` holding a line break would be
    /// written as a line of its own (`scene: …`) and replay another run,
    /// so the studio refuses it before anything runs, as `behave run` does.
    func testASettingHoldingALineBreakIsRefusedBeforeRecording() throws {
        let probe = try EngineProbe(self)
        let transcript = probe.folder.appendingPathComponent("forged.behave").path
        for setting in ["fadingToggle.selectedImage=sound-on\nscene: other.scene.yaml", "fadingToggle.selectedImage=sound-on\r"] {
            let source = SceneSource(file: probe.folder.appendingPathComponent("toggle.scene.yaml").path, settings: [setting])
            XCTAssertThrowsError(try StudioHost.start(source: source, record: transcript), setting.debugDescription) { error in
                let lines = (error as? StudioStartFailure)?.lines ?? []
                XCTAssertTrue(lines.joined().contains("--set `fadingToggle.selectedImage=sound-on") && lines.joined().contains("holds a line break"), "\(lines)")
                XCTAssertEqual((error as? StudioStartFailure)?.isUsage, true)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: transcript))
        }
    }

    func testAReloadEndsTheTranscript() throws {
        let probe = try EngineProbe(self, record: "session.behave")
        probe.handle(.command("tap wifi"))
        let edited = probe.folder.appendingPathComponent("edited.lua")
        try String(contentsOf: probe.script, encoding: .utf8).replacingOccurrences(of: "toggled = false", with: "toggled = false -- saved")
            .write(to: edited, atomically: true, encoding: .utf8)
        try save(edited, over: probe.script)
        probe.poll()
        probe.handle(.command("tap sound"))
        let text = try String(contentsOfFile: probe.folder.appendingPathComponent("session.behave").path, encoding: .utf8)
        XCTAssertTrue(text.contains("> tap wifi"), text)
        XCTAssertFalse(text.contains("> tap sound"), "after a reload the scene is another: \(text)")
        XCTAssertTrue(probe.timeline.contains { $0.contains("the transcript ends before this reload") }, "\(probe.timeline)")
    }
}
