import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// A scene's `images:` folder: PNG and JPEG files whose names (without
/// their extensions) are the images scripts use, each with its real size;
/// every mistake in the folder named with the scene's line; names the
/// folder lacks still work, with a warning.
final class ImagesFolderTests: XCTestCase {
    /// The scenes and script these tests size images for, in Images/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Images")

    /// The text of Images/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// A scene file beside an `icons/` folder of the given images (name:
    /// width × height; a name ending in .txt is a text file).
    private func fixture(_ scene: String, icons: [String: (UInt32, UInt32)] = ["on.png": (64, 64), "off.png": (64, 64)],
                         texts: [String] = []) throws -> SceneFixture {
        let fixture = try SceneFixture(["test.scene.yaml": scene])
        try FileManager.default.createDirectory(atPath: fixture.path("icons"), withIntermediateDirectories: true)
        for (name, size) in icons {
            try Data(png(size.0, size.1)).write(to: URL(fileURLWithPath: fixture.path("icons/" + name)))
        }
        for name in texts { try Data("not an image".utf8).write(to: URL(fileURLWithPath: fixture.path("icons/" + name))) }
        return fixture
    }

    private func image(_ loaded: LoadedScene, _ control: String) throws -> Image? {
        try loaded.scene.control(named: control)?.value("image").imageValue
    }

    func testTheToggleExampleShowsItsIconsWithTheirSizes() throws {
        let loaded = try SceneLoader.load(file: example("Toggle/toggle.scene.yaml"))
        XCTAssertEqual((loaded.scene.imageCatalog as? ImageFolder)?.names, ["sound-off", "sound-on", "toggle-off", "toggle-on"])
        XCTAssertEqual(try image(loaded, "wifi"), Image(name: "toggle-off", width: 64, height: 64))
        XCTAssertEqual(try image(loaded, "sound"), Image(name: "sound-off", width: 64, height: 64))
        try loaded.scene.run("tap wifi")
        XCTAssertEqual(try image(loaded, "wifi"), Image(name: "toggle-on", width: 64, height: 64))
        XCTAssertTrue(loaded.scene.messages.contains("wifi.image: toggle-off (64×64) → toggle-on (64×64)"))
        // In the state, as `behave run --json` prints it.
        XCTAssertEqual(loaded.scene.state()["controls"]?["wifi"]?["image"],
                       .object([("name", .string("toggle-on")), ("width", .number(64)), ("height", .number(64))]))
        XCTAssertEqual(loaded.scene.behaviour(named: "fadingToggle")?.inspectable("selectedImage"),
                       .image(Image(name: "sound-on", width: 64, height: 64)))
        XCTAssertTrue(loaded.warnings.isEmpty, "\(loaded.warnings)")
    }

    func testNamesAreFileNamesWithoutExtensionsAndOtherNamesStayBare() throws {
        let fixture = try fixture(text("names.scene.yaml"),
                                  icons: ["on.png": (64, 64), "off.png": (32, 32), "wide.jpg.png": (1, 1), "wide.png": (300, 100)])
        let loaded = try SceneLoader.load(file: fixture.path("test.scene.yaml"))
        XCTAssertEqual(try image(loaded, "a"), Image(name: "on", width: 64, height: 64))
        XCTAssertEqual(try image(loaded, "b"), Image(name: "off", width: 10, height: 20), "a size given is kept")
        try loaded.scene.run("tap c")
        XCTAssertEqual(try image(loaded, "c"), Image(name: "wide", width: 300, height: 100))
        try loaded.scene.run("set c.image wide.jpg")
        XCTAssertEqual(try image(loaded, "c"), Image(name: "wide.jpg", width: 1, height: 1))
        // A name the folder lacks is still an image: a bare name.
        try loaded.scene.run("set c.image nowhere", "set t.normalImage nowhere")
        XCTAssertEqual(try image(loaded, "c"), Image(name: "nowhere"))
        XCTAssertEqual(loaded.scene.behaviour(named: "t")?.inspectable("normalImage"), .image(Image(name: "nowhere")))
        XCTAssertEqual(loaded.scene.errorCount, 0)
    }

