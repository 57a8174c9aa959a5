/// What Lua reads as a name (`vibrate`, `_count`): ASCII letters, digits
/// and `_`, not starting with a digit, and not one of its keywords. The
/// core checks the names scripts will write (a control type's properties);
/// the lexer reads them by the same rule.
public enum LuaIdentifier {
    /// Lua 5.4's reserved words.
    public static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// A byte that may start a name.
    @inlinable
    public static func isStart(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == 95
    }

    /// A byte that may go on a name.
    @inlinable
    public static func isPart(_ byte: UInt8) -> Bool { isStart(byte) || (byte >= 48 && byte <= 57) }

    /// Whether `text` is a name a script can write after a dot.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, isStart(first), !keywords.contains(text) else { return false }
        return text.utf8.allSatisfy(isPart)
    }
}
