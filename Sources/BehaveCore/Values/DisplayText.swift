/// Text that scripts and input files control (what a script prints, error
/// messages, names, titles, dialog options, file names) as every output
/// shows it: a control character cannot move the terminal's cursor, change
/// its colours or title, or start a line that would pass for one of ours.
/// Characters that drive a terminal or reorder a line are written as Lua
/// writes them (`\13`, `\27`, `\0`, `\u{9B}`, `\u{202E}`; `\n` where a
/// line feed may not end the line); everything else, tabs and all non-ASCII
/// text included, is kept as it is. Backslashes are kept too, so ordinary
/// text (paths, patterns) reads unchanged.
public enum DisplayText {
    /// The text on one line: a line break is written `\n`.
    public static func line(_ text: String) -> String {
        escape(text, keepingLineBreaks: false)
    }

    /// The text on as many lines as it has: line feeds are kept (the writer
    /// indents the lines after the first, so none reads as a line of its
    /// own), every other control character is escaped (a CR LF ends a line
    /// as `\13` then the line feed).
    public static func lines(_ text: String) -> String {
        escape(text, keepingLineBreaks: true)
    }

    /// The longest word (a run of characters without a blank) a message
    /// shows whole, in Unicode scalars.
    public static let longestWord = 120

    /// `message` with each word longer than `longestWord` cut to its first
    /// 80 and last 20 characters about an ellipsis: a name or a value an
    /// input file gives (a `.ui` file's class or id of 200 KB) is named
    /// without burying the rest of the message. Blanks and line breaks
    /// are kept as they are. Words are measured in scalars, not
    /// characters: a letter under 200,000 accents is one character.
    public static func shortened(_ message: String) -> String {
        guard message.utf8.count > longestWord else { return message }
        var result = "", word = ""
        func flush() {
            result += word.unicodeScalars.count > longestWord
                ? end(of: word, 80, fromEnd: false) + "…" + end(of: word, 20, fromEnd: true) : word
            word = ""
        }
        for character in message {
            if character.isWhitespace {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }

    /// The characters at the start (or the end) of `word` that hold at
    /// most `count` scalars. A character that alone holds more (a letter
    /// under thousands of accents) fills what is left with its own
    /// scalars: other characters (a flag, `👍🏽`) are never split.
    private static func end(of word: String, _ count: Int, fromEnd: Bool) -> String {
        var kept: [Unicode.Scalar] = []
        for character in fromEnd ? AnySequence(word.reversed()) : AnySequence(word) {
            // At most one more than fits: a character of 200,000 scalars is not copied whole.
            let scalars = fromEnd ? Array(character.unicodeScalars.reversed().prefix(count + 1))
                : Array(character.unicodeScalars.prefix(count + 1))
            if kept.count + scalars.count <= count {
                kept += scalars
            } else {
                if scalars.count > count { kept += scalars.prefix(count - kept.count) }
                break
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: fromEnd ? kept.reversed() : kept)
        return String(text)
    }

    /// `lines`, with every line after the first indented by `indent`.
    public static func indented(_ text: String, by indent: String) -> String {
        let text = lines(text)
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return text }
        var result = ""
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { result += "\n" + indent }
            result += String(line)
        }
        return result
    }

    /// Whether an output must escape `scalar`: C0 controls but the tab (and
    /// the line feed where lines are kept), DEL, C1 controls (some terminals
    /// read U+009B as the start of a command), the line and paragraph
    /// separators, and the bidirectional controls that reorder how a line
    /// reads.
    public static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escape(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        // A String, not a UnicodeScalarView: the view's append(contentsOf:)
        // copies the whole text so far, and a text of control characters
        // (a label's, as `show` draws it) took the square of its length.
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            guard needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case _ where scalar.value < 0x80:
                // `\1` then a digit would read as another number: `\0012`.
                let digitFollows = next.map { ("0"..."9").contains($0) } ?? false
                let digits = String(scalar.value)
                escape = "\\" + (digitFollows ? String(repeating: "0", count: 3 - digits.count) + digits : digits)
            default:
                escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            out += escape
        }
        return out
    }
}
