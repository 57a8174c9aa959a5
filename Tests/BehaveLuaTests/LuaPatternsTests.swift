import BehaveLua
import XCTest

/// Lua patterns for host code go through the sandbox's own matcher: the
/// results of `string.find`, its messages, and its bounds.
final class LuaPatternsTests: XCTestCase {
    func testMatchesAsStringFindDoes() throws {
        let patterns = try LuaPatterns()
        let cases: [(String, String, Bool)] = [
            ("toggle fades", "toggle fades out, swaps the image", true),
            ("^toggle", "a toggle", false),
            ("image$", "swaps the image", true),
            ("%d%d", "passes 42", true),
            ("%d%d", "passes 4", false),
            ("t.-o", "toggle", true),
            ("#fast", "alpha #fast one", true),
            ("%f[%w]one", "alpha #fast one", true),
            ("%b()", "call (it) now", true),
            ("(a)%1", "banana", false),
            ("(an)%1", "banana", true),
            ("[%a_]+%s", "no_space", false),
            ("", "anything", true),
            ("é", "café", true),
        ]
        for (pattern, subject, expected) in cases {
            XCTAssertEqual(try patterns.matches(pattern, in: subject), expected, "\(pattern) in \(subject)")
        }
    }

    func testCheckSaysWhatLuaSaysWhetherOrNotAMatchWouldReachIt() throws {
        let patterns = try LuaPatterns()
        for valid in ["plain", "^anchored$", "%f[%w]x", "%b()", "(a)%1", "()x", "[%]]", "x-y*z+w?"] {
            XCTAssertNoThrow(try patterns.check(valid), valid)
        }
        let mistakes = [
            ("[a", "malformed pattern (missing ']')"),
            ("x%", "malformed pattern (ends with '%')"),
            ("%b", "malformed pattern (missing arguments to '%b')"),
            ("%fx", "missing '[' after '%f' in pattern"),
            ("%1", "invalid capture index %1"),
            ("x)", "invalid pattern capture"),
            ("((", "unfinished capture"),
            ("(a", "unfinished capture"),
        ]
        for (pattern, message) in mistakes {
            XCTAssertThrowsError(try patterns.check(pattern), pattern) { error in
                XCTAssertTrue((error as? LuaError)?.message.hasPrefix(message) ?? false, "\(pattern): \(error)")
            }
        }
        // string.find on a subject it fails at once never reaches the mistake.
        XCTAssertFalse(try patterns.matches("x%", in: "y"))
    }

    func testAPatternThatBacktracksWithoutEndIsStoppedByTheBudget() throws {
        let patterns = try LuaPatterns()
        let subject = String(repeating: "a", count: 5000)
        XCTAssertThrowsError(try patterns.matches(String(repeating: "a-", count: 40) + "b", in: subject)) { error in
            XCTAssertTrue((error as? LuaError)?.message.contains("budget") ?? false, "\(error)")
        }
    }
}
