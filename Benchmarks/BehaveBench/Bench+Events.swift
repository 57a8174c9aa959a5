import BehaveCore
import BehaveLua
import BehaveScene
import CBaseline
import Foundation

// The hot paths beside the raw C API: an event, a property, a scroll.
extension Bench {
    /// A scene with a button and a started behaviour of `script` whose
    /// `button` outlet is it (the runtime holds its scene weakly: keep the
    /// scene while the behaviour runs).
    func buttonBehaviour(_ script: LuaScript, name: String = "bench") throws -> (Scene, LuaBehaviour) {
        let scene = Scene(screen: "bench")
        let runtime = try LuaRuntime(scene: scene, limits: limits)
        let button = Button(name: "button")
        scene.add(button)
        let behaviour = try LuaBehaviour(script: script, name: name, runtime: runtime)
        try behaviour.setOutlet("button", to: button)
        scene.attach(behaviour)
        behaviour.start()
        return (scene, behaviour)
    }

    /// `touchUpInside` on toggle.lua's button: its Lua handler flips the
    /// state, sets the image (checked, stored, traced) and sends
    /// valueChanged. The peer runs the same handler code on a C userdata.
    func eventRoundTrip() throws -> Figure {
        let events = options.size("--events", quick: 2_000, full: 200_000)
        let behave = try !options.measures("behave") ? nil : measure(options) {
            let script = options.eventScript ?? LuaScript.locate("toggle.lua")!
            let loaded = try SceneLoader.load(script: script, limits: limits)
            let scene = loaded.scene
            let button = scene.control(named: "button")!
            let time = nanoseconds {
                for _ in 0..<events { button.sendActions(for: "touchUpInside") }
            }
            precondition(scene.errorCount == 0, "the toggle raised errors")
            withExtendedLifetime(loaded) {}
            return time / Double(events)
        }
        let peer = !options.measures("peer") ? nil
            : measure(options) { baseline_event_round_trip(events, benchmarkLua("baseline_toggle.lua")) }
        let counting = Counting.bench(group: "event", option: "--events", size: 4_000, arguments: [])
        return Figure(name: "event round trip (tap → toggle's handler → image set, traced)", key: "eventRoundTrip",
                      unit: "ns/event", behave: behave, peer: peer, peerName: Peers.rawCAPI, goal: .ratioAtMost(1.5),
                      behaveCounting: counting, peerCounting: counting)
    }

    /// A get and a set of a control's alpha from Lua, a million times.
    func propertyAccess() throws -> Figure {
        let operations = options.size("--operations", quick: 2_000, full: 1_000_000)
        let behave = try !options.measures("behave") ? nil : measure(options) {
            let (scene, bench) = try buttonBehaviour(LuaScript(path: "bench.lua", source: benchmarkLua("property_bench.lua")))
            let time = nanoseconds {
                bench.performAction("run", sender: scene.screen!, arguments: [.number(Double(operations / 2))])
            }
            precondition(scene.errorCount == 0, "the property loop raised errors: \(lastError(scene))")
            withExtendedLifetime(bench) {}
            return time / Double(operations)
        }
        let peer = !options.measures("peer") ? nil
            : measure(options) { baseline_property_access(operations, benchmarkLua("baseline_property.lua")) }
        let counting = Counting.bench(group: "property", option: "--operations", size: 40_000, arguments: [])
        return Figure(name: "property get/set from Lua", key: "propertyAccess", unit: "ns/op", behave: behave, peer: peer,
                      peerName: Peers.rawCAPI, goal: .ratioAtMost(1.2), behaveCounting: counting, peerCounting: counting)
    }

    /// A scroll view whose delegate is a Multiplexer of three behaviours,
    /// each setting two properties of its view at every scroll: one frame
    /// (one scroll), beside the same three handlers through the raw C API.
    func scrollStorm() throws -> Figure {
        let frames = options.size("--frames", quick: 600, full: 60_000)
        let behave = try !options.measures("behave") ? nil : measure(options) {
            let scene = Scene(screen: "storm")
            let runtime = try LuaRuntime(scene: scene, limits: limits)
            let scroll = ScrollView(name: "scroll")
            scene.add(scroll)
            let script = LuaScript(path: "scroll_follow.lua", source: benchmarkLua("scroll_follow.lua"))
            var followers: [LuaBehaviour] = []
            for i in 1...3 {
                let view = View(name: "view\(i)")
                scroll.addSubview(view)
                let follower = try LuaBehaviour(script: script, name: "follow\(i)", runtime: runtime)
                try follower.setOutlet("view", to: view)
                scene.attach(follower)
                follower.start()
                followers.append(follower)
            }
            let multiplexer = Multiplexer(name: "multiplexer", targets: followers)
            scene.attach(multiplexer)
            scroll.delegate = multiplexer
            let time = nanoseconds {
                for frame in 0..<frames { scroll.scroll(toY: Double(frame % 600)) }
            }
            precondition(scene.errorCount == 0, "the storm raised errors: \(lastError(scene))")
            withExtendedLifetime((runtime, followers, multiplexer)) {}
            return time / Double(frames) / 1000
        }
        let peer = !options.measures("peer") ? nil
            : measure(options) { baseline_scroll_storm(frames, benchmarkLua("baseline_follow.lua")) / 1000 }
        let counting = Counting.bench(group: "storm", option: "--frames", size: 1_200, arguments: [])
        return Figure(name: "scroll storm frame (Multiplexer, 3 behaviours, 2 sets each)", key: "scrollStorm", unit: "µs",
                      behave: behave, peer: peer, peerName: Peers.rawCAPI, goal: .ratioAtMost(2),
                      behaveCounting: counting, peerCounting: counting)
    }
}

func lastError(_ scene: Scene) -> String {
    scene.trace.entries.last { $0.kind == .error }?.message ?? ""
}
