import BehaveCore

/// One thing the linter found in a script: where, how bad, what and the fix.
public struct LintFinding: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        /// Certain to go wrong when the line runs (or the script never works).
        case error
        /// Allowed, but probably not what the author meant.
        case warning
    }

    public var file: String
    public var position: SourcePosition
    public var severity: Severity
    /// A short stable name of the kind of finding (`undefined-global`), for
    /// editors and CI.
    public var code: String
    /// What is wrong, as a plain sentence.
    public var message: String
    /// What to change.
    public var fix: String

    public init(file: String, position: SourcePosition, severity: Severity, code: String, message: String, fix: String) {
        self.file = file
        self.position = position
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
    }

    /// `file:line:column: error: message; fix`, as compilers print it.
    public var description: String {
        "\(file):\(position.line):\(position.column): \(severity.rawValue): \(message); \(fix)"
    }

    public var json: JSON {
        .object([
            ("file", .string(file)), ("line", .number(Double(position.line))),
            ("column", .number(Double(position.column))), ("severity", .string(severity.rawValue)),
            ("code", .string(code)), ("message", .string(message)), ("fix", .string(fix)),
        ])
    }
}
