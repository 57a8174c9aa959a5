import BehaveCore
import BehaveLua
import Foundation

// CPU-bound Lua in the sandbox beside stock lua5.4.
extension Bench {
    /// Arithmetic in a loop, recursive calls and table fills
    /// (Lua/cpu_work.lua) in a behaviour's action, under the sandbox's
    /// limits, beside the same file run by stock lua5.4. Both sides time
    /// the work alone, in processor time (start-up left out).
    func cpuBound() throws -> Figure {
        let scale = options.size("--scale", quick: 1, full: 30)
        let behave = try !options.measures("behave") ? nil : measure(options) {
            let (scene, work) = try buttonBehaviour(LuaScript(contentsOf: benchmarkLuaPath("cpu_bench.lua")), name: "work")
            let time = processorNanoseconds {
                work.performAction("run", sender: scene.screen!, arguments: [.number(Double(scale))])
            }
            precondition(scene.errorCount == 0, "the CPU-bound work raised errors: \(lastError(scene))")
            let sum = work.fieldSnapshot.first { $0.0 == "sum" }?.1
            precondition(sum == .number(Double(Self.cpuChecksum(scale))), "the CPU-bound work's checksum is \(String(describing: sum))")
            return time / 1e6
        }
        let peer = !options.measures("peer") ? nil : Peers.lua54.flatMap { lua54 in
            median((0..<options.repetitions).compactMap { _ -> Double? in
                // "checksum<TAB>seconds"
                guard let output = commandOutput(cpuCommand(lua54.path, scale: scale)),
                      let seconds = output.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).dropFirst().first
                          .flatMap({ Double($0) }) else { return nil }
                return seconds * 1000
            }.nonEmpty ?? [.nan])
        }
        return Figure(name: "CPU-bound Lua (loop arithmetic, recursive calls, table fills)", key: "cpuBound", unit: "ms",
                      behave: behave, peer: peer?.isNaN == true ? nil : peer,
                      peerName: Peers.lua54?.name ?? "stock lua5.4 (missing)", goal: .ratioAtMost(1.3),
                      behaveCounting: .bench(group: "cpu", option: "--scale", size: 2, arguments: []),
                      peerCounting: Peers.lua54.map { lua54 in .command(sizes: (1, 2)) { cpuCommand(lua54.path, scale: $0) } })
    }

    /// The checksum cpu_work.lua returns for `scale`, as lua5.4 computes it.
    static func cpuChecksum(_ scale: Int) -> Int {
        func fib(_ n: Int) -> Int { n < 2 ? n : fib(n - 1) + fib(n - 2) }
        var sum = 0
        for i in 1...(1_000_000 * scale) { sum += (i * 7) % 13 }
        sum += scale * fib(20)
        sum += scale * (100_000 * 100_001)  // 2 × (1 + … + 100,000)
        return sum
    }
}

func cpuCommand(_ lua: String, scale: Int) -> [String] {
    [lua, benchmarkLuaPath("cpu_main.lua"), benchmarkLuaPath("cpu_work.lua"), String(scale)]
}

extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}
