import Foundation
import XCTest
@testable import BehaveCore

/// Commands written to make the parser slow or deep: every line is read in
/// time proportional to its length, and nesting is bounded with a clear error.
final class CommandBoundsTests: XCTestCase {
    private func parseError(_ line: String) -> String? {
        do { _ = try SceneCommand.parse(line); return nil } catch { return error.message }
    }

    /// Seconds `body` takes. Only ever compared with a bound far above what
    /// the work needs (a linear pass over a megabyte), so a busy machine does
    /// not make it fail, while quadratic work (minutes) does.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    func testDeeplyNestedBracketsAreRefusedWithAClearError() {
        let deep = "set x.title " + String(repeating: "[", count: 25_000) + String(repeating: "]", count: 25_000)
        XCTAssertEqual(parseError(deep), "a value nests lists more than 32 levels deep")
        XCTAssertEqual(try LooseValue.parse(String(repeating: "[", count: 32) + "1" + String(repeating: "]", count: 32)),
                       (0..<32).reduce(LooseValue.text("1", quoted: false)) { value, _ in .list([value]) })
        XCTAssertThrowsError(try LooseValue.parse(String(repeating: "[", count: 33) + String(repeating: "]", count: 33)))
    }

    func testAMegabyteValueParsesInOnePass() throws {
        // 30,000 items of 32 nested levels each: about 2 MB.
        let item = String(repeating: "[", count: 31) + "1" + String(repeating: "]", count: 31)
        let line = "set x.title [" + Array(repeating: item, count: 30_000).joined(separator: ",") + "]"
        var parsed: SceneCommand?
        let elapsed = try seconds { parsed = try SceneCommand.parse(line) }
        guard case .set(_, _, .list(let items))? = parsed else { return XCTFail("not a list: \(String(describing: parsed).prefix(80))") }
        XCTAssertEqual(items.count, 30_000)
        XCTAssertLessThan(elapsed, 20, "a linear pass over 2 MB")
    }

    func testListsReadQuotesAndNestingAndOtherTextStaysText() throws {
        XCTAssertEqual(try LooseValue.parse(#"["a, b", 'c]', nil]"#),
                       .list([.text("a, b", quoted: true), .text("c]", quoted: true), .null]))
        XCTAssertEqual(try LooseValue.parse("[[1, 2], [3, 4]]"),
                       .list([.list([.text("1", quoted: false), .text("2", quoted: false)]),
                              .list([.text("3", quoted: false), .text("4", quoted: false)])]))
        XCTAssertEqual(try LooseValue.parse("[1, 2, ]"), .list([.text("1", quoted: false), .text("2", quoted: false)]))
        XCTAssertEqual(try LooseValue.parse("[draft] notes [2]"), .text("[draft] notes [2]", quoted: false))
        XCTAssertEqual(try LooseValue.parse("[1,,2]"), .text("[1,,2]", quoted: false))
        XCTAssertEqual(try LooseValue.parse("[é, \u{1F600}]"), .list([.text("é", quoted: false), .text("\u{1F600}", quoted: false)]))
    }

    func testEveryVerbReadsAMegabyteLineInOnePass() throws {
        let long = String(repeating: "a", count: 1 << 20)
        let digits = String(repeating: "9", count: 1 << 20)
        let quotes = String(repeating: "\"", count: 1 << 20)
        let lines = ["tap \(long)", "send \(long) \(long)", "set \(long).\(long) \(long)", "step \(long) +",
                     "type \(long) \(quotes)", "return \(long)", "scroll x \(digits)", "keyboard show \(digits)",
                     "advance \(digits)", "advance 0.\(digits)", "choose \(quotes)", "remove \(long)", "\(long) x",
                     "set x.y \(quotes)", String(repeating: "  ", count: 1 << 19) + "show"]
        for line in lines {
            let elapsed = seconds { _ = try? SceneCommand.parse(line) }
            XCTAssertLessThan(elapsed, 20, "`\(line.prefix(20))…`: a linear pass over 1 MB")
        }
        XCTAssertEqual(parseError("advance 1e400"), "`1e400` is not a number; usage: advance SECONDS")
        XCTAssertEqual(try SceneCommand.parse("advance 0.\(digits)"), .advance(1))
    }

    func testAnsweringADialogOfManyOptionsCostsTheirLengthNotTheProduct() throws {
        let scene = Scene(screen: "S")
        try scene.present(Dialog(style: .alert, options: (0..<20_000).map { "option \($0)" })) { _ in }
        let answer = String(repeating: "Ö", count: 200_000)
        var message = ""
        let elapsed = seconds {
            do throws(ValueError) { try scene.choose(answer) } catch { message = error.message }
        }
        XCTAssertLessThan(elapsed, 20, "one lowering of the answer, then the options once")
        XCTAssertTrue(message.hasSuffix(#"choose one of "option 0", "option 1", "option 2", "option 3", "option 4", "option 5", "option 6", "option 7", "option 8", "option 9", "option 10", "option 11", "option 12", "option 13", "option 14", "option 15", "option 16", "option 17", "option 18", "option 19" and 19981 more"#),
                      String(message.suffix(300)))
        try scene.choose("OPTION 19999")
        XCTAssertNil(scene.presentedDialog)
    }
}
