import BehaveSyntax
import XCTest

/// The lexer reads each of Lua's symbols, the longest first, as Lua does.
final class LexerSymbolTests: XCTestCase {
    func symbols(_ source: String) throws -> [String] {
        var lexer = LuaLexer(Array(source.utf8))
        var found: [String] = []
        while true {
            let token = try lexer.next()
            switch token.kind {
            case .end: return found
            case .symbol(let text): found.append(text)
            default: found.append("·")
            }
        }
    }

    func testEverySymbolTheLongestFirst() throws {
        let all = ["...", "==", "~=", "<=", ">=", "//", "::", "<<", ">>", "..", "+", "-", "*", "/", "%", "^", "#",
                   "&", "~", "|", "<", ">", "=", "(", ")", "{", "}", "[", "]", ";", ":", ","]
        XCTAssertEqual(try symbols(all.joined(separator: " ")), all)
        XCTAssertEqual(try symbols("a.b a..b a...b <<= >>= ===  ~== ...."), [
            "·", ".", "·", "·", "..", "·", "·", "...", "·", "<<", "=", ">>", "=", "==", "=", "~=", "=", "...", ".",
        ])
        XCTAssertThrowsError(try symbols("a ! b"))
    }
}
