import Foundation
import XCTest

/// `state` and `show` are read by a person: a behaviour's long text is cut
/// where the trace cuts it, with its length, as the trace writes it. A
/// 1 MB field printed whole, a megabyte on the terminal. The state a
/// program reads last (`--json`'s final line) keeps it whole.
final class StateOutputTests: XCTestCase {
    func testALongFieldIsCutInStateAndShowAsTheTraceCutsIt() throws {
        let work = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let behave = try builtBehave()
        let cut = String(repeating: "a", count: 200) + "… (1048576 characters)"
        let state = try run(behave, ["run", "big.lua", "--do", "state"], in: work)
        XCTAssertEqual(state.status, 0, state.errors)
        XCTAssertLessThan(state.output.utf8.count, 2000)
        XCTAssertTrue(state.output.contains(#""fields":{"short":"ok","text":"\#(cut)"}"#), state.output)
        let shown = try run(behave, ["run", "big.lua", "--do", "show"], in: work)
        XCTAssertTrue(shown.output.contains(#"short="ok" text="\#(cut)""#), shown.output)
        XCTAssertLessThan(shown.output.utf8.count, 2000)
        let json = try run(behave, ["run", "big.lua", "--json", "--do", "state"], in: work)
        let lines = json.output.split(separator: "\n")
        XCTAssertTrue(lines.dropLast().contains { $0.contains(cut) }, "the mid-run state record is cut")
        XCTAssertTrue(lines.last?.contains(String(repeating: "a", count: 1048576)) ?? false, "the final state is whole")
    }
}
