import BehaveCore
import CLuaShim

/// A connection, as `control:on(…)` returns it.
extension HostType {
    static let connection: HostType = HostType("connection", of: Connection.self, receiver: .connection, methods: [
        HostFunction("disconnect", LuaSignature("Stops calling the handler; `connected` is false from then on.")) { runtime, S throws(ValueError) in
            guard let connection = runtime.objectHandle(at: 1, in: S).flatMap(runtime.objects.object) as? Connection else {
                throw runtime.dotCallError("disconnect", of: .connection, in: S)
                    ?? ValueError("disconnect must be called on a connection: connection:disconnect()")
            }
            try runtime.refuseFromOtherBehaviour(connection.behaviour, "its connection cannot be disconnected from here")
            connection.disconnect()
            return 0
        },
    ], properties: [
        property("connected", "boolean") { (connection: Connection) in .bool(connection.isConnected) },
    ], unknownKey: { "a connection has `connected` and `disconnect()`, not `\($0)`" })
}
