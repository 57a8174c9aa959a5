import Foundation
import ToolRunning
import XCTest

/// `behave explore` shrinks within `--shrink-time` and `--shrink-replays`;
/// when either runs out it says so, prints the shortest commands found so
/// far and writes them as a transcript that replays.
final class ExploreBudgetToolTests: XCTestCase {
    /// A folder with a copy of Examples/Exploration/forty_taps, whose
    /// fortieth tap raises an error: shrinking a run of hundreds of steps
    /// to those taps takes some two thousand replays.
    private func fortyTaps() throws -> URL {
        let work = try folder()
        for file in ["forty_taps.lua", "forty_taps.scene.yaml"] {
            try FileManager.default.copyItem(at: checkout.appendingPathComponent("Examples/Exploration/" + file),
                                             to: work.appendingPathComponent(file))
        }
        return work
    }

    func testWhenTheBudgetRunsOutTheShortestSoFarIsWrittenAndSaidToBeSo() throws {
        let behave = try builtBehave()
        let work = try fortyTaps()
        let explore = try run(behave, ["explore", "forty_taps.scene.yaml", "--steps", "1000", "--shrink-replays", "5"], in: work)
        XCTAssertEqual(explore.status, 1, explore.errors)
        let lines = explore.outputLines
        XCTAssertEqual(lines.first, "failure (seed 1): error (in touchUpInside handler of button): forty_taps.lua:16: tapped 40 times")
        XCTAssertEqual(lines.dropFirst().first, "shrinking stopped early: its budget of 5 replays ran out; these commands fail the same way, but fewer might (--shrink-time and --shrink-replays give shrinking more)")
        let heading = try XCTUnwrap(lines.dropFirst(2).first)
        XCTAssertTrue(heading.hasPrefix("shortest commands found that fail the same way ("), heading)
        XCTAssertGreaterThanOrEqual(lines.filter { $0.hasPrefix("  ") }.count, 40)
        XCTAssertEqual(lines.last, "transcript: forty_taps.failure.behave (behave test replays it)")
        let transcript = try String(contentsOf: work.appendingPathComponent("forty_taps.failure.behave"), encoding: .utf8)
        XCTAssertTrue(transcript.contains("tapped 40 times"), transcript)
        // It replays what was recorded, and fails with the error until the bug is fixed.
        let replay = try run(behave, ["test", "forty_taps.failure.behave"], in: work)
        XCTAssertEqual(replay.status, 1, replay.output)
        XCTAssertTrue(replay.output.hasPrefix("ERROR forty_taps.failure.behave:"), replay.output)
        XCTAssertTrue(replay.output.contains("a script raised an error after `"), replay.output)
        XCTAssertTrue(replay.output.contains("forty_taps.lua:16: tapped 40 times; a transcript passes only when its scene raises none"), replay.output)

        let none = try run(behave, ["explore", "forty_taps.scene.yaml", "--steps", "1000", "--shrink-time", "0", "--record", "none.behave"],
                           in: work)
        XCTAssertEqual(none.status, 1, none.errors)
        XCTAssertTrue(none.output.contains("shrinking stopped early: its time budget (0 s) ran out after 0 replays"), none.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("none.behave").path))
    }

    func testTheBudgetsFlagsAreChecked() throws {
        let behave = try builtBehave()
        let work = try fortyTaps()
        for (option, message) in [
            ("--shrink-time=-1", "behave: --shrink-time is in seconds, from 0 to 86400; not -1"),
            ("--shrink-time=nan", "behave: --shrink-time is in seconds, from 0 to 86400; not nan"),
            ("--shrink-replays=-3", "behave: --shrink-replays takes 0 to 10000000, not -3"),
        ] {
            let outcome = try run(behave, ["explore", "forty_taps.scene.yaml", option], in: work)
            XCTAssertEqual(outcome.status, 2)
            XCTAssertTrue(outcome.errors.hasPrefix(message), outcome.errors)
        }
    }
}
