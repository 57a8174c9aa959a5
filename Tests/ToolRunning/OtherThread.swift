import Foundation

/// What `body` throws when called on a thread of its own, as a host's
/// completion handler is (a system's queue, a `Task` off the main actor),
/// once it has run there; nil when it returned (or took over ten seconds).
public func thrownOnAnotherThread<E: Error>(_ body: @escaping @Sendable () throws(E) -> Void) -> E? {
    nonisolated(unsafe) var thrown: E?
    let done = DispatchSemaphore(value: 0)
    Thread {
        do throws(E) { try body() } catch { thrown = error }
        done.signal()
    }.start()
    return done.wait(timeout: .now() + 10) == .success ? thrown : nil
}

/// What a test hands to another thread to call from there, as a host that
/// forgot the scene's thread would: the race is the point.
public struct Racing<T>: @unchecked Sendable {
    public let value: T
    public init(_ value: T) { self.value = value }
}
