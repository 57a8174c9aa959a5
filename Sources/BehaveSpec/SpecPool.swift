import Foundation
import Synchronization

/// Worker threads that take spec files in order and run each one whole on
/// their own thread. Threads get a large stack: Lua recursing through C
/// needs far more than a secondary thread's default.
final class SpecPool: Sendable {
    static let stackSize = 16 << 20

    private let files: [String]
    private let options: SpecOptions
    private let next = Mutex(0)
    private let finished: Mutex<[[SpecResult]?]>
    private let ready: [DispatchSemaphore]

    init(files: [String], options: SpecOptions) {
        self.files = files
        self.options = options
        self.finished = Mutex(Array(repeating: nil, count: files.count))
        self.ready = files.map { _ in DispatchSemaphore(value: 0) }
    }

    func start(threads: Int) {
        for _ in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.stackSize = SpecPool.stackSize
            thread.start()
        }
    }

    /// The results of file `index`, once it has run.
    func results(of index: Int) -> [SpecResult] {
        ready[index].wait()
        return finished.withLock { $0[index] ?? [] }
    }

    private func work() {
        while true {
            let index = next.withLock { value in
                defer { value += 1 }
                return value
            }
            guard index < files.count else { return }
            let results = SpecRunner.run(files[index], options: options)
            finished.withLock { $0[index] = results }
            ready[index].signal()
        }
    }
}
