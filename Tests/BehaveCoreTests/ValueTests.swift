import Foundation
import XCTest
@testable import BehaveCore

/// Values as people write them, and how they read back.
final class LooseValueTests: XCTestCase {
    func convert(_ text: String, _ spec: PropertySpec) throws -> Value {
        try spec.convert(try LooseValue.parse(text))
    }

    func testParse() throws {
        XCTAssertEqual(try LooseValue.parse("true"), .text("true", quoted: false))
        XCTAssertEqual(try LooseValue.parse(" 0.5 "), .text("0.5", quoted: false))
        XCTAssertEqual(try LooseValue.parse("\"a b\""), .text("a b", quoted: true))
        XCTAssertEqual(try LooseValue.parse("'x'"), .text("x", quoted: true))
        XCTAssertEqual(try LooseValue.parse("[1024, 1024]"), .list([.text("1024", quoted: false), .text("1024", quoted: false)]))
        XCTAssertEqual(try LooseValue.parse("[]"), .list([]))
        XCTAssertEqual(try LooseValue.parse("nil"), .null)
        XCTAssertEqual(try LooseValue.parse("null"), .null)
    }

    /// A whole value in quotes is the text between them, whatever quotes it
    /// holds (the studio sends a dialog's option as `choose "…"`, its text
    /// as written inside); a text that holds both kinds (`He said "it's"`)
    /// is written so that it reads back, in a list too, where a quote ends
    /// at the next of its kind.
    func testQuotesInsideAText() throws {
        XCTAssertEqual(try LooseValue.parse(#""He said "hi"""#), .text(#"He said "hi""#, quoted: true))
        XCTAssertEqual(try LooseValue.parse(#""a" and "b""#), .text(#"a" and "b"#, quoted: true))
        XCTAssertEqual(try LooseValue.parse(#"He said "it's""#), .text(#"He said "it's""#, quoted: false))
        XCTAssertEqual(try LooseValue.parse(#"'He said "hi"'"#), .text(#"He said "hi""#, quoted: true))
        XCTAssertEqual(SceneCommand.unquote(#""<img src="x">""#), #"<img src="x">"#)
        XCTAssertEqual(SceneCommand.unquote(#""a b""#), "a b")
        for text in [#"He said "it's""#, #"it's"#, #"say "hi""#, #""a" and 'b'"#, "plain"] {
            let value = LooseValue.text(text, quoted: true)
            XCTAssertEqual(try LooseValue.parse(value.typed).written, text, value.typed)
            // In a list, one that starts with a quote and holds both kinds
            // cannot be written at all (there are no escapes).
            guard !text.hasPrefix("\"") || !text.contains("'") else { continue }
            let list = LooseValue.list([value, .number(2)])
            XCTAssertEqual(try LooseValue.parse(list.typed), .list([try LooseValue.parse(value.typed), .text("2", quoted: false)]), list.typed)
        }
        XCTAssertEqual(LooseValue.list([.text(#"He said "it's""#, quoted: true)]).typed, #"[He said "it's"]"#)
    }

    func testBools() throws {
        let spec = PropertySpec("animated", .bool)
        XCTAssertEqual(try convert("true", spec), .bool(true))
        XCTAssertEqual(try convert("false", spec), .bool(false))
        XCTAssertEqual(try convert("yes", spec), .bool(true))
        XCTAssertEqual(try convert("OFF", spec), .bool(false))
        XCTAssertEqual(error { _ = try convert("maybe", spec) }?.message, "animated takes true or false, not `maybe`")
        XCTAssertNotNil(error { _ = try convert("nil", spec) }, "a bool cannot be nil")
    }

    func testNumbers() throws {
        let spec = PropertySpec("duration", .number, default: .number(0.7), min: 0, max: 10)
        XCTAssertEqual(try convert("0.5", spec), .number(0.5))
        XCTAssertEqual(try convert("-0", spec), .number(0))
        XCTAssertEqual(error { _ = try convert("fast", spec) }?.message, "duration takes a number, not `fast`")
        XCTAssertEqual(try convert("\"0.5\"", spec), .number(0.5), "a quoted number is a number, as a quoted bool is a bool")
        XCTAssertEqual(error { _ = try convert("\"fast\"", spec) }?.message, "duration takes a number, not the text `fast`")
        XCTAssertNotNil(error { _ = try convert("11", spec) })
        XCTAssertNotNil(error { _ = try convert("[1, 2]", spec) })
        let integer = PropertySpec("count", .integer)
        XCTAssertEqual(try convert("3", integer), .number(3))
        XCTAssertEqual(error { _ = try convert("2.5", integer) }?.message, "count takes an integer, not 2.5")
    }

    func testStringsKeepQuotedNumbersAsText() throws {
        let spec = PropertySpec("text", .string)
        XCTAssertEqual(try convert("\"42\"", spec), .string("42"))
        XCTAssertEqual(try convert("\"a, b\"", spec), .string("a, b"))
        XCTAssertEqual(try convert("hello", spec), .string("hello"))
        XCTAssertNotNil(error { _ = try convert("[1, 2]", spec) })
    }

    func testColours() throws {
        let spec = PropertySpec("tint", .color)
        XCTAssertEqual(try convert("#FF0000", spec), .color(Color(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(try convert("#00ff7f", spec), .color(Color(red: 0, green: 255, blue: 127)))
        XCTAssertEqual(try convert("red", spec), .color(Color.named["red"]!))
        XCTAssertEqual(try convert("red", spec).colorValue?.hex, "#FF3B30")
        XCTAssertNotNil(error { _ = try convert("#FF00", spec) })
        XCTAssertNotNil(error { _ = try convert("#GG0000", spec) })
        XCTAssertNotNil(error { _ = try convert("blurple", spec) })
        XCTAssertTrue(error { _ = try convert("blurple", spec) }?.message.contains("#RRGGBB") ?? false)
    }

    func testImagesAndEnums() throws {
        XCTAssertEqual(try convert("toggle-on", PropertySpec("image", .image, default: .null)), .image(Image(name: "toggle-on")))
        XCTAssertEqual(try convert("nil", PropertySpec("image", .image, default: .null)), .null)
        let style = PropertySpec("style", .enumeration(["actionSheet", "alert"]))
        XCTAssertEqual(try convert("alert", style), .string("alert"))
        XCTAssertNotNil(error { _ = try convert("sheet", style) })
        let map = LooseValue.map([.init(key: "name", value: .text("photo", quoted: false)), .init(key: "width", value: .text("640", quoted: false))])
        XCTAssertEqual(try PropertySpec("image", .image).convert(map), .image(Image(name: "photo", width: 640)))
        // An image is never a list of numbers: no order of its fields to write them in.
        XCTAssertEqual(error { _ = try convert("[1, 2, 3]", PropertySpec("image", .image)) }?.message,
                       "image takes an image (a name), not a list of 3 numbers")
    }

    func testGeometry() throws {
        let size = PropertySpec("maxSize", .size)
        let point = PropertySpec("offset", .point)
        let rect = PropertySpec("frame", .rect)
        XCTAssertEqual(try convert("[1024, 1024]", size), .size(Size(width: 1024, height: 1024)))
        XCTAssertEqual(try convert("1024x768", size), .size(Size(width: 1024, height: 768)))
        XCTAssertEqual(try convert("10,20", point), .point(Point(x: 10, y: 20)))
        XCTAssertEqual(try convert("10, -20.5", point), .point(Point(x: 10, y: -20.5)))
        XCTAssertEqual(try convert("[0, 0, 375, 812]", rect), .rect(Rect(x: 0, y: 0, width: 375, height: 812)))
        XCTAssertEqual(try size.convert(.map([.init(key: "width", value: .text("3", quoted: false)), .init(key: "height", value: .text("4", quoted: false))])),
                       .size(Size(width: 3, height: 4)))
        XCTAssertEqual(error { _ = try convert("10", point) }?.message, "offset takes a point (x, y), not `10`")
        XCTAssertEqual(error { _ = try convert("[1, 2, 3]", size) }?.message, "maxSize takes a size (width, height), not a list of 3 numbers; write its 2 numbers in this order: `[width, height]`")
        XCTAssertNotNil(error { _ = try convert("[a, b]", point) })
        XCTAssertNotNil(error { _ = try convert("[1, 2]", rect) })
        XCTAssertNotNil(error { _ = try size.convert(.map([.init(key: "width", value: .text("3", quoted: false))])) })
    }

    /// A scene file's mapping typed on the command line is text: said so,
    /// with the list to write, not split at its commas into "a list of 5
    /// items".
    func testAMappingWrittenOnTheCommandLineIsToldAsText() throws {
        let point = PropertySpec("offset", .point)
        XCTAssertEqual(error { _ = try convert("{x: 1, y: 2}", point) }?.description,
                       "offset takes a point (x, y), and `{x: 1, y: 2}` reads as text: only a scene file writes a mapping; write its numbers in a list, `[1, 2]`")
        XCTAssertEqual(error { _ = try convert("{ width = 3, height = 4.5 }", PropertySpec("maxSize", .size)) }?.description,
                       "maxSize takes a size (width, height), and `{ width = 3, height = 4.5 }` reads as text: only a scene file writes a mapping; write its numbers in a list, `[3, 4.5]`")
        XCTAssertEqual(error { _ = try convert("{x: 1, y: 2}", PropertySpec("frame", .rect)) }?.description,
                       "frame takes a rect (x, y, width, height), and `{x: 1, y: 2}` reads as text: only a scene file writes a mapping; write its numbers in a list, `[x, y, width, height]`")
        XCTAssertEqual(error { _ = try convert("{name: cat, width: 640}", PropertySpec("image", .image)) }?.description,
                       "image takes an image (a name), and `{name: cat, width: 640}` reads as text: only a scene file writes a mapping; write the image's name alone, `cat`")
        // Quoted, braces are the text of an image's name.
        XCTAssertEqual(try convert("\"{cat}\"", PropertySpec("image", .image)), .image(Image(name: "{cat}")))
    }
}

final class ValueFormattingTests: XCTestCase {
    func testDescriptions() {
        XCTAssertEqual(Value.number(1).description, "1")
        XCTAssertEqual(Value.number(0.5).description, "0.5")
        XCTAssertEqual(Value.number(1.0 / 3).description, "0.333333")
        XCTAssertEqual(Value.string("a").description, "\"a\"")
        XCTAssertEqual(Value.image(Image(name: "toggle-on")).description, "toggle-on")
        XCTAssertEqual(Value.image(Image(name: "p", width: 4, height: 3)).description, "p (4×3)")
        XCTAssertEqual(Value.color(Color(red: 1, green: 171, blue: 255)).description, "#01ABFF")
        XCTAssertEqual(Value.point(Point(x: 0, y: 120)).description, "(0, 120)")
        XCTAssertEqual(Value.size(Size(width: 1024, height: 768)).description, "1024×768")
        XCTAssertEqual(Value.null.description, "nil")
    }

    func testFormatNumberAlwaysGivesANumberAsJSONReadsIt() {
        for n in [0, 1, -1, 0.5, 1.0 / 3, 1e-7, -1e-9, 2.5e15, 1e20, 123456.25] {
            let text = formatNumber(n)
            XCTAssertFalse(text.hasSuffix("."), "\(n) → \(text)")
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)), "\(n) → \(text)")
            XCTAssertEqual(Double(text)!, n, accuracy: 1e-6 * max(1, abs(n)))
        }
        XCTAssertEqual(formatNumber(1e20), "1e+20", "huge numbers stay short")
        XCTAssertEqual(formatNumber(.nan), "nan")
        XCTAssertEqual(JSON.number(.nan).text, "null")
        XCTAssertEqual(JSON.number(.infinity).text, "null")
    }

    func testJSONText() {
        let json = JSON.object([("b", .number(2)), ("a", .array([.null, .bool(true), .string("x\"y\n\u{1}")]))])
        XCTAssertEqual(json.text, #"{"b":2,"a":[null,true,"x\"y\n\u0001"]}"#, "keys keep their order")
        XCTAssertEqual(json["a"], .array([.null, .bool(true), .string("x\"y\n\u{1}")]))
        XCTAssertNil(JSON.array([])["a"])
        XCTAssertNotEqual(JSON.object([("a", .null), ("b", .null)]), JSON.object([("b", .null), ("a", .null)]))
    }

    func testImageFitting() {
        let photo = Image(name: "photo", width: 4000, height: 3000)
        XCTAssertEqual(photo.fitting(width: 2048, height: 2048), Image(name: "photo", width: 2048, height: 1536))
        XCTAssertEqual(photo.fitting(width: 1024, height: 1024), Image(name: "photo", width: 1024, height: 768))
        XCTAssertEqual(Image(name: "small", width: 100, height: 50).fitting(width: 2048, height: 2048),
                       Image(name: "small", width: 100, height: 50), "never enlarges")
        XCTAssertEqual(Image(name: "unknown").fitting(width: 10, height: 10), Image(name: "unknown"))
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestions.nearest(to: "durration", in: ["duration", "animated"]), "duration")
        XCTAssertEqual(Suggestions.nearest(to: "ANIMATED", in: ["duration", "animated"]), "animated")
        XCTAssertNil(Suggestions.nearest(to: "xyz", in: ["duration", "animated"]))
        XCTAssertNil(Suggestions.nearest(to: "a", in: [String]()))
        XCTAssertEqual(Suggestions.hint(for: "tpa", in: ["tap", "send"]), " (did you mean `tap`?)")
        XCTAssertEqual(Suggestions.hint(for: "qqqqqq", in: ["tap"]), "")
    }

    func testValueTypes() {
        XCTAssertEqual(ValueType.named("enum", values: ["a"]), .enumeration(["a"]))
        XCTAssertNil(ValueType.named("float"))
        for name in ValueType.names { XCTAssertEqual(ValueType.named(name)?.name, name) }
        XCTAssertEqual(ValueType.inferred(from: .bool(false)), .bool)
        XCTAssertNil(ValueType.inferred(from: .null))
        XCTAssertTrue(ValueType.number.isAnimatable)
        XCTAssertFalse(ValueType.image.isAnimatable)
    }
}
