/// One of N parts of a suite, for N machines (`behave test --shard K/N`):
/// the spec files sorted by their paths (as messages show them, relative to
/// the working directory), the first to shard 1, the second to shard 2, …,
/// the N+1st to shard 1 again. Which shard a file is in depends only on the
/// paths of the files found, not on the machine, the order paths were
/// given in, `--jobs` or `--shuffle`: the N shards together run every file
/// once.
public struct SpecShard: Sendable, Equatable {
    /// 1…count.
    public var index: Int
    public var count: Int

    /// `K/N`, with 1 ≤ K ≤ N; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// This shard's files, in the order given.
    public func select(_ files: [String]) -> [String] {
        let sorted = files.map(SpecFinder.display).enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        var mine = Set<Int>()
        for (position, file) in sorted.enumerated() where position % count == index - 1 { mine.insert(file.offset) }
        return files.indices.filter(mine.contains).map { files[$0] }
    }
}
