import Foundation
import XCTest

/// A control bound to a `.ui` file's widget reads, as its `frame`, where
/// GTK laid the widget out in the window, and reads it anew after the user
/// resized the window (Fixtures/Frames: a box 20 from the window's left
/// and 10 from its top, a button as wide as the window, a stack showing
/// its first page).
final class DesignedFrameTests: XCTestCase {
    /// Before: every such control read the frame 0, 0, 0×0 (scripts,
    /// `state` and `show` alike), and a script's frame for one was taken
    /// and read back while the widget stayed where the file put it.
    func testAFrameReadsWhereGtkLaidTheWidgetOutAfterAResize() throws {
        let input = Pipe()
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Frames/frames.scene.yaml").path
        try driver.open(scene, input: input)
        let drawn = try XCTUnwrap(driver.places["measure"], "\(driver.places)")
        // Without a window manager the window's top left is the screen's,
        // so the button's place on the screen is its frame.
        let shown = "measure is at \(drawn.x) \(drawn.y) \(drawn.width) \(drawn.height)"
        XCTAssertEqual(drawn.x, 20)
        XCTAssertGreaterThan(drawn.width, 100)
        // Waking, nothing is laid out yet; once the window shows, it is.
        try driver.waitForLine(containing: "awake: measure is at 0 0 0 0")
        try driver.waitForLine(containing: "shown: \(shown)")
        try driver.click("measure")
        try driver.waitForLine(containing: "pressed: \(shown)")
        // The page the stack does not show has no place.
        try driver.waitForLine(containing: "pressed: second is at 0 0 0 0")
        // A script's frame does not move a widget the file lays out: the
        // trace says so, and the frame still reads where the widget is.
        try driver.waitForLine(containing: "title.frame is not used in behave window, where frames.ui lays its widget out")
        let title = try XCTUnwrap(driver.places["title"])
        try driver.waitForLine(containing: "pressed: title is at \(title.x) \(title.y) \(title.width) \(title.height)")

        // The user makes the window 200 pixels wider than the button was
        // laid out for: the button grows with it.
        let frames = driver.framesDrawn
        try driver.resize(width: drawn.x + drawn.width + 200, height: 400)
        try driver.waitForFrame(beyond: frames)
        try driver.click("measure")
        let wider = "measure is at \(drawn.x) \(drawn.y) \(drawn.width + 200) \(drawn.height)"
        try driver.waitForLine(containing: "pressed: \(wider)")
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing:
            #""measure":{"type":"Button","alpha":1,"hidden":false,"userInteractionEnabled":true,"backgroundColor":null,"#
            + #""frame":{"x":\#(drawn.x),"y":\#(drawn.y),"width":\#(drawn.width + 200),"height":\#(drawn.height)}"#)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}
