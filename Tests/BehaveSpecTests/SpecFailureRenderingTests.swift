import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// How a failed assertion shows the tables it was given: bounded in work
/// and text whatever the table, read raw, and never by running a metamethod
/// of the spec's own.
final class SpecFailureRenderingTests: XCTestCase {
    /// The text of Fixtures/.rendering/`name`: a hidden folder, as its
    /// specs fail on purpose and `behave test` at the checkout's root
    /// passes over hidden folders.
    private func spec(_ name: String) throws -> String {
        try fixtureText(".rendering/" + name)
    }

    private func run(_ source: String, limits: SandboxLimits = .specTesting) throws -> CollectingReporter {
        try runSpec(self, source, as: "render_spec.lua", limits: limits)
    }

    func testTableKeysAreOrderedWithoutTheirTostring() throws {
        let run = try run(try spec("keys_ordered.lua"))
        XCTAssertEqual(try run.result("same").message, "tables differ at .x: expected 1, got 2")
        // Tables as keys tie: they come in the order the table gives them.
        let shown = try run.result("shown").message
        XCTAssertTrue(["expected nil, got {n = 3, [{}] = 1, [{}] = 2}", "expected nil, got {n = 3, [{}] = 2, [{}] = 1}"]
            .contains(shown), shown)
        let none = try run.result("ran none")
        XCTAssertEqual(none.status, .passed, none.message)
    }

    func testAMillionKeysAreShownInBriefAtOnce() throws {
        // Enough to make the table, far too little to sort its keys.
        let limits = SandboxLimits(memory: 256 << 20, instructions: 40_000_000, seconds: 10)
        let run = try run(try spec("a_million.lua"), limits: limits)
        let result = try run.result("a million")
        XCTAssertEqual(result.status, .failed, result.message)
        XCTAssertTrue(result.message.hasPrefix("expected nil, got {k"), result.message)
        XCTAssertTrue(result.message.hasSuffix(", …}"), result.message)
        XCTAssertEqual(result.message.components(separatedBy: " = ").count - 1, 8, result.message)
    }

    func testKeysOfEveryTypeCyclesAndAnEmptiedArray() throws {
        let run = try run(try spec("every_type.lua"), limits: SandboxLimits(memory: 64 << 20, instructions: 20_000_000, seconds: 10))
        let every = try run.result("every type").message
        XCTAssertTrue(every.hasPrefix("expected nil, got {[false] = 1, [true] = 2, [function"), every)
        XCTAssertTrue(every.hasSuffix("] = 7, [-1] = 4, [2.5] = 3, [\"not a name\"] = 6, s = 5}"), every)
        XCTAssertEqual(try run.result("cycle").message,
                       "expected nil, got {name = \"loop\", self = {name = \"loop\", self = {…}}}")
        XCTAssertEqual(try run.result("emptied").message, "expected nil, got {left = 1}")
    }

    /// assert.same walks each pair of tables once, as luassert does: two
    /// cycles of different lengths (a ring of one node against a ring of
    /// two) alternated their pairings and were walked until the budget ran
    /// out ("this loop never ends?"). Its second spec fails on purpose,
    /// so it is in a hidden folder the repository's `behave test` skips.
    func testSameEndsOnCyclesOfDifferentLengths() throws {
        let run = try run(try spec("rings.lua"))
        let same = try run.result("rings")
        XCTAssertEqual(same.status, .passed, same.message)
        let differ = try run.result("rings that differ")
        XCTAssertEqual(differ.status, .failed, differ.message)
        XCTAssertEqual(differ.message, "tables differ at .next.v: expected 1, got 2")
    }

    func testTheTextOfATableIsBounded() throws {
        let run = try run(try spec("wide.lua"))
        let message = try run.result("wide").message
        XCTAssertTrue(message.hasPrefix("expected nil, got {[\"" + String(repeating: "x", count: 200) + "…\"] = {["), message)
        XCTAssertTrue(message.hasSuffix(", …}"), message)
        XCTAssertLessThan(message.utf8.count, 2_500)
    }
}
