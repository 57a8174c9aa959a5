import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// What a reload does to the scene it replaces (`behave run --watch`,
/// Behave Studio, `behave window`): the old behaviours are destroyed,
/// heard, once the new ones woke; nothing of the old scene reaches the
/// new one; a reload that fails to load runs nothing of the new scene, and
/// one whose `awake` raises leaves the old scene running.
final class ReloadLifecycleTests: XCTestCase {
    /// What a session printed, in order.
    final class Output {
        var lines: [String] = []
        /// The lines printed since `start`.
        func since(_ start: Int) -> [String] { Array(lines[start...]) }
    }

    /// The scene of `Reload/` in a folder of its own, `replacing` some of
    /// its files, watched as `behave run --watch` watches it (the folder
    /// goes with the fixture).
    func watch(replacing: [String: String] = [:]) throws -> (fixture: SceneFixture, watched: WatchedSession, output: Output) {
        let fixture = try SceneFixture(try reloadFiles().merging(replacing) { $1 })
        let output = Output()
        let watched = try WatchedSession(source: SceneSource(file: fixture.path("reload.scene.yaml"))) { source throws(SceneSourceError) in
            try CommandSession(source: source, output: { output.lines.append($0) }, wakes: false)
        }
        return (fixture, watched, output)
    }

    /// Saves `first.lua` again, its prints saying "again".
    func saveNewFirst(in fixture: SceneFixture) throws {
        let text = try String(contentsOfFile: fixture.path("first.lua"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "print(\"first", with: "print(\"again").utf8)
            .write(to: URL(fileURLWithPath: fixture.path("first.lua")))
    }

    func testTheOldBehavioursAreDestroyedAloudOnceTheNewOnesWoke() throws {
        let (fixture, watched, output) = try watch()
        watched.session.execute("advance 0.5")
        watched.session.execute("tap button")  // its handler waits
        try saveNewFirst(in: fixture)
        let start = output.lines.count
        XCTAssertNil(watched.reload(from: watched.source) {
            XCTAssertEqual(output.since(start), [], "the old scene was dismissed before the new one woke")
        })
        let heard = output.since(start).filter { !$0.contains("button.alpha") }
        XCTAssertEqual(Array(heard.prefix(2)), ["[0s] first awake", "[0s] [first] again awake"])
        // Destroyed in reverse order of waking, as a dismissed screen is;
        // the animation stops where it was (`button.alpha: 1 → 0.9375`).
        XCTAssertEqual(Array(heard.suffix(5)), ["[0.5s] screen Reload dismissed",
                                                "[0.5s] [second] second destroy", "[0.5s] second destroyed",
                                                "[0.5s] [first] first destroy", "[0.5s] first destroyed"])
        // The old scene's timer, wait, animation and connection end with it.
        watched.session.execute("tap button")
        watched.session.execute("advance 3")
        let after = output.since(start).joined(separator: "\n")
        for gone in ["first timer fired", "first waited", "first animated", "first heard a tap"] {
            XCTAssertFalse(after.contains(gone), "the old scene's `\(gone)` reached the new scene")
        }
        for new in ["again timer fired", "again heard a tap", "again waited", "again animated"] {
            XCTAssertEqual(after.components(separatedBy: new).count, 2, "once: \(new)")
        }
    }

    /// A reload that fails (a script that does not compile, a scene file
    /// that does not read) runs nothing of the new scene, not even the top
    /// level of a script that compiled, and leaves the old one as it was.
    func testAReloadThatFailsRunsNothingOfTheNewScene() throws {
        let (fixture, watched, output) = try watch()
        let running = watched.session
        try saveNewFirst(in: fixture)
        let first = try String(contentsOfFile: fixture.path("first.lua"), encoding: .utf8)
        try Data(("print(\"again top level\")\n" + first).utf8).write(to: URL(fileURLWithPath: fixture.path("first.lua")))
        try Data("local Second = behaviour {\n  name = = 1\n}\n".utf8).write(to: URL(fileURLWithPath: fixture.path("second.lua")))
        let start = output.lines.count
        let broken = watched.reload(from: watched.source) { XCTFail("a failed reload woke the new scene") }
        XCTAssert(broken?.description.contains("second.lua:2:") ?? false, broken?.description ?? "loaded")
        let yaml = try String(contentsOfFile: fixture.path("reload.scene.yaml"), encoding: .utf8)
        try Data(yaml.replacingOccurrences(of: "controls:", with: "controls: [").utf8)
            .write(to: URL(fileURLWithPath: fixture.path("reload.scene.yaml")))
        let unread = watched.reload(from: watched.source) { XCTFail("a failed reload woke the new scene") }
        XCTAssert(unread?.description.contains("reload.scene.yaml:") ?? false, unread?.description ?? "loaded")
        XCTAssertEqual(output.since(start), [], "nothing of either reload was heard, the old scene was not dismissed")
        XCTAssert(watched.session === running)
        running.execute("tap button")
        XCTAssertEqual(output.since(start).last, "[0s] [first] first heard a tap")
    }

