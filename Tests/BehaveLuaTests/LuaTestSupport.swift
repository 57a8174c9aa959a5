import BehaveCore
@testable import BehaveLua
import XCTest

/// A scene with a runtime, built from inline scripts.
final class TestScene {
    let scene = Scene(screen: "Test")
    let runtime: LuaRuntime

    init(limits: SandboxLimits = .testing) throws {
        runtime = try LuaRuntime(scene: scene, limits: limits)
    }

    /// Adds a control of `type` named `name`.
    @discardableResult
    func control<T: View>(_ type: T.Type, _ name: String) -> T {
        let view = T(name: name)
        scene.add(view)
        return view
    }

    /// Loads a behaviour from source, wires outlets by name, attaches and
    /// wakes it.
    @discardableResult
    func behaviour(_ name: String, source: String, file: String? = nil, outlets: [String: View] = [:],
                   owner: (any BehaviourOwner)? = nil) throws -> LuaBehaviour {
        let script = LuaScript(path: file ?? "\(name).lua", source: source)
        let behaviour = try LuaBehaviour(script: script, name: name, runtime: runtime)
        for (outlet, view) in outlets { try behaviour.setOutlet(outlet, to: view) }
        scene.attach(behaviour, owner: owner)
        behaviour.start()
        return behaviour
    }

    /// Loads a bundled script.
    @discardableResult
    func bundled(_ file: String, name: String, outlets: [String: View] = [:]) throws -> LuaBehaviour {
        let path = try XCTUnwrap(LuaScript.locate(file))
        let behaviour = try LuaBehaviour(path: path, name: name, runtime: runtime)
        for (outlet, view) in outlets { try behaviour.setOutlet(outlet, to: view) }
        scene.attach(behaviour)
        behaviour.start()
        return behaviour
    }

    var errors: [String] {
        scene.trace.entries.filter { $0.kind == .error }.map(\.message)
    }

    func field(_ name: String, of behaviour: Behaviour) -> JSON? {
        behaviour.fieldSnapshot.first { $0.0 == name }?.1
    }
}

extension SandboxLimits {
    /// Small limits so runaway scripts end fast in tests: the instruction
    /// budget ends them in milliseconds. The time limit is only a backstop
    /// here, far above what any callback takes on a loaded machine (at 0.5 s
    /// a test of something else failed on "time limit exceeded"); a test of
    /// the time limit sets its own.
    static let testing = SandboxLimits(memory: 32 << 20, instructions: 1_000_000, seconds: 10)
}

/// A minimal behaviour with one button outlet, for tests: Support/probe.lua
/// with its name, outlets, the rest of its declaration and its body in place.
func script(_ body: String, name: String = "Probe", outlets: String = "button = \"Button\"",
            extra: String = "") throws -> String {
    let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/probe.lua")
    return try String(contentsOf: template, encoding: .utf8)
        .replacingOccurrences(of: "\"NAME\"", with: "\"\(name)\"")
        .replacingOccurrences(of: "{ OUTLETS }", with: "{ \(outlets) }")
        .replacingOccurrences(of: "--[[EXTRA]]", with: extra)
        .replacingOccurrences(of: "-- BODY", with: body)
}
