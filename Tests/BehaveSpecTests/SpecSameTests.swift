import BehaveSpec
import Foundation
import XCTest

/// `assert.same` compares without sorting keys: only a failure's message
/// needs them in order (Fixtures/same.lua).
final class SpecSameTests: XCTestCase {
    func testEqualTablesPassAndDifferentOnesNameTheFirstDifference() throws {
        let (_, run) = runSpecs([fixture("same.lua")])
        // Under the tests' budget of a million instructions a callback:
        // sorting both lists of 10,000 keys alone took more.
        for name in ["same passes two equal tables of 10,000 keys",
                     "same passes two cycles of different lengths that read the same"] {
            let result = try run.result(name)
            XCTAssertEqual(result.status, .passed, result.message)
        }
        XCTAssertEqual(try run.result("same passes a negated assertion on different tables").status, .passed)
        let deep = try run.result("same fails on a value deep in a table")
        XCTAssertEqual(deep.status, .failed)
        XCTAssertEqual(deep.message, "tables differ at .k299[2]: expected \"299\", got \"changed\"")
        let extra = try run.result("same fails on a key only the actual table has")
        XCTAssertEqual(extra.status, .failed)
        XCTAssertEqual(extra.message, "tables differ at .extra: expected nil, got true")
    }
}
