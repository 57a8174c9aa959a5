import Foundation
import XCTest

/// `state` and `show` are read by a person: a behaviour's long text is cut
/// where the trace cuts it, with its length, as the trace writes it. A
/// 1 MB field printed whole, a megabyte on the terminal. The state a
/// program reads last (`--json`'s final line) keeps it whole.
final class StateOutputTests: XCTestCase {
    /// Fixtures/, whose scripts these tests run.
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func testALongFieldIsCutInStateAndShowAsTheTraceCutsIt() throws {
        let behave = try builtBehave()
        let cut = String(repeating: "a", count: 200) + "… (1048576 characters)"
        let state = try run(behave, ["run", "big.lua", "--do", "state"], in: fixtures)
        XCTAssertEqual(state.status, 0, state.errors)
        XCTAssertLessThan(state.output.utf8.count, 2000)
        XCTAssertTrue(state.output.contains(#""fields":{"short":"ok","text":"\#(cut)"}"#), state.output)
        let shown = try run(behave, ["run", "big.lua", "--do", "show"], in: fixtures)
        XCTAssertTrue(shown.output.contains(#"short="ok" text="\#(cut)""#), shown.output)
        XCTAssertLessThan(shown.output.utf8.count, 2000)
        let json = try run(behave, ["run", "big.lua", "--json", "--do", "state"], in: fixtures)
        let lines = json.output.split(separator: "\n")
        XCTAssertTrue(lines.dropLast().contains { $0.contains(cut) }, "the mid-run state record is cut")
        XCTAssertTrue(lines.last?.contains(String(repeating: "a", count: 1048576)) ?? false, "the final state is whole")
    }

    /// A field's table is cut for reading as a long text is: its first ten
    /// entries, then how many more it has. A field of 500 tables of 300
    /// numbers printed 40,000 of them. The state a program reads keeps the
    /// first 200 entries of each table, and says how many more it has.
    func testAHugeTableFieldIsCutInStateAndShowWithWhatWasLeftOut() throws {
        let behave = try builtBehave()
        let state = try run(behave, ["run", "huge.lua", "--do", "state"], in: fixtures)
        XCTAssertEqual(state.status, 0, state.errors)
        XCTAssertLessThan(state.output.utf8.count, 5000)
        XCTAssertTrue(state.output.contains(#""list":[1,2,3,4,5,6,7,8,9,10,"… (19990 more items)"]"#), state.output)
        XCTAssertTrue(state.output.contains(#""…":"… (490 more fields)""#), state.output)
        XCTAssertTrue(state.output.contains(#"[1,2,3,4,5,6,7,8,9,10,"… (290 more items)"]"#), state.output)
        let shown = try run(behave, ["run", "huge.lua", "--do", "show"], in: fixtures)
        XCTAssertLessThan(shown.output.utf8.count, 5000)
        XCTAssertTrue(shown.output.contains(#"list=[1,2,3,4,5,6,7,8,9,10,"… (19990 more items)"]"#), shown.output)
        let json = try run(behave, ["run", "huge.lua", "--json"], in: fixtures)
        let final = String(json.output.split(separator: "\n").last ?? "")
        XCTAssertTrue(final.contains(#",199,200,"… (19800 more items)"]"#), String(final.prefix(500)))
        XCTAssertTrue(final.contains(#""…":"… (300 more fields)""#), String(final.prefix(500)))
    }

    /// A behaviour's own fields are cut as `state` cuts them in `show`
    /// too: ten, then how many more. `show` listed up to 200 of them on
    /// one line, where `state` listed ten.
    func testShowCutsABehavioursFieldsAsStateDoes() throws {
        let behave = try builtBehave()
        let state = try run(behave, ["run", "many.lua", "--do", "state"], in: fixtures)
        XCTAssertEqual(state.status, 0, state.errors)
        XCTAssertTrue(state.output.contains(#""f10":10,"…":"… (15 more fields)"}"#), state.output)
        let shown = try run(behave, ["run", "many.lua", "--do", "show"], in: fixtures)
        XCTAssertEqual(shown.status, 0, shown.errors)
        let fields = (1...10).map { String(format: "f%02d=%d", $0, $0) }.joined(separator: " ")
        XCTAssertTrue(shown.output.contains(fields + #" …="… (15 more fields)""#), shown.output)
        XCTAssertFalse(shown.output.contains("f11="), shown.output)
    }

    /// A field's name is cut as its text is: a behaviour's field, or a
    /// table's, named by a megabyte was printed whole by `state`, `show`
    /// and `--json`'s mid-run state.
    func testALongFieldNameIsCutInStateAndShow() throws {
        let behave = try builtBehave()
        for arguments in [["--do", "state"], ["--do", "show"], ["--json", "--do", "state"]] {
            let result = try run(behave, ["run", "names.lua"] + arguments, in: fixtures)
            let shown = arguments.contains("--json") ? String(result.output.split(separator: "\n").dropLast().joined()) : result.output
            XCTAssertEqual(result.status, 0, result.errors)
            XCTAssertLessThan(shown.utf8.count, 3000, "\(arguments)")
            XCTAssertTrue(shown.contains(String(repeating: "k", count: 200) + "… (1000000 characters)"), "\(arguments)")
            XCTAssertTrue(shown.contains(String(repeating: "n", count: 200) + "… (1000000 characters)"), "\(arguments)")
        }
    }

    /// `show` draws a control's long text cut as `state` gives it: a
    /// label's text, a button's title, a text field's (its dots when it
    /// is secure), an image's name. Each was drawn whole: a megabyte a
    /// line, and 200 KB of dots for a secure text of 65,534 characters.
    func testShowCutsTheLongTextsOfControls() throws {
        let shown = try run(try builtBehave(), ["run", "long.lua", "--do", "show"], in: fixtures)
        XCTAssertEqual(shown.status, 0, shown.errors)
        let drawing = shown.output.split(separator: "\n").drop { !$0.hasPrefix("┌") }.joined(separator: "\n")
        XCTAssertLessThan(drawing.utf8.count, 4000, String(drawing.prefix(2000)))
        let cut = String(repeating: "x", count: 200) + "… (1000000 characters)"
        XCTAssertTrue(drawing.contains("label        \"\(cut)\""), drawing)
        XCTAssertTrue(drawing.contains("[ \(String(repeating: "i", count: 200))… (1000000 characters) \"\(cut)\" ]"), drawing)
        XCTAssertTrue(drawing.contains("[\(String(repeating: "x", count: 200))… (50000 characters)]"), drawing)
        XCTAssertTrue(drawing.contains("[\(String(repeating: "•", count: 200))… (50000 characters)]"), drawing)
        XCTAssertTrue(drawing.contains("▨ \(String(repeating: "p", count: 200))… (1000000 characters)"), drawing)
    }

    /// Field names that are not UTF-8 stay apart: each such byte is
    /// written `\xFF`; decoded, both read U+FFFD and printed as one key.
    /// A name that reads as another (a script's own `"\\xFF"`) gets its
    /// bytes after it.
    func testFieldNamesThatAreNotUTF8StayDistinct() throws {
        let json = try run(try builtBehave(), ["run", "bytes.lua", "--json"], in: fixtures)
        XCTAssertEqual(json.status, 0, json.errors)
        let final = try XCTUnwrap(json.output.split(separator: "\n").last)
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(final.utf8)) as? [String: Any])
        let behaviours = try XCTUnwrap(state["behaviours"] as? [String: Any])
        let fields = try XCTUnwrap((behaviours["bytes"] as? [String: Any])?["fields"] as? [String: Any])
        XCTAssertEqual(fields.mapValues { ($0 as? NSNumber)?.intValue ?? -1 }, [#"\xFE"#: 2, #"\xFF"#: 3, #"\xFF (bytes FF)"#: 1, #"caf\xE9"#: 4])
    }
}
