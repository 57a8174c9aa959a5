import BehaveSpec
import XCTest

/// Scenes and spec files open their Lua states one after another on a
/// thread, each made again from the copy of what opening the last one made
/// (Sources/CLuaShim/recycle.c): nothing a spec or a scene's behaviour did
/// reaches the next.
final class SpecStateRecycleTests: XCTestCase {
    func testScenesMadeOneAfterAnotherFindFreshStates() throws {
        let run = runSpecs([fixture("recycled/first.lua")])
        XCTAssertEqual(run.results.summary?.failed, 0, run.text)
        XCTAssertEqual(run.results.summary?.errors, 0, run.text)
        XCTAssertEqual(run.results.summary?.passed, 4, run.text)
    }

    func testASpecFileFindsNothingTheLastOneLeft() throws {
        let alone = runSpecs([fixture("recycled/second.lua")])
        let after = runSpecs([fixture("recycled/first.lua"), fixture("recycled/second.lua")])
        XCTAssertEqual(after.results.summary?.passed, 6, after.text)
        XCTAssertEqual(alone.results.summary?.passed, 2, alone.text)
        // The spec state's and the scene's random numbers are a fresh state's.
        let drawn = try alone.results.result("the next spec file draws what a fresh state draws").output
        XCTAssertFalse(drawn.isEmpty)
        XCTAssertEqual(try after.results.result("the next spec file draws what a fresh state draws").output, drawn)
    }
}
