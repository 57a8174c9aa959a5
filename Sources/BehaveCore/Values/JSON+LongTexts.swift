extension JSON {
    /// The value with each text longer than the trace shows cut where the
    /// trace cuts it, with its length, as the trace writes it: a 1 MB
    /// field reads `"abc… (1048576 characters)"`; and each table a
    /// behaviour's field holds (below a `fields` key) cut to its first
    /// `longestShownTable` entries, then a note of how many more it has
    /// (`leftOut`): a field of 200 tables of 200 texts is 40,000 values.
    /// The scene's own lists (controls, behaviours) are shown whole. For a
    /// person's eyes (`state` and `show` in a session); the state a
    /// program or a spec reads keeps every text whole.
    public var cutForReading: JSON {
        switch self {
        case .string(let text): .string(JSON.cutForReading(text))
        case .array(let items): .array(items.map(\.cutForReading))
        case .object(let pairs): .object(pairs.map { ($0.0, $0.0 == "fields" ? $0.1.fieldCutForReading : $0.1.cutForReading) })
        case .null, .bool, .number: self
        }
    }

    /// A text (or a field's name) cut where the trace cuts it, with its
    /// length: `abc… (1048576 characters)`; as it is when short.
    public static func cutForReading(_ text: String) -> String {
        Value.tracedCut(of: text).map { "\($0)… (\(text.count) characters)" } ?? text
    }

    /// Entries of one table the state holds, at most: a table with more
    /// holds that many, then the note of how many more it has (`leftOut`).
    /// Only a table of that many and a note ends in one: a script's own
    /// text that reads like a note (a list of 11 ending in "… (1000 more
    /// items)") was taken for one, and said 1000 items were left out.
    public static let longestStateTable = 200

    /// Entries of a field's table `state` and `show` print, at most.
    public static let longestShownTable = 10

    /// A field's value cut for reading: its texts and its tables.
    public var fieldCutForReading: JSON {
        switch self {
        case .array(var items):
            var more = 0
            if items.count == JSON.longestStateTable + 1, let count = items.last?.leftOutCount { items.removeLast(); more = count }
            guard items.count + (more > 0 ? 1 : 0) > JSON.longestShownTable else {
                return .array(items.map(\.fieldCutForReading) + (more > 0 ? [JSON.leftOut(more, of: "items")] : []))
            }
            more += items.count - JSON.longestShownTable
            return .array(items.prefix(JSON.longestShownTable).map(\.fieldCutForReading) + [JSON.leftOut(more, of: "items")])
        case .object(var pairs):
            var more = 0
            if pairs.count == JSON.longestStateTable + 1, let last = pairs.last, last.0 == "…", let count = last.1.leftOutCount {
                pairs.removeLast()
                more = count
            }
            // A field's name is a script's text too: a name of a megabyte
            // was printed whole.
            guard pairs.count + (more > 0 ? 1 : 0) > JSON.longestShownTable else {
                return .object(pairs.map { (JSON.cutForReading($0.0), $0.1.fieldCutForReading) }
                               + (more > 0 ? [("…", JSON.leftOut(more, of: "fields"))] : []))
            }
            more += pairs.count - JSON.longestShownTable
            return .object(pairs.prefix(JSON.longestShownTable).map { (JSON.cutForReading($0.0), $0.1.fieldCutForReading) }
                           + [("…", JSON.leftOut(more, of: "fields"))])
        case .string, .null, .bool, .number: return cutForReading
        }
    }

    /// What a table the state cut ends with, in place of the entries it
    /// left out (`what`: "items" of a list, "fields" of a table, which
    /// holds it under the key `…`): `"… (99800 more items)"`.
    public static func leftOut(_ count: Int, of what: String) -> JSON {
        .string("… (\(count) more \(what))")
    }

    /// The count of a note `leftOut` made; nil for any other value.
    var leftOutCount: Int? {
        guard case .string(let text) = self, text.hasPrefix("… ("), text.hasSuffix(")") else { return nil }
        let words = text.dropFirst(3).dropLast().split(separator: " ")
        guard words.count == 3, words[1] == "more", words[2] == "items" || words[2] == "fields" else { return nil }
        return Int(words[0])
    }
}
