import BehaveStudio
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// A page's WebSocket: parts of what it shows go out as they change, its
/// messages come in and go to the scene. Only the studio's own page may
/// connect (Origin), a message is at most `StudioMessage.maximumBytes`, and
/// a page that reads slowly only ever has the latest of each part waiting.
struct StudioSocket: Sendable {
    let host: StudioHost
    let address: BoundAddress

    /// Bytes of one WebSocket frame: longer messages go in several.
    static let maximumFrame = 1 << 16

    func shouldUpgrade(_ request: HTTPRequest) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard request.path == "/socket", let address = address.current,
              address.allowsHost(request.authority),
              address.allowsOrigin(request.headerFields[.origin]) else { return .dontUpgrade }
        return .upgrade([:]) { [host] inbound, outbound, _ in
            guard let subscription = host.subscribe() else {
                try await outbound.close(.policyViolation, reason: "too many pages are connected")
                return
            }
            defer { host.unsubscribe(subscription) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in subscription.arrivals {
                        for text in subscription.take() { try await outbound.write(.text(text)) }
                    }
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: StudioMessage.maximumBytes) {
                        guard case .text(let text) = message else {
                            host.post(refused: StudioMessageError("the studio reads text messages only"))
                            continue
                        }
                        do throws(StudioMessageError) {
                            host.post(try StudioMessage.parse(text))
                        } catch {
                            host.post(refused: error)
                        }
                    }
                }
                // Whichever ends first (the page went, or writing failed) ends both.
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
