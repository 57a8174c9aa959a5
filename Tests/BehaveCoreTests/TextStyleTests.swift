import Foundation
import XCTest
@testable import BehaveCore

/// Text styles: a button's `titleColor`, and `fontSize` and `fontWeight` on
/// labels, buttons and text fields; `show` says every colour and font that
/// is not the default; default colours read back by name.
final class TextStyleTests: XCTestCase {
    var scene: Scene!

    override func setUp() {
        scene = Scene(screen: "Styles")
    }

    override func tearDown() {
        scene = nil
    }

    func set(_ line: String) throws {
        try scene.execute(try XCTUnwrap(SceneCommand.parse(line)))
    }

    func line(of name: String) -> String? {
        scene.render().split(separator: "\n").first { $0.hasPrefix("│ \(name) ") }.map(String.init)
    }

    func testLabelsButtonsAndFieldsHaveAFont() throws {
        for type in [ControlType.label, .button, .textField] {
            let view = type.makeControl(named: "probe")
            XCTAssertEqual(try view.value("fontSize"), .number(17), type.name)
            XCTAssertEqual(try view.value("fontWeight"), .string("regular"), type.name)
            XCTAssertEqual(view.schema.spec("fontWeight")?.type, .enumeration(TextStyle.weights))
        }
        for type in [ControlType.view, .switch, .stepper, .slider, .imageView, .scrollView] {
            XCTAssertNil(type.schema.spec("fontSize"), type.name)
        }
        XCTAssertEqual(TextStyle.cssWeight("regular"), 400)
        XCTAssertEqual(TextStyle.cssWeight("bold"), 700)
        XCTAssertEqual(TextStyle.weights.map(TextStyle.cssWeight), Array(stride(from: 100, through: 900, by: 100)))
    }

    /// Regression: a label's default colour read `#000000`, though a colour
    /// set by name reads back by name.
    func testDefaultColoursReadBackByName() throws {
        XCTAssertEqual(try Label(name: "label").value("textColor").colorValue?.written, "black")
        XCTAssertEqual(try Button(name: "button").value("titleColor").colorValue?.written, "blue")
        XCTAssertEqual(try Button(name: "button").value("titleColor").colorValue?.hex, "#007AFF")
        XCTAssertEqual(PropertySpec("tint", .color).defaultValue.colorValue?.written, "black", "an inspectable without a default")
        let label = Label(name: "label")
        scene.add(label)
        try set("set label.textColor #FF3B30")
        XCTAssertEqual(scene.trace.entries.last?.message, "label.textColor: black → #FF3B30")
        XCTAssertTrue(scene.state().text.contains(##""textColor":"#FF3B30""##), "the state gives hex")
    }

    func testStylesAreSetCheckedAndTraced() throws {
        scene.add(Label(name: "total"))
        scene.add(Button(name: "buy"))
        try set("set total.fontWeight bold")
        try set("set total.fontSize 24.5")
        try set("set buy.titleColor orange")
        XCTAssertEqual(scene.trace.entries.suffix(3).map(\.message),
                       [#"total.fontWeight: "regular" → "bold""#, "total.fontSize: 17 → 24.5", "buy.titleColor: blue → orange"])
        let state = scene.state().text
        for part in [##""fontWeight":"bold""##, ##""fontSize":24.5"##, ##""titleColor":"#FF9500""##] {
            XCTAssertTrue(state.contains(part), "\(part) in \(state)")
        }
        XCTAssertThrowsError(try set("set total.fontWeight bolt")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           #"fontWeight takes one of "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black", not "bolt" (did you mean `bold`?)"#)
        }
        XCTAssertThrowsError(try set("set total.fontSize 0")) { error in
            XCTAssertEqual((error as? ValueError)?.message, "fontSize must be at least 1, not 0 (range 1…500)")
        }
        XCTAssertThrowsError(try set("set total.fontSize 501"))
        XCTAssertThrowsError(try set("set buy.titleColor blurple"))
        XCTAssertEqual(try scene.control(named: "total")?.value("fontSize"), .number(24.5), "a refused value changes nothing")
    }

    /// Regression: `show` printed a background colour only, so a total that
    /// turned red looked the same.
    func testShowSaysEveryColourAndFontThatIsNotTheDefault() throws {
        for name in ["total", "plain"] { scene.add(Label(name: name)) }
        scene.add(Button(name: "buy"))
        scene.add(TextField(name: "code"))
        try set("set total.text 42")
        try set("set plain.text 1")
        try set("set plain.textColor black")
        XCTAssertEqual(line(of: "plain"), #"│ plain        "1""#, "a default, however written, is not said")
        XCTAssertEqual(line(of: "total"), #"│ total        "42""#)
        try set("set total.textColor red")
        try set("set total.fontWeight bold")
        try set("set total.fontSize 24")
        try set("set total.backgroundColor #F2F2F7")
        XCTAssertEqual(line(of: "total"), #"│ total        "42"  (background #F2F2F7, text red, 24 pt, bold)"#)
        try set("set buy.title Buy")
        try set("set buy.titleColor #FF9500")
        try set("set buy.enabled false")
        XCTAssertEqual(line(of: "buy"), #"│ buy          [ "Buy" ]  (disabled, title #FF9500)"#)
        try set("set code.fontWeight semibold")
        XCTAssertEqual(line(of: "code"), "│ code         []  (semibold)")
    }

    func testAFontSizeAnimatesAndAWeightDoesNot() throws {
        let label = Label(name: "label")
        scene.add(label)
        try scene.animator.animate(duration: 1, curve: .linear) {
            try label.set("fontSize", to: .number(27))
            try label.set("textColor", to: .color(Color(parsing: "white")!))
        }
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(try label.value("fontSize"), .number(22))
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(try label.value("fontSize"), .number(27))
        XCTAssertEqual(try label.value("textColor").colorValue?.written, "white")
        XCTAssertThrowsError(try scene.animator.animate(duration: 1, curve: .linear) {
            try label.set("fontWeight", to: .string("bold"))
        }) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "fontWeight cannot be animated (only numbers, points, sizes, rects and colours can); set it before or after the animate block")
        }
        let button = Button(name: "button")
        scene.add(button)
        try scene.animator.animate(duration: 1, curve: .linear) {
            try button.set("titleColor", to: .color(Color(parsing: "#FFFFFF")!))
        }
        scene.clock.advance(by: 0.5)
        XCTAssertEqual(try button.value("titleColor").colorValue?.hex, "#80BDFF", "blue half way to white")
    }

    /// The studio draws a weight with the CSS weight `TextStyle` gives it.
    func testTheStudioKnowsEveryWeight() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let widgets = try String(contentsOf: root.appendingPathComponent("Sources/BehaveStudio/Page/js/widgets.js"), encoding: .utf8)
        let table = try XCTUnwrap(widgets.range(of: "export const fontWeights = {").map { widgets[$0.upperBound...].prefix { $0 != "}" } })
        let entries = table.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        XCTAssertEqual(entries, TextStyle.weights.map { "\($0): \(TextStyle.cssWeight($0))" })
    }
}
