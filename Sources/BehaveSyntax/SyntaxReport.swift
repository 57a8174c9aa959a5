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

    /// The parser's finding when `source` holds a chain Lua would take
    /// minutes to compile (`LuaParser.maximumChain`), read before Lua
    /// compiles it; nil otherwise. A source too short to hold one is not
    /// read.
    public static func slowToCompile(source: [UInt8], file: String) -> LintFinding? {
        guard mayBeSlowToCompile(source) else { return nil }
        do throws(LuaSyntaxError) {
            _ = try LuaParser.parse(source)
            return nil
        } catch {
            return error.isCompileBound ? finding(for: error, file: file) : nil
        }
    }

    /// Whether `source` is long enough to hold a chain too slow to
    /// compile (the shortest link, `or""`, is 4 bytes).
    public static func mayBeSlowToCompile(_ source: [UInt8]) -> Bool {
        source.count > 4 * LuaParser.maximumChain
    }

    /// A syntax error as a finding (code `syntax`).
    package static func finding(for error: LuaSyntaxError, file: String) -> LintFinding {
        LintFinding(file: file, position: error.position, severity: .error, code: "syntax",
                    message: error.message, fix: error.fix ?? "correct the code at this point")
    }
}
