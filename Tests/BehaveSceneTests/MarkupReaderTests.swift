@testable import BehaveScene
import Foundation
import XCTest

/// The reader of `.ui` files (and of a label's markup) on hostile input:
/// it refuses what is malformed and never traps, recurses or hangs. The
/// scene loader bounds a file at 16 MB before it is read.
final class MarkupReaderTests: XCTestCase {
    private func read(_ text: String) -> MarkupDocument? { MarkupDocument.read(Array(text.utf8)) }

    func testAWellFormedDocumentIsRead() throws {
        let document = try XCTUnwrap(read("""
            <?xml version="1.0"?><!-- a comment --><!DOCTYPE interface [ <!ENTITY x "]>"> ]>
            <interface><object class='GtkLabel' id="a"><property name="label">a &lt; b &#38; &#x263A;<![CDATA[ <raw> ]]></property></object></interface>
            """))
        let property = try XCTUnwrap(document.elements.firstIndex { $0.name == "property" })
        XCTAssertEqual(document.text(of: property), "a < b & ☺ <raw> ")
        XCTAssertEqual(document.elements[1].attribute("class"), "GtkLabel")
    }

    func testWhatIsMalformedIsRefused() {
        for text in [
            "", "   ", "<a>", "<a></b>", "<a><b></a></b>", "</a>", "\u{FEFF}<a/>", "<a/>text", "text", "<a>&unknown;</a>", "<a>&amp</a>",
            "<a>&#0;</a>", "<a>&#x110000;</a>", "<a>&#99999999999999;</a>", "<a>&#xD800;</a>", "<a b=c/>", "<a b=\"1\" b=\"2\"/>",
            "<a", "<a b=\"unterminated/>", "<!-- unterminated", "<![CDATA[x]]>",
            "<a><![CDATA[unterminated</a>", "<?pi", "<!DOCTYPE a [", "<a>\u{1}</a>x", "< a/>",
        ] {
            XCTAssertNil(read(text), text)
        }
        // Bytes that are not UTF-8.
        XCTAssertNil(MarkupDocument.read(Array("<a>".utf8) + [0xFF, 0xFE] + Array("</a>".utf8)))
    }

    /// What GMarkup reads though XML refuses it, as GTK reads the file: a
    /// `<` in a value, an attribute right after another's quote.
    func testWhatGMarkupReadsIsRead() throws {
        XCTAssertEqual(try XCTUnwrap(read("<a b=\"<\"/>")).elements[0].attribute("b"), "<")
        let document = try XCTUnwrap(read("<a b=\"1\"c='2'/>"))
        XCTAssertEqual(document.elements[0].attribute("c"), "2")
        XCTAssertNil(read("<a b=\"1\"=\"2\"/>"))
        // Elements after the first at the top (a second <interface>).
        XCTAssertEqual(try XCTUnwrap(read("<a/> <!-- c --> <b><c/></b>")).children(of: -1).count, 2)
    }

    /// Line ends and character references read as GMarkup (GtkBuilder's
    /// reader) reads them. Before: a file saved with Windows' line ends
    /// gave a label's lines a `\r` GTK does not show, and `&#0000065;`,
    /// an A to GTK, left the whole file unread.
    func testLineEndsAndReferencesAreReadAsGMarkupReadsThem() throws {
        let document = try XCTUnwrap(read("<a b=\"x\ty\r\nz\r\">1\r\n2\r3\r\r\n<![CDATA[4\r\n]]>&#13;&#10;</a>"))
        XCTAssertEqual(document.elements[0].attribute("b"), "x y z ")
        XCTAssertEqual(document.text(of: 0), "1\n2\n3\n\n4\r\n\r\n")
        let letters = try XCTUnwrap(read("<a>&#0000065;&#+66;&#x0x43;&#x  44;&#\(String(repeating: "0", count: 100_000))69;</a>"))
        XCTAssertEqual(letters.text(of: 0), "ABCDE")
        for refused in ["&#-65;", "&#-0;", "&#xFFFE;", "&#X41;", "&#x0x;", "&#;", "&#x;", "&#6 5;", "&#xDFFF;", "&#\(String(repeating: "9", count: 40));"] {
            XCTAssertNil(read("<a>\(refused)</a>"), refused)
        }
    }

