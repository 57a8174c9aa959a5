import BehaveCore
import BehaveLua

/// The sandbox limits, settable on the command line.
public struct LimitOptions: Sendable {
    public static let parameters: [Parameter] = [
        .option("memory-limit", valueName: "MiB", help: "Memory limit of the scene's Lua state, in MiB.",
                default: "\(SandboxLimits.default.memory >> 20)"),
        .option("instruction-limit", valueName: "COUNT", help: "Lua instructions one callback may run.",
                default: "\(SandboxLimits.default.instructions)"),
        .option("time-limit", valueName: "SECONDS", help: "Wall-clock seconds one callback may take.",
                default: "\(SandboxLimits.default.seconds)"),
    ]

    public var memoryLimit: Int
    public var instructionLimit: Int
    public var timeLimit: Double

    /// Limits too small to start a scene with are refused, not adjusted.
    public init(_ arguments: ParsedArguments) throws(ArgumentError) {
        memoryLimit = try arguments.value("memory-limit", as: Int.self, or: SandboxLimits.default.memory >> 20)
        instructionLimit = try arguments.value("instruction-limit", as: Int.self, or: SandboxLimits.default.instructions)
        timeLimit = try arguments.value("time-limit", as: Double.self, or: SandboxLimits.default.seconds)
        guard memoryLimit >= 4, memoryLimit <= 1 << 20 else {
            throw ArgumentError("--memory-limit is in MiB, from 4 to 1048576; not \(memoryLimit)")
        }
        guard instructionLimit >= 100_000 else {
            throw ArgumentError("--instruction-limit must be at least 100000 (a runtime needs some to start); not \(instructionLimit)")
        }
        guard timeLimit.isFinite, timeLimit >= 0.01, timeLimit <= 3600 else {
            throw ArgumentError("--time-limit is in seconds, from 0.01 to 3600; not \(timeLimit)")
        }
    }

    public var sandboxLimits: SandboxLimits {
        SandboxLimits(memory: memoryLimit << 20, instructions: instructionLimit, seconds: timeLimit)
    }
}
