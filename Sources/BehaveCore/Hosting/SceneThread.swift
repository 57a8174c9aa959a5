import CBehaveCore

/// The thread a scene runs on, and the one check of every call a host can
/// make later, from wherever its work ended: an app function's answer
/// (`AppReply`), a platform request's (`Platform.requestPermission`,
/// `pickImage`), a dialog's (`Scene.answerDialog`), a host animation's end
/// (`HostAnimation.finished`), a frame (`RealTimeDriver.tick`).
///
/// Lua and the scene's state are touched on one thread, with no lock: a
/// call from another would race with the scripts, so it is refused, with
/// an error that says how to call instead, before it reads or changes
/// anything. What waited for it still waits, and the same call from the
/// scene's thread goes through.
///
/// A thread is told by a number no other thread of the process ever has,
/// not by its pthread id: a thread made after the scene's ended (a
/// worker's, a task's) often gets that id again, and would pass.
public struct SceneThread: Sendable {
    private let serial: UInt64

    /// The calling thread.
    public static var current: SceneThread { SceneThread(serial: bh_thread_serial()) }

    /// Whether the calling thread is this one.
    public var isCurrent: Bool { bh_thread_serial() == serial }

    /// Throws unless called on this thread: `call` (`"platform.pickImage
    /// was answered"`) is refused, `consequence` says what stays as it was,
    /// and the fix shows how to `act` on the scene's thread (`example`, the
    /// call as the host writes it).
    public func check(_ call: @autoclosure () -> String, _ consequence: @autoclosure () -> String,
                      act: @autoclosure () -> String, example: @autoclosure () -> String) throws(ValueError) {
        guard !isCurrent else { return }
        throw ValueError(text: "\(call()) on another thread than its scene's; \(consequence())",
                         fix: "\(act()) on the scene's thread: for an app, the main thread (`try await MainActor.run { \(example()) }`, or `DispatchQueue.main`)")
    }
}
