/// A set of a control type's properties, by index: a bit each. The first
/// 64 are one word, which every built-in type fits in and which the C
/// half's masks mirror; a type of the host's own may have more, kept in
/// more words, so that its later properties are told apart as its first
/// are (a scene file's value, a widget's).
struct PropertyBits {
    /// Bit i: property i, for i below 64.
    private(set) var first: UInt64 = 0
    /// Word k: properties 64 (k + 1) to 64 (k + 1) + 63.
    private var rest: [UInt64] = []

    func contains(_ index: Int) -> Bool {
        if index < 64 { return (first >> UInt64(index)) & 1 == 1 }
        let word = index / 64 - 1
        return word < rest.count && (rest[word] >> UInt64(index % 64)) & 1 == 1
    }

    mutating func insert(_ index: Int) {
        if index < 64 { first |= 1 << UInt64(index); return }
        let word = index / 64 - 1
        if word >= rest.count { rest += Array(repeating: 0, count: word + 1 - rest.count) }
        rest[word] |= 1 << UInt64(index % 64)
    }

    mutating func remove(_ index: Int) {
        if index < 64 { first &= ~(1 << UInt64(index)); return }
        let word = index / 64 - 1
        if word < rest.count { rest[word] &= ~(1 << UInt64(index % 64)) }
    }
}
