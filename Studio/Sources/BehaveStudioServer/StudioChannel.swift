import HummingbirdCore
import Logging
import NIOCore

/// The studio's connections: Hummingbird's HTTP with the page's WebSocket,
/// each with a `StudioQuietDeadline` below it.
struct StudioChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner
    /// How long a connection may go without the studio having anything to
    /// answer (see `StudioQuietDeadline`).
    let quietLimit: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(StudioQuietDeadline(limit: quietLimit),
                                                           name: StudioQuietDeadline.name, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
