/// A cheap upper bound on how deeply YAML text nests, without parsing it:
/// flow brackets outside quotes and comments, plus each line's indentation
/// and leading `- ` markers (a level of block nesting takes at least one).
/// It may overestimate (brackets in a block scalar), never underestimate.
enum NestingScan {
    /// The first line whose bound exceeds `limit`, or nil.
    static func firstLineDeeper(than limit: Int, in text: String) -> Int? {
        var flow = 0
        var quote: Character?
        var line = 1
        var atLineStart = true
        var lineBound = 0
        var previous: Character = "\n"
        var iterator = text.makeIterator()
        var pending: Character?
        while let character = pending ?? iterator.next() {
            pending = nil
            defer { previous = character }
            if character == "\n" {
                line += 1
                atLineStart = true
                lineBound = 0
                continue
            }
            if let open = quote {
                if character == "\\" && open == "\"" {
                    _ = iterator.next()          // an escaped character
                } else if character == open {
                    if open == "'", let next = iterator.next() {
                        if next != "'" { quote = nil; pending = next }   // '' is an escaped quote
                    } else {
                        quote = nil
                    }
                }
                continue
            }
            if atLineStart {
                // Indentation and `- ` markers each open at most one level.
                if character == " " || character == "-" || character == "?" {
                    lineBound += 1
                    if flow + lineBound > limit { return line }
                    continue
                }
                atLineStart = false
            }
            let tokenStart = previous == " " || previous == "\t" || previous == "\n" || "[{,:".contains(previous)
            switch character {
            case "#" where previous == " " || previous == "\t" || previous == "\n":
                // A comment: skip to the end of the line.
                while let next = iterator.next() {
                    if next == "\n" { pending = next; break }
                }
            case "\"" where tokenStart, "'" where tokenStart:
                quote = character
            case "[", "{":
                flow += 1
            case "]", "}":
                flow = max(0, flow - 1)
            default:
                break
            }
            if flow + lineBound > limit { return line }
        }
        return nil
    }
}
