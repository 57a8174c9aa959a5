import BehaveSpec
import XCTest

/// A spec's refused `s:set` is told as `behave run`, `behave window` and
/// the studio tell a refused `set` (`set volume.minimumValue 200: …`), by
/// the one wording of it; before, the spec heard the value's message alone.
final class SpecSetRefusalTests: XCTestCase {
    func testARefusedSetNamesTheCommandAsTyped() {
        let (text, run) = runSpecs([fixture("sets/refused_set.lua")])
        XCTAssertEqual(run.summary?.line, "4 passed, 0 failed", text)
    }
}