    func testScriptsReadTheSizes() throws {
        let fixture = try fixture(text("sizes.scene.yaml"), icons: ["on.png": (64, 48)])
        try text("sizes.lua").write(toFile: fixture.path("sizes.lua"), atomically: true, encoding: .utf8)
        let loaded = try SceneLoader.load(file: fixture.path("test.scene.yaml"))
        XCTAssertTrue(loaded.scene.messages.contains("[sizes] on 64x48, default 64x48"), "\(loaded.scene.messages)")
    }

    func testEveryMistakeNamesTheSceneLineAndNothingWakes() throws {
        let scene = "screen: S\nimages: icons/\ncontrols: { b: Button }\n"
        let bad = try fixture(scene, icons: ["on.png": (8, 8), "on.jpg": (8, 8), "off.png": (8, 8)], texts: ["notes.txt"])
        try FileManager.default.createDirectory(atPath: bad.path("icons/drafts"), withIntermediateDirectories: true)
        try Data("hidden".utf8).write(to: URL(fileURLWithPath: bad.path("icons/.DS_Store")))
        XCTAssertEqual(mistakes(bad.path("test.scene.yaml")), [
            "2: images: icons/notes.txt: not a PNG or JPEG image (it looks like text); an images folder holds PNG and JPEG files only: move it out, or hide it (a name starting with a dot)",
            "2: images: icons/: two images are named `on` (on.jpg and on.png); keep one",
        ])
        let missing = try SceneFixture(["test.scene.yaml": "images: pictures/\ncontrols: { b: Button }\n"])
        XCTAssertEqual(mistakes(missing.path("test.scene.yaml")), [
            "1: images: pictures/: no such folder at \(missing.directory.path)/pictures/ (the path is relative to the scene file's folder): make it, or correct the path",
        ])
        let file = try SceneFixture(["test.scene.yaml": "images: test.scene.yaml\ncontrols: { b: Button }\n"])
        XCTAssertEqual(mistakes(file.path("test.scene.yaml")), ["1: images: test.scene.yaml: not a folder"])
        for (value, shape) in [("[icons, more]", "a list"), ("{ folder: icons }", "a mapping"), ("", "nothing")] {
            let wrong = try SceneFixture(["test.scene.yaml": "controls: { b: Button }\nimages: \(value)\n"])
            XCTAssertEqual(mistakes(wrong.path("test.scene.yaml")),
                           ["2: `images` must be a folder of PNG and JPEG files, relative to the scene file (images: icons/), not \(shape)"])
        }
        let misspelt = try SceneFixture(["test.scene.yaml": "image: icons/\ncontrols: { b: Button }\n"])
        XCTAssertEqual(mistakes(misspelt.path("test.scene.yaml")).first,
                       "1: a scene has no key `image` (did you mean `images`?); keys: screen, controls, behaviours, connections, platform, images, ui")
        // Nothing wakes: the scene does not load.
        XCTAssertThrowsError(try SceneLoader.load(file: bad.path("test.scene.yaml")))
    }

