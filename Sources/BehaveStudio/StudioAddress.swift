/// Where the studio listens, and whom it answers. It binds to 127.0.0.1
/// only. A request must name the studio itself as its host (so that a
/// web site whose name an attacker points at 127.0.0.1 — DNS rebinding —
/// gets nothing), and a WebSocket must come from the studio's own page
/// (its Origin), so that no other site open in the same browser can drive
/// the scene.
public struct StudioAddress: Sendable, Equatable {
    public static let host = "127.0.0.1"
    public let port: Int

    public init(port: Int) {
        self.port = port
    }

    /// The page's address, as printed.
    public var url: String { "http://\(StudioAddress.host):\(port)/" }

    /// The names the page may be opened by.
    private var authorities: [String] { ["\(StudioAddress.host):\(port)", "localhost:\(port)"] }

    /// Whether a request's Host header names the studio.
    public func allowsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return authorities.contains(host.lowercased())
    }

    /// Whether a WebSocket's Origin header is the studio's own page.
    public func allowsOrigin(_ origin: String?) -> Bool {
        guard let origin else { return false }
        return authorities.contains { "http://\($0)" == origin.lowercased() }
    }
}
