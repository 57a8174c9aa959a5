import BehaveStudio
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// A page's WebSocket: parts of what it shows go out as they change, its
/// messages come in and go to the scene. Only the studio's own page may
/// connect (Origin), a message is at most `StudioMessage.maximumBytes`, a
/// page that reads slowly only ever has the latest of each part waiting,
/// and one that stops reading is dropped.
struct StudioSocket: Sendable {
    let host: StudioHost
    let address: BoundAddress

    /// Bytes of one WebSocket frame: longer messages go in several.
    static let maximumFrame = 1 << 16
    /// How long a part may wait for the page to take it: a page that has
    /// stopped reading (a client that never reads, a frozen tab) is
    /// dropped then, and gives its place among the
    /// `StudioHost.maximumSubscriptions` back (the page reconnects when it
    /// reads again). Waiting parts are bounded anyway (the latest of each).
    static let stallLimit = Duration.seconds(10)

    func shouldUpgrade(_ request: HTTPRequest, channel: any Channel)
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard request.path == "/socket", let address = address.current,
              address.allowsHost(request.authority),
              address.allowsOrigin(request.headerFields[.origin]) else { return .dontUpgrade }
        return .upgrade([:]) { [host] inbound, outbound, _ in
            // A page's socket may rightly be quiet for minutes: the stall
            // watch below guards it instead.
            try? await channel.pipeline.removeHandler(name: StudioQuietDeadline.name).get()
            guard let subscription = host.subscribe() else {
                // The page shows the reason, and tries again.
                try await outbound.close(.policyViolation,
                                         reason: "\(StudioHost.maximumSubscriptions) pages are connected already: close one")
                return
            }
            defer { host.unsubscribe(subscription) }
            let writing = WriteWatch()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in subscription.arrivals {
                        for text in subscription.take() {
                            writing.started()
                            try await outbound.write(.text(text))
                            writing.ended()
                        }
                    }
                }
                group.addTask {
                    while !writing.hasWaited(StudioSocket.stallLimit) { try await Task.sleep(for: .seconds(1)) }
                    // Closed at once: a close frame would wait behind what the page does not read.
                    channel.close(promise: nil)
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
                // Whichever ends first (the page went, writing failed or stalled) ends all.
                try await group.next()
                group.cancelAll()
            }
        }
    }
}

/// When the write under way began, if one is.
private final class WriteWatch: Sendable {
    private let since = Mutex<ContinuousClock.Instant?>(nil)

    func started() { since.withLock { $0 = .now } }

    func ended() { since.withLock { $0 = nil } }

    func hasWaited(_ limit: Duration) -> Bool {
        since.withLock { $0.map { $0.duration(to: .now) > limit } ?? false }
    }
}