    func testANameTheFolderLacksIsWarnedOfAtItsLine() throws {
        let fixture = try fixture(text("missing_name.scene.yaml"))
        let warnings = SceneLoader.inspect(file: fixture.path("test.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }
        XCTAssertEqual(warnings, [
            "3: control `a`: `image` names the image `of`, which is not in icons/ (did you mean `off`?): it has no size and is drawn as a placeholder; add of.png to icons/, or name one of its images",
            "7: behaviour `t`: inspectable `selectedImage` (its default) names the image `toggle-on`, which is not in icons/: it has no size and is drawn as a placeholder; add toggle-on.png to icons/, or name one of its images",
        ])
        // Warnings only: the scene loads, and `check` finds no error.
        XCTAssertEqual(try SceneLoader.load(file: fixture.path("test.scene.yaml")).warnings.count, 2)
        XCTAssertEqual(SceneLoader.check(file: fixture.path("test.scene.yaml")), [])
        // Without an images folder, any name is as good as another.
        let plain = try SceneFixture(["test.scene.yaml": "controls: { a: { type: ImageView, image: of } }\n"])
        XCTAssertEqual(SceneLoader.inspect(file: plain.path("test.scene.yaml")), [])
    }

    /// A name `--set` gave is warned of as that option's, for a script and
    /// a scene file alike (as its other mistakes are). A script's read
    /// `toggle.lua: warning: inspectable `normalImage` …`; a scene's
    /// `behaviour `t`: inspectable `normalImage` (its default)`, at the
    /// behaviour's line, and a control's was not warned of at all.
    func testANameASetGaveIsWarnedOfAsThatOptionsForAScriptAndASceneAlike() throws {
        let fixture = try fixture(text("set_name.scene.yaml"))
        let of = LooseValue.text("of", quoted: false)
        func warning(_ folder: String = "icons/") -> String {
            "names the image `of`, which is not in \(folder) (did you mean `off`?): it has no size and is drawn as a placeholder; add of.png to \(folder), or name one of its images"
        }
        let icons = try ImageFolder(folder: fixture.path("icons"))
        let script = try XCTUnwrap(LuaScript.locate("toggle.lua"))
        let toggle = try SceneLoader.build(script: script, inspectables: [("normalImage", of)], option: "--set", limits: .default,
                                           platform: PlatformConfiguration(), images: icons, access: .unrestricted,
                                           hosting: SceneHosting())
        XCTAssertEqual(toggle.warnings.map(\.description).filter { $0.contains("`of`") },
                       ["behave: warning: --set normalImage: inspectable `normalImage` \(warning(icons.folder))"])
        let scene = try SceneLoader.load(file: fixture.path("test.scene.yaml"), overrides: [("t.normalImage", of), ("a.image", of)])
        XCTAssertEqual(scene.warnings.map(\.description), [
            "behave: warning: --set t.normalImage: inspectable `normalImage` \(warning())",
            "behave: warning: --set a.image: `image` \(warning())",
        ], "\(scene.warnings)")
    }

    func testAFolderGivenInCodeForAScriptOrInPlaceOfTheScenes() throws {
        let fixture = try fixture("images: nowhere/\ncontrols: { a: { type: ImageView, image: on } }\n",
                                  icons: ["on.png": (5, 6), "toggle-off.png": (7, 8), "toggle-on.png": (9, 10)])
        let icons = try ImageFolder(folder: fixture.path("icons"))
        let replaced = try SceneLoader.load(file: fixture.path("test.scene.yaml"), images: icons)
        XCTAssertEqual(try image(replaced, "a"), Image(name: "on", width: 5, height: 6))
        let script = try XCTUnwrap(LuaScript.locate("toggle.lua"))
        let toggle = try SceneLoader.load(script: script, images: icons)
        XCTAssertEqual(try image(toggle, "button"), Image(name: "toggle-off", width: 7, height: 8))
        try toggle.scene.run("tap button")
        XCTAssertEqual(try image(toggle, "button"), Image(name: "toggle-on", width: 9, height: 10))
    }

    func testAHostsCatalogueSizesTheScenesValuesWithoutTracingThem() throws {
        let fixture = try fixture(text("catalogue.scene.yaml"), icons: ["on.png": (3, 4), "toggle-off.png": (5, 6)])
        let icons = try ImageFolder(folder: fixture.path("icons"))
        // Set where a host sets its services: before anything wakes, while
        // the controls are not on the screen yet.
        let loaded = try SceneLoader.load(file: fixture.path("test.scene.yaml"), hosting: SceneHosting(prepare: { scene in
            scene.imageCatalog = icons
        }))
        XCTAssertEqual(try image(loaded, "a"), Image(name: "on", width: 3, height: 4))
        XCTAssertEqual(try image(loaded, "c"), Image(name: "toggle-off", width: 5, height: 6))
        XCTAssertEqual(loaded.scene.behaviour(named: "t")?.inspectable("selectedImage"), .image(Image(name: "on", width: 3, height: 4)))
        XCTAssertFalse(loaded.scene.messages.contains { $0.hasPrefix("a.image") }, "\(loaded.scene.messages)")
        // A catalogue set on a running scene sizes what it shows.
        let later = try SceneLoader.load(file: fixture.path("test.scene.yaml"))
        XCTAssertEqual(try image(later, "a"), Image(name: "on"))
        later.scene.imageCatalog = icons
        XCTAssertEqual(try image(later, "a"), Image(name: "on", width: 3, height: 4))
        XCTAssertEqual(later.scene.behaviour(named: "t")?.inspectable("normalImage"), .image(Image(name: "toggle-off", width: 5, height: 6)))
    }

    private func mistakes(_ file: String) -> [String] {
        SceneLoader.check(file: file).map { "\($0.line ?? 0): \($0.message)" }
    }
}
