/// The fix for a YAML syntax error, read from the lines libyaml names.
/// libyaml's words say what the parser met ("mapping values are not allowed
/// in this context"), not what the author got wrong, which is nearly always
/// indentation, a tab, an unclosed `{` or quote, or a value with `: ` in it.
enum YAMLAdvice {
    /// What to change, or nil when the lines show nothing more than
    /// libyaml's words do. `line` is where libyaml stopped, `contextLine`
    /// where the construct it was reading began. JSON, which YAML's rules
    /// read too, gets only the advice that holds for JSON (tabs indent it,
    /// its texts are quoted anyway).
    static func fix(problem: String, line: Int, context: String?, contextLine: Int, in bytes: [UInt8],
                    json: Bool = false) -> String? {
        let lines = YAMLReader.lines(of: bytes)
        func text(_ number: Int) -> ArraySlice<UInt8>? {
            lines.indices.contains(number - 1) ? lines[number - 1] : nil
        }
        guard let here = text(line) else { return nil }
        if !json, indentation(of: here).contains(tab) {
            return "YAML indents with spaces, never tabs: replace the tabs at the start of line \(line) with spaces"
        }
        let context = context ?? ""
        if problem.hasPrefix("did not find expected ',' or '}'") || problem.hasPrefix("did not find expected ',' or ']'") {
            let (open, close) = problem.hasSuffix("'}'") ? ("{", "}") : ("[", "]")
            let entries = "end the `\(open) … \(close)` that line \(contextLine) opens with `\(close)`, put a comma between its entries"
            return json ? entries : "\(entries), and quote a value that holds `: ` or `,`"
        }
        if problem.hasPrefix("found unexpected end of stream"), context.contains("quoted scalar") {
            return "close the quote that line \(contextLine) opens"
        }
        if json, problem.hasPrefix("found invalid Unicode character escape code") {
            return "a `\\uD800`…`\\uDFFF` escape is half of a character: write both halves, high then low (`\\ud83d\\ude00`), or the character itself"
        }
        guard !json else { return nil }
        if problem.hasPrefix("did not find expected key"), let above = lineAbove(line, in: lines) {
            let indent = indentation(of: here).count, aboveIndent = indentation(of: lines[above - 1]).count
            if indent != aboveIndent {
                return "line \(line) starts \(spaces(indent)) in, which lines it up with no key above it; indent it as the keys it goes with (line \(above) starts \(spaces(aboveIndent)) in)"
            }
        }
        if problem.hasPrefix("mapping values are not allowed") {
            if let above = lineAbove(line, in: lines), indentation(of: here).count > indentation(of: lines[above - 1]).count,
               !endsWithColon(lines[above - 1]) {
                return "line \(line) is indented more than line \(above), whose key already has its value; indent it as line \(above) is, or nest it under a key that ends with `:`"
            }
            return "quote a value that holds `: ` (`title: \"Note: read me\"`)"
        }
        return nil
    }

    /// libyaml reads a key only when its `:` is on its line and at most
    /// this many characters after the key's start (YAML's limit on
    /// implicit keys); past that it reads no key there at all, and its
    /// words ("mapping values are not allowed", "did not find expected
    /// ','") point elsewhere.
    static let longestKey = 1024

    /// The length of the first key on `line` longer than `longestKey` (its
    /// quotes count, as libyaml counts them), and whether it is quoted;
    /// nil when the line has none.
    static func overlongKey(on line: Int, in bytes: [UInt8]) -> (length: Int, quoted: Bool)? {
        let lines = YAMLReader.lines(of: bytes)
        guard lines.indices.contains(line - 1) else { return nil }
        let text = Array(String(decoding: lines[line - 1], as: UTF8.self))
        var keyStart = text.firstIndex { $0 != " " && $0 != "-" && $0 != "\t" } ?? text.endIndex
        var quote: Character?
        for (index, character) in text.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "{", "[", ",": keyStart = index + 1
            case "#" where index == 0 || text[index - 1] == " ": return nil
            case ":" where index + 1 == text.endIndex || " ,}]".contains(text[index + 1]) || index > 0 && text[index - 1] == "\"":
                let key = Array(text[keyStart..<index].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
                if key.count > longestKey { return (key.count, key.first == "\"" || key.first == "'") }
                keyStart = index + 1
            default: break
            }
        }
        return nil
    }

    private static let tab = UInt8(ascii: "\t")

    private static func spaces(_ count: Int) -> String {
        count == 1 ? "1 space" : "\(count) spaces"
    }

    private static func indentation(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.prefix { $0 == UInt8(ascii: " ") || $0 == tab }
    }

    /// The number of the nearest line above `line` that holds more than
    /// spaces and a comment.
    private static func lineAbove(_ line: Int, in lines: [ArraySlice<UInt8>]) -> Int? {
        var number = min(line - 1, lines.count)
        while number >= 1 {
            let content = lines[number - 1].drop { $0 == UInt8(ascii: " ") || $0 == tab }
            if let first = content.first, first != UInt8(ascii: "#") { return number }
            number -= 1
        }
        return nil
    }

    /// Whether the line is a key that opens a nested block (`outlets:`,
    /// `- button:`), with nothing after its colon but a comment.
    private static func endsWithColon(_ line: ArraySlice<UInt8>) -> Bool {
        var content = line
        if let hash = content.firstIndex(of: UInt8(ascii: "#")) { content = content[..<hash] }
        while let last = content.last, last == UInt8(ascii: " ") || last == tab || last == 0x0D { content = content.dropLast() }
        return content.last == UInt8(ascii: ":")
    }
}
