import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// Stacks in scene files: their settings are read and checked as any
/// control's, their subviews are the controls that name them as `parent`,
/// in the file's order, and `show` draws them so that the layout can be
/// recognised: a column indented under its stack, a row on one line.
final class StackLayoutTests: XCTestCase {
    /// The scenes these tests lay out, in Stacks/.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Stacks")

    /// The text of Stacks/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testAStackKeepsItsSettingsAndItsSubviewsInTheFilesOrder() throws {
        let fixture = try SceneFixture(["stacks.scene.yaml": text("stacks.scene.yaml")])
        let loaded = try SceneLoader.load(file: fixture.path("stacks.scene.yaml"))
        XCTAssertEqual(loaded.warnings.map(\.message), [])
        let content = try XCTUnwrap(loaded.scene.control(named: "content") as? Stack)
        XCTAssertEqual(content.axis, .vertical)
        XCTAssertEqual(content.spacing, 12)
        XCTAssertEqual(content.padding, 16)
        XCTAssertEqual(content.alignment, .fill)
        XCTAssertEqual(content.arrangedSubviews.map(\.name), ["tabBar", "page", "row"])
        let tabBar = try XCTUnwrap(loaded.scene.control(named: "tabBar") as? Stack)
        XCTAssertEqual(tabBar.axis, .horizontal)
        XCTAssertEqual(tabBar.distribution, .fillEqually)
        XCTAssertEqual(tabBar.arrangedSubviews.map(\.name), ["general", "privacy", "about"])
        // Scripts and the command language set them as any property.
        try loaded.scene.execute(.set("row", property: "alignment", value: .text("trailing", quoted: false)))
        XCTAssertEqual((loaded.scene.control(named: "row") as? Stack)?.alignment, .trailing)
    }

    func testShowDrawsAColumnUnderItsStackAndARowOnOneLine() throws {
        let fixture = try SceneFixture(["stacks.scene.yaml": text("stacks.scene.yaml")])
        let loaded = try SceneLoader.load(file: fixture.path("stacks.scene.yaml"))
        let lines = loaded.scene.render().split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines[1...5]), [
            "│ content      ▤ vertical stack, spacing 12, padding 16",
            #"│   tabBar       ▥ horizontal stack, spacing 8, fill equally: general [ "General" ] selected │ privacy [ "Privacy" ] │ about [ "About" ]  (hidden)"#,
            #"│   page         "Notifications: on""#,
            // A row whose controls hold others is drawn as a column.
            "│   row          ▥ horizontal stack, center",
            "│     wifi         (○ ) off",
        ])
        XCTAssertEqual(Array(lines[6...7]), ["│     card         View", #"│       inside       "Inside""#])
    }

    func testAStacksSettingsAreChecked() throws {
        let fixture = try SceneFixture(["bad.scene.yaml": text("bad.scene.yaml")])
        XCTAssertEqual(SceneLoader.check(file: fixture.path("bad.scene.yaml")).map(\.description), [
            "\(fixture.path("bad.scene.yaml")):2: control `column`: axis takes one of \"vertical\", \"horizontal\", not \"diagonal\"",
            "\(fixture.path("bad.scene.yaml")):2: control `column`: spacing must be at least 0, not -4 (range 0…1000)",
            "\(fixture.path("bad.scene.yaml")):2: control `column`: alignment takes one of \"fill\", \"leading\", \"center\", \"trailing\", not \"top\"",
            "\(fixture.path("bad.scene.yaml")):2: control `column`: padding must be at most 1000, not 2000 (range 0…1000)",
        ])
    }

    /// UIStackView sets its arranged subviews' frames: a frame's x and y
    /// in a stack would do nothing, and the designer hears so; its size is
    /// the control's.
    func testAFramesPlaceInAStackIsAWarning() throws {
        let fixture = try SceneFixture(["frames.scene.yaml": text("frames.scene.yaml")])
        let file = fixture.path("frames.scene.yaml")
        XCTAssertEqual(SceneLoader.inspect(file: file).map(\.description), [
            "\(file):7: warning: control `placed` is in stack `column`, which places it: its frame's x and y are not used; give its size alone (frame: [0, 0, 200, 20]) or take it out of the stack",
        ])
        XCTAssertNoThrow(try SceneLoader.load(file: file))
    }
}
