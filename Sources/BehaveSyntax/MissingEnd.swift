/// Which block lacks its `end`. Lua pairs each `end` with the innermost
/// open block, so when an inner block (a `while`) lacks its `end`, the
/// `end` written for its enclosing block closes it instead, and Lua (and
/// a parser that only follows the grammar) reports the outermost block as
/// unclosed at the end of the file, where adding `end` does not put the
/// code right. The author's indentation says what was meant: an `end`
/// indented less than the line that opened its block was written for an
/// outer block. Of the blocks inside the one left open that were closed
/// that way, the innermost (the one opened last) is the one that lacks its
/// `end`: the others are its enclosing blocks, each closed in turn by the
/// `end` meant for the next one out.
enum MissingEnd {
    /// A block and the keyword that closes it.
    struct Block {
        /// `end` or `until`.
        var keyword: String
        /// `while`, `function`, …
        var what: String
        var opener: SourcePosition
        /// Where its closing keyword is (or was expected).
        var closer: SourcePosition
    }

    /// The error that names the block inside `open` that lacks its
    /// `end`, when the indentation of `closed` (blocks closed so far, in
    /// order) tells one; nil when it does not (badly indented code, tabs
    /// mixed with spaces, or `open` itself lacks it).
    static func innermost(in closed: [Block], within open: Block, source: [UInt8]) -> LuaSyntaxError? {
        let lines = Lines(source)
        let misclosed = closed.filter { block in
            guard block.opener > open.opener, let opening = lines.indentation(of: block.opener.line),
                  let closing = lines.indentation(of: block.closer.line),
                  // Only a closing keyword that starts its line is indented.
                  closing.count == block.closer.column - 1 else { return false }
            return closing.count < opening.count && opening.starts(with: closing)
        }
        guard let block = misclosed.max(by: { $0.opener < $1.opener }),
              let opening = lines.indentation(of: block.opener.line) else { return nil }
        // The enclosing block the stray `end` lines up with, for the message.
        let closing = lines.indentation(of: block.closer.line)
        let outer = ([open] + closed).filter { candidate in
            candidate.opener < block.opener && (candidate.opener == open.opener || candidate.closer > block.closer)
                && lines.indentation(of: candidate.opener.line) == closing
        }.max { $0.opener < $1.opener }
        let end = block.keyword
        let stray = outer.map { "the `\(end)` on line \(block.closer.line), indented as the `\($0.what)` of line \($0.opener.line)," }
            ?? "the `\(end)` on line \(block.closer.line), indented less than it,"
        let before = lines.firstLine(after: block.opener.line, through: block.closer.line, indentedAtMost: opening)
        return LuaSyntaxError(
            message: "the `\(block.what)` on line \(block.opener.line) has no `\(end)`: \(stray) closes it instead, "
                + (outer?.opener == open.opener ? "so that `\(open.what)` is left open"
                    : "and the `\(open.what)` of line \(open.opener.line) is left open"),
            position: block.opener,
            fix: "add `\(end)` for the `\(block.what)` of line \(block.opener.line) before line \(before), indented as the `\(block.what)`")
    }

    /// The source's lines, for their indentation.
    private struct Lines {
        let source: [UInt8]
        /// The offset where each line starts (line 1 at index 0).
        let starts: [Int]

        init(_ source: [UInt8]) {
            self.source = source
            var starts = [0]
            // Lines as Lua counts them: LF, CR, CR LF and LF CR each end one.
            var i = 0
            while i < source.count {
                let byte = source[i]
                i += 1
                guard LuaLexer.isLineBreak(byte) else { continue }
                if i < source.count, LuaLexer.isLineBreak(source[i]), source[i] != byte { i += 1 }
                starts.append(i)
            }
            self.starts = starts
        }

        /// The spaces and tabs that start `line`; nil for a line out of
        /// range, blank, or holding only a comment.
        func indentation(of line: Int) -> [UInt8]? {
            guard line >= 1, line <= starts.count else { return nil }
            var i = starts[line - 1]
            while i < source.count, source[i] == UInt8(ascii: " ") || source[i] == UInt8(ascii: "\t") { i += 1 }
            guard i < source.count, source[i] != UInt8(ascii: "\n"), source[i] != UInt8(ascii: "\r"),
                  !source[i...].starts(with: Array("--".utf8)) else { return nil }
            return Array(source[starts[line - 1]..<i])
        }

        /// The first line after `line`, up to `last`, indented no deeper
        /// than `indentation` (a line that goes on with the block, `else`
        /// or `elseif`, does not count); `last` when none is.
        func firstLine(after line: Int, through last: Int, indentedAtMost limit: [UInt8]) -> Int {
            guard line < last else { return last }
            for candidate in (line + 1)...last {
                guard let own = indentation(of: candidate), own.count <= limit.count, limit.starts(with: own) else { continue }
                let word = source[(starts[candidate - 1] + own.count)...].prefix { byte in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
                }
                if word.elementsEqual("else".utf8) || word.elementsEqual("elseif".utf8) { continue }
                return candidate
            }
            return last
        }
    }
}
