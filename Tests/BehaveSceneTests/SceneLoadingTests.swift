import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

final class SceneLoadingTests: XCTestCase {
    /// The scene files these tests load, in Loading/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Loading")

    /// The text of Loading/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testToggleExampleLoadsAndRuns() throws {
        let loaded = try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"))
        let scene = loaded.scene
        XCTAssertEqual(scene.screenTitle, "Settings")
        XCTAssertEqual(scene.screen?.controls.map(\.name), ["title", "wifi", "sound"])
        XCTAssertEqual(loaded.behaviours.map(\.name), ["toggle", "fadingToggle"])
        XCTAssertEqual(scene.messages.prefix(4), ["toggle awake", "wifi.image: nil → toggle-off (64×64)",
                                                  "fadingToggle awake", "sound.image: nil → sound-off (64×64)"])
        XCTAssertEqual((scene.control(named: "wifi") as? Button)?.title, "Wi-Fi")
        XCTAssertEqual(scene.behaviour(named: "fadingToggle")?.inspectable("animated"), .bool(true))

        try scene.run("tap sound", "advance 0.7")
        XCTAssertEqual((scene.control(named: "sound") as? Button)?.image?.name, "sound-on")
        XCTAssertEqual(scene.control(named: "sound")?.alpha, 0)
        try scene.run("advance 0.7", "tap wifi")
        XCTAssertEqual(scene.control(named: "sound")?.alpha, 1)
        XCTAssertEqual(scene.actions.map(\.json), [.object([("name", .string("toggleChanged")), ("from", .string("toggle")), ("handledBy", .null)])])
        XCTAssertEqual(scene.actions.map(\.target), ["screen"])
    }

    func testInitialPropertiesOfEveryControlType() throws {
        let (loaded, _) = try load(text("every_control.scene.yaml"))
        let scene = loaded.scene
        XCTAssertEqual(scene.screenTitle, "test", "the title defaults to the file's name")
        func value(_ control: String, _ property: String) -> Value? { try? scene.control(named: control)?.value(property) }
        XCTAssertEqual(value("box", "backgroundColor"), .color(Color(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(value("box", "frame"), .rect(Rect(x: 0, y: 0, width: 100, height: 50)))
        XCTAssertEqual(value("box", "hidden"), .bool(true))
        XCTAssertEqual(value("ok", "title"), .string("OK"))
        XCTAssertEqual(value("ok", "image"), .image(Image(name: "check")))
        XCTAssertEqual(value("ok", "selected"), .bool(true))
        XCTAssertEqual(value("caption", "text"), .string("12"), "a number written for a string property is text")
        XCTAssertEqual(value("caption", "textColor"), .color(Color.named["blue"]!))
        XCTAssertEqual(value("count", "value"), .number(150), "the range is set before the value")
        XCTAssertEqual(value("power", "on"), .bool(true))
        XCTAssertEqual(value("level", "alpha"), .number(0.5))
        XCTAssertEqual(value("email", "userInteractionEnabled"), .bool(false))
        XCTAssertEqual(value("photo", "image"), .image(Image(name: "cat", width: 640, height: 480)))
        XCTAssertEqual(value("page", "contentOffset"), .point(Point(x: 0, y: 40)))
        XCTAssertEqual(value("page", "contentSize"), .size(Size(width: 375, height: 2000)))
        XCTAssertTrue(scene.messages.isEmpty, "initial values are not changes: \(scene.messages)")
    }

    func testParentsNestViewsAndShortTypeForm() throws {
        let (loaded, _) = try load(text("nested.scene.yaml"))
        let scene = loaded.scene
        XCTAssertEqual(scene.screen?.rootViews.map(\.name), ["page"])
        XCTAssertEqual(scene.control(named: "page")?.subviews.map(\.name), ["card"])
        XCTAssertEqual(scene.control(named: "card")?.subviews.map(\.name), ["title", "button"])
        XCTAssertTrue(scene.control(named: "page") is ScrollView)
        try scene.run("set card.hidden true", "tap button")
        XCTAssertEqual(scene.messages.last, "button ignores the tap (card is hidden)")
    }

    func testJSONSceneIsEquivalentToYAML() throws {
        // Its images are Examples/Toggle's, named from beside it.
        let fromJSON = try SceneLoader.load(file: Self.folder.appendingPathComponent("toggle.json").path, limits: .default)
        let fromYAML = try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"))
        for scene in [fromJSON.scene, fromYAML.scene] {
            try scene.run("tap wifi", "tap sound", "advance 1.4")
        }
        XCTAssertEqual(fromJSON.scene.state(), fromYAML.scene.state())
        XCTAssertEqual(fromJSON.scene.messages, fromYAML.scene.messages)
    }

    func testJSONMistakesHaveLinesToo() throws {
        let lines = try mistakes(text("alpha_mistake.json"))
        XCTAssertEqual(lines, ["3: control `b`: alpha must be at most 1, not 2 (range 0…1)"])
    }

    /// A character past U+FFFF as JSON writes it, a surrogate pair
    /// (Python's `json.dumps`, JavaScript's `JSON.stringify` with ASCII
    /// output), is that character: it was refused as "found invalid
    /// Unicode character escape code". Half a pair is refused, with the fix.
    func testAJSONSurrogatePairIsOneCharacter() throws {
        let (loaded, _) = try load(text("likes.json"), named: "likes.json")
        XCTAssertEqual(loaded.scene.screenTitle, "Likes 👍")
        XCTAssertEqual(try loaded.scene.control(named: "b")?.value("title"), .string(#"\ud83d "\#u{10FFFF}" é"#))
        XCTAssertEqual(SceneLoader.check(file: Self.folder.appendingPathComponent("half.json").path).map { "\($0.line ?? 0): \($0.message)" }, [
            "2: bad JSON: found invalid Unicode character escape code (while parsing a quoted scalar at line 2); a `\\uD800`…`\\uDFFF` "
                + "escape is half of a character: write both halves, high then low (`\\ud83d\\ude00`), or the character itself",
        ])
    }

    func testTreeBuiltInMemoryLoadsLikeAFile() throws {
        // What `scene.new{ … }` will hand over: no file, no lines.
        func text(_ s: String, quoted: Bool = false) -> SceneNode { .scalar(.text(s, quoted: quoted), line: 0) }
        func map(_ entries: [(String, SceneNode)]) -> SceneNode {
            .map(entries.map { SceneNode.Entry(key: $0.0, value: $0.1, keyLine: 0) }, line: 0)
        }
        let tree = map([
            ("screen", text("Memory", quoted: true)),
            ("controls", map([("button", map([("type", text("Button"))]))])),
            ("behaviours", map([("toggle", map([
                ("script", text("toggle.lua")),
                ("outlets", map([("button", text("button"))])),
                ("inspectables", map([("animated", text("true")), ("duration", text("0.5"))])),
            ]))])),
        ])
        let loaded = try SceneLoader.load(node: tree, file: "spec", directory: ".", limits: .default)
        XCTAssertEqual(loaded.scene.behaviour(named: "toggle")?.inspectable("duration"), .number(0.5))
        try loaded.scene.run("tap button", "advance 0.25")
        XCTAssertEqual(try XCTUnwrap(loaded.scene.control(named: "button")).alpha, 0.5, accuracy: 0.001)

        let broken = map([("controls", map([("button", map([("type", text("Buton"))]))]))])
        XCTAssertThrowsError(try SceneLoader.load(node: broken, file: "spec", directory: ".", limits: .default)) { error in
            XCTAssertEqual("\(error)", "spec: control `button`: unknown control type `Buton` (did you mean `Button`?)")
        }
    }

    func testTypedScalarsAreValuesNotText() throws {
        // What a spec's Lua table holds: numbers and bools as they are.
        func map(_ entries: [(String, SceneNode)]) -> SceneNode {
            .map(entries.map { SceneNode.Entry(key: $0.0, value: $0.1, keyLine: 0) }, line: 0)
        }
        let tree = map([
            ("controls", map([("button", map([("type", .scalar(.text("Button", quoted: true), line: 0)),
                                              ("alpha", .scalar(.number(0.1 + 0.2), line: 0)),
                                              ("selected", .scalar(.bool(true), line: 0))]))])),
        ])
        let loaded = try SceneLoader.load(node: tree, file: "spec", directory: ".", limits: .default)
        let button = try XCTUnwrap(loaded.scene.control(named: "button") as? Button)
        XCTAssertEqual(button.alpha, 0.1 + 0.2)
        XCTAssertEqual(try button.value("selected"), .bool(true))

        // Where a name is expected, a number reads as a file writes it.
        let named = map([("controls", map([("button", .scalar(.number(5), line: 0))]))])
        XCTAssertThrowsError(try SceneLoader.load(node: named, file: "spec", directory: ".", limits: .default)) { error in
            XCTAssertEqual("\(error)", "spec: control `button`: unknown control type `5`; types: Button, ImageView, Label, ScrollView, Slider, Stack, Stepper, Switch, TextField, View")
        }
    }

    func testQuotedScalarsStayText() {
        XCTAssertEqual(SceneNode.scalar(.text("0.5", quoted: true), line: 1).looseValue, .text("0.5", quoted: true))
        XCTAssertEqual(SceneNode.scalar(.text("~", quoted: false), line: 1).looseValue, .null)
        XCTAssertEqual(SceneNode.scalar(.text("null", quoted: true), line: 1).looseValue, .text("null", quoted: true))
        let list = SceneNode.list([.scalar(.text("1024", quoted: false), line: 1), .scalar(.text("768", quoted: false), line: 1)], line: 1)
        XCTAssertEqual(try PropertySpec("maxSize", .size).convert(list.looseValue), .size(Size(width: 1024, height: 768)))
    }

    func testPlatformIsKeptAsWritten() throws {
        let (loaded, _) = try load(text("platform.scene.yaml"))
        guard case .map(let entries, let line)? = loaded.platform else { return XCTFail("no platform") }
        XCTAssertEqual(line, 3)
        XCTAssertEqual(entries.map(\.key), ["camera"])
        XCTAssertEqual(entries[0].keyLine, 3)
    }

    func testCommandLineOverridesApplyBeforeAwake() throws {
        let loaded = try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"),
                                          overrides: [("toggle.normalImage", .text("off", quoted: false)),
                                                      ("wifi.title", .text("WLAN", quoted: false))])
        XCTAssertEqual((loaded.scene.control(named: "wifi") as? Button)?.title, "WLAN")
        XCTAssertEqual((loaded.scene.control(named: "wifi") as? Button)?.image?.name, "off")
        XCTAssertThrowsError(try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"),
                                                  overrides: [("toggle.animatd", .text("true", quoted: false))])) { error in
            XCTAssertTrue("\(error)".hasSuffix("behave: --set toggle.animatd: ToggleButton has no inspectable `animatd` (did you mean `animated`?)"), "\(error)")
        }
    }

    /// A stepper's or a slider's range is checked as the file (or the
    /// `--set`s) give it, in any order: 200…300 loads whichever bound
    /// comes first, and a minimum above the maximum is a load error at
    /// its line. Before: a bound moved the other along, so 50 and 10
    /// loaded as 10…10.
    func testARangeIsCheckedAsTheFileGivesIt() throws {
        let (loaded, fixture) = try load(text("ranges.scene.yaml"))
        func range(_ scene: Scene, _ name: String) -> [Value?] {
            ["minimumValue", "maximumValue", "value"].map { try? scene.control(named: name)?.value($0) }
        }
        XCTAssertEqual(range(loaded.scene, "up"), [.number(200), .number(300), .number(250)])
        XCTAssertEqual(range(loaded.scene, "down"), [.number(-50), .number(-10), .number(-20)])
        XCTAssertEqual(try mistakes(text("reversed_ranges.scene.yaml")), [
            "2: control `count`: maximumValue must be at least minimumValue (50), not 10; give a larger maximumValue, or lower minimumValue before it",
            "3: control `volume`: maximumValue must be at least minimumValue (0), not -1; give a larger maximumValue, or lower minimumValue before it",
        ])
        let raised = try SceneLoader.load(file: fixture.path("test.scene.yaml"),
                                          overrides: [("up.minimumValue", .text("400", quoted: false)),
                                                      ("up.maximumValue", .text("500", quoted: false))])
        XCTAssertEqual(range(raised.scene, "up"), [.number(400), .number(500), .number(400)])
        XCTAssertThrowsError(try SceneLoader.load(file: fixture.path("test.scene.yaml"),
                                                  overrides: [("up.minimumValue", .text("400", quoted: false))])) { error in
            XCTAssertTrue("\(error)".hasSuffix("behave: --set up.minimumValue: minimumValue must be at most maximumValue (300), not 400; give a smaller minimumValue, or raise maximumValue before it"), "\(error)")
        }
    }

    /// A bare `--set animated=true` on a scene names the objects that
    /// have it, as the fix to write.
    func testABareOverrideOfASceneNamesItsObjects() throws {
        XCTAssertThrowsError(try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"),
                                                  overrides: [("animated", .text("true", quoted: false))])) { error in
            XCTAssertTrue("\(error)".hasSuffix("behave: --set animated: in a scene, name the object too: one of --set toggle.animated=VALUE, --set fadingToggle.animated=VALUE"), "\(error)")
        }
        XCTAssertThrowsError(try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"),
                                                  overrides: [("animatd", .text("true", quoted: false))])) { error in
            XCTAssertTrue("\(error)".hasSuffix("--set animatd: in a scene, name the object too: --set OBJECT.PROPERTY=VALUE (no control or behaviour of the scene has `animatd`)"), "\(error)")
        }
    }
}
