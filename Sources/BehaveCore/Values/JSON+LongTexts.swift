extension JSON {
    /// The value with each text longer than the trace shows cut where the
    /// trace cuts it, with its length, as the trace writes it: a 1 MB
    /// field reads `"abc… (1048576 characters)"`. For a person's eyes
    /// (`state` and `show` in a session); the state a program or a spec
    /// reads keeps every text whole.
    public var cutForReading: JSON {
        switch self {
        case .string(let text): Value.tracedCut(of: text).map { .string("\($0)… (\(text.count) characters)") } ?? self
        case .array(let items): .array(items.map(\.cutForReading))
        case .object(let pairs): .object(pairs.map { ($0.0, $0.1.cutForReading) })
        case .null, .bool, .number: self
        }
    }
}
