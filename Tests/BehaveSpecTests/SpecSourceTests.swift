import BehaveSpec
import Foundation
import XCTest

/// A spec file is bytes, as Lua reads it: two literals that differ in a
/// byte that is not UTF-8 are different strings.
final class SpecSourceTests: XCTestCase {
    func testLatin1BytesInASpecStayDistinct() throws {
        let folder = try temporaryDirectory(self)
        let path = folder + "/latin1_spec.lua"
        // "é" and "è" in Latin-1 (0xE9, 0xE8): one byte each, not UTF-8.
        let source = """
            it("differ", function() assert.equals("caf\u{1}", "caf\u{2}") end)
            it("same", function() assert.equals("caf\u{1}", "caf\u{1}") end)
            it("one byte", function() assert.equals(4, #"caf\u{1}") end)
            """
        try Data(source.utf8.map { $0 == 1 ? 0xE9 : $0 == 2 ? 0xE8 : $0 }).write(to: URL(fileURLWithPath: path))
        let (_, run) = runSpecs([path])
        XCTAssertEqual(run.results.map(\.status), [.failed, .passed, .passed])
        XCTAssertEqual(run.results.first?.message, #"expected "caf\xE9", got "caf\xE8""#)
    }
}
