/// busted's `--shuffle`: spec files, and the specs inside each file, in a
/// random order that the seed repeats. Inside a file the order is shuffled
/// level by level, as busted does: a describe block's specs and blocks
/// change places among themselves, and a block's specs stay together (its
/// `setup` and `teardown` still run once around them). The order of a
/// file's specs depends only on the seed and the file's path, so it is the
/// same whatever the jobs, shards or other files.
public struct SpecShuffle: Sendable, Equatable, Codable {
    public var seed: UInt64
    /// Shuffle the order of the files.
    public var files: Bool
    /// Shuffle the order of the specs inside each file.
    public var specs: Bool

    public init(seed: UInt64, files: Bool = true, specs: Bool = true) {
        self.seed = seed
        self.files = files
        self.specs = specs
    }

    /// The files in the order they run.
    public func order(files list: [String]) -> [String] {
        guard files else { return list }
        var generator = SeededGenerator(seed: seed)
        var shuffled = list
        // Fisher–Yates, written out so that a seed gives the same order
        // with every Swift release.
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            shuffled.swapAt(index, Int(generator.next() % UInt64(index + 1)))
        }
        return shuffled
    }

    /// The specs of the file `file` (as messages name it) in the order they
    /// run: `blocks` are each spec's describe blocks, outermost first.
    func order(specs indices: [Int], blocks: (Int) -> [Int], file: String) -> [Int] {
        guard specs else { return indices }
        var generator = SeededGenerator(seed: seed ^ SeededGenerator.hash(file))
        var blockKeys: [Int: UInt64] = [:]
        var keys: [Int: [UInt64]] = [:]
        for index in indices {
            // One random key per block and per spec: siblings compare by
            // theirs, and a block's specs share its key at its level.
            var key: [UInt64] = []
            for block in blocks(index).dropFirst() {
                if blockKeys[block] == nil { blockKeys[block] = generator.next() }
                key.append(blockKeys[block]!)
            }
            key.append(generator.next())
            keys[index] = key
        }
        return indices.sorted { a, b in
            let (ka, kb) = (keys[a]!, keys[b]!)
            return ka.lexicographicallyPrecedes(kb) || (ka == kb && a < b)
        }
    }
}

/// SplitMix64: a small generator whose stream a seed fixes.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a of the text's UTF-8: the same on every machine and run.
    static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
