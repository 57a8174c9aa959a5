import BehaveCore
import CLuaShim

/// A timer, as `after(seconds, fn)` returns it.
extension HostType {
    static let timer: HostType = HostType("timer", of: BehaveCore.Timer.self, receiver: .timer, methods: [
        HostFunction("cancel", LuaSignature("Stops the timer before it fires; `pending` is false from then on.")) { runtime, S throws(ValueError) in
            guard let timer = runtime.objectHandle(at: 1, in: S).flatMap(runtime.objects.object) as? BehaveCore.Timer else {
                throw runtime.dotCallError("cancel", of: .timer, in: S)
                    ?? ValueError("cancel must be called on a timer: timer:cancel()")
            }
            try runtime.refuseFromOtherBehaviour(timer.behaviour, "its timer cannot be cancelled from here")
            timer.cancel()
            return 0
        },
    ], properties: [
        property("pending", "boolean") { (timer: BehaveCore.Timer) in .bool(timer.isPending) },
    ], unknownKey: { "a timer has `pending` and `cancel()`, not `\($0)`" })
}
