import BehaveCore
import BehaveLua
import CBaseline
import Foundation

// Behaviours made and destroyed: attach, the memory each keeps, churn.
extension Bench {
    /// Bytes in use on the heap (Swift objects and the Lua state alike):
    /// resident memory moves in whole pages and keeps freed ones, so it is
    /// read from the allocator instead.
    func heapInUse() -> Double { Double(baseline_heap_in_use()) }

    /// 10,000 buttons, a toggle attached to each (made, outlet set,
    /// attached, awake: its image set and its handler connected): the time
    /// and the heap each takes, beside the same class made and woken on
    /// plain tables through the raw C API.
    func instances() throws -> (memory: Figure, attach: Figure) {
        let count = options.size("--count", quick: 200, full: 10_000)
        var memory: [Double] = []
        var attach: [Double] = []
        var peerMemory: [Double] = []
        var peerAttach: [Double] = []
        let script = try LuaScript(contentsOf: LuaScript.locate("toggle.lua")!)
        for _ in 0..<options.repetitions {
            if options.measures("behave") {
                let scene = Scene(screen: "bench")
                let runtime = try LuaRuntime(scene: scene, limits: limits)
                let buttons = (0..<count).map { Button(name: "button\($0)") }
                for button in buttons { scene.add(button) }
                var behaviours: [LuaBehaviour] = []
                behaviours.reserveCapacity(count)
                let before = heapInUse()
                let time = try nanoseconds {
                    for (i, button) in buttons.enumerated() {
                        let toggle = try LuaBehaviour(script: script, name: "toggle\(i)", runtime: runtime)
                        try toggle.setOutlet("button", to: button)
                        scene.attach(toggle)
                        toggle.start()
                        behaviours.append(toggle)
                    }
                }
                memory.append((heapInUse() - before) / Double(count))
                attach.append(time / Double(count))
                precondition(scene.errorCount == 0)
                buttons[0].tap()
                precondition(buttons[0].image?.name == "toggle-on", "the attached toggle does not work")
                withExtendedLifetime((runtime, behaviours)) {}
            }
            if options.measures("peer") {
                var bytes = 0.0
                let time = baseline_attach(count, benchmarkLua("baseline_attach.lua"), &bytes)
                precondition(time >= 0, "the raw C API attach failed")
                peerAttach.append(time)
                peerMemory.append(bytes)
            }
        }
        let counting = Counting.bench(group: "instances", option: "--count", size: 400, arguments: [])
        let perInstance = Figure(name: "memory per attached toggle (10,000 buttons)", key: "memoryPerBehaviour", unit: "KiB",
                                 behave: memory.isEmpty ? nil : median(memory) / 1024,
                                 peer: peerMemory.isEmpty ? nil : median(peerMemory) / 1024,
                                 peerName: Peers.rawCAPI, goal: .atMost(16))
        let attachTime = Figure(name: "attach per toggle (made, outlet, awake: image set, handler connected)",
                                key: "attachTime", unit: "µs",
                                behave: attach.isEmpty ? nil : median(attach) / 1000,
                                peer: peerAttach.isEmpty ? nil : median(peerAttach) / 1000,
                                peerName: Peers.rawCAPI, goal: .ratioAtMost(2),
                                behaveCounting: counting, peerCounting: counting)
        return (perInstance, attachTime)
    }

    /// Cells come and go as a table view reuses them: each cycle adds a
    /// button (one of 20 names, as a screen shows 20 rows), attaches a
    /// toggle owned by it, wakes it, taps it, and removes the cell (which
    /// destroys the toggle). Memory must stay flat: what one cell leaves
    /// behind, 10,000 add up.
    func churn() throws -> (time: Figure, memory: Figure) {
        let cycles = options.size("--cells", quick: 500, full: 10_000)
        let warmUp = options.quick ? 100 : 2_500  // the trace fills up to its bound first
        let script = try LuaScript(contentsOf: LuaScript.locate("toggle.lua")!)
        var times: [Double] = []
        var growths: [Double] = []
        for _ in 0..<options.repetitions {
            let scene = Scene(screen: "churn")
            let runtime = try LuaRuntime(scene: scene, limits: limits)
            func cycle(_ i: Int) throws {
                let cell = Button(name: "cell\(i % 20)")
                scene.add(cell)
                let toggle = try LuaBehaviour(script: script, name: "toggle\(i % 20)", runtime: runtime)
                try toggle.setOutlet("button", to: cell)
                scene.attach(toggle, owner: cell)
                toggle.start()
                cell.tap()
                cell.removeFromParent()
            }
            for i in 0..<warmUp { try cycle(i) }
            runtime.collectGarbage()
            // The heap in use, Lua's state included (its allocator is malloc's).
            let before = heapInUse()
            let time = try nanoseconds {
                for i in 0..<cycles { try cycle(warmUp + i) }
            }
            runtime.collectGarbage()
            growths.append((heapInUse() - before) / 1024)
            times.append(time / Double(cycles) / 1000)
            precondition(scene.errorCount == 0, "the churn raised errors")
            withExtendedLifetime(runtime) {}
        }
        let perCell = Figure(name: "churn per cell (attach, tap, destroy)", key: "churnTime", unit: "µs",
                             behave: median(times), peer: nil, peerName: "", goal: .none,
                             behaveCounting: .bench(group: "churn", option: "--cells", size: 1_000, arguments: []))
        let memory = Figure(name: "memory after \(cycles) cells churned", key: "churnMemory", unit: "KiB",
                            behave: median(growths), peer: nil, peerName: "", goal: .atMost(64))
        return (perCell, memory)
    }
}
