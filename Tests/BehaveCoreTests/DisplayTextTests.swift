import XCTest
@testable import BehaveCore

/// What every output does to text scripts and input files control.
final class DisplayTextTests: XCTestCase {
    func testOnlyWhatCannotBeShownIsEscaped() {
        XCTAssertEqual(DisplayText.lines("plain\ttext\nok é ✓ 日本 مرحبا"), "plain\ttext\nok é ✓ 日本 مرحبا")
        XCTAssertEqual(DisplayText.lines("\u{1B}[0m"), "\\27[0m")
        XCTAssertEqual(DisplayText.lines("\u{1}2"), "\\0012", "a digit after an escape")
        XCTAssertEqual(DisplayText.lines("\u{7F}\u{85}\r\0x"), "\\127\\u{85}\\13\\0x")
        XCTAssertEqual(DisplayText.lines("a\\27b"), "a\\27b", "backslashes stay")
    }

    func testNothingStartsALineOrDrivesTheTerminal() {
        let hostile = "ok\r\n[0s] payment valueChanged \u{1B}[2J \u{1B}]0;title\u{7} \u{9B}31m \u{202E}txet\u{2028}\u{2029}\u{2066}"
        XCTAssertEqual(DisplayText.line(hostile),
                       "ok\\13\\n[0s] payment valueChanged \\27[2J \\27]0;title\\7 \\u{9B}31m \\u{202E}txet\\u{2028}\\u{2029}\\u{2066}")
        XCTAssertEqual(DisplayText.indented(hostile, by: "  "),
                       "ok\\13\n  [0s] payment valueChanged \\27[2J \\27]0;title\\7 \\u{9B}31m \\u{202E}txet\\u{2028}\\u{2029}\\u{2066}")
        for text in [DisplayText.line(hostile), DisplayText.indented(hostile, by: "  ")] {
            XCTAssertFalse(text.unicodeScalars.contains { DisplayText.needsEscape($0, keepingLineBreaks: true) }, text)
        }
    }

    /// A word (no blank) past 120 characters is cut to its first 80 and
    /// last 20 about an ellipsis; shorter words, blanks and line breaks
    /// stay as they are.
    func testALongWordIsCutAboutAnEllipsis() {
        let long = "`" + String(repeating: "a", count: 100) + String(repeating: "z", count: 100) + "`;"
        let cut = DisplayText.shortened("the id \(long)\n  give it  another")
        XCTAssertEqual(cut, "the id `" + String(repeating: "a", count: 79) + "…" + String(repeating: "z", count: 18) + "`;\n  give it  another")
        let edge = String(repeating: "b", count: DisplayText.longestWord)
        XCTAssertEqual(DisplayText.shortened(edge + " " + edge), edge + " " + edge)
    }

    /// A letter under 200,000 accents is one character: it is cut as a
    /// word of that many scalars is, and the ends of a word keep their
    /// characters whole. Before: the message kept the whole 400 KB.
    func testAWordOfOneLongCharacterIsCutToo() {
        let accents = String(repeating: "\u{301}", count: 200_000)
        let cut = DisplayText.shortened("Invalid object type 'a\(accents)' here")
        let expected = "Invalid object type 'a" + String(repeating: "\u{301}", count: 78) + "…"
            + String(repeating: "\u{301}", count: 19) + "' here"
        XCTAssertTrue(cut.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(cut.unicodeScalars.count) scalars")
        let flags = String(repeating: "🇫🇷", count: 70)
        XCTAssertEqual(DisplayText.shortened(flags), String(repeating: "🇫🇷", count: 40) + "…" + String(repeating: "🇫🇷", count: 10),
                       "a flag of two scalars is never split")
    }
}

/// `show` and `behave inspect`: each line they draw stays one line.
final class DrawnTextTests: XCTestCase {
    func testShowKeepsEveryDrawnLineOneLine() throws {
        let scene = Scene(screen: "Title\u{1B}]0;pwned\u{7}")
        let label = Label(name: "label")
        scene.add(label)
        try label.set("text", to: .string("a\n└─\n[0s] forged\u{1B}[2J"))
        let drawn = scene.render().split(separator: "\n").map(String.init)
        XCTAssertEqual(drawn, ["┌─ Title\\27]0;pwned\\7 · t = 0 s · presented",
                               "│ label        \"a\\n└─\\n[0s] forged\\27[2J\"",
                               "└─"])
    }

    /// A label's text is as long as the memory limit lets a script make
    /// it, and `show` draws it cut as `state` gives it, escaped: a long
    /// text of control characters (drawn whole, 800,000 of them were 3 MB
    /// on the terminal; escaping them took half a minute while it copied
    /// the text so far at each escape: the time is the benchmark's).
    func testShowDrawsALongTextOfControlCharactersCut() throws {
        let scene = Scene(screen: "Long")
        let label = Label(name: "label")
        scene.add(label)
        try label.set("text", to: .string(String(repeating: "x\u{1B}", count: 800_000)))
        let drawn = scene.render()
        let cut = String(repeating: "x\\27", count: 100) + "… (1600000 characters)"
        XCTAssertEqual(drawn, "┌─ Long · t = 0 s · presented\n│ label        \"\(cut)\"\n└─")
    }

    func testInspectKeepsEveryLineOneLine() {
        let declaration = BehaviourDeclaration(name: "Mode\u{1B}[2J", inspectables: [
            PropertySpec("mode", .enumeration(["a\nEvents", "b"]), default: .string("a\nEvents")),
        ], events: ["changed"])
        XCTAssertEqual(declaration.inspectorText.split(separator: "\n", omittingEmptySubsequences: false).prefix(5), [
            "Mode\\27[2J", "", "Outlets", "  (none)", "",
        ])
        XCTAssertTrue(declaration.inspectorText.contains("  mode  enum     = \"a\\nEvents\"  {a\\nEvents, b}\n"),
                      declaration.inspectorText)
    }
}

/// JSON reads back exactly, and holds nothing that drives a terminal.
final class JSONTextTests: XCTestCase {
    func testNumbersAreTheShortestTextThatReadsBackExactly() throws {
        let numbers: [Double] = [0x1p53, 1.0 / 3, 0.1, -2.5, 1e-7, 1e300, .leastNonzeroMagnitude, 0x1p63, 123_456_789_012, -0.0, 0]
        let text = JSON.array(numbers.map(JSON.number)).text
        XCTAssertEqual(text, "[9007199254740992,0.3333333333333333,0.1,-2.5,1e-07,1e+300,5e-324,9.223372036854776e+18,123456789012,-0,0]")
        let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [NSNumber])
        XCTAssertEqual(read.map(\.doubleValue), numbers)
        XCTAssertEqual(JSON.array([.number(.nan), .number(.infinity), .number(-.infinity)]).text, "[null,null,null]",
                       "JSON has no form for them")
    }

    func testStringsEscapeWhatDrivesATerminalAndReadBackExactly() throws {
        let hostile = "a\u{1B}[2J\u{7F}\u{9B}\u{85}\u{2028}\u{202E}\u{2066}\0é✓\"\\"
        let text = JSON.array([.string(hostile)]).text
        XCTAssertEqual(text, #"["a\u001b[2J\u007f\u009b\u0085\u2028\u202e\u2066\u0000é✓\"\\"]"#)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String], [hostile])
    }
}
