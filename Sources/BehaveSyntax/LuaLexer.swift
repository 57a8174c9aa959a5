import BehaveCore

/// Where a token starts: 1-based line and column (a column counts
/// characters, not bytes, so it matches what an editor shows).
public struct SourcePosition: Hashable, Comparable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// One Lua 5.4 token.
package struct LuaToken {
    package enum Kind: Equatable {
        case name(String)
        case keyword(String)
        /// An operator or punctuation: `==`, `...`, `(`, `::`.
        case symbol(String)
        case string(String)
        /// A number as written (`10`, `0x1F`, `1e3`).
        case number(String)
        case end
    }

    package var kind: Kind
    package var position: SourcePosition
}

/// A mistake the lexer or the parser stops at.
package struct LuaSyntaxError: Error {
    package var message: String
    package var position: SourcePosition
    /// What to change, when the parser can tell.
    package var fix: String?
    /// A bound Behave keeps where Lua keeps none (`LuaParser.maximumChain`):
    /// the source is valid Lua, too slow to compile.
    package var isCompileBound: Bool

    package init(message: String, position: SourcePosition, fix: String? = nil, isCompileBound: Bool = false) {
        self.message = message
        self.position = position
        self.fix = fix
        self.isCompileBound = isCompileBound
    }
}

/// Turns source bytes into tokens. Any byte sequence is accepted as input:
/// what is not Lua is a `LuaSyntaxError` at its position, never a crash.
/// Work is linear in the input.
package struct LuaLexer {
    /// By first byte, longest first, so `...` wins over `..` and `.`.
    /// Lua's symbols, the longest that starts at `index` (nil: none does).
    /// A switch, not a table by first byte: building that table took 46 K
    /// instructions of every start that lexes a script.
    private func symbol(startingWith byte: UInt8) -> String? {
        let next = peek(1)
        switch byte {
        case UInt8(ascii: "."):
            guard next == UInt8(ascii: ".") else { return "." }
            return peek(2) == UInt8(ascii: ".") ? "..." : ".."
        case UInt8(ascii: "="): return next == UInt8(ascii: "=") ? "==" : "="
        case UInt8(ascii: "~"): return next == UInt8(ascii: "=") ? "~=" : "~"
        case UInt8(ascii: "<"): return next == UInt8(ascii: "=") ? "<=" : next == UInt8(ascii: "<") ? "<<" : "<"
        case UInt8(ascii: ">"): return next == UInt8(ascii: "=") ? ">=" : next == UInt8(ascii: ">") ? ">>" : ">"
        case UInt8(ascii: "/"): return next == UInt8(ascii: "/") ? "//" : "/"
        case UInt8(ascii: ":"): return next == UInt8(ascii: ":") ? "::" : ":"
        case UInt8(ascii: "+"): return "+"
        case UInt8(ascii: "-"): return "-"
        case UInt8(ascii: "*"): return "*"
        case UInt8(ascii: "%"): return "%"
        case UInt8(ascii: "^"): return "^"
        case UInt8(ascii: "#"): return "#"
        case UInt8(ascii: "&"): return "&"
        case UInt8(ascii: "|"): return "|"
        case UInt8(ascii: "("): return "("
        case UInt8(ascii: ")"): return ")"
        case UInt8(ascii: "{"): return "{"
        case UInt8(ascii: "}"): return "}"
        case UInt8(ascii: "["): return "["
        case UInt8(ascii: "]"): return "]"
        case UInt8(ascii: ";"): return ";"
        case UInt8(ascii: ","): return ","
        default: return nil
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    package init(_ source: [UInt8]) {
        // No shebang line: Behave loads scripts as strings, where Lua
        // reads `#` as the length operator.
        bytes = source
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if LuaLexer.isLineBreak(byte) {
            // As Lua counts lines: LF, CR, CR LF and LF CR each end one.
            if pairable != 0, pairable != byte {
                pairable = 0
                return
            }
            line += 1
            column = 1
            pairable = byte
        } else {
            pairable = 0
            // Continuation bytes of a UTF-8 character take no column.
            if byte & 0xC0 != 0x80 { column += 1 }
        }
    }

    /// The line break just passed, which the other one would pair with
    /// (CR after LF, LF after CR); 0 when there is none.
    private var pairable: UInt8 = 0

    package static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    /// Whether `text` is a Lua name (`vibrate`, `_count`).
    package static func isName(_ text: String) -> Bool { LuaIdentifier.isValid(text) }

    private static func isNameStart(_ b: UInt8) -> Bool { LuaIdentifier.isStart(b) }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// By length, the letters Lua's keywords of that length start with, a
    /// bit each (`a` the lowest; all are lower-case): most names (`self`,
    /// `button`) are told from a keyword without hashing them. Built
    /// without copying a keyword: a start that only looks for `require`
    /// builds it too.
    private static let keywordStarts: [Int] = {
        var starts: [Int] = []
        starts.reserveCapacity(16)
        for keyword in LuaIdentifier.keywords {
            let utf8 = keyword.utf8
            guard let first = utf8.first else { continue }
            while starts.count <= utf8.count { starts.append(0) }
            starts[utf8.count] |= 1 << Int(first &- UInt8(ascii: "a"))
        }
        return starts
    }()

    /// False when `word` is no keyword; true when it may be one.
    private static func mayBeKeyword(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count < keywordStarts.count, let first = word.first,
              first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        return keywordStarts[word.count] & (1 << Int(first - UInt8(ascii: "a"))) != 0
    }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 97 && b <= 102) || (b >= 65 && b <= 70)
    }

    /// The next token; `.end` at the end of the input.
    package mutating func next() throws(LuaSyntaxError) -> LuaToken {
        try skipSpaceAndComments()
        let start = position
        guard let byte = current else { return LuaToken(kind: .end, position: start) }
        if LuaLexer.isNameStart(byte) {
            let first = index
            while let b = current, LuaLexer.isNameStart(b) || LuaLexer.isDigit(b) { advance() }
            let word = String(decoding: bytes[first..<index], as: UTF8.self)
            let isKeyword = LuaLexer.mayBeKeyword(bytes[first..<index]) && LuaIdentifier.keywords.contains(word)
            return LuaToken(kind: isKeyword ? .keyword(word) : .name(word), position: start)
        }
        if LuaLexer.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(LuaLexer.isDigit) == true) {
            return LuaToken(kind: .number(try number(start: start)), position: start)
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return LuaToken(kind: .string(try quotedString(start: start)), position: start)
        }
        if byte == UInt8(ascii: "["), let level = longBracketLevel() {
            return LuaToken(kind: .string(try longString(level: level, start: start, what: "string")), position: start)
        }
        if let symbol = symbol(startingWith: byte) {
            for _ in symbol.utf8 { advance() }
            return LuaToken(kind: .symbol(symbol), position: start)
        }
        let shown = byte < 0x80 && byte >= 0x20 ? "`\(Character(Unicode.Scalar(byte)))`" : "byte \(byte)"
        throw LuaSyntaxError(message: "unexpected character (\(shown)) outside a string", position: start)
    }

    private mutating func skipSpaceAndComments() throws(LuaSyntaxError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                advance()
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                let start = position
                advance()
                advance()
                if current == UInt8(ascii: "["), let level = longBracketLevel() {
                    _ = try longString(level: level, start: start, what: "comment")
                } else {
                    while let b = current, !LuaLexer.isLineBreak(b) { advance() }
                }
            default:
                return
            }
        }
    }

    /// At `[`: the level of a long bracket (`[[` is 0, `[==[` is 2), or nil.
    private func longBracketLevel() -> Int? {
        var offset = 1
        while peek(offset) == UInt8(ascii: "=") { offset += 1 }
        return peek(offset) == UInt8(ascii: "[") ? offset - 1 : nil
    }

    private mutating func longString(level: Int, start: SourcePosition, what: String) throws(LuaSyntaxError) -> String {
        for _ in 0..<(level + 2) { advance() }
        // A first line break is not part of the string.
        if let first = current, LuaLexer.isLineBreak(first) {
            advance()
            if let second = current, LuaLexer.isLineBreak(second), second != first { advance() }
        }
        let first = index
        while let byte = current {
            if byte == UInt8(ascii: "]") {
                var offset = 1
                while offset <= level, peek(offset) == UInt8(ascii: "=") { offset += 1 }
                if offset == level + 1, peek(offset) == UInt8(ascii: "]") {
                    let text = String(decoding: bytes[first..<index], as: UTF8.self)
                    for _ in 0..<(level + 2) { advance() }
                    return text
                }
            }
            advance()
        }
        let close = "]" + String(repeating: "=", count: level) + "]"
        throw LuaSyntaxError(message: "unfinished long \(what): it needs a closing \(close)", position: start)
    }

    private mutating func quotedString(start: SourcePosition) throws(LuaSyntaxError) -> String {
        let quote = bytes[index]
        advance()
        var text: [UInt8] = []
        while let byte = current {
            if byte == quote {
                advance()
                return String(decoding: text, as: UTF8.self)
            }
            if LuaLexer.isLineBreak(byte) { break }
            if byte == UInt8(ascii: "\\") {
                let escape = position
                advance()
                guard current != nil else { break }
                try escapeSequence(into: &text, at: escape)
                continue
            }
            text.append(byte)
            advance()
        }
        let mark = quote == UInt8(ascii: "\"") ? "\"" : "'"
        throw LuaSyntaxError(message: "unfinished string: it needs a closing \(mark) on the same line", position: start)
    }

    /// The bytes of the escape sequence after a backslash, as Lua reads
    /// them: the checks compare strings with names, events and colours, so
    /// `"touch\x55pInside"` must read as `touchUpInside`. What Lua refuses
    /// is refused here too, with its fix.
    private mutating func escapeSequence(into text: inout [UInt8], at escape: SourcePosition) throws(LuaSyntaxError) {
        let byte = current!
        let simple: [UInt8: UInt8] = [97: 7, 98: 8, 102: 12, 110: 10, 114: 13, 116: 9, 118: 11, 92: 92, 34: 34, 39: 39, 10: 10, 13: 13]
        func invalid(_ what: String) -> LuaSyntaxError {
            LuaSyntaxError(message: "invalid escape sequence in a string: \(what)", position: escape,
                           fix: "write the escape as Lua reads it, or a backslash itself as \\\\")
        }
        if let value = simple[byte] {
            advance()
            // A backslash before a line break (LF, CR, CR LF or LF CR) keeps one line break.
            if byte == 10 || byte == 13, let other = current, other == 10 || other == 13, other != byte { advance() }
            text.append(byte == 13 ? 10 : value)
        } else if byte == UInt8(ascii: "z") {
            advance()
            while let b = current, b == 32 || (b >= 9 && b <= 13) { advance() }
        } else if byte == UInt8(ascii: "x") {
            advance()
            var value: UInt8 = 0
            for _ in 0..<2 {
                guard let digit = current, LuaLexer.isHexDigit(digit) else {
                    throw invalid("`\\x` takes two hexadecimal digits (`\\x41`)")
                }
                value = value * 16 + LuaLexer.hexValue(digit)
                advance()
            }
            text.append(value)
        } else if LuaLexer.isDigit(byte) {
            var value = 0
            for _ in 0..<3 {
                guard let digit = current, LuaLexer.isDigit(digit) else { break }
                value = value * 10 + Int(digit - 48)
                advance()
            }
            guard value <= 255 else { throw invalid("`\\\(value)` is more than 255, the largest byte") }
            text.append(UInt8(value))
        } else if byte == UInt8(ascii: "u") {
            advance()
            guard current == UInt8(ascii: "{") else { throw invalid("`\\u` takes a code point in braces (`\\u{48}`)") }
            advance()
            var value: UInt32 = 0
            var digits = 0
            while let digit = current, LuaLexer.isHexDigit(digit) {
                guard value < 0x800_0000 else { throw invalid("`\\u{…}` is at most 7FFFFFFF") }
                value = value * 16 + UInt32(LuaLexer.hexValue(digit))
                digits += 1
                advance()
            }
            guard digits > 0, current == UInt8(ascii: "}") else {
                throw invalid("`\\u` takes a code point in braces (`\\u{48}`)")
            }
            advance()
            LuaLexer.appendUTF8(value, to: &text)
        } else {
            let shown = byte < 0x80 ? "`\\\(String(UnicodeScalar(byte)))`" : "a backslash before byte \(byte)"
            throw invalid("\(shown) is no escape Lua knows")
        }
    }

    private static func hexValue(_ b: UInt8) -> UInt8 {
        isDigit(b) ? b - 48 : (b | 0x20) - 87
    }

    /// Lua's `\u{…}` writes up to six bytes, in UTF-8's pattern extended
    /// past U+10FFFF (as `utf8.char` does).
    private static func appendUTF8(_ value: UInt32, to text: inout [UInt8]) {
        guard value >= 0x80 else { text.append(UInt8(value)); return }
        var continuation: [UInt8] = []
        var rest = value
        var limit: UInt32 = 0x3F // what fits in the first byte beside its marks
        while rest > limit {
            continuation.append(0x80 | UInt8(rest & 0x3F))
            rest >>= 6
            limit >>= 1
        }
        let marks = UInt8(truncatingIfNeeded: 0xFF00 >> (continuation.count + 1))
        text.append(marks | UInt8(rest))
        text.append(contentsOf: continuation.reversed())
    }

    private mutating func number(start: SourcePosition) throws(LuaSyntaxError) -> String {
        let first = index
        var isHex = false
        if current == UInt8(ascii: "0"), let x = peek(1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
            isHex = true
            advance()
            advance()
        }
        while let b = current {
            let exponent: Bool = isHex
                ? (b == UInt8(ascii: "p") || b == UInt8(ascii: "P"))
                : (b == UInt8(ascii: "e") || b == UInt8(ascii: "E"))
            if exponent {
                advance()
                if let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { advance() }
            } else if LuaLexer.isHexDigit(b) || b == UInt8(ascii: ".") || LuaLexer.isNameStart(b) {
                // Letters run on, as in Lua, so `3x` is one malformed number.
                advance()
            } else {
                break
            }
        }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        guard LuaLexer.isWellFormedNumber(text) else {
            throw LuaSyntaxError(message: "malformed number `\(text.prefix(40))`", position: start)
        }
        return text
    }

    static func isWellFormedNumber(_ text: String) -> Bool {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") {
            let body = lower.dropFirst(2)
            let parts = body.split(separator: "p", maxSplits: 1, omittingEmptySubsequences: false)
            let mantissa = parts[0]
            guard !mantissa.isEmpty, mantissa != ".", mantissa.filter({ $0 == "." }).count <= 1,
                  mantissa.allSatisfy({ $0.isHexDigit || $0 == "." }) else { return false }
            if parts.count == 2 { return isExponent(parts[1]) }
            return true
        }
        let parts = lower.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts[0]
        guard !mantissa.isEmpty, mantissa != ".", mantissa.filter({ $0 == "." }).count <= 1,
              mantissa.allSatisfy({ $0.isNumber && $0.isASCII || $0 == "." }) else { return false }
        if parts.count == 2 { return isExponent(parts[1]) }
        return true
    }

    private static func isExponent(_ text: Substring) -> Bool {
        let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Reading Lua source for other tools without parsing it.
public enum LuaSource {
    /// The string literals of `source`, in order, up to the first mistake
    /// (`behave test` finds the scripts a spec file names this way).
    public static func stringLiterals(_ source: [UInt8]) -> [String] {
        var lexer = LuaLexer(source)
        var strings: [String] = []
        while let token = try? lexer.next() {
            switch token.kind {
            case .end: return strings
            case .string(let text): strings.append(text)
            default: continue
            }
        }
        return strings
    }

    /// Whether `source` names `behaviour` (or `behavior`) anywhere: a
    /// behaviour script does, to declare itself; a module, which shares
    /// helpers through `require`, does not.
    public static func namesBehaviour(_ source: [UInt8]) -> Bool {
        var lexer = LuaLexer(source)
        while let token = try? lexer.next(), token.kind != .end {
            if token.kind == .name("behaviour") || token.kind == .name("behavior") { return true }
        }
        return false
    }

    /// The module names `source` requires with a literal name
    /// (`require "helpers"`, `require("ui.colors")`), in order.
    public static func requiredModules(_ source: [UInt8]) -> [String] {
        // A script that never spells `require` requires nothing: a scan of
        // its bytes spares lexing it whole, at every linted `behave run`.
        guard contains(Array("require".utf8), in: source) else { return [] }
        var lexer = LuaLexer(source)
        var names: [String] = []
        var previous: [LuaToken.Kind] = []
        while let token = try? lexer.next(), token.kind != .end {
            if case .string(let name) = token.kind {
                let suffix = previous.suffix(2)
                if suffix.last == .name("require") || suffix == [.name("require"), .symbol("(")] { names.append(name) }
            }
            previous.append(token.kind)
            if previous.count > 2 { previous.removeFirst() }
        }
        return names
    }

    /// Whether `word` occurs in `source`, byte for byte.
    static func contains(_ word: [UInt8], in source: [UInt8]) -> Bool {
        guard let first = word.first, source.count >= word.count else { return false }
        var start = 0
        while let found = source[start...].firstIndex(of: first) {
            guard found + word.count <= source.count else { return false }
            if source[found..<found + word.count].elementsEqual(word) { return true }
            start = found + 1
        }
        return false
    }
}
