import Foundation

extension Trace {
    /// The lengths in characters of the long texts the trace showed last,
    /// so that a text that grows or shrinks at its end is counted by what
    /// changed: a field typed into key by key shows its whole length at
    /// every key, and counting it whole each time made typing a long text
    /// quadratic. Only texts the trace cuts (`Value.tracedCut`) are kept.
    struct TextLengths {
        /// The last texts counted, newest first.
        private var known: [(text: String, characters: Int)] = []
        private static let kept = 4

        /// The length in characters of `value` when it is a text the trace
        /// cuts, else nil.
        mutating func characters(of value: Value) -> Int? {
            guard case .string(let text) = value, Value.tracedCut(of: text) != nil else { return nil }
            let characters = known.lazy.compactMap { TextLengths.characters(of: text, from: $0) }.first ?? text.count
            known.removeAll { $0.text.utf8.count == text.utf8.count && TextLengths.startsWith($0.text, text) }
            known.insert((text, characters), at: 0)
            if known.count > TextLengths.kept { known.removeLast() }
            return characters
        }

        /// `text`'s length from that of a known text it equals, extends or
        /// is the start of (by bytes); nil when it is none of those.
        /// Whether a boundary between characters falls somewhere depends on
        /// the character before it and the scalar after it, so a text made
        /// of `start` and `end` has the characters of `start` but its last,
        /// and those of that last one followed by `end`.
        private static func characters(of text: String, from known: (text: String, characters: Int)) -> Int? {
            let length = text.utf8.count, knownLength = known.text.utf8.count
            // (by bytes: `==` compares texts as Unicode does, a slow walk)
            if length == knownLength { return startsWith(text, known.text) ? known.characters : nil }
            let (short, long) = length < knownLength ? (text, known.text) : (known.text, text)
            guard let last = short.last, startsWith(long, short) else { return nil }
            let end = long.utf8.index(long.utf8.startIndex, offsetBy: short.utf8.count)
            let joined = (String(last) + Substring(long.utf8[end...])).count
            return length < knownLength ? known.characters + 1 - joined : known.characters - 1 + joined
        }

        /// Whether `text`'s bytes start with all of `start`'s.
        private static func startsWith(_ text: String, _ start: String) -> Bool {
            var text = text, start = start
            return text.withUTF8 { whole in
                start.withUTF8 { part in
                    part.count <= whole.count && (part.isEmpty || memcmp(whole.baseAddress!, part.baseAddress!, part.count) == 0)
                }
            }
        }
    }
}