    /// A new scene whose behaviour raises as it wakes replaces nothing,
    /// as Defold's and Roblox Studio's hot reloads keep the running game:
    /// the error names its line, the failed scene is dismissed (its timer
    /// ends with it), the running scene is neither dismissed nor changed and
    /// hears taps as before, and the next good save loads.
    func testAnAwakeThatRaisesKeepsTheRunningScene() throws {
        let (fixture, watched, output) = try watch()
        let running = watched.session
        running.execute("advance 0.5")
        let good = try String(contentsOfFile: fixture.path("second.lua"), encoding: .utf8)
        try Data(contentsOf: URL(fileURLWithPath: self.fixture("Later/raises_in_awake.lua")))
            .write(to: URL(fileURLWithPath: fixture.path("second.lua")))
        let start = output.lines.count
        let error = watched.reload(from: watched.source)
        XCTAssert(error?.description.contains("second.lua:7: not ready") ?? false, error?.description ?? "loaded")
        XCTAssert(watched.session === running)
        // What the failed scene did is heard at its own time, 0s; nothing
        // of the running scene's (at 0.5s): it was not dismissed.
        let heard = output.since(start)
        XCTAssert(heard.contains { $0.hasPrefix("[0s]") && $0.contains("not ready") }, "\(heard)")
        XCTAssert(heard.contains("[0s] screen Reload dismissed"), "the failed scene was not dismissed: \(heard)")
        XCTAssertFalse(heard.contains { $0.hasPrefix("[0.5s]") }, "\(heard)")
        running.execute("tap button")
        XCTAssertEqual(output.lines.last, "[0.5s] [first] first heard a tap")
        running.execute("advance 3")
        XCTAssertFalse(output.since(start).contains { $0.contains("the failed scene's timer fired") })
        XCTAssertEqual(watched.scriptErrors, 1, "the failed scene's error counts in the exit status")

        try Data(good.utf8).write(to: URL(fileURLWithPath: fixture.path("second.lua")))
        let next = output.lines.count
        XCTAssertNil(watched.reload(from: watched.source))
        XCTAssert(watched.session !== running)
        XCTAssert(output.since(next).contains("[0s] [second] second awake"), "\(output.since(next))")
        XCTAssert(output.since(next).contains("[3.5s] screen Reload dismissed"), "\(output.since(next))")
    }

    /// A new scene whose first behaviour raises as it wakes and whose
    /// next prints more than the trace keeps: the reload's error still
    /// names the behaviour, the file and the line that raised, where it
    /// said only that a behaviour raised.
    func testAFloodedTraceStillNamesTheAwakeThatRaised() throws {
        let (fixture, watched, output) = try watch()
        let running = watched.session
        for name in ["flooded.scene.yaml", "raises_in_awake.lua", "floods_in_awake.lua"] {
            try Data(contentsOf: URL(fileURLWithPath: self.fixture("Later/" + name))).write(to: URL(fileURLWithPath: fixture.path(name)))
        }
        let error = try XCTUnwrap(watched.reload(from: SceneSource(file: fixture.path("flooded.scene.yaml"))))
        XCTAssertEqual(error.description.split(separator: "\n").first.map(String.init),
                       fixture.path("raises_in_awake.lua") + ":7: not ready (in awake of raises)", error.description)
        XCTAssert(output.lines.contains("[0s] [floods] line 12000"), "the flood was heard whole")
        XCTAssert(watched.session === running)
    }

    /// A `destroy` that raises, runs away or tries to pause is stopped at
    /// its line, as in any handler; the other behaviours are destroyed and
    /// the new scene runs on.
    func testADestroyThatFailsDoesNotStopTheReload() throws {
        for (script, error) in [("raises_in_destroy.lua", "second.lua:9: cannot let go"),
                                ("loops_in_destroy.lua", "second.lua:11: "),
                                ("waits_in_destroy.lua", "second.lua:9: ")] {
            let replacement = try String(contentsOfFile: fixture(script), encoding: .utf8)
            let (fixture, watched, output) = try watch(replacing: ["second.lua": replacement])
            let start = output.lines.count
            XCTAssertNil(watched.reload(from: watched.source), script)
            let heard = output.since(start)
            XCTAssert(heard.contains { $0.contains("error") && $0.contains(error) }, "\(script): \(heard)")
            XCTAssert(heard.contains("[0s] [first] first destroy"), "\(script): \(heard)")
            // The new scene woke first; the old one's `destroy` failed after.
            XCTAssertEqual(heard.first, "[0s] first awake", script)
            XCTAssert(heard.contains("[0s] [second] \(script.prefix { $0 != "_" }) awake"), script)
            XCTAssertFalse(heard.contains { $0.contains("waited") }, script)
            withExtendedLifetime(fixture) {}
        }
    }

