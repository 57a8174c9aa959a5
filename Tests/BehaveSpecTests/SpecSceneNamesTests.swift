import BehaveSpec
import XCTest

/// A control or behaviour named like a scene object's method (`remove`,
/// `state`, `show`): reached through `s.controls` and `s.behaviours`, the
/// method still the method, and the method used as the control says the
/// way (issue 26).
final class SpecSceneNamesTests: XCTestCase {
    func testEveryControlIsReachableWhateverItsName() throws {
        let (text, run) = runSpecs([fixture("names/names.lua")])
        XCTAssertEqual(run.summary?.line, "5 passed, 0 failed", text)
    }
}