    /// An entity declared in a DOCTYPE is never expanded (a billion
    /// laughs is an unknown entity, refused at once).
    func testDeclaredEntitiesAreNotExpanded() {
        var doctype = "<!DOCTYPE a [<!ENTITY l0 \"ha\">"
        for level in 1...30 { doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        XCTAssertNil(read(doctype + "]><a>&l30;</a>"))
    }

    /// Depth costs no stack, and past 1024 levels a file is refused at
    /// once (a million levels, as many left open).
    func testDeepNestingNeitherTrapsNorRecurses() throws {
        let nested = { (depth: Int) in String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth) }
        let document = try XCTUnwrap(read(nested(MarkupDocument.maximumDepth)))
        XCTAssertEqual(document.elements.count, MarkupDocument.maximumDepth)
        XCTAssertEqual(document.allText(of: 0), "x")
        XCTAssertNil(read(nested(MarkupDocument.maximumDepth + 1)))
        XCTAssertNil(read(nested(1_000_000)))
        XCTAssertNil(read(String(repeating: "<a>", count: 1_000_000)))
        XCTAssertNil(read("<a>" + String(repeating: "<!--", count: 1_000_000)))
        // As many elements as a file may hold, and one more.
        let wide = { (count: Int) in Array(("<a>" + String(repeating: "<b/>", count: count - 1) + "</a>").utf8) }
        XCTAssertEqual(MarkupDocument.read(wide(1000), maximumElements: 1000)?.elements.count, 1000)
        XCTAssertNil(MarkupDocument.read(wide(1001), maximumElements: 1000))
    }

    /// Long runs of what the reader scans for never make it quadratic.
    func testLongRunsAreReadInLinearTime() {
        let size = 1_000_000
        XCTAssertNil(read("<a>" + String(repeating: "&", count: size)))
        XCTAssertNil(read("<!--" + String(repeating: "-", count: size)))
        XCTAssertNil(read("<a " + String(repeating: "b=\"1\" ", count: 1) + String(repeating: "\"", count: size)))
        XCTAssertNotNil(read("<a>" + String(repeating: "]", count: size) + "</a>"))
        // Attributes, each checked against the others once.
        let attributes = (0..<100_000).map { " a\($0)=\"1\"" }.joined()
        XCTAssertEqual(read("<a\(attributes)/>")?.elements.first?.attributes.count, 100_000)
        XCTAssertNil(read("<a\(attributes) a7=\"2\"/>"))
    }