    /// Each reload lets the scene it replaces go whole, with its Lua state.
    func testManyReloadsKeepNoOldSceneAlive() throws {
        let (fixture, watched, _) = try watch()
        weak let firstScene = watched.session.scene
        var gone: [() -> Bool] = []
        for _ in 0..<100 {
            weak let running = watched.session.running
            gone.append { running == nil }
            XCTAssertNil(watched.reload(from: watched.source))
        }
        XCTAssertNil(firstScene)
        XCTAssert(gone.allSatisfy { $0() }, "\(gone.filter { !$0() }.count) old scenes are still in memory")
        withExtendedLifetime(fixture) {}
    }

    /// A scene file that names a script not made yet, or a script that
    /// requires a module not made yet, does not load; making the file
    /// loads it (as saving a file the scene uses does).
    func testMakingAScriptOrModuleTheSceneAwaitsReloadsIt() throws {
        let (fixture, watched, output) = try watch()
        func saved(_ name: String, as file: String) throws {
            try Data(contentsOf: URL(fileURLWithPath: self.fixture(name))).write(to: URL(fileURLWithPath: fixture.path(file)))
        }
        let yaml = try String(contentsOfFile: fixture.path("reload.scene.yaml"), encoding: .utf8)
        try Data((yaml + "  third: { script: third.lua }\n").utf8).write(to: URL(fileURLWithPath: fixture.path("reload.scene.yaml")))
        XCTAssertEqual(watched.changedFiles(), [fixture.path("reload.scene.yaml")])
        XCTAssert(watched.reload(from: watched.source)?.description.contains("third.lua") ?? false)
        try saved("Later/third.lua", as: "third.lua")
        XCTAssertEqual(watched.changedFiles(), [fixture.path("third.lua")])
        XCTAssertNil(watched.reload(from: watched.source))
        XCTAssert(output.lines.contains("[0s] [third] third awake"), "\(output.lines)")

        try saved("Later/needs_words.lua", as: "second.lua")
        XCTAssertEqual(watched.changedFiles(), [fixture.path("second.lua")])
        XCTAssert(watched.reload(from: watched.source)?.description.contains("module 'words' not found") ?? false)
        try saved("Later/words.lua", as: "words.lua")
        XCTAssertEqual(watched.changedFiles(), [fixture.path("words.lua")])
        XCTAssertNil(watched.reload(from: watched.source))
        XCTAssert(output.lines.contains("[0s] [second] hello from words"), "\(output.lines)")
        // Saved again, it is one change, though the scene and the runtime
        // name it differently.
        try saved("Later/words.lua", as: "words.lua")
        XCTAssertEqual(watched.changedFiles(), [fixture.path("words.lua")])
    }

    /// A module a behaviour requires only as it wakes is watched too, in
    /// the first scene and in each reloaded one.
    func testAModuleRequiredAsTheSceneWakesIsWatched() throws {
        let later = ["second.lua": try String(contentsOfFile: fixture("Later/requires_as_it_wakes.lua"), encoding: .utf8),
                     "words.lua": try String(contentsOfFile: fixture("Later/words.lua"), encoding: .utf8)]
        let (fixture, watched, output) = try watch(replacing: later)
        XCTAssert(output.lines.contains("[0s] [second] hello from words"), "\(output.lines)")
        XCTAssert(watched.files.contains(fixture.path("words.lua")), "\(watched.files)")
        try Data(contentsOf: URL(fileURLWithPath: self.fixture("Later/other_words.lua"))).write(to: URL(fileURLWithPath: fixture.path("words.lua")))
        XCTAssertEqual(watched.changedFiles(), [fixture.path("words.lua")])
        XCTAssertNil(watched.reload(from: watched.source))
        XCTAssert(output.lines.contains("[0s] [second] hi"), "\(output.lines)")
    }

    func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/BehaveSceneTests/Reload").appendingPathComponent(name).path
    }
}

/// The files of `Reload/` (not those of `Reload/Later/`, saved by tests
/// as they go), by name.
func reloadFiles() throws -> [String: String] {
    let folder = repositoryRoot.appendingPathComponent("Tests/BehaveSceneTests/Reload")
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.contains(".") {
        files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    return files
}
