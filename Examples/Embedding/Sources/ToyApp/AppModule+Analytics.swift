import BehaveCore
import BehaveLua
import Foundation

/// The toy app's analytics (the app's own code): the events behaviours
/// track through the `analytics` module below, with the screen each came from.
final class ToyAnalytics: @unchecked Sendable {
    static let shared = ToyAnalytics()
    private let lock = NSLock()
    private var events: [String] = []

    func track(_ name: String, properties: JSON, screen: String?) {
        lock.lock()
        events.append("\(name) \(properties.text) on \(screen ?? "no screen")")
        lock.unlock()
    }

    /// The events tracked so far, and forgets them.
    func takeEvents() -> [String] {
        lock.lock()
        defer { events = []; lock.unlock() }
        return events
    }
}

extension AppModule {
    /// `analytics.track(name, properties)`: a second module, whose function
    /// takes a table.
    static let analytics = AppModule(name: "analytics", functions: [
        AppFunction(name: "track",
                    signature: LuaSignature("Records an event.", ("name", "string"),
                                            ("properties", "table<string, string|number|boolean>?"))) { call in
            ToyAnalytics.shared.track(call.string("name")!, properties: call["properties"], screen: call.scene?.screenTitle)
            return []
        },
    ])
}
