import Foundation
import XCTest

/// `behave check` follows `require`: the modules a script requires are
/// checked after it, as modules (linted, not run as behaviours), and a
/// module given on its own is checked as one.
final class CheckModuleTests: XCTestCase {
    static let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Modules")

    func testCheckFollowsTheModulesAScriptRequires() throws {
        let outcome = try behave(["check", "Examples/Screens/LikeButton/like.lua"], in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, """
            Examples/Screens/LikeButton/like.lua: ok
            Examples/Screens/LikeButton/counting.lua: ok

            """)
    }

    func testAModuleGivenOnItsOwnIsCheckedAsAModule() throws {
        let outcome = try behave(["check", "Examples/Screens/LikeButton/counting.lua"], in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, "Examples/Screens/LikeButton/counting.lua: ok\n")
    }

    func testAModuleGivenByNameIsCheckedInItsPlaceAndOnce() throws {
        let files = ["Examples/Cookbook/inbox.lua", "Examples/Cookbook/cart.lua", "Examples/Cookbook/words.lua"]
        let outcome = try behave(["check"] + files, in: repository)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertEqual(outcome.output, files.map { "\($0): ok\n" }.joined())
    }

    func testAMistakeInARequiredModuleFailsTheCheck() throws {
        let outcome = try behave(["check", "uses_broken.lua"], in: Self.modules)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.errors.contains("broken.lua:5:1: error: "), outcome.errors)
        XCTAssertFalse(outcome.output.contains("broken.lua: ok"), outcome.output)
    }
}
