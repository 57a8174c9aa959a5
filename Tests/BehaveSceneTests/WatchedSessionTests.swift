import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// Reloading on save (`behave run --watch`, Behave Studio): the files a
/// scene uses, polled; a scene that fails to load leaves the last good one.
final class WatchedSessionTests: XCTestCase {
    func testTheFilesOfASceneAndTheModulesItsScriptsRequire() throws {
        let files = SceneFiles.of(SceneSource(file: example("Toggle/toggle.scene.yaml")))
        XCTAssertEqual(files.first, example("Toggle/toggle.scene.yaml"))
        XCTAssert(files.contains { $0.hasSuffix("Scripts/toggle.lua") })
        XCTAssertEqual(files.count, 2, "toggle.lua is used twice, watched once")
    }

    /// A designer's `.ui` file is watched too, even before it is made;
    /// one outside the scene's folder is not.
    func testTheUiFileASceneNamesIsWatched() throws {
        XCTAssertEqual(SceneFiles.of(SceneSource(file: example("GTK/settings.scene.yaml"))).last, example("GTK/settings.ui"))
        let fixture = try SceneFixture(["test.scene.yaml": "ui: later.ui\ncontrols: { ok: Button }\n",
                                        "outside.scene.yaml": "ui: ../elsewhere.ui\ncontrols: { ok: Button }\n"])
        XCTAssertEqual(SceneFiles.of(SceneSource(file: fixture.path("test.scene.yaml"))),
                       [fixture.path("test.scene.yaml"), fixture.path("later.ui")])
        XCTAssertEqual(SceneFiles.of(SceneSource(file: fixture.path("outside.scene.yaml"))), [fixture.path("outside.scene.yaml")])
    }

    func testAWatcherSeesChangesRemovalsAndFilesSavedByRenaming() throws {
        let fixture = try SceneFixture(["a.txt": "one", "b.txt": "two"])
        var watcher = FileWatcher([fixture.path("a.txt"), fixture.path("b.txt"), fixture.path("c.txt")])
        XCTAssertEqual(watcher.changes(), [])
        try Data("one more".utf8).write(to: fixture.directory.appendingPathComponent("a.txt"))
        XCTAssertEqual(watcher.changes(), [fixture.path("a.txt")])
        XCTAssertEqual(watcher.changes(), [])
        // An editor's save: a new file renamed over the old one, same size.
        try Data("owt".utf8).write(to: fixture.directory.appendingPathComponent("b.new"))
        _ = rename(fixture.path("b.new"), fixture.path("b.txt"))
        try Data("three".utf8).write(to: fixture.directory.appendingPathComponent("c.txt"))
        XCTAssertEqual(Set(watcher.changes()), [fixture.path("b.txt"), fixture.path("c.txt")])
        try FileManager.default.removeItem(atPath: fixture.path("a.txt"))
        XCTAssertEqual(watcher.changes(), [fixture.path("a.txt")])
    }

    /// One file named two ways (a scene's scripts are named as written, the
    /// runtime names its modules by real path) is watched once, and one
    /// save of it is one change.
    func testAFileIsWatchedOnceWhateverItsSpelling() throws {
        let fixture = try SceneFixture(["a.txt": "one"])
        let link = fixture.directory.path + "-link"
        XCTAssertEqual(symlink(fixture.directory.path, link), 0)
        defer { unlink(link) }
        var watcher = FileWatcher([fixture.path("a.txt"), link + "/a.txt", fixture.directory.path + "/./a.txt"])
        XCTAssertEqual(watcher.paths, [fixture.path("a.txt")])
        try Data("two".utf8).write(to: fixture.directory.appendingPathComponent("a.txt"))
        watcher.add([link + "/../" + (link as NSString).lastPathComponent + "/a.txt"])
        XCTAssertEqual(watcher.changes(), [fixture.path("a.txt")])
    }

    /// Values set by hand reach the new scene, a script's default scene
    /// too (by the inspectable's name alone, as `--set` names it); values
    /// the new scene refuses are dropped and it loads without them.
    func testKeptValuesReachTheNewSceneOrAreDroppedWhenRefused() throws {
        var printed: [String] = []
        let source = SceneSource(file: repositoryRoot.appendingPathComponent("Scripts/toggle.lua").path)
        let watched = try WatchedSession(source: source) { source throws(SceneSourceError) in
            try CommandSession(source: source, output: { printed.append($0) }, wakes: false)
        }
        func inspectables() -> String {
            watched.session.execute("state")
            let state = printed.last ?? ""
            guard let start = state.range(of: "\"animated\"")?.lowerBound, let end = state[start...].firstIndex(of: "}") else { return state }
            return String(state[start...end])
        }
        var kept = KeptValues()
        kept.keep(behaviour: "toggle", property: "duration", value: "9")
        kept.keep(behaviour: "toggle", property: "animated", value: "true")
        kept.keep(behaviour: "toggle", property: "duration", value: "2")
        let loaded = watched.reload(from: source, keeping: kept)
        XCTAssertNil(loaded.error)
        XCTAssertNil(loaded.dropped)
        XCTAssertEqual(inspectables(), #""animated":true,"duration":2}"#)
        kept.keep(behaviour: "toggle", property: "duration", value: "50")
        let refused = watched.reload(from: source, keeping: kept)
        XCTAssertNil(refused.error)
        XCTAssert(refused.dropped?.description.contains("at most 10, not 50") ?? false, "\(String(describing: refused.dropped))")
        XCTAssertEqual(inspectables(), #""animated":false,"duration":0.7}"#)
    }

    func testAReloadThatFailsKeepsTheRunningSession() throws {
        let source = SceneSource(file: example("Toggle/toggle.scene.yaml"))
        var made = 0
        let watched = try WatchedSession(source: source) { source throws(SceneSourceError) in
            made += 1
            return try CommandSession(source: source, output: { _ in }, wakes: false)
        }
        let first = watched.session
        first.execute("tap wifi")
        XCTAssertNotNil(watched.reload(from: SceneSource(file: example("Mistakes/ten_mistakes.scene.yaml"))))
        XCTAssert(watched.session === first)
        XCTAssertEqual(watched.source.file, source.file)
        XCTAssertNil(watched.reload(from: source))
        XCTAssert(watched.session !== first)
        XCTAssertEqual(made, 3)
    }
}
