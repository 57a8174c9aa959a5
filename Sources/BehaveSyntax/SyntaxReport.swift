/// A script that does not compile, told the same way wherever it is met
/// (`behave check`, and `run`, `test` and scene files when they load it):
/// first Behave's parser's reading, with line, column and the likely fix,
/// then Lua's own message as detail.
public enum SyntaxReport {
    /// The parser's finding for `source`, nil when it reads the source as
    /// valid Lua.
    public static func finding(source: [UInt8], file: String) -> LintFinding? {
        do throws(LuaSyntaxError) {
            _ = try LuaParser.parse(source)
            return nil
        } catch {
            return finding(for: error, file: file)
        }
    }

    /// A syntax error as a finding (code `syntax`).
    package static func finding(for error: LuaSyntaxError, file: String) -> LintFinding {
        LintFinding(file: file, position: error.position, severity: .error, code: "syntax",
                    message: error.message, fix: error.fix ?? "correct the code at this point")
    }

    /// The lines to print: the finding (when the parser has one), then
    /// Lua's message (`file:line: unexpected symbol near ')'`).
    public static func lines(finding: LintFinding?, luaMessage: String) -> [String] {
        (finding.map { [$0.description] } ?? []) + [luaMessage]
    }

    /// The report for `source`, which Lua refused with `luaMessage`.
    public static func text(source: [UInt8], file: String, luaMessage: String) -> String {
        lines(finding: finding(source: source, file: file), luaMessage: luaMessage).joined(separator: "\n")
    }

    /// Lua's own message in a report made by `text` (its last line); the
    /// text itself when it is no such report.
    public static func luaMessage(in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[0].contains(": error: ") else { return text }
        return String(lines[1])
    }
}
