import BehaveCore
import BehaveScene
import Foundation

// Whole commands: starting `behave`, running specs, exploring.
extension Bench {
    /// `behave run toggle.lua --do "tap button"` beside lua5.4 running the
    /// toggle's logic as a plain file: both start a process, load Lua, flip
    /// a toggle and print. Three times: from a folder without toggle.lua,
    /// so the bundled script runs (bundled scripts lint clean and are not
    /// linted), and from one holding the user's own copy of it, which
    /// `behave run` lints unless its lint cache holds it as clean: the
    /// first start after an edit (the cache folder emptied before each run:
    /// the script linted, its entry written), and a start repeated (the
    /// entry read, nothing linted).
    func coldStart() -> [Figure] {
        let plain = scratch.appendingPathComponent("toggle_plain.lua")
        try? benchmarkLua("toggle_plain.lua").write(to: plain, atomically: true, encoding: .utf8)
        let bundled = scratch.appendingPathComponent("cold-bundled")
        let own = scratch.appendingPathComponent("cold-own-script")
        for directory in [bundled, own] {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try? FileManager.default.copyItem(at: checkout.appendingPathComponent("Scripts/toggle.lua"),
                                          to: own.appendingPathComponent("toggle.lua"))
        let runs = options.quick ? 1 : 10
        // One peer for all: the same work, whichever script Behave runs.
        let peer = options.measures("peer") ? Peers.lua54.flatMap { commandTime([$0.path, plain.path], runs: runs) } : nil
        let peerCounting = Peers.lua54.map { Counting.whole([$0.path, plain.path]) }
        let command = [behaveBinary, "run", "toggle.lua", "--do", "tap button"]
        // After an edit the cache folder is there, the script's entry is not.
        let empty: () -> Void = { [lintCache] in
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: lintCache.path)) ?? [] {
                try? FileManager.default.removeItem(at: lintCache.appendingPathComponent(entry))
            }
        }
        // Each binary (the copy timed, the stripped one counted) is a
        // build of its own to the cache: each fills its own entry, once,
        // before the first run (a process started just before each timed
        // run slowed it).
        var isFilled = false
        let filled: () -> Void = { [behaveBinary, strippedBehave] in
            guard !isFilled else { return }
            isFilled = true
            for binary in [behaveBinary, strippedBehave].compactMap({ $0 }) {
                _ = commandOutput([binary] + command.dropFirst(), directory: own)
            }
        }
        return [(bundled, "cold start: `behave run toggle.lua --do \"tap button\"`", "coldStart", nil),
                (own, "cold start, the user's own script, first start after an edit: its toggle.lua in the folder, linted (lint cache empty)",
                 "coldStartOwnScript", empty),
                (own, "cold start, the user's own script, started again unchanged (lint cache holds it: not linted)",
                 "coldStartOwnScriptCached", filled)].map { directory, name, key, prepare in
            Figure(name: name, key: key, unit: "ms",
                   behave: options.measures("behave") ? commandTime(command, directory: directory, runs: runs, prepare: prepare) : nil,
                   peer: peer, peerName: (Peers.lua54?.name ?? "lua5.4 (missing)") + ", a plain file",
                   goal: .ratioAtMost(1.5),
                   behaveCounting: .whole([strippedBehave ?? behaveBinary] + command.dropFirst(), directory: directory,
                                          prepare: prepare),
                   peerCounting: peerCounting)
        }
    }

    /// 1,000 specs that each build a scene and tap its button, beside the
    /// same number of busted specs that flip a plain-Lua toggle: busted as
    /// the system runs it and on lua5.4, each a row; the goal is against
    /// the faster. `behave test` runs a file per processor at once (busted
    /// runs one): a row beside the faster busted says what one job takes.
    func specRunner() -> [Figure] {
        let files = options.quick ? 2 : 10
        let perFile = options.quick ? 5 : 100
        let behaveDirectory = scratch.appendingPathComponent("behave-specs")
        let bustedDirectory = scratch.appendingPathComponent("busted-specs")
        for directory in [behaveDirectory, bustedDirectory] {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        // Each file sets the two numbers its template reads, so the specs are
        // as many and named alike on both sides.
        let behaveTemplate = benchmarkLua("toggle_behave_template.lua")
        let bustedTemplate = benchmarkLua("toggle_busted_template.lua")
        for file in 0..<files {
            let numbers = "local NUMBER, SPECS = \(file), \(perFile)\n"
            try? (numbers + behaveTemplate).write(to: behaveDirectory.appendingPathComponent("toggle\(file)_spec.lua"),
                                                  atomically: true, encoding: .utf8)
            try? (numbers + bustedTemplate).write(to: bustedDirectory.appendingPathComponent("toggle\(file)_spec.lua"),
                                                  atomically: true, encoding: .utf8)
        }
        let runs = options.quick ? 1 : 3
        let behaveCommand = [behaveBinary, "test", behaveDirectory.path]
        let behave = options.measures("behave") ? commandTime(behaveCommand, runs: runs) : nil
        let oneJobCommand = behaveCommand + ["--jobs", "1"]
        let oneJob = options.measures("behave") ? commandTime(oneJobCommand, runs: runs) : nil
        let peers = Peers.busted.map { busted -> (Peers.Busted, Double?) in
            (busted, options.measures("peer")
                ? commandTime(busted.command + ["--pattern=_spec", bustedDirectory.path], runs: runs) : nil)
        }
        let fastest = peers.compactMap { $0.1 }.min()
        let name = "\((files * perFile).formatted()) specs, each a scene and a tap"
        guard !peers.isEmpty else {
            return [Figure(name: name, key: "specRunner", unit: "ms", behave: behave, peer: nil,
                           peerName: "busted (missing)", goal: .ratioBelow(1))]
        }
        let rows = peers.enumerated().map { i, entry in
            let (busted, time) = entry
            let isFastest = time != nil && time == fastest
            return Figure(name: isFastest ? name : "\(name), beside the slower busted", key: i == 0 ? "specRunner" : "specRunner\(i + 1)",
                          unit: "ms", behave: behave, peer: time, peerName: busted.name,
                          goal: isFastest ? .ratioBelow(1) : .none,
                          behaveCounting: .whole([strippedBehave ?? behaveBinary] + behaveCommand.dropFirst()),
                          peerCounting: .whole(busted.command + ["--pattern=_spec", bustedDirectory.path]))
        }
        let fastestPeer = peers.first { $0.1 != nil && $0.1 == fastest }
        return rows + [Figure(name: "\(name), with one job (--jobs 1)", key: "specRunnerOneJob", unit: "ms",
                              behave: oneJob, peer: fastest, peerName: fastestPeer?.0.name ?? "busted", goal: .none,
                              behaveCounting: .whole([strippedBehave ?? behaveBinary] + oneJobCommand.dropFirst()))]
    }

    /// 10,000 random steps a person could take on the Modes example (its
    /// invariants checked after each), from a new scene.
    func exploration() throws -> Figure {
        let example = checkout.appendingPathComponent("Examples/Modes/modes.scene.yaml").path
        let steps = options.quick ? 500 : 10_000
        let source = SceneSource(file: example)
        var times: [Double] = []
        for run in 0..<options.repetitions {
            var failure: Exploration.Failure?
            let elapsed = try nanoseconds { failure = try Exploration.run(source, steps: steps, seed: UInt64(run + 1)) }
            if let failure { throw ValueError("exploring Modes failed: \(failure.reason)") }
            times.append(elapsed / 1e6 * 10_000 / Double(steps))
        }
        return Figure(name: "10,000 exploration steps (Modes)", key: "exploration", unit: "ms", behave: median(times),
                      peer: nil, peerName: "", goal: .none)
    }
}
