import Foundation
import ToolRunning
import XCTest

/// What a scene or a script named on the command line may make `behave`
/// read: its own folder and what lies below it (symbolic links resolved),
/// and the bundled Scripts/. A file elsewhere is refused by its name, and
/// what it holds never shows, under every command that reads what a scene
/// or a script names: `run` (and `--json`), `explore` and the transcript it
/// writes, `check`, `inspect`, `types`, `test` (its linter and `.busted`).
final class FileAccessToolTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A copy of Fixtures/.file_access: `outside/` holds what must never
    /// show; `scene/` a scene whose scripts reach for it through links, a
    /// script that names it, and a link that stays inside the folder
    /// (which works). Hidden, so that `behave test` at the checkout's root
    /// passes over its spec.
    private func tree() throws -> URL {
        let root = try folder()
        let tree = Self.fixtures.appendingPathComponent(".file_access")
        for name in try FileManager.default.contentsOfDirectory(atPath: tree.path) {
            try FileManager.default.copyItem(at: tree.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        let scene = root.appendingPathComponent("scene").path
        for (link, destination) in [("helpers.lua", "../outside/secret.lua"), ("keys.lua", "../outside/keys.txt"),
                                    ("linked.lua", "../outside/far.lua"), ("util.lua", "inside/util.lua")] {
            try FileManager.default.createSymbolicLink(atPath: scene + "/" + link, withDestinationPath: destination)
        }
        return root
    }

    /// Puts Fixtures/.file_access_later/`name`, a file a test adds, in
    /// the tree's `scene/`.
    private func add(_ name: String, to root: URL) throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(".file_access_later/" + name),
                                         to: root.appendingPathComponent("scene/" + name))
    }

    /// Runs behave in `directory`; fails the test if anything it wrote
    /// holds what the files outside hold.
    private func behave(_ arguments: [String], in directory: URL) throws -> ToolOutcome {
        let outcome = try run(try builtBehave(), arguments, in: directory)
        XCTAssertFalse(outcome.output.contains("SECRET"), "\(arguments): \(outcome.output)")
        XCTAssertFalse(outcome.errors.contains("SECRET"), "\(arguments): \(outcome.errors)")
        return outcome
    }

    private let sceneRefusal = "a symbolic link leads outside the folders the scene may read (the scene's folder and the bundled Scripts/)"
    private let scriptRefusal = "a symbolic link leads outside the folders the script may read (the script's folder and the bundled Scripts/)"

    func testRunRefusesModulesLinkedFromOutsideTheScenesFolder() throws {
        let root = try tree()
        let run = try behave(["run", "scene/reach.scene.yaml", "--do", "show", "--do", "state", "--do", "tap button",
                              "--do", "quit"], in: root)
        XCTAssertEqual(run.status, 1, run.errors)
        XCTAssertTrue(run.output.contains("module 'helpers': \(sceneRefusal)"), run.output)
        XCTAssertTrue(run.output.contains("module 'keys': \(sceneRefusal)"), run.output)
        // The script run alone and in a scene are refused in the same words.
        let keep = (scene: "keep what the scene uses (its scripts, the modules they require, its photos) in its folder or below it, as files rather than links that lead elsewhere",
                    script: "keep what the script uses (the modules it requires) in its folder or below it, as files rather than links that lead elsewhere")
        XCTAssertTrue(run.output.contains("module 'helpers': \(sceneRefusal); \(keep.scene)"), run.output)
        let json = try behave(["run", "scene/reach.scene.yaml", "--json", "--do", "tap button", "--do", "quit"], in: root)
        XCTAssertEqual(json.status, 1, json.errors)
        XCTAssertTrue(json.output.contains("module 'helpers': \(sceneRefusal)"), json.output)

        // A script named on the command line: its own folder.
        let script = try behave(["run", "top.lua", "--do", "quit"], in: root.appendingPathComponent("scene"))
        XCTAssertEqual(script.status, 2)
        XCTAssertTrue(script.errors.contains("module 'helpers': \(scriptRefusal)"), script.errors)
        XCTAssertTrue(script.errors.contains("module 'helpers': \(scriptRefusal); \(keep.script)"), script.errors)

        // A link that stays inside the folder is followed.
        try add("near.scene.yaml", to: root)
        let near = try behave(["run", "scene/near.scene.yaml", "--do", "quit"], in: root)
        XCTAssertEqual(near.status, 0, near.errors)
        XCTAssertTrue(near.output.contains("label.text: \"\" → \"shared\""), near.output)
    }

    /// Through a linked folder, a scene's script and the modules it
    /// requires are named as the user named the folder (`through/`), not
    /// where the link leads; a link out of the folder is still refused.
    func testFilesReachedThroughALinkedFolderAreNamedAsTyped() throws {
        let root = try tree()
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("through").path, withDestinationPath: "scene")
        for name in ["fuse.lua", "blow.lua", "blow.scene.yaml"] { try add(name, to: root) }
        let run = try behave(["run", "through/blow.scene.yaml", "--do", "tap button", "--do", "quit"], in: root)
        XCTAssertEqual(run.status, 1, run.errors)
        XCTAssertTrue(run.output.contains("through/fuse.lua:2: blown"), run.output)
        XCTAssertTrue(run.output.contains("through/blow.lua:3: in function"), run.output)
        XCTAssertFalse(run.output.contains("scene/"), run.output)
        // The check is the resolved path's: a link out of the folder is
        // refused through the linked folder too.
        let reach = try behave(["run", "through/reach.scene.yaml", "--do", "tap button", "--do", "quit"], in: root)
        XCTAssertEqual(reach.status, 1, reach.errors)
        XCTAssertTrue(reach.output.contains("through/reach.lua:5: module 'helpers': \(sceneRefusal)"), reach.output)
    }

    /// The linter's warnings before a run name a scene's script and its
    /// module through a linked folder as its errors do (`through/…`),
    /// where they named the folder the link leads to (`scene/…`).
    func testLintWarningsThroughALinkedFolderNameItAsTyped() throws {
        let root = try tree()
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("through").path, withDestinationPath: "scene")
        for name in ["idle.lua", "idler.lua", "idle.scene.yaml"] { try add(name, to: root) }
        let run = try behave(["run", "through/idle.scene.yaml", "--do", "quit"], in: root)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.errors.contains("through/idler.lua:1:7: warning: the local `spare` is never used"), run.errors)
        XCTAssertTrue(run.errors.contains("through/idle.lua:1:7: warning: the local `unused` is never used"), run.errors)
        XCTAssertFalse(run.errors.contains("scene/"), run.errors)
    }

    func testAScenesScriptOutsideItsFolderIsRefusedByName() throws {
        let root = try tree()
        let run = try behave(["run", "scene/far.scene.yaml", "--do", "quit"], in: root)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("behaviour `far`: ../outside/far.lua: outside the folders the scene may read (the scene's folder and the bundled Scripts/); keep what the scene uses (its scripts,"),
                      run.errors)
        XCTAssertTrue(run.errors.contains("behaviour `linked`: linked.lua: \(sceneRefusal)"), run.errors)
        let check = try behave(["check", "scene/far.scene.yaml", "scene/reach.scene.yaml"], in: root)
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.errors.contains("behaviour `far`: ../outside/far.lua: outside the folders the scene may read"), check.errors)
        XCTAssertEqual(check.output, "scene/reach.scene.yaml: ok\n")
    }

    func testCheckInspectAndTypesReadRequiresOnlyInsideTheScriptsFolder() throws {
        let root = try tree()
        let scene = root.appendingPathComponent("scene")
        let check = try behave(["check", "top.lua", "reach.lua"], in: scene)
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.errors.contains("module 'helpers': \(scriptRefusal)"), check.errors)
        let inspect = try behave(["inspect", "top.lua"], in: scene)
        XCTAssertEqual(inspect.status, 2)
        XCTAssertTrue(inspect.errors.contains("module 'helpers': \(scriptRefusal)"), inspect.errors)
        let types = try behave(["types", "top.lua"], in: scene)
        XCTAssertEqual(types.status, 0, types.errors)
        XCTAssertTrue(types.errors.contains("top.lua: cannot be loaded"), types.errors)
    }

    func testExploreAndTheTranscriptItWritesNameTheRefusedModule() throws {
        let root = try tree()
        let explore = try behave(["explore", "scene/reach.scene.yaml", "--steps", "50"], in: root)
        XCTAssertEqual(explore.status, 1, explore.errors)
        XCTAssertTrue(explore.output.contains("module 'helpers': \(sceneRefusal)"), explore.output)
        let transcript = try String(contentsOf: root.appendingPathComponent("reach.failure.behave"), encoding: .utf8)
        XCTAssertTrue(transcript.contains("module 'helpers'"), transcript)
        XCTAssertFalse(transcript.contains("SECRET"), transcript)
    }

    func testTestsLinterAndConfigFileReadOnlyWhereASpecMay() throws {
        let root = try tree()
        let scene = root.appendingPathComponent("scene")
        let test = try behave(["test", "access_spec.lua"], in: scene)
        XCTAssertEqual(test.status, 0, test.output + test.errors)
        try add(".busted", to: root)
        let config = try behave(["test"], in: scene)
        XCTAssertEqual(config.status, 2)
        XCTAssertEqual(config.errors, "behave: .busted: ROOT `../outside/keys.txt`: outside the folders a config file may read (its folder and the working directory); name folders and spec files inside them, or name them on the command line\n")
    }
}
