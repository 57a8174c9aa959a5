/// The limits every callback and every scene runs under. Defaults are
/// generous for a handler and small for a runaway: a loop that never ends is
/// stopped in about 50 ms.
public struct SandboxLimits: Sendable, Equatable, Codable {
    /// Bytes the whole scene's Lua state may hold.
    public var memory: Int
    /// Lua instructions one callback (a handler, or a resumption of one) may run.
    public var instructions: Int
    /// Wall-clock seconds one callback may take (C functions such as
    /// `table.sort` run few instructions but can take long).
    public var seconds: Double
    /// Seed of `math.random`: runs are deterministic.
    public var randomSeed: UInt64

    public init(memory: Int = 64 << 20, instructions: Int = 10_000_000, seconds: Double = 1, randomSeed: UInt64 = 1) {
        self.memory = memory
        self.instructions = instructions
        self.seconds = seconds
        self.randomSeed = randomSeed
    }

    public static let `default` = SandboxLimits()
}

extension SandboxLimits {
    /// A limit a callback ran past.
    public enum Exceeded: Sendable, Equatable {
        case instructions, time, memory

        /// Instructions or time: most often a loop that never ends.
        public var isRunaway: Bool { self != .memory }
    }
}
