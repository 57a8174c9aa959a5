@testable import BehaveCore
import XCTest

/// `slide NAME VALUE`, a user's drag of a slider's thumb, and `""`, the
/// empty text as a word of a command.
final class SlideCommandTests: XCTestCase {
    func testSlideMovesTheThumbWithinTheRangeAndSendsValueChanged() throws {
        let scene = Scene(screen: "s")
        let slider = Slider(name: "volume")
        scene.add(slider)
        var heard: [Double] = []
        try slider.on("valueChanged") { _ in heard.append(slider.value) }
        XCTAssertEqual(try SceneCommand.parse("slide volume 0.25"), .slide("volume", value: 0.25))
        try scene.execute(.slide("volume", value: 0.25))
        try scene.execute(.slide("volume", value: 7))
        try scene.execute(.slide("volume", value: 1))
        XCTAssertEqual(heard, [0.25, 1], "kept within 0…1; no event when it did not move")
        try slider.set("hidden", to: .bool(true))
        try scene.execute(.slide("volume", value: 0))
        XCTAssertEqual(slider.value, 1, "a hidden slider takes no drag")
        XCTAssertThrowsError(try SceneCommand.parse("slide volume loud"))
        XCTAssertThrowsError(try scene.execute(.slide("nothing", value: 1)))
        scene.add(Label(name: "label"))
        XCTAssertThrowsError(try scene.execute(.slide("label", value: 1)))
    }

    func testTheEmptyTextIsAWord() throws {
        XCTAssertEqual(SceneCommand.split(#"set label.text """#), ["set", "label.text", ""])
        XCTAssertEqual(try SceneCommand.parse(#"set label.text """#), .set("label", property: "text", value: .text("", quoted: true)))
        XCTAssertEqual(SceneCommand.split("tap  button "), ["tap", "button"])
    }
}
