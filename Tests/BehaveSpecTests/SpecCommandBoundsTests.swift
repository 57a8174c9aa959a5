import BehaveSpec
import XCTest

/// `s:command` reads values as the command line does: in one pass, lists
/// nested at most 32 deep.
final class SpecCommandBoundsTests: XCTestCase {
    func testADeeplyNestedCommandFromASpecIsRefusedAtOnce() throws {
        let (text, run) = runSpecs([fixture("output/deep_command.lua")])
        XCTAssertEqual(run.results.map(\.status), [.passed], text)
    }
}
