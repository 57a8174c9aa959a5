import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// A host's window as an app keeps it across reloads: its widgets stay,
/// and each owns the binding that puts it behind a control (as a UIKit
/// view owns its associated object). Binding a widget again lets its last
/// binding go, and with it the last control's hold on the widget.
final class FakeWindow {
    final class Widget {
        /// What the widget shows, by property.
        var shown: [String: Value] = [:]
        /// Properties the widget keeps (reads ask it).
        var keeps: Set<String> = []
        var binding: Binding?

        /// The user clicks it: the binding's control hears it.
        func click() {
            binding?.control.deliver("touchDown")
            binding?.control.deliver("touchUpInside")
        }
    }

    final class Binding: ControlWidget {
        let control: View
        weak var widget: Widget?

        init(control: View, widget: Widget, adopting: Bool) {
            self.control = control
            self.widget = widget
            widget.binding = self
            control.bind(self, adoptingItsValues: adopting)
        }

        func apply(_ change: PropertyChange) {
            if !change.isFrame { widget?.shown[change.property] = change.new }
        }

        func currentValue(of property: PropertySpec) -> Value? {
            guard let widget, widget.keeps.contains(property.name) else { return nil }
            return widget.shown[property.name]
        }
    }

    var widgets: [String: Widget]
    /// Widgets laid out with values of their own (a `.ui` file's), which
    /// the controls take.
    var adopting = false

    init(_ names: [String]) {
        widgets = Dictionary(uniqueKeysWithValues: names.map { ($0, Widget()) })
    }

    var hosting: SceneHosting {
        SceneHosting(checkControl: { [unowned self] view throws(ValueError) in
            guard widgets[view.name] != nil else { throw ValueError("the window has no widget `\(view.name)`") }
        }, bindControl: { [unowned self] view in
            if let widget = widgets[view.name] { _ = Binding(control: view, widget: widget, adopting: adopting) }
        })
    }

    func shown(_ widget: String, _ property: String) -> Value? { widgets[widget]?.shown[property] }
}

/// A host loads its scene again onto the same widgets (reload on save):
/// a load that fails leaves them to the scene that runs, a good one moves
/// them to the new scene.
final class HostReloadTests: XCTestCase {
    func fixture() throws -> SceneFixture {
        let folder = repositoryRoot.appendingPathComponent("Tests/BehaveSceneTests/Reload/Hosted")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return try SceneFixture(files)
    }

