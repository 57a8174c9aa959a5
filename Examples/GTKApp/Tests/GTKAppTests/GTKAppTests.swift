import Foundation
import XCTest

/// The app as its user meets it: started, clicked and typed into with real
/// X input, checked by what its window shows.
final class GTKAppTests: XCTestCase {
    /// GTK said at every start that a row of the window measured one pixel
    /// taller for a width than without one (`Gtk-CRITICAL: GtkBox … reports
    /// a minimum height of 34, but minimum height for width of 1048576 is 35`):
    /// the picture GtkHost put in each button's face.
    func testTheWindowOpensWithoutGtkComplaints() throws {
        let app = try RunningApp()
        try app.waitUntil(#"count shows "Clicked 0 times""#)
        XCTAssertEqual(app.gtkComplaints, [])
    }

    func testTheCounterSaysHowManyTimesTheButtonWasClicked() throws {
        let app = try RunningApp()
        try app.waitUntil(#"count shows "Clicked 0 times""#)
        try app.click("plus")
        try app.waitUntil(#"count shows "Clicked once""#)
        try app.click("plus")
        try app.click("plus")
        try app.waitUntil(#"count shows "Clicked 3 times""#)
    }

    func testSaveTakesClicksOnlyWhileTheNameHoldsText() throws {
        let app = try RunningApp()
        try app.waitUntil("save is insensitive")
        let pictures = try folder()
        let greyed = pictures.appendingPathComponent("save-insensitive.png")
        try app.screenshot(of: "save", to: greyed)
        // A click on a greyed Save does nothing.
        try app.click("save")
        try app.click("name")
        try app.type("Ada")
        try app.waitUntil("save is sensitive")
        XCTAssertFalse(app.lines.contains { $0.hasPrefix("status shows \"Saved") }, "the greyed Save took a click: \(app.lines)")
        let ready = pictures.appendingPathComponent("save-sensitive.png")
        try app.screenshot(of: "save", to: ready)
        // GTK draws an insensitive button's label faded: it stands out less.
        XCTAssertGreaterThan(try app.contrast(of: ready), try app.contrast(of: greyed) * 1.3,
                             "Save looks no less faded once it takes clicks: \(greyed.path), \(ready.path)")

        try app.click("save")
        try app.waitUntil(#"status shows "Saved Ada""#)
        try app.click("name")   // the click on Save took the keyboard's focus
        for _ in 0..<3 { try app.key("BackSpace") }
        try app.waitUntil("save is insensitive")
        try app.type("B")
        try app.waitUntil("save is sensitive")
        try app.screenshot(to: pictures.appendingPathComponent("window.png"))
    }

    /// Saving a script while the app runs loads the scene again on the
    /// same window: the new script runs, from the widgets as drawn.
    func testASavedScriptRunsOnTheSameWindow() throws {
        let interface = try folder()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/gtk-app/Interface")
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(file), to: interface.appendingPathComponent(file))
        }
        let app = try RunningApp(["--folder", interface.path])
        try app.click("plus")
        try app.waitUntil(#"count shows "Clicked once""#)

        let script = interface.appendingPathComponent("counter.lua")
        let text = try String(contentsOf: script, encoding: .utf8)
        var printed = app.lines.count
        try text.replacingOccurrences(of: "Clicked", with: "Pressed").write(to: script, atomically: true, encoding: .utf8)
        try app.waitForLine(startingWith: "reloaded app.scene.yaml", after: printed)
        try app.waitUntil(#"count shows "Pressed 0 times""#)
        try app.click("plus")
        try app.waitUntil(#"count shows "Pressed once""#)

        // A save with a mistake leaves the running scene on the window.
        printed = app.lines.count
        try text.replacingOccurrences(of: "self.label.text =", with: "self.label.txt =").write(to: script, atomically: true, encoding: .utf8)
        try app.waitForLine(startingWith: "reload refused: ", after: printed)
        try app.click("plus")
        try app.waitUntil(#"count shows "Pressed 2 times""#)
    }

    /// Docs/embedding.md shows the app's window as the file it is: its
    /// block marked `checked by:` this file is app.ui.
    func testTheDocsShowTheWindowsFileAsItIs() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let example = here.deletingLastPathComponent().deletingLastPathComponent()
        let file = try String(contentsOf: example.appendingPathComponent("Sources/gtk-app/Interface/app.ui"), encoding: .utf8)
        let page = try String(contentsOf: example.appendingPathComponent("../../Docs/embedding.md"), encoding: .utf8)
        let rows = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let mark = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("<!-- checked by: Examples/GTKApp/Tests/GTKAppTests/GTKAppTests.swift") },
                                 "Docs/embedding.md shows no block checked by this file")
        let shown = rows[(mark + 2)...].prefix { $0 != "```" }.map { $0 + "\n" }.joined()
        XCTAssertEqual(shown, file, "Docs/embedding.md shows app.ui otherwise than it is; show the file as it is")
    }

    /// A folder of this test's own, removed after it.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gtk-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
