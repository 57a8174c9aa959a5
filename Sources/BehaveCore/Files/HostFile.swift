import Foundation

/// Reading host files with a bound: only regular files are read (opening a
/// FIFO or a device would block or never end), and never more bytes than
/// the caller allows. Messages do not name the file; callers add it.
public enum HostFile {
    /// The whole file, refused when it holds more than `maximumBytes`.
    public static func contents(of path: String, maximumBytes: Int) throws(ValueError) -> [UInt8] {
        try contents(of: path, maximumBytes: maximumBytes, confirm: nil)
    }

    /// What is checked of the file once it is open, before a byte is read
    /// (`FileAccess.contents(of:maximumBytes:)`); nil: nothing. With a
    /// check, a symbolic link at the path's last part is not followed: the
    /// check is then given nil.
    typealias Confirmation = (FileIdentity?) throws(ValueError) -> Void

    static func contents(of path: String, maximumBytes: Int, confirm: Confirmation?) throws(ValueError) -> [UInt8] {
        let file = try open(path, confirm: confirm)
        defer { close(file.descriptor) }
        guard file.size <= maximumBytes else {
            throw ValueError("the file is too large (\(file.size) bytes; at most \(maximumBytes))")
        }
        // One byte more than it says, to see a file that grows meanwhile.
        let bytes = try read(file.descriptor, upTo: file.size + 1)
        guard bytes.count <= file.size else { throw ValueError("the file changed while it was read") }
        return bytes
    }

    /// An open regular file, read a piece at a time from its start.
    public final class Reader {
        private let descriptor: Int32
        /// What has been read so far.
        public private(set) var bytes: [UInt8] = []
        /// Whether the end of the file has been read.
        public private(set) var atEnd = false

        public convenience init(_ path: String) throws(ValueError) {
            try self.init(path, confirm: nil)
        }

        init(_ path: String, confirm: Confirmation?) throws(ValueError) {
            descriptor = try HostFile.open(path, confirm: confirm).descriptor
        }

        deinit { close(descriptor) }

        /// Reads on until `count` bytes in all have been read, or the end.
        public func read(upTo count: Int) throws(ValueError) {
            guard !atEnd, count > bytes.count else { return }
            let more = try HostFile.read(descriptor, upTo: count - bytes.count)
            if more.count < count - bytes.count { atEnd = true }
            bytes += more
        }
    }

    private static func open(_ path: String, confirm: Confirmation?) throws(ValueError) -> (descriptor: Int32, size: Int) {
        // Non-blocking, so that a FIFO does not wait for a writer; the kind
        // is checked on the open file, so that it cannot change meanwhile.
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (confirm == nil ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let error = errno
            // A link where the checked path had a file: put there since.
            if error == ELOOP, let confirm { try confirm(nil) }
            throw ValueError(error == ENOENT ? "no such file" : "cannot read the file")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw ValueError("cannot read the file")
        }
        if let confirm {
            do throws(ValueError) {
                try confirm(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
            } catch {
                close(descriptor)
                throw error
            }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw ValueError(info.st_mode & S_IFMT == S_IFDIR ? "a folder, not a file" : "not a regular file")
        }
        return (descriptor, Int(info.st_size))
    }

    private static func read(_ descriptor: Int32, upTo count: Int) throws(ValueError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, count - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw ValueError("cannot read the file") }
            if got == 0 { break }
            filled += got
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}

/// A folder's entries, read with a bound: a folder of millions of entries
/// costs no more than the bound.
public struct FolderListing {
    public enum Kind: Sendable { case file, folder, link, other }

    public struct Entry: Sendable {
        public var name: String
        public var kind: Kind
    }

    /// In name order; names that are not UTF-8 are left out.
    public var entries: [Entry]
    /// The folder had more than the bound of entries (the rest are not read).
    public var isTruncated: Bool

    /// At most `limit` entries of `path` (`.` and `..` are not entries);
    /// nil when it cannot be read as a folder.
    public static func read(_ path: String, limit: Int) -> FolderListing? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var entries: [Entry] = []
        var truncated = false
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(validatingCString: $0) }
            }
            if name == "." || name == ".." { continue }
            guard entries.count < limit else {
                truncated = true
                break
            }
            guard let name else { continue }
            entries.append(Entry(name: name, kind: kind(entry.pointee.d_type, path + "/" + name)))
        }
        entries.sort { $0.name < $1.name }
        return FolderListing(entries: entries, isTruncated: truncated)
    }

    /// The entry's own kind (a symbolic link is a link, not what it points to).
    private static func kind(_ type: UInt8, _ path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }
}

/// A file's identity on its device: the same for every path (hard or
/// symbolic link) that leads to it.
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// Of what `path` leads to; nil when it does not exist.
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
