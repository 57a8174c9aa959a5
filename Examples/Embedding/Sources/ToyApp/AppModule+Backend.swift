import BehaveCore
import BehaveLua
import Foundation

/// The toy app's server (the app's own code): it answers after a while,
/// as a network call does.
final class ToyBackend: Sendable {
    struct Profile: Sendable {
        let name: String
        let visits: Int
    }

    struct UnknownUser: Error, CustomStringConvertible {
        let id: String
        var description: String { "no user `\(id)`" }
    }

    func profile(_ id: String) async throws -> Profile {
        try await Task.sleep(for: .milliseconds(10))
        guard id == "ada" else { throw UnknownUser(id: id) }
        return Profile(name: "Ada", visits: 3)
    }
}

private let backend = ToyBackend()

extension AppModule {
    /// `backend.profile(id)`: a function that answers later. Its body starts
    /// the work and returns; the handler that called it pauses until the
    /// task answers on the main thread, the scene's.
    static let backendModule = AppModule(name: "backend", doc: "The app's server.", functions: [profile])

    private static var profile: AppFunction {
        AppFunction(name: "profile",
                    signature: LuaSignature("Fetches a profile.", ("id", "string"), returns: "{ name: string, visits: integer }?"),
                    later: { call, reply in
            let id = call.string("id")!
            Task {
                do {
                    let profile = try await backend.profile(id)
                    try await MainActor.run { try reply.answer([.object([("name", .string(profile.name)), ("visits", .number(Double(profile.visits)))])]) }
                } catch {
                    try? await MainActor.run { try reply.fail(error) }
                }
            }
        })
    }
}
