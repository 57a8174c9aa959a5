import BehaveCore
import BehaveScene
import Dispatch
import Foundation
import Synchronization

/// Behave Studio's scene, running on a thread of its own, as the server
/// sees it: messages from pages go in (`post`), the parts of what pages
/// show come out (`subscribe`). The scene, its Lua state and its handlers
/// are touched on that thread only; what crosses is text and values.
public final class StudioHost: Sendable {
    /// Messages waiting for the scene's thread, at most: a page that sends
    /// faster than the scene runs is refused, not queued without end.
    public static let maximumWaiting = 256
    /// Pages connected at once, at most.
    public static let maximumSubscriptions = 16

    private enum Inbound: Sendable {
        case message(StudioMessage)
        case refused(StudioMessageError)
    }

    private struct Shared: Sendable {
        var inbox: [Inbound] = []
        var latest: [StudioPart: String] = [:]
        var subscriptions: [Int: StudioSubscription] = [:]
        var nextID = 0
        var photos = StudioImageFiles.none
        var images = StudioImageFiles.none
    }

    private let shared = Mutex(Shared())
    private let wake = DispatchSemaphore(value: 0)

    private init() {}

    /// Loads the scene of `source` on a thread of its own and starts its
    /// clock; throws, with what `behave run` would print, when it does not
    /// load.
    /// `record`: a transcript to keep of the session (see `StudioEngine`).
    public static func start(source: SceneSource, record: String? = nil) throws(StudioStartFailure) -> StudioHost {
        let host = StudioHost()
        let started = Mutex<StudioStartFailure??>(nil)
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            let engine: StudioEngine
            do throws(SceneSourceError) {
                engine = try StudioEngine(source: source, record: record, publish: host.publish, files: host.show)
            } catch {
                started.withLock { $0 = .some(StudioStartFailure(error)) }
                ready.signal()
                return
            }
            started.withLock { $0 = .some(nil) }
            ready.signal()
            host.serve(engine)
        }
        // Lua's C calls need room (parsing, pattern matching, deep handlers).
        thread.stackSize = 16 << 20
        thread.name = "behave-studio-scene"
        thread.start()
        ready.wait()
        if let failure = started.withLock({ $0 }) ?? nil { throw failure }
        return host
    }

    /// The scene's thread: messages, clock ticks and file polls, forever.
    private func serve(_ engine: StudioEngine) {
        engine.publishChanges()
        while true {
            let wait = ContinuousClock.now.duration(to: engine.nextWake)
            let nanoseconds = max(0, wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
            _ = wake.wait(timeout: .now() + .nanoseconds(Int(min(nanoseconds, 1_000_000_000))))
            let inbound = shared.withLock { shared in
                defer { shared.inbox.removeAll() }
                return shared.inbox
            }
            for item in inbound {
                switch item {
                case .message(let message): engine.handle(message)
                case .refused(let error): engine.refuse(error)
                }
            }
            engine.tick(now: .now)
            engine.publishChanges()
        }
    }

    // MARK: From pages

    /// Hands a page's message to the scene; false when too many wait.
    @discardableResult
    public func post(_ message: StudioMessage) -> Bool {
        enqueue(.message(message))
    }

    /// A page's message that could not be read: the timeline says so.
    @discardableResult
    public func post(refused error: StudioMessageError) -> Bool {
        enqueue(.refused(error))
    }

    private func enqueue(_ item: Inbound) -> Bool {
        let taken = shared.withLock { shared in
            guard shared.inbox.count < StudioHost.maximumWaiting else { return false }
            shared.inbox.append(item)
            return true
        }
        if taken { wake.signal() }
        return taken
    }

    // MARK: To pages

    /// A new page's subscription, with the latest of every part waiting;
    /// nil when `maximumSubscriptions` are connected.
    public func subscribe() -> StudioSubscription? {
        shared.withLock { shared in
            guard shared.subscriptions.count < StudioHost.maximumSubscriptions else { return nil }
            let subscription = StudioSubscription(id: shared.nextID)
            shared.nextID += 1
            shared.subscriptions[subscription.id] = subscription
            for (part, text) in shared.latest { subscription.offer(part, text) }
            return subscription
        }
    }

    public func unsubscribe(_ subscription: StudioSubscription) {
        _ = shared.withLock { $0.subscriptions.removeValue(forKey: subscription.id) }
        subscription.finish()
    }

    /// The photos of the running scene's library, which the page may show.
    public var photos: StudioImageFiles { shared.withLock { $0.photos } }

    /// The images of the running scene's images folder, which the page may
    /// show.
    public var images: StudioImageFiles { shared.withLock { $0.images } }

    private func publish(_ part: StudioPart, _ text: String) {
        shared.withLock { shared in
            shared.latest[part] = text
            for subscription in shared.subscriptions.values { subscription.offer(part, text) }
        }
    }

    private func show(photos: StudioImageFiles, images: StudioImageFiles) {
        shared.withLock { shared in
            shared.photos = photos
            shared.images = images
        }
    }
}

/// Why the studio did not start: the scene did not load. `lines` are what
/// `behave run` prints for it, one mistake a line.
public struct StudioStartFailure: Error, Sendable {
    public var lines: [String]
    /// A mistake in what was given (a missing file) rather than in a scene file.
    public var isUsage: Bool

    init(_ error: SceneSourceError) {
        switch error {
        case .usage(let message):
            lines = [DisplayText.indented(message, by: "    ")]
            isUsage = true
        case .scene(let failure):
            lines = (failure.diagnostics + failure.warnings).map { DisplayText.line($0.description) }
            isUsage = false
        }
    }
}
