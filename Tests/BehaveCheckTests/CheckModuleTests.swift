import Foundation
import XCTest

/// `behave check` follows `require`: the modules a script requires are
/// checked after it, as modules (linted, not run as behaviours), and a
/// module given on its own is checked as one.
final class CheckModuleTests: XCTestCase {
    static let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Modules")

    func testCheckFollowsTheModulesAScriptRequires() throws {
        let outcome = try behave(["check", "Examples/Screens/LikeButton/like.lua"], in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, """
            Examples/Screens/LikeButton/like.lua: ok
            Examples/Screens/LikeButton/counting.lua: ok

            """)
    }

    func testAModuleGivenOnItsOwnIsCheckedAsAModule() throws {
        let outcome = try behave(["check", "Examples/Screens/LikeButton/counting.lua"], in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, "Examples/Screens/LikeButton/counting.lua: ok\n")
    }

    func testAModuleGivenByNameIsCheckedInItsPlaceAndOnce() throws {
        let files = ["Examples/Cookbook/inbox.lua", "Examples/Cookbook/cart.lua", "Examples/Cookbook/words.lua"]
        let outcome = try behave(["check"] + files, in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, files.map { "\($0): ok\n" }.joined())
    }

    /// A module or a spec file is compiled, though not run: what Lua
    /// refuses to compile past the grammar fails the check. `check` said
    /// ok to each, and `behave test` (or the `require`) was the first to
    /// refuse them.
    func testAModuleOrSpecLuaCannotCompileFailsTheCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (source, message) in [
            ("local limit <const> = 3\nlimit = 4\nreturn {}\n", "2: attempt to assign to const variable 'limit'"),
            ("for i = 1, 3 do end\nbreak\nreturn {}\n", "4: break outside loop at line 2"),
            ("goto done\nreturn {}\n", "3: no visible label 'done' for <goto> at line 1"),
        ] {
            for name in ["words.lua", "words_spec.lua"] {
                try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
                let outcome = try behave(["check", name], in: folder)
                XCTAssertEqual(outcome.status, 2, "\(name): \(source)")
                XCTAssertEqual(outcome.output, "", name)
                XCTAssertTrue(outcome.errors.hasPrefix("\(name):\(message)\n"), outcome.errors)
            }
        }
    }

    func testAMistakeInARequiredModuleFailsTheCheck() throws {
        let outcome = try behave(["check", "uses_broken.lua"], in: Self.modules)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.errors.contains("broken.lua:5:1: error: "), outcome.errors)
        XCTAssertFalse(outcome.output.contains("broken.lua: ok"), outcome.output)
    }

    /// A spec's modules, found as its `require` finds them (`src/` first,
    /// as busted looks) and theirs, are linted as a behaviour's are: by
    /// `check` after the spec, and by `behave test` before the run, each
    /// finding at the module's file and line; the globals they read are
    /// the spec's (`spy`). Neither read them: `check` said ok, `test`
    /// said nothing.
    func testASpecsModulesAreLintedByCheckAndTest() throws {
        // Hidden, so that `behave test` at the checkout's root passes over its spec.
        let folder = Self.modules.appendingPathComponent(".Spec")
        let checked = try behave(["check", "spec/words_spec.lua"], in: folder)
        XCTAssertEqual(checked.status, 2, checked.output + checked.errors)
        XCTAssertEqual(checked.output, "spec/words_spec.lua: ok\nsrc/words/counting.lua: ok\n")
        let findings = [
            "src/words.lua:5:10: error: `totl` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `total`?",
            "src/words.lua:4:3: warning: `total` is set without `local`, so it is a global of the spec file that requires this module, shared by all its specs; write `local total = …` where it is first set, or keep it in the table the module returns",
        ]
        XCTAssertEqual(checked.errors, findings.map { $0 + "\n" }.joined())
        let tested = try behave(["test", "spec/words_spec.lua"], in: folder)
        XCTAssertEqual(tested.status, 0, "the linter never stops a run: " + tested.output + tested.errors)
        XCTAssertEqual(Set(tested.errors.split(separator: "\n").map(String.init)), Set(findings), tested.errors)
    }

    /// `behave run` lints the modules its scripts require (and theirs) as
    /// `check` follows them, each finding at the module's file and line,
    /// whether it runs the script or a scene that uses it. It linted the
    /// script alone and said nothing of the module.
    func testRunLintsTheModulesItsScriptsRequireAsCheckDoes() throws {
        // counter.lua requires words.lua, which requires counting.lua.
        let folder = Self.modules.appendingPathComponent("Run")
        let findings = [
            "words.lua:4:3: warning: `total` is set without `local`, so it is a global variable; write `local total = …` where it is first set, or keep it on the behaviour as `self.total`",
            "words.lua:5:10: error: `totl` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `total`?",
            "counting.lua:1:47: error: `unused` is not defined here (no local, global or Behave function has this name), so it is nil; define it first with `local unused = …`",
        ]
        let checked = try behave(["check", "counter.lua"], in: folder)
        XCTAssertEqual(Set(checked.errors.split(separator: "\n").map(String.init)), Set(findings), checked.errors)
        for file in ["counter.lua", "counter.scene.yaml"] {
            let ran = try behave(["run", file], in: folder)
            XCTAssertEqual(ran.status, 0, "the linter never stops a run: " + ran.output + ran.errors)
            XCTAssertEqual(ran.errors, findings.map { $0 + "\n" }.joined(), file)
        }
    }
}
