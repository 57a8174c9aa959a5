import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

// What an app embedding Behave sees: events from its widgets, changes back
// to them, in scenes small and large.

/// A host's widget as small as it gets: it keeps the image it is told.
private final class BenchWidget: ControlWidget {
    var image = ""
    var applied = 0

    func apply(_ change: PropertyChange) {
        applied += 1
        if change.property == "image", case .image(let shown) = change.new { image = shown.name }
    }
}

extension Bench {
    /// A click delivered by a host-backed widget (a ControlWidget bound with
    /// `View.bind`, the event through `View.deliver`, one command), the
    /// toggle's handler setting the image, and the change reaching the
    /// widget's `apply`; beside the same delivery to the same scene with no
    /// widget (the headless path, where sets stay in C).
    func hostPath() throws -> Figure {
        let events = options.size("--events", quick: 2_000, full: 100_000)
        func run(bound: Bool) throws -> Double {
            let loaded = try SceneLoader.load(script: LuaScript.locate("toggle.lua")!, limits: limits)
            let button = loaded.scene.control(named: "button")!
            let widget = BenchWidget()
            if bound { button.bind(widget) }
            let before = widget.applied
            let time = nanoseconds {
                for _ in 0..<events { button.deliver("touchUpInside") }
            }
            precondition(loaded.scene.errorCount == 0, "the toggle raised errors: \(lastError(loaded.scene))")
            if bound {
                precondition(widget.applied - before == events, "the widget heard \(widget.applied - before) changes")
                precondition(widget.image == (button as? Button)?.image?.name, "the widget shows another image")
            }
            withExtendedLifetime(loaded) {}
            return time / Double(events)
        }
        let behave = try !options.measures("behave") ? nil : measure(options) { try run(bound: true) }
        let peer = try !options.measures("peer") ? nil : measure(options) { try run(bound: false) }
        let counting = Counting.bench(group: "host", option: "--events", size: 4_000, arguments: [])
        return Figure(name: "host path: a widget's click → handler → the image change at the widget", key: "hostPath",
                      unit: "ns/event", behave: behave, peer: peer, peerName: "the same click, headless (no widget)",
                      goal: .none, behaveCounting: counting, peerCounting: counting)
    }

    /// One click (`View.deliver`) on the first of N buttons, each with a
    /// toggle of its own, in scenes of 10, 100, 1,000 and 10,000
    /// behaviours: what one event costs must not grow with the scene. The
    /// scenes are built first and measured in turns, so that each size
    /// sees the machine as the others do.
    func scaling() throws -> [Figure] {
        let events = options.size("--events", quick: 500, full: 50_000)
        let sizes = options.sizes["--scene-size"].map { [$0] } ?? (options.quick ? [10, 100] : [10, 100, 1_000, 10_000])
        let script = try LuaScript(contentsOf: LuaScript.locate("toggle.lua")!)
        var scenes: [(scene: Scene, runtime: LuaRuntime, buttons: [Button], behaviours: [LuaBehaviour])] = []
        for size in sizes {
            let scene = Scene(screen: "scale")
            let runtime = try LuaRuntime(scene: scene, limits: limits)
            let buttons = (0..<size).map { Button(name: "button\($0)") }
            var behaviours: [LuaBehaviour] = []
            for (i, button) in buttons.enumerated() {
                scene.add(button)
                let toggle = try LuaBehaviour(script: script, name: "toggle\(i)", runtime: runtime)
                try toggle.setOutlet("button", to: button)
                scene.attach(toggle)
                toggle.start()
                behaviours.append(toggle)
            }
            runtime.collectGarbage()
            scenes.append((scene, runtime, buttons, behaviours))
        }
        var samples = Array(repeating: [Double](), count: sizes.count)
        for _ in 0..<options.repetitions {
            for (i, scene) in scenes.enumerated() {
                let button = scene.buttons[0]
                samples[i].append(nanoseconds {
                    for _ in 0..<events { button.deliver("touchUpInside") }
                } / Double(events))
                precondition(scene.scene.errorCount == 0, "the toggles raised errors")
            }
        }
        withExtendedLifetime(scenes) {}
        let smallest = median(samples[0])
        return sizes.enumerated().dropFirst().map { i, size in
            let countingArguments = ["--side", "behave", "--scene-size"]
            return Figure(name: "one click in a scene of \(size.formatted()) behaviours vs of \(sizes[0])",
                          key: "scale\(size)", unit: "ns/event", behave: median(samples[i]), peer: smallest,
                          peerName: "the same click in a scene of \(sizes[0])", goal: size >= 10_000 ? .ratioAtMost(1.2) : .none,
                          behaveCounting: .bench(group: "scale", option: "--events", size: 2_000,
                                                 arguments: countingArguments + [String(size)]),
                          peerCounting: .bench(group: "scale", option: "--events", size: 2_000,
                                               arguments: countingArguments + [String(sizes[0])]))
        }
    }
}
