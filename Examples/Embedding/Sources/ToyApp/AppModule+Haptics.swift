import BehaveCore
import BehaveLua
import Foundation

/// The toy device's haptic engine (the app's own code), which behaviours
/// reach through the `haptics` module below.
final class ToyDevice: @unchecked Sendable {
    static let shared = ToyDevice()
    private let lock = NSLock()
    private var played: [String] = []

    /// The toy device always has a motor; a phone may not.
    var isSupported: Bool { true }

    func play(_ style: String) {
        lock.lock()
        played.append(style)
        lock.unlock()
    }

    /// The patterns played so far, and forgets them.
    func takePlayed() -> [String] {
        lock.lock()
        defer { played = []; lock.unlock() }
        return played
    }
}

extension AppModule {
    /// `haptics.vibrate(style)` and `haptics.isSupported()`: the app's
    /// functions, given to behaviours with their Lua signatures and docs
    /// (`behave types` and the linter know them).
    static let haptics = AppModule(name: "haptics", doc: "The device's haptic engine.", functions: [
        AppFunction(name: "vibrate",
                    signature: LuaSignature("Plays a haptic pattern.", ("style", #""light"|"medium"|"heavy"?"#))) { call in
            guard ToyDevice.shared.isSupported else {
                throw LuaError(text: "the engine is off", fix: "check haptics.isSupported() first")
            }
            let style = call.string("style") ?? "medium"
            ToyDevice.shared.play(style)
            return []
        },
        AppFunction(name: "isSupported",
                    signature: LuaSignature("Whether the device can vibrate.", returns: "boolean")) { _ in
            [.bool(ToyDevice.shared.isSupported)]
        },
    ])

    /// Registers the app's modules once, when the app starts and before it
    /// makes scenes (as its types).
    static func registerAppModules() throws {
        try modulesRegistered.get()
    }

    private static let modulesRegistered = Result {
        try AppModules.register(haptics)
        try AppModules.register(analytics)
        try AppModules.register(backendModule)
    }
}
