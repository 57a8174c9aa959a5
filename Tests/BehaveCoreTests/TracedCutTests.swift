import XCTest
@testable import BehaveCore

/// Where the trace, `state` and `show` cut a long text: its first 200
/// characters, and no more than a thousand scalars however few characters
/// they make (a letter under thousands of accents is one character).
final class TracedCutTests: XCTestCase {
    /// 300 letters under 5,000 accents each were shown as 200 characters:
    /// a megabyte; one letter under 100,000 accents was shown whole.
    func testCharactersOfManyScalarsAreCutByTheirScalars() throws {
        let accent = "\u{301}"
        let letters = String(repeating: "e" + String(repeating: accent, count: 5_000), count: 300)
        guard case .string(let shown) = JSON.string(letters).cutForReading else { return XCTFail("not a text") }
        XCTAssertLessThan(shown.unicodeScalars.count, 1_100)
        XCTAssertTrue(shown.hasSuffix("… (300 characters)"), "\(shown.unicodeScalars.count) scalars")
        XCTAssertTrue(shown.unicodeScalars.starts(with: ("e" + String(repeating: accent, count: 999)).unicodeScalars),
                      "the first letter, cut inside its accents")

        let one = "a" + String(repeating: accent, count: 100_000)
        guard case .string(let cut) = JSON.string(one).cutForReading else { return XCTFail("not a text") }
        XCTAssertLessThan(cut.unicodeScalars.count, 1_100)
        XCTAssertTrue(cut.hasSuffix("… (1 characters)"), "\(cut.unicodeScalars.count) scalars")
        XCTAssertLessThan(Value.string(one).description.unicodeScalars.count, 1_100)
    }

    /// Whole characters are kept while they fit: a text of 200 family
    /// emoji (seven scalars each) is cut before the character the bound
    /// falls in, not inside it; a text of 200 characters is not cut.
    func testTheCutKeepsWholeCharactersWhenItCan() throws {
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: family, count: 200)
        guard case .string(let shown) = JSON.string(text).cutForReading else { return XCTFail("not a text") }
        let kept = try XCTUnwrap(shown.components(separatedBy: "…").first)
        XCTAssertTrue(kept == String(repeating: family, count: 142), "\(kept.count) families, \(kept.unicodeScalars.count) scalars")
        XCTAssertTrue(shown.hasSuffix("… (200 characters)"))
        let short = String(repeating: "é", count: 200)
        XCTAssertEqual(JSON.string(short).cutForReading, .string(short))
        let long = String(repeating: "x", count: 199) + "é€😀"
        XCTAssertEqual(JSON.string(long).cutForReading, .string(String(repeating: "x", count: 199) + "é… (202 characters)"))
    }
}

/// A dialog's texts are a script's: `show` and the trace cut each as a
/// long text is, where 64 options of 100,000 characters were a 9 MB line
/// in each (the state a program reads keeps them whole).
final class DialogTextCutTests: XCTestCase {
    func testADialogsLongTextsAreCutInShowAndTheTrace() throws {
        let scene = Scene(screen: "Long")
        let long = String(repeating: "t", count: 100_000), cut = String(repeating: "t", count: 200) + "… (100000 characters)"
        let options = (0..<64).map { String(repeating: "\($0 % 10)", count: 100_000) }
        try scene.present(Dialog(style: .alert, title: long, message: long, options: options, cancel: long)) { _ in }
        let drawn = scene.render()
        XCTAssertLessThan(drawn.utf8.count, 20_000)
        XCTAssertTrue(drawn.contains("│ \(cut)\n│ \(cut)\n│ [ \(String(repeating: "0", count: 200))… (100000 characters) ]"))
        XCTAssertTrue(drawn.contains("[ \(cut) ]\n└─"))
        try scene.choose(options[3])
        let messages = scene.trace.entries.filter { $0.kind == .dialog }.map(\.message)
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages.allSatisfy { $0.utf8.count < 20_000 }, "\(messages.map(\.utf8.count))")
        XCTAssertTrue(messages.first?.hasPrefix("alert \(cut): \(cut): \"\(String(repeating: "0", count: 200))… (100000 characters)\"") ?? false)
        XCTAssertEqual(messages.last, "chose \"\(String(repeating: "3", count: 200))… (100000 characters)\"")
    }
}

/// A field's table is cut for reading to its first ten entries, then how
/// many more it has, counting the note the state ends a table of more
/// than 200 with; a script's own text that reads like that note is an
/// entry like any other.
final class TableCutTests: XCTestCase {
    func testATextThatReadsLikeTheNoteIsAnEntry() {
        let numbers: [JSON] = (1...10).map { .number(Double($0)) }
        let list = JSON.array(numbers + [.string("… (1000 more items)")])
        XCTAssertEqual(list.fieldCutForReading, JSON.array(numbers + [.string("… (1 more items)")]))
        let short = JSON.array([.number(1), .string("… (1000 more items)")])
        XCTAssertEqual(short.fieldCutForReading, short)
        let named: [(String, JSON)] = (1...10).map { ("k\($0)", .number(1)) }
        let fields = JSON.object(named + [("…", JSON.string("… (5 more fields)"))])
        XCTAssertEqual(fields.fieldCutForReading, JSON.object(named + [("…", JSON.string("… (1 more fields)"))]))
        // The state's own note, after 200 entries, is counted.
        let all: [JSON] = (1...200).map { .number(Double($0)) }
        let cut = JSON.array(all + [.string("… (800 more items)")])
        XCTAssertEqual(cut.fieldCutForReading, JSON.array(numbers + [.string("… (990 more items)")]))
    }
}
