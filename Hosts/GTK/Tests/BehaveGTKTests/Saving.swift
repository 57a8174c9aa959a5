import Foundation

/// Writes `text` to `file` as an editor's save that a window's poll can
/// tell from the one before: the window compares modification times, and
/// a file system stamps them in ticks (a second on some), so a save in the
/// tick of the last one is written again until its time is new. A test
/// saves after the window has heard the last save, so the time it saw is
/// the one read here.
func save(_ text: String, to file: URL) throws {
    let before = modificationTime(of: file)
    try Data(text.utf8).write(to: file)
    let end = Date().addingTimeInterval(30)
    while let before, modificationTime(of: file) == before, Date() < end {
        Thread.sleep(forTimeInterval: 0.01)
        try Data(text.utf8).write(to: file)
    }
}

/// The file's modification time to the nanosecond, nil when it is not there.
private func modificationTime(of file: URL) -> [Int]? {
    var info = stat()
    guard stat(file.path, &info) == 0 else { return nil }
    return [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
}
