import BehaveCore
@testable import BehaveLua
import XCTest

/// A behaviour's fields as the state and a spec read them: text copied to
/// the host is bounded, however often a table refers to one string.
final class FieldSnapshotTests: XCTestCase {
    private func textBytes(_ json: JSON) -> Int {
        switch json {
        case .string(let s): s.utf8.count
        case .array(let items): items.reduce(0) { $0 + textBytes($1) }
        case .object(let pairs): pairs.reduce(0) { $0 + $1.0.utf8.count + textBytes($1.1) }
        default: 0
        }
    }

    func testASharedLongStringIsNotCopiedWithoutBound() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: script("""
            function Probe:awake()
              local s = string.rep("x", 100000)
              local t = {}
              for i = 1, 20 do local row = {}; for j = 1, 20 do row[j] = s end; t[i] = row end
              self.t = t
              self.word = "hello"
            end
            """, outlets: ""))
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
        let snapshot = JSON.object(probe.fieldSnapshot)
        XCTAssertLessThanOrEqual(textBytes(snapshot), LuaBehaviour.maximumSnapshotBytes + 4000)
        XCTAssertEqual(probe.field("word"), .string("hello"))
        let table = try XCTUnwrap(probe.field("t"))
        XCTAssertLessThanOrEqual(textBytes(table), LuaBehaviour.maximumFieldBytes + 10000)
        guard case .array(let rows) = table, case .array(let first)? = rows.first, case .string(let text)? = first.first else {
            return XCTFail("\(table)")
        }
        XCTAssertEqual(text.utf8.count, 100000)
        guard case .array(let last)? = rows.last, case .string(let cut)? = last.last else { return XCTFail("\(table)") }
        XCTAssertEqual(cut, "…")
    }
}
