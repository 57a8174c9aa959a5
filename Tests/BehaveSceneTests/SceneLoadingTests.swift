import BehaveCore
import BehaveLua
@testable import BehaveScene
import XCTest

final class SceneLoadingTests: XCTestCase {
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
        let (loaded, _) = try load("""
            controls:
              box:     { type: View, backgroundColor: "#FF0000", frame: [0, 0, 100, 50], hidden: true }
              ok:      { type: Button, title: OK, image: check, enabled: false, selected: yes }
              caption: { type: Label, text: "12", textColor: blue }
              count:   { type: Stepper, value: 150, minimumValue: 100, maximumValue: 200, stepValue: 10 }
              power:   { type: Switch, on: true }
              level:   { type: Slider, value: 0.25, alpha: 0.5 }
              email:   { type: TextField, placeholder: "you@example.com", userInteractionEnabled: false }
              photo:   { type: ImageView, image: { name: cat, width: 640, height: 480 } }
              page:    { type: ScrollView, contentOffset: [0, 40], contentSize: { width: 375, height: 2000 } }
            """)
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
        let (loaded, _) = try load("""
            screen: Nested
            controls:
              card:   { type: View, parent: page }
              page:   ScrollView
              title:  { type: Label, parent: card }
              button: { type: Button, parent: card }
            """)
        let scene = loaded.scene
        XCTAssertEqual(scene.screen?.rootViews.map(\.name), ["page"])
        XCTAssertEqual(scene.control(named: "page")?.subviews.map(\.name), ["card"])
        XCTAssertEqual(scene.control(named: "card")?.subviews.map(\.name), ["title", "button"])
        XCTAssertTrue(scene.control(named: "page") is ScrollView)
        try scene.run("set card.hidden true", "tap button")
        XCTAssertEqual(scene.messages.last, "button ignores the tap (card is hidden)")
    }

    func testJSONSceneIsEquivalentToYAML() throws {
        let json = """
            {
              "screen": "Settings",
              "images": "\(example("Toggle/images"))",
              "controls": {
                "title": { "type": "Label", "text": "Settings", "frame": [16, 40, 343, 32] },
                "wifi":  { "type": "Button", "title": "Wi-Fi", "frame": [16, 90, 160, 44] },
                "sound": { "type": "Button", "title": "Sound", "frame": [16, 150, 160, 44] }
              },
              "behaviours": {
                "toggle": { "script": "toggle.lua", "outlets": { "button": "wifi" } },
                "fadingToggle": {
                  "script": "toggle.lua",
                  "outlets": { "button": "sound" },
                  "inspectables": { "animated": true, "duration": 0.7,
                                    "selectedImage": "sound-on", "normalImage": "sound-off" }
                }
              },
              "connections": [ "toggle.valueChanged -> screen.toggleChanged" ]
            }
            """
        let (fromJSON, _) = try load(json, named: "toggle.json")
        let fromYAML = try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"))
        for scene in [fromJSON.scene, fromYAML.scene] {
            try scene.run("tap wifi", "tap sound", "advance 1.4")
        }
        XCTAssertEqual(fromJSON.scene.state(), fromYAML.scene.state())
        XCTAssertEqual(fromJSON.scene.messages, fromYAML.scene.messages)
    }

    func testJSONMistakesHaveLinesToo() throws {
        let lines = try mistakes("""
            {
              "controls": {
                "b": { "type": "Button", "alpha": 2 }
              }
            }
            """)
        XCTAssertEqual(lines, ["3: control `b`: alpha must be at most 1, not 2 (range 0…1)"])
    }

    /// A character past U+FFFF as JSON writes it, a surrogate pair
    /// (Python's `json.dumps`, JavaScript's `JSON.stringify` with ASCII
    /// output), is that character: it was refused as "found invalid
    /// Unicode character escape code". Half a pair is refused, with the fix.
    func testAJSONSurrogatePairIsOneCharacter() throws {
        let (loaded, _) = try load(#"""
            { "screen": "Likes \ud83d\udc4d",
              "controls": { "b": { "type": "Button", "title": "\\ud83d \"\uDBFF\uDFFF\" \u00e9" } } }
            """#, named: "likes.json")
        XCTAssertEqual(loaded.scene.screenTitle, "Likes 👍")
        XCTAssertEqual(try loaded.scene.control(named: "b")?.value("title"), .string(#"\ud83d "\#u{10FFFF}" é"#))
        let fixture = try SceneFixture(["half.json": #"{ "controls": { "b": "Button" },\#n  "screen": "\ud83d" }"#])
        XCTAssertEqual(SceneLoader.check(file: fixture.path("half.json")).map { "\($0.line ?? 0): \($0.message)" }, [
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
        let (loaded, _) = try load("""
            controls: { avatar: ImageView }
            platform:
              camera: { available: true, permission: denied }
            """)
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
        let (loaded, fixture) = try load("""
            controls:
              up: { type: Stepper, minimumValue: 200, maximumValue: 300, value: 250 }
              down: { type: Slider, maximumValue: -10, minimumValue: -50, value: -20 }
            """)
        func range(_ scene: Scene, _ name: String) -> [Value?] {
            ["minimumValue", "maximumValue", "value"].map { try? scene.control(named: name)?.value($0) }
        }
        XCTAssertEqual(range(loaded.scene, "up"), [.number(200), .number(300), .number(250)])
        XCTAssertEqual(range(loaded.scene, "down"), [.number(-50), .number(-10), .number(-20)])
        XCTAssertEqual(try mistakes("""
            controls:
              count: { type: Stepper, minimumValue: 50, maximumValue: 10 }
              volume: { type: Slider, maximumValue: -1 }
            """), [
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
