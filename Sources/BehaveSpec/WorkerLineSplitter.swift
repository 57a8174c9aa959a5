/// Cuts what a worker writes, read in chunks of any size, into its lines.
/// Each byte is looked at once: a line of 15 MB comes in a few hundred
/// pipe reads, and looking through the whole line so far after each read
/// took the square of its length.
struct WorkerLineSplitter {
    /// What is left of the last line, waiting for its line feed.
    private var pending: [UInt8] = []
    /// How much of `pending` is known to hold no line feed.
    private var searched = 0
    /// Bytes looked at for a line feed so far: each byte read, once.
    private(set) var scannedBytes = 0

    /// Adds `chunk` and calls `line` with every line it completes, without
    /// its line feed, in order. The bytes are lent for the call only.
    mutating func add(_ chunk: some Sequence<UInt8>, line: (UnsafeBufferPointer<UInt8>) -> Void) {
        pending.append(contentsOf: chunk)
        var start = 0
        var scanned = 0
        pending.withUnsafeBufferPointer { bytes in
            var from = searched
            while let newline = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) {
                scanned += newline + 1 - from
                line(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                start = newline + 1
                from = start
            }
            scanned += bytes.count - from
        }
        scannedBytes += scanned
        // Once per chunk: taking each line off the front would move the
        // rest each time.
        pending.removeFirst(start)
        searched = pending.count
    }
}