    /// One adjustment of many properties named by many widgets is built
    /// once, and a number of a million digits reads at once.
    func testWhatManyWidgetsShareIsReadOnce() throws {
        // The widgets in a window's box, the screen behave window shows.
        func screen(_ children: String) -> String { "<object class=\"GtkWindow\"><child><object class=\"GtkBox\">\(children)</object></child></object>" }
        let properties = String(repeating: "<property name=\"upper\">50</property>", count: 20_000)
        let widgets = (0..<2000).map { "<child><object class=\"GtkSpinButton\" id=\"s\($0)\"><property name=\"adjustment\">shared</property></object></child>" }
        let ui = "<interface><object class=\"GtkAdjustment\" id=\"shared\">\(properties)</object>\(screen(widgets.joined()))</interface>"
        let controls = (0..<2000).map { "  s\($0): { type: Stepper }\n" }.joined()
        let fixture = try SceneFixture(["many.scene.yaml": "screen: Many\nui: many.ui\ncontrols:\n\(controls)", "many.ui": ui])
        let loaded = try SceneLoader.load(file: fixture.path("many.scene.yaml"))
        XCTAssertEqual(try loaded.scene.control(named: "s1999")?.value("maximumValue"), .number(50))
        // A label that 2000 labels are bound to is read once, not once each.
        let labels = String(repeating: "<property name=\"label\">drawn</property>", count: 20_000)
        let bound = (0..<2000).map { "<child><object class=\"GtkLabel\" id=\"l\($0)\"><property name=\"label\" bind-source=\"source\" bind-flags=\"sync-create\"/></object></child>" }
        let boundUI = "<interface>\(screen("<child><object class=\"GtkLabel\" id=\"source\">\(labels)</object></child>\(bound.joined())"))</interface>"
        let boundFixture = try SceneFixture(["bound.scene.yaml": "screen: Bound\nui: bound.ui\ncontrols:\n  l1999: { type: Label }\n", "bound.ui": boundUI])
        let boundScene = try SceneLoader.load(file: boundFixture.path("bound.scene.yaml"))
        XCTAssertEqual(try boundScene.scene.control(named: "l1999")?.value("text"), .string("drawn"))
        XCTAssertEqual(InterfaceDrawing.number(String(repeating: "1", count: 1_000_000) + "e-999990"), 1_111_111_111.111111111)
        XCTAssertEqual(InterfaceDrawing.number("0." + String(repeating: "0", count: 1_000_000) + "5e1000005"), 50_000)
    }

    /// Random bytes and random cuts of a real file: refused or read, never a trap.
    func testRandomInputNeverTraps() {
        var generator = Xorshift(seed: 0xBE4A7E)
        let real = Array(InterfaceDrawingTests.coffee.utf8)
        let alphabet = Array("<>/=\"'&;#x!-[]?abc \n".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<3000 {
            var bytes = real
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[at] = alphabet.randomElement(using: &generator)!
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            if let document = MarkupDocument.read(bytes) {
                // What a headless run reads of it does not trap either.
                _ = InterfaceDrawing(bytes)
                _ = document.elements.indices.map(document.allText(of:))
            }
            let noise = (0..<Int.random(in: 0...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = MarkupDocument.read(noise)
        }
    }

    /// Numbers as GtkBuilder reads them: the longest number at the start,
    /// none when too large or too small for a double.
    func testNumbersAreReadAsGtkBuilderReadsThem() {
        let cases: [(String, Double?)] = [
            ("40", 40), ("  7 ", 7), ("+5", 5), ("-2.5", -2.5), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("1e", 1), ("1e+", 1),
            ("100x", 100), ("1_0", 1), ("0x10", 16), ("0x1.8p3", 12), ("-0x10", -16), ("0x", 0),
            ("abc", nil), ("", nil), ("-", nil), (".", nil), ("inf", nil), ("nan", nil), ("1e999", nil), ("1e-400", nil),
            ("1e-310", nil), ("0e-999", 0), ("0x1p99999999999999999999", nil), ("0x1p-99999999", nil),
            (String(repeating: "9", count: 400), nil), ("1e" + String(repeating: "9", count: 100_000), nil),
            ("0." + String(repeating: "0", count: 100_000) + "1", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(InterfaceDrawing.number(text), expected, text.count > 40 ? String(text.prefix(40)) + "…" : text)
        }
        XCTAssertEqual(InterfaceDrawing.boolean("True"), true)
        XCTAssertEqual(InterfaceDrawing.boolean("n"), false)
        XCTAssertNil(InterfaceDrawing.boolean(" true"))
        XCTAssertEqual(InterfaceDrawing.length("0x10"), 16)
        XCTAssertEqual(InterfaceDrawing.length("010"), 8)
        XCTAssertNil(InterfaceDrawing.length("99999999999999999999999"))
    }
}

/// A seeded generator (xorshift): the same cases on every run.
private struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
