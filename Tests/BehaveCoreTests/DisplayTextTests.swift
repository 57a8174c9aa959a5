import XCTest
@testable import BehaveCore

/// What every output does to text scripts and input files control.
final class DisplayTextTests: XCTestCase {
    func testOnlyWhatCannotBeShownIsEscaped() {
        XCTAssertEqual(DisplayText.lines("plain\ttext\nok é ✓ 日本 مرحبا"), "plain\ttext\nok é ✓ 日本 مرحبا")
        XCTAssertEqual(DisplayText.lines("\u{1B}[0m"), "\\27[0m")
        XCTAssertEqual(DisplayText.lines("\u{1}2"), "\\0012", "a digit after an escape")
        XCTAssertEqual(DisplayText.lines("\u{7F}\u{85}\r\0x"), "\\127\\u{85}\\r\\0x")
        XCTAssertEqual(DisplayText.lines("a\\27b"), "a\\27b", "backslashes stay")
    }

    func testNothingStartsALineOrDrivesTheTerminal() {
        let hostile = "ok\r\n[0s] payment valueChanged \u{1B}[2J \u{1B}]0;title\u{7} \u{9B}31m \u{202E}txet\u{2028}\u{2029}\u{2066}"
        XCTAssertEqual(DisplayText.line(hostile),
                       "ok\\r\\n[0s] payment valueChanged \\27[2J \\27]0;title\\7 \\u{9B}31m \\u{202E}txet\\u{2028}\\u{2029}\\u{2066}")
        XCTAssertEqual(DisplayText.indented(hostile, by: "  "),
                       "ok\\r\n  [0s] payment valueChanged \\27[2J \\27]0;title\\7 \\u{9B}31m \\u{202E}txet\\u{2028}\\u{2029}\\u{2066}")
        for text in [DisplayText.line(hostile), DisplayText.indented(hostile, by: "  ")] {
            XCTAssertFalse(text.unicodeScalars.contains { DisplayText.needsEscape($0, keepingLineBreaks: true) }, text)
        }
    }
}
