import Foundation

/// Lines of a pipe, read on a thread of their own as they come.
final class LineReader: @unchecked Sendable {
    private let lock = NSCondition()
    private var lines: [String] = []
    private var buffer = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                lock.lock()
                if data.isEmpty {
                    lock.unlock()
                    return
                }
                buffer.append(data)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
                lock.broadcast()
                lock.unlock()
            }
        }
    }

    /// The first line `matches` accepts, waiting up to 30 seconds.
    func wait(for matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(30)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let line = lines.first(where: matches) { return line }
            guard lock.wait(until: deadline) else { return nil }
        }
    }
}
