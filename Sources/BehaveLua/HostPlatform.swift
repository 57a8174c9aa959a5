import BehaveCore
import CLuaShim

/// `platform.available`, `permission`, `requestPermission`, `pickImage` and
/// `openSettings` (Docs/platform.md): the scene's platform services for scripts. A
/// request or a picker that waits for the user pauses the handler, as `ask`
/// does, and resumes it with the answer.
extension LuaRuntime {
    static let platformFunctions = [
        HostFunction("platformAvailable") { runtime, S throws(ValueError) in
            let source = try runtime.capability(at: 1, of: "available", role: "source", in: S)
            lua_pushboolean(S, runtime.scene.platform.isAvailable(source) ? 1 : 0)
            return 1
        },
        HostFunction("platformPermission") { runtime, S throws(ValueError) in
            let capability = try runtime.declaredCapability(of: "permission", in: S)
            runtime.pushString(runtime.scene.platform.permission(for: capability).rawValue, on: S)
            return 1
        },
        HostFunction("platformRequestPermission") { runtime, S throws(ValueError) in try runtime.requestPermission(S) },
        HostFunction("platformPickImage") { runtime, S throws(ValueError) in try runtime.pickImage(S) },
        HostFunction("platformOpenSettings") { runtime, _ in
            runtime.scene.platform.openSettings(in: runtime.scene)
            return 0
        },
    ]

    private func requestPermission(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let capability = try declaredCapability(of: "requestPermission", in: S)
        let handler = try currentHandler("platform.requestPermission", on: S)
        return try waitForAnswer(handler, answering: "platform.requestPermission", on: S) { answer throws(ValueError) in
            try scene.platform.requestPermission(capability, in: scene) { state throws(ValueError) in
                try answer(value: .string(state.rawValue))
            }
        }
    }

    private func pickImage(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        let source = try declaredCapability(of: "pickImage", role: "source", in: S)
        let handler = try currentHandler("platform.pickImage", on: S)
        do throws(ValueError) {
            return try waitForAnswer(handler, answering: "platform.pickImage", on: S) { answer throws(ValueError) in
                try scene.platform.pickImage(from: source, in: scene) { image throws(ValueError) in
                    try answer(value: image.map(Value.image) ?? .null)
                }
            }
        } catch {
            throw ValueError("platform.pickImage: \(error.message); check platform.available(\"\(source.rawValue)\") and platform.permission(\"\(source.rawValue)\") first")
        }
    }

    /// The source or capability named by argument `index`.
    private func capability(at index: Int32, of function: String, role: String = "capability",
                            in S: OpaquePointer) throws(ValueError) -> Capability {
        let name = try argument(index, "\(role) name", string(at: index, in: S), in: S)
        do throws(ValueError) {
            return try Capability(parsing: name, as: role)
        } catch {
            throw ValueError("platform.\(function): \(error.message)")
        }
    }

    /// Argument 1 as a capability the running behaviour declares in
    /// `requires` (as an app declares what it uses before the system lets
    /// it ask).
    private func declaredCapability(of function: String, role: String = "capability",
                                    in S: OpaquePointer) throws(ValueError) -> Capability {
        let capability = try capability(at: 1, of: function, role: role, in: S)
        let behaviour = try currentBehaviour("platform.\(function)")
        guard behaviour.declaration.requires.contains(capability.rawValue) else {
            throw ValueError("platform.\(function): behaviour `\(behaviour.name)` uses the \(capability.rawValue) without declaring it; add requires = { \"\(capability.rawValue)\" } to its behaviour { … }")
        }
        return capability
    }
}
