import Synchronization

/// One page's connection to the studio: the latest version of each part
/// waiting to be sent, and a signal when one arrives. However slowly the
/// page reads, it holds at most one version of each part: older ones are
/// replaced, never queued.
public final class StudioSubscription: Sendable {
    let id: Int
    private let pending = Mutex<[StudioPart: String]>([:])
    private let continuation: AsyncStream<Void>.Continuation
    /// Yields when parts are waiting; ends when the subscription is cancelled.
    public let arrivals: AsyncStream<Void>

    init(id: Int) {
        self.id = id
        (arrivals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func offer(_ part: StudioPart, _ text: String) {
        pending.withLock { $0[part] = text }
        continuation.yield()
    }

    /// The parts waiting, in the order the page reads them best (the scene
    /// before the state that fills it), and forgets them.
    public func take() -> [String] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return StudioPart.allCases.compactMap { pending[$0] }
        }
    }

    func finish() {
        continuation.finish()
    }
}
