import XCTest
@testable import BehaveCore

/// `animate` moves numbers, points, sizes, rects and colours; anything else
/// set inside an animate block is an error, not a silent jump at its end.
final class AnimatedTypesTests: XCTestCase {
    var scene: Scene!
    var label: Label!

    override func setUp() {
        scene = Scene(screen: "Animate")
        label = Label(name: "label")
        scene.add(label)
    }

    override func tearDown() {
        scene = nil
        label = nil
    }

    func animate(_ changes: () throws -> Void) throws {
        try scene.animator.animate(duration: 1, curve: .linear, changes: changes)
    }

    func testPointsSizesRectsAndColoursMoveAlongTheCurve() throws {
        try label.set("textColor", to: .color(Color(parsing: "black")!))
        try animate {
            try label.set("frame", to: .rect(Rect(x: 100, y: 200, width: 300, height: 40)))
            try label.set("textColor", to: .color(Color(parsing: "white")!))
        }
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(try label.value("frame"), .rect(Rect(x: 50, y: 100, width: 150, height: 20)))
        XCTAssertEqual(try label.value("textColor").colorValue?.hex, "#808080")
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(try label.value("textColor").colorValue?.written, "white", "it ends as it was written")

        let scroll = ScrollView(name: "scroll")
        scene.add(scroll)
        try scene.animator.animate(duration: 1, curve: .linear) {
            try scroll.set("contentOffset", to: .point(Point(x: 0, y: 600)))
            try scroll.set("contentSize", to: .size(Size(width: 100, height: 1000)))
        }
        scene.clock.advance(by: 0.25)
        XCTAssertEqual(scroll.contentOffset, Point(x: 0, y: 150))
        XCTAssertEqual(try scroll.value("contentSize"), .size(Size(width: 25, height: 250)))
    }

    /// Regression: between ends as far apart as a double goes, a frame of
    /// the animation read `inf`, which no set may give a control.
    func testEndsFarApartStayFiniteOnTheWay() throws {
        let slider = Slider(name: "slider")
        scene.add(slider)
        try slider.set("minimumValue", to: .number(-1.7e308))
        try slider.set("maximumValue", to: .number(1.7e308))
        try slider.set("value", to: .number(-1.7e308))
        try label.set("frame", to: .rect(Rect(x: -1.7e308, y: 0, width: 1, height: 1)))
        try animate {
            try slider.set("value", to: .number(1.7e308))
            try label.set("frame", to: .rect(Rect(x: 1.7e308, y: 0, width: 1, height: 1)))
        }
        for expected in [-0.85e308, 0, 0.85e308] {
            scene.clock.advance(by: 0.25)
            let value = try XCTUnwrap(slider.value("value").numberValue)
            XCTAssertEqual(value, expected, accuracy: 1e293)
            XCTAssertEqual(try label.value("frame").rectValue?.x, value)
        }
        scene.clock.advance(by: 0.25)
        XCTAssertEqual(try slider.value("value"), .number(1.7e308))
        let drawn = scene.render().split(separator: "\n").first { $0.contains("slider") }.map(String.init) ?? ""
        XCTAssertTrue(drawn.hasSuffix("├──────────●┤ 1.7e+308"), "the thumb is at the end of the range: \(drawn)")
    }

    func testWhatCannotAnimateIsAnError() throws {
        let button = Button(name: "button")
        scene.add(button)
        for (property, value) in [("text", Value.string("Done")), ("hidden", .bool(true))] {
            XCTAssertEqual(error { try self.animate { try self.label.set(property, to: value) } }?.message,
                           "\(property) cannot be animated (only numbers, points, sizes, rects and colours can); set it before or after the animate block")
        }
        XCTAssertNotNil(error { try self.animate { try button.set("image", to: .image(Image(name: "on"))) } })
        XCTAssertEqual(label.text, "")
        XCTAssertFalse(label.isHidden)
    }

    /// Regression: a colour animated from no colour at all (a view's
    /// background starts as nil) jumped at the end without a word.
    func testAColourWithNoValueYetCannotAnimate() throws {
        XCTAssertEqual(error { try self.animate { try self.label.set("backgroundColor", to: .color(Color(parsing: "red")!)) } }?.message,
                       "backgroundColor cannot be animated from nil (it has no value yet); set it before or after the animate block")
        try label.set("backgroundColor", to: .color(Color(parsing: "red")!))
        XCTAssertEqual(error { try self.animate { try self.label.set("backgroundColor", to: .null) } }?.message,
                       "backgroundColor cannot be animated to nil; set it before or after the animate block")
        try animate { try self.label.set("backgroundColor", to: .color(Color(parsing: "blue")!)) }
        scene.clock.advance(by: 1)
        XCTAssertEqual(try label.value("backgroundColor").colorValue?.written, "blue")
    }
}
