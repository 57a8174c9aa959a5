import BehaveCore
import Foundation

/// Tells when files change, by polling: each file's modification time,
/// size and identity (an editor that saves by renaming a new file over the
/// old one changes the identity), and whether it is there at all. No
/// inotify: a poll of a scene's few files costs a few `stat` calls.
public struct FileWatcher {
    /// What a poll sees of one file; nil when it is not there.
    struct Stamp: Equatable {
        var modified: timespec
        var size: Int64
        var device: UInt64
        var inode: UInt64

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec && a.size == b.size
                && a.device == b.device && a.inode == b.inode
        }

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            modified = info.st_mtim
            size = Int64(info.st_size)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Files watched at most: a scene's files are few, and each poll asks
    /// the file system about every one.
    public static let maximumFiles = 1000

    private var stamps: [(path: String, stamp: Stamp?)] = []
    /// The files watched, each by its real path (or, before it is made,
    /// its absolute one): a scene names a module `words.lua` and the
    /// runtime `/home/ada/scene/words.lua`, and one save of it is one
    /// change.
    private var known = Set<String>()

    /// Watches `paths` from how they are now.
    public init(_ paths: [String]) {
        add(paths)
    }

    public var paths: [String] { stamps.map(\.path) }

    private static func identity(_ path: String) -> String {
        let absolute = FileAccess.absolutePath(path)
        return FileAccess.realPath(absolute) ?? absolute
    }

    /// Also watches `paths` (those not watched yet, by any spelling), from
    /// how they are now.
    public mutating func add(_ paths: [String]) {
        for path in paths where stamps.count < FileWatcher.maximumFiles && known.insert(FileWatcher.identity(path)).inserted {
            stamps.append((path, Stamp(path)))
        }
    }

    /// The files that changed, appeared or went since the last poll.
    public mutating func changes() -> [String] {
        var changed: [String] = []
        for index in stamps.indices {
            let now = Stamp(stamps[index].path)
            if now != stamps[index].stamp {
                changed.append(stamps[index].path)
                stamps[index].stamp = now
            }
        }
        return changed
    }
}