    /// Saves the scene file with `old` replaced by `new`.
    func save(_ fixture: SceneFixture, replacing old: String, with new: String) throws {
        let path = fixture.path("counter.scene.yaml")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(old), old)
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }

    func testAReloadThatFailsLeavesTheWidgetsToTheSceneThatRuns() throws {
        let fixture = try fixture()
        let original = try String(contentsOfFile: fixture.path("counter.scene.yaml"), encoding: .utf8)
        let window = FakeWindow(["button", "label", "note"])
        let running = try SceneLoader.load(file: fixture.path("counter.scene.yaml"), hosting: window.hosting)
        XCTAssertEqual(window.shown("label", "text"), .string("first 0"))
        let mistakes = [
            ("a script that raises", "script: counter.lua", "script: broken.lua", "undefined_helper"),
            ("a value the control refuses", "alpha: 0.5", "alpha: 7", "alpha"),
            ("a control type that does not exist", "type: Label, text", "type: Lable, text", "Lable"),
            ("a control the window has no widget for", "note: { type: Label }", "notes: { type: Label }",
             "the window has no widget `notes`"),
        ]
        for (taps, (mistake, old, new, said)) in mistakes.enumerated() {
            try Data(original.utf8).write(to: URL(fileURLWithPath: fixture.path("counter.scene.yaml")))
            try save(fixture, replacing: old, with: new)
            XCTAssertThrowsError(try SceneLoader.load(file: fixture.path("counter.scene.yaml"), hosting: window.hosting),
                                 mistake) { error in
                XCTAssertTrue("\(error)".contains(said), "\(mistake): \(error)")
            }
            // The last good scene still hears the widgets and shows on them.
            window.widgets["button"]?.click()
            XCTAssertEqual(window.shown("label", "text"), .string("first \(taps + 1)"), mistake)
            XCTAssertTrue(window.widgets["label"]?.binding?.control === running.scene.control(named: "label"), mistake)
            XCTAssertEqual(window.shown("button", "alpha"), .number(0.5), mistake)
        }
        try running.scene.execute(.set("note", property: "text", value: .text("still bound", quoted: true)))
        XCTAssertEqual(window.shown("note", "text"), .string("still bound"))
        XCTAssertEqual(running.scene.errorCount, 0)

        // A good save: the widgets are the new scene's, the old one lets go.
        try Data(original.utf8).write(to: URL(fileURLWithPath: fixture.path("counter.scene.yaml")))
        try save(fixture, replacing: "prefix: \"first\"", with: "prefix: \"second\"")
        let oldNote = try XCTUnwrap(running.scene.control(named: "note"))
        let fresh = try SceneLoader.load(file: fixture.path("counter.scene.yaml"), hosting: window.hosting)
        running.scene.dismiss()
        XCTAssertEqual(window.shown("label", "text"), .string("second 0"))
        window.widgets["button"]?.click()
        XCTAssertEqual(window.shown("label", "text"), .string("second 1"))
        XCTAssertNil(oldNote.widget)
        try oldNote.set("text", to: .string("old"))
        XCTAssertEqual(window.shown("note", "text"), .string(""), "the new scene's note, not the old one's")
        XCTAssertEqual(fresh.scene.errorCount, 0)
    }

    /// A save whose `awake` raises replaces nothing
    /// (`SceneLoader.reload`): the error names the script's line, the new
    /// scene is dismissed, and each widget is the running control's again,
    /// showing what it showed (none of the new files' values) and telling
    /// it the user's clicks; a widget laid out with values of its own
    /// (adopting) is told the control's, not read. The next good save
    /// loads, and the running scene is dismissed.
    func testAReloadWhoseAwakeRaisesGivesTheWidgetsBackToTheSceneThatRuns() throws {
        for adopting in [false, true] {
            let fixture = try fixture()
            let scene = fixture.path("counter.scene.yaml")
            let window = FakeWindow(["button", "label", "note"])
            window.adopting = adopting
            window.widgets["label"]?.keeps = ["text"]
            let running = try SceneLoader.load(file: scene, hosting: window.hosting)
            window.widgets["button"]?.click()
            window.widgets["button"]?.click()
            try running.scene.execute(.set("note", property: "text", value: .text("kept", quoted: true)))
            let before = window.widgets.mapValues(\.shown)
            XCTAssertEqual(before["label"]?["text"], .string("first 2"))

            try save(fixture, replacing: "script: counter.lua", with: "script: awake_raises.lua")
            try save(fixture, replacing: "prefix: \"first\"", with: "prefix: \"second\"")
            try save(fixture, replacing: "alpha: 0.5", with: "alpha: 0.9")
            XCTAssertThrowsError(try SceneLoader.reload(file: scene, replacing: running, hosting: window.hosting)) { error in
                let raised = (error as? SceneLoadError)?.diagnostics ?? []
                XCTAssertEqual(raised.count, 1, "\(error)")
                XCTAssertTrue(raised.first?.file.hasSuffix("awake_raises.lua") ?? false, "\(error)")
                XCTAssertEqual(raised.first?.line, 12, "\(error)")
                XCTAssertTrue("\(error)".contains("Label has no property `txt`"), "\(error)")
            }
            XCTAssertTrue(running.scene.isPresented, "adopting: \(adopting)")
            for (name, shown) in before {
                let control = running.scene.control(named: name)
                XCTAssertTrue(window.widgets[name]?.binding?.control === control, "\(name), adopting: \(adopting)")
                for (property, value) in shown {
                    XCTAssertEqual(window.shown(name, property), value, "\(name).\(property), adopting: \(adopting)")
                    XCTAssertEqual(try control?.value(property), value, "\(name).\(property), adopting: \(adopting)")
                }
            }
            window.widgets["button"]?.click()
            XCTAssertEqual(window.shown("label", "text"), .string("first 3"), "adopting: \(adopting)")

            try save(fixture, replacing: "script: awake_raises.lua", with: "script: counter.lua")
            let fresh = try SceneLoader.reload(file: scene, replacing: running, hosting: window.hosting)
            XCTAssertFalse(running.scene.isPresented)
            XCTAssertEqual(window.shown("label", "text"), .string("second 0"))
            XCTAssertEqual(window.shown("button", "alpha"), .number(0.9))
            window.widgets["button"]?.click()
            XCTAssertEqual(window.shown("label", "text"), .string("second 1"))
            XCTAssertEqual(fresh.scene.errorCount, 0)
        }
    }

    /// A host's `prepare` that throws is the new scene's error, as an
    /// `awake` that raises is: `SceneLoader.reload` refuses that scene the
    /// same way, and the widgets go back to the scene that runs.
    func testAReloadWhosePrepareThrowsIsRefusedAsAnAwakeThatRaises() throws {
        let fixture = try fixture()
        let scene = fixture.path("counter.scene.yaml")
        let window = FakeWindow(["button", "label", "note"])
        let running = try SceneLoader.load(file: scene, hosting: window.hosting)
        window.widgets["button"]?.click()
        var hosting = window.hosting
        hosting.prepare = { _ in throw ValueError("the app is not ready") }
        XCTAssertThrowsError(try SceneLoader.reload(file: scene, replacing: running, hosting: hosting)) { error in
            XCTAssertTrue("\(error)".contains("the app is not ready"), "\(error)")
        }
        XCTAssertTrue(running.scene.isPresented)
        XCTAssertEqual(window.shown("label", "text"), .string("first 1"))
        window.widgets["button"]?.click()
        XCTAssertEqual(window.shown("label", "text"), .string("first 2"))
    }

    /// Widgets laid out with values of their own (a `.ui` file's): the
    /// scene file's values win over them, and reach them; the widget's
    /// stand where the scene file says nothing.
    func testAWidgetsOwnValuesGiveWayToTheSceneFiles() throws {
        let fixture = try fixture()
        let window = FakeWindow(["button", "label", "note"])
        window.adopting = true
        for name in ["label", "note"] {
            window.widgets[name]?.keeps = ["text"]
            window.widgets[name]?.shown["text"] = .string("drawn in the designer")
        }
        window.widgets["button"]?.keeps = ["title"]
        window.widgets["button"]?.shown["title"] = .string("Designer's title")
        let loaded = try SceneLoader.load(file: fixture.path("counter.scene.yaml"), hosting: window.hosting)
        let note = try XCTUnwrap(loaded.scene.control(named: "note"))
        XCTAssertEqual(try note.value("text"), .string("drawn in the designer"), "the scene file gives `note` no text")
        // The label's file text, then awake's.
        XCTAssertEqual(window.shown("label", "text"), .string("first 0"))
        XCTAssertEqual(window.shown("button", "title"), .string("Count"), "the file's title reaches the widget")
        XCTAssertEqual(window.shown("button", "alpha"), .number(0.5))
        XCTAssertNil(window.shown("button", "hidden"), "a widget laid out by a designer is told only the file's values")
    }
}
