import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// Regressions from the second audit of scene files.
final class SceneAuditTests: XCTestCase {
    /// The scenes these tests audit, in Audit/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Audit")

    /// The text of Audit/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// `cN: { type: View, parent: cN-1 }`, N from 1 to `count - 1`, in
    /// file order or from the deepest up.
    private func chain(_ count: Int, prefix: String = "c", reversed: Bool = false) -> [String] {
        var lines = ["  \(prefix)0: View"]
        for index in 1..<count { lines.append("  \(prefix)\(index): { type: View, parent: \(prefix)\(index - 1) }") }
        return reversed ? lines.reversed() : lines
    }

    // MARK: Deep parents

    func testADeepChainOfParentsIsRefusedOnceAtTheFirstTooDeepControl() throws {
        let started = Date()
        let lines = try mistakes((["controls:"] + chain(2000)).joined(separator: "\n"))
        XCTAssertEqual(lines, ["258: control `c256` nests 257 levels deep; controls nest at most 256 levels"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "a 2,000-deep chain took 34 s before")
    }

    func testChainsOfParentsLoadInLinearTime() throws {
        // 40 chains of 256 levels, each written from its deepest control up
        // (every control is attached before its parent is).
        var lines = ["controls:"]
        for tree in 0..<40 { lines += chain(256, prefix: "t\(tree)c", reversed: true) }
        let started = Date()
        let (loaded, _) = try load(lines.joined(separator: "\n"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        let scene = loaded.scene
        XCTAssertEqual(scene.screen?.rootViews.count, 40)
        var depth = 0
        var view = scene.control(named: "t39c255")
        while let current = view {
            depth += 1
            view = current.parent
        }
        XCTAssertEqual(depth, 256)
        XCTAssertEqual(scene.control(named: "t0c0")?.subviews.map(\.name), ["t0c1"])
    }

    func testSiblingsKeepTheFilesOrderWhateverTheOrderOfTheirParents() throws {
        let (loaded, _) = try load(text("sibling_order.scene.yaml"))
        XCTAssertEqual(loaded.scene.control(named: "a")?.subviews.map(\.name), ["b2", "b1", "b3"])
        XCTAssertEqual(loaded.scene.control(named: "b1")?.subviews.map(\.name), ["c"])
    }

    func testALongCycleOfParentsIsNamedBriefly() throws {
        var lines = ["controls:"]
        for index in 0..<3000 { lines.append("  c\(index): { type: View, parent: c\((index + 1) % 3000) }") }
        lines.append("  d: { type: View, parent: c5 }")
        let found = try mistakes(lines.joined(separator: "\n"))
        XCTAssertEqual(found, ["2: controls are each other's parents: c0 → c1 → c2 → c3 → c4 → c5 → c6 → c7 → c8 → c9 → … → c0 (3000 controls)"])
    }

    // MARK: Every mistake listed

    func testAKeyThatIsNotANameHidesNoOtherMistake() throws {
        let found = try mistakes(text("keys_not_names.scene.yaml"))
        XCTAssertEqual(found, [
            "2: a key must be a name, not a list",
            "4: `keyboard` cannot name a control: it is reserved for the keyboard",
            "5: an empty key cannot name a control: use letters, digits, `_` and `-`",
            "6: `~` cannot name a control: use letters, digits, `_` and `-`",
            "7: control `ok`: unknown control type `Buton` (did you mean `Button`?)",
        ])
        let fixture = try SceneFixture(["keys.scene.yaml": "controls:\n  ? { a: 1 }\n  : Button\n  ok: Button\n"])
        XCTAssertThrowsError(try SceneLoader.load(file: fixture.path("keys.scene.yaml"))) { error in
            XCTAssertEqual((error as? SceneLoadError)?.diagnostics.map(\.message), ["a key must be a name, not a mapping"])
        }
        XCTAssertThrowsError(try SceneLoader.read(file: fixture.path("keys.scene.yaml")), "reading alone still refuses it")
    }

    // MARK: JSON and sizes

    func testAJSONMistakeSaysJSONAndNamesALineOfTheFile() throws {
        let fixture = try SceneFixture([
            "one.scene.json": #"{"controls": {"a": {"type": "Button"}}, "behaviours": {"t": {"script": "toggle.lua"}}"# + "\n",
            "two.scene.json": "{\"controls\":\n  {\"a\": \"Button\"\n",
            "yaml.scene.yaml": "controls:\n  a: { type: Button\n",
        ])
        func found(_ name: String) -> [String] {
            SceneLoader.check(file: fixture.path(name)).map { "\($0.line ?? 0): \($0.message)" }
        }
        XCTAssertEqual(found("one.scene.json"),
                       ["1: bad JSON: did not find expected ',' or '}' (while parsing a flow mapping at line 1); end the `{ … }` that line 1 opens with `}`, put a comma between its entries"])
        XCTAssertEqual(found("two.scene.json").map { String($0.prefix(13)) }, ["2: bad JSON: "])
        XCTAssertEqual(found("yaml.scene.yaml").map { String($0.prefix(13)) }, ["2: bad YAML: "])
        XCTAssertEqual(YAMLReader.lastLine(of: "a\n"), 1)
        XCTAssertEqual(YAMLReader.lastLine(of: "a\nb"), 2)
        XCTAssertEqual(YAMLReader.lastLine(of: ""), 1)
    }

    func testABigSceneWithoutAliasesLoadsAndTheLimitBlamesNoAlias() throws {
        // 150,000 values: more than the old limit of 100,000.
        let text = "controls: { a: Button }\nbehaviours: {}\nscreen: x\nconnections: [" + Array(repeating: "a.touchDown -> screen.x", count: 150_000).joined(separator: ", ") + "]\n"
        XCTAssertNoThrow(try YAMLReader.read(text, file: "big.scene.yaml"))
        XCTAssertThrowsError(try YAMLReader.parse("a: [1, 2, 3, 4]\n", file: "small.yaml", maximumNodes: 3)) { error in
            XCTAssertEqual((error as? SceneLoadError)?.diagnostics.map(\.message),
                           ["the scene has more than 3 values; a scene may hold at most 3"])
        }
        XCTAssertThrowsError(try YAMLReader.parse("a: &a [1, 2]\nb: [*a, *a]\n", file: "small.yaml", maximumNodes: 5)) { error in
            XCTAssertEqual((error as? SceneLoadError)?.diagnostics.map(\.message),
                           ["the scene has more than 5 values once its aliases are expanded (each alias counts every value it repeats); a scene may hold at most 5"])
        }
        XCTAssertThrowsError(try YAMLReader.parse("a: \"*b\" # &b\nc: [2, 3, 4]\n", file: "small.yaml", maximumNodes: 4)) { error in
            XCTAssertEqual((error as? SceneLoadError)?.diagnostics.map(\.message),
                           ["the scene has more than 4 values; a scene may hold at most 4"], "no alias, none blamed")
        }
    }

    // MARK: Unconnected outlets

    func testAnOutletLeftUnconnectedIsAWarningWithTheBehavioursLine() throws {
        let yaml = try text("unconnected.scene.yaml")
        let fixture = try SceneFixture(["w.scene.yaml": yaml])
        let file = fixture.path("w.scene.yaml")
        XCTAssertEqual(SceneLoader.check(file: file), [], "a warning does not make the scene invalid")
        let expected = SceneDiagnostic(file: file, line: 4, message: "outlet `button` of `toggle` is not connected: it is nil when the behaviour runs (declare it \"Button?\" if it may be left unconnected)",
                                       isWarning: true)
        XCTAssertEqual(SceneLoader.inspect(file: file), [expected])
        XCTAssertEqual(expected.description, "\(file):4: warning: outlet `button` of `toggle` is not connected: it is nil when the behaviour runs (declare it \"Button?\" if it may be left unconnected)")
        XCTAssertEqual(Checker.inspect(file), [expected])
        XCTAssertEqual(Checker.check(file), [])
        let loaded = try SceneLoader.load(file: file)
        XCTAssertEqual(loaded.warnings, [expected])
    }

    func testNoWarningForAMisspeltOutletAndWarningsBesideMistakes() throws {
        let fixture = try SceneFixture(["w.scene.yaml": text("misspelt_beside_mistakes.scene.yaml")])
        let found = SceneLoader.inspect(file: fixture.path("w.scene.yaml")).map { "\($0.line ?? 0): \($0.isWarning ? "warning: " : "")\($0.message)" }
        XCTAssertEqual(found, [
            "3: control `c`: alpha must be at most 1, not 3 (range 0…1)",
            "5: behaviour `typo`: ToggleButton has no outlet `buton` (did you mean `button`?)",
            "6: warning: outlet `button` of `bare` is not connected: it is nil when the behaviour runs (declare it \"Button?\" if it may be left unconnected)",
        ])
    }

    // MARK: Quoted numbers

    func testAQuotedNumberIsANumberWhereANumberIsExpected() throws {
        let (loaded, _) = try load(text("quoted_numbers.scene.yaml"))
        XCTAssertEqual(loaded.scene.control(named: "b")?.alpha, 0.5)
        XCTAssertEqual(try loaded.scene.control(named: "l")?.value("text"), .string("12"))
        XCTAssertEqual(loaded.scene.behaviour(named: "toggle")?.inspectable("duration"), .number(0.25))
        XCTAssertEqual(try mistakes("controls:\n  b: { type: Button, alpha: \"half\" }\n"),
                       ["2: control `b`: alpha takes a number, not the text `half`"])
    }
}

/// The YAML examples of Docs/scenes.md that are whole scenes load as written.
final class SceneDocsTests: XCTestCase {
    private func yamlBlock(after heading: String, language: String = "yaml") throws -> String {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("Docs/scenes.md"), encoding: .utf8)
        let section = try XCTUnwrap(docs.range(of: heading), "no \(heading)")
        let rest = docs[section.upperBound...]
        let start = try XCTUnwrap(rest.range(of: "```\(language)\n"))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: "```"))
        return String(rest[start.upperBound..<end.lowerBound])
    }

    func testTheBehavioursExampleLoads() throws {
        let block = try yamlBlock(after: "\n## Behaviours\n")
        XCTAssertTrue(block.contains("image_picker.lua"))
        XCTAssertEqual(try mistakes(block), [])
    }

    func testTheFirstExampleLoads() throws {
        XCTAssertEqual(try mistakes(try yamlBlock(after: "\n## An example\n")), [])
    }

    /// The hand-written `.ui` skeleton is the file the scene beside it
    /// names, with an object for each of its controls (behave window
    /// opens it: the GTK host's WindowTests).
    func testTheUiSkeletonServesItsScene() throws {
        let heading = "\n## A designer's `.ui` file\n"
        let scene = try yamlBlock(after: heading)
        let ui = try yamlBlock(after: heading, language: "xml")
        XCTAssertTrue(scene.contains("ui: settings.ui"))
        for id in ["wifi", "email"] { XCTAssertTrue(ui.contains("id=\"\(id)\""), id) }
        let fixture = try SceneFixture(["settings.scene.yaml": scene, "settings.ui": ui])
        XCTAssertEqual(SceneLoader.inspect(file: fixture.path("settings.scene.yaml")).map(\.description), [])
    }
}
