import Foundation

/// Reads command lines from a descriptor (standard input) as they come:
/// `behave run` and `behave window` read theirs with it. Each byte is
/// looked at once for the newline (the whole of a line still coming was
/// searched again at each read: a line of 100 MB took hours), and a line
/// longer than `maximumLine` is left out, up to its newline, with a note
/// (`tooLong`), rather than held whole (Swift's `readLine` held a 300 MB
/// line in 1.5 GB).
public final class InputReader {
    /// Bytes of one command line at most: the text a scene may hold.
    public static let maximumLine = 64 << 20
    /// What is said of a line left out, after "error: ".
    public static let tooLongMessage = "a command line longer than \(maximumLine >> 20) MiB was left out"

    let descriptor: Int32
    let line: (String) -> Void
    let tooLong: () -> Void
    private var pending: [UInt8] = []
    /// Bytes of `pending` known to hold no newline.
    private var scanned = 0
    /// Whether the line coming is too long, and left out to its end.
    private var skipping = false

    public init(descriptor: Int32 = 0, tooLong: @escaping () -> Void = {}, _ line: @escaping (String) -> Void) {
        self.descriptor = descriptor
        self.tooLong = tooLong
        self.line = line
    }

    /// Reads what is there, waiting for it (`waits`) or not; false at the
    /// end of the input. One may end in CR LF, and the last may end
    /// without a line break, as `readLine` reads them. A descriptor that
    /// does not block (a parent may have made a shared pipe so) is waited
    /// on: its "nothing yet" ended the input at once, and ran the half
    /// line it had as a command.
    public func read(waits: Bool = true) -> Bool {
        // Read into memory left uninitialized: zeroing 64 KiB first was 3%
        // of `behave run`'s cold start.
        var count = 0, nothingYet = false
        let bytes = [UInt8](unsafeUninitializedCapacity: 1 << 16) { buffer, initialized in
            while true {
                count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
                guard count < 0 else { break }
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK else { break }
                guard waits else { nothingYet = true; break }
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), polled: Int32
                repeat { polled = poll(&ready, 1, -1) } while polled < 0 && errno == EINTR
                guard polled > 0 else { break }
            }
            initialized = max(count, 0)
        }
        if nothingYet { return true }
        guard count > 0 else {
            if !pending.isEmpty, !skipping { line(Self.text(pending[...])) }
            pending.removeAll()
            scanned = 0
            return false
        }
        take(bytes[...])
        return true
    }

    /// A line's text, without the CR of a CR LF ending.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self)
    }

    /// Takes bytes read: each whole line goes to `line`.
    public func take(_ bytes: ArraySlice<UInt8>) {
        pending += bytes
        var start = 0
        while let newline = pending[scanned...].firstIndex(of: 10) {
            if skipping {
                skipping = false
            } else if newline - start - (newline > start && pending[newline - 1] == 13 ? 1 : 0) > InputReader.maximumLine {
                tooLong()  // its line break came in the read that took it past the limit
            } else {
                line(Self.text(pending[start..<newline]))
            }
            start = newline + 1
            scanned = start
        }
        pending.removeFirst(start)
        scanned = pending.count
        // The limit is the line's, without its ending: a CR that came
        // before its line feed does not count (a CR LF line of 64 MiB was
        // left out, the same line ending in LF was run).
        if pending.count - (pending.last == 13 ? 1 : 0) > InputReader.maximumLine {
            if !skipping { tooLong() }
            skipping = true
            pending.removeAll()
            scanned = 0
        }
    }
}
