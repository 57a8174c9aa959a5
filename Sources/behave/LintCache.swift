import BehaveLua
import CBehaveCore
import Foundation

/// Scripts that linted clean, remembered between starts so that `behave
/// run` (and `behave test`, for the scripts it loads) does not lint an
/// unchanged one again. An entry is a file in `$XDG_CACHE_HOME/behave/lint`
/// (or `~/.cache/behave/lint`) named by the digest of everything the
/// findings depend on (`key`): the script's bytes, the name it is shown
/// by, its kind, the collection sizes a scene gives it, the app modules'
/// names and this very build of `behave` (its build ID). A script with
/// findings is not remembered: it is linted, and its warnings shown, at
/// every start.
///
/// The cache can only ever make Behave skip advice: an entry is never run
/// nor parsed, only compared with one fixed line. Whatever is wrong with
/// the folder (missing, read-only, full, a link or a file in its place,
/// another user's, writable by others, garbage in an entry), the script
/// is simply linted. `BEHAVE_NO_CACHE=1` turns it off; `behave check`
/// never reads it.
final class LintCache {
    /// What an entry holds: anything else is not an entry.
    private static let entry = Array("behave lint: clean\n".utf8)

    /// The cache folder, opened when first needed (-1: not yet, -2: not usable).
    private var folder: Int32 = -1
    /// Where the cache folder is made: `$XDG_CACHE_HOME` or `~/.cache`.
    private let base: String
    /// This build of `behave`: its build ID, or its file's identity.
    private let build: [UInt8]

    private init(base: String, build: [UInt8]) {
        self.base = base
        self.build = build
    }

    deinit { if folder >= 0 { close(folder) } }

    /// The cache, or nil when it is turned off or this executable cannot be
    /// told from another build.
    static func user() -> LintCache? {
        if let off = variable("BEHAVE_NO_CACHE"), !off.isEmpty, off != "0" { return nil }
        guard let base = baseFolder(), let build = buildIdentity() else { return nil }
        return LintCache(base: base, build: build)
    }

    /// What tells this build from any other: the build ID the linker wrote
    /// into the program, read from its memory, so that it is the program's
    /// however it was started (through the dynamic loader, /proc/self/exe
    /// is the loader). Without one, the executable's file as it is now: a
    /// rebuilt or reinstalled `behave` is another file, or the same one
    /// changed. The first byte says which of the two it is.
    private static func buildIdentity() -> [UInt8]? {
        var identity = [UInt8](repeating: 0, count: 65)
        let count = identity.withUnsafeMutableBufferPointer { bh_program_build_id($0.baseAddress! + 1, $0.count - 1) }
        if count > 0 {
            identity[0] = 1
            return Array(identity.prefix(count + 1))
        }
        // Found by its path, not by stat on the link: under valgrind the
        // link is valgrind's, whose readlink gives the program's.
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        var status = stat()
        guard length > 0, stat(path, &status) == 0 else { return nil }
        var file: [UInt8] = [2]
        for word in [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size),
                     UInt64(bitPattern: Int64(status.st_mtim.tv_sec)), UInt64(bitPattern: Int64(status.st_mtim.tv_nsec))] {
            withUnsafeBytes(of: word.littleEndian) { file.append(contentsOf: $0) }
        }
        return file
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache`: absolute paths only, as the XDG
    /// specification asks (a relative one is ignored).
    private static func baseFolder() -> String? {
        if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg }
        guard let home = variable("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.cache"
    }

    /// One environment variable (the whole environment as a dictionary
    /// costs a start more).
    private static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The entry's name for a script: the digest of all its findings depend on.
    func key(for script: LuaScript, kind: String, collectionSizes: [String: Int]) -> String {
        var hash = LintHash()
        hash.add("behave lint cache 2")
        hash.add(build)
        hash.add(kind)
        hash.add(script.displayName)
        hash.add(UInt64(collectionSizes.count))
        for (name, size) in collectionSizes.sorted(by: { $0.key < $1.key }) {
            hash.add(name)
            hash.add(UInt64(bitPattern: Int64(size)))
        }
        // An embedding app's modules are globals the linter knows (none
        // in `behave` itself, which registers none).
        for module in ScriptAPI.appModules {
            hash.add(module.name)
            for function in module.functions { hash.add(function.name) }
        }
        hash.add(script.source)
        return hash.hex
    }

    /// Whether the script of `key` linted clean before.
    func isClean(_ key: String) -> Bool {
        let directory = opened(creating: false)
        guard directory >= 0 else { return false }
        // Not a link, not a FIFO left to block on: a regular file of our own.
        let file = openat(directory, key, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size == LintCache.entry.count else { return false }
        var bytes = [UInt8](repeating: 0, count: LintCache.entry.count + 1)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        return count == LintCache.entry.count && bytes.prefix(count).elementsEqual(LintCache.entry)
    }

    /// The most entries the folder keeps. A script edited and run again
    /// leaves an entry for each clean version, so the folder would only
    /// grow: past this many, the oldest are removed (`prune`). An entry
    /// removed costs one lint at most.
    static let maximumEntries = 512

    /// Remembers that the script of `key` linted clean: written whole to a
    /// file of its own, then renamed onto the entry, so that a reader sees
    /// the entry whole or not at all. A failure is silent: the next start
    /// lints again.
    func remember(_ key: String) {
        let directory = opened(creating: true)
        guard directory >= 0 else { return }
        let temporary = ".\(key).\(getpid()).\(UInt32.random(in: .min ... .max))"
        // O_EXCL and O_NOFOLLOW: never through a link planted at that name.
        let file = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return }
        let written = LintCache.entry.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        let closed = close(file)
        guard written == LintCache.entry.count, closed == 0,
              renameat(directory, temporary, directory, key) == 0 else {
            unlinkat(directory, temporary, 0)
            return
        }
        prune(directory)
    }

    /// Past `maximumEntries`, removes the oldest entries (by the time they
    /// were written) until a quarter fewer are left, so that the removal
    /// comes only once in a while. Temporary files count as entries:
    /// one a killed start left is old and goes first; one another start is
    /// writing now is new and stays (were it removed, that start would only
    /// not remember its script). Other files in the folder are not ours and
    /// are left alone.
    private func prune(_ directory: Int32) {
        // A descriptor of its own, not a `dup`: a dup shares the reading
        // position, and a second prune in one start would read nothing.
        let listing = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0 else { return }
        guard let stream = fdopendir(listing) else {
            close(listing)
            return
        }
        defer { closedir(stream) }
        // Counted first without reading a name: every write lists the
        // folder, mostly under the bound, and a `String` made of each name
        // cost a start 2,500 instructions an entry (4.6 M where it took
        // 3.4 M, in a folder of 500). `.` and `..` are listed too; a file
        // that is not ours only makes the names be read.
        var listed = 0
        while readdir(stream) != nil { listed += 1 }
        guard listed > LintCache.maximumEntries + 2 else { return }
        rewinddir(stream)
        var names: [String] = []
        while let found = readdir(stream) {
            let name = withUnsafeBytes(of: found.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if LintCache.isEntry(name) { names.append(name) }
        }
        guard names.count > LintCache.maximumEntries else { return }
        var written: [(seconds: Int, nanoseconds: Int, name: String)] = []
        for name in names {
            var status = stat()
            guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            written.append((status.st_mtim.tv_sec, status.st_mtim.tv_nsec, name))
        }
        written.sort { ($0.seconds, $0.nanoseconds) < ($1.seconds, $1.nanoseconds) }
        for old in written.prefix(max(0, written.count - LintCache.maximumEntries * 3 / 4)) {
            unlinkat(directory, old.name, 0)
        }
    }

    /// Whether `name` is an entry's (32 hexadecimal digits) or one being
    /// written (`.` and an entry's name, then `.` and more).
    private static func isEntry(_ name: String) -> Bool {
        var digits = name.utf8[...]
        if digits.first == UInt8(ascii: ".") {
            digits = digits.dropFirst()
            guard digits.count > 33, digits[digits.index(digits.startIndex, offsetBy: 32)] == UInt8(ascii: ".") else { return false }
            digits = digits.prefix(32)
        }
        return digits.count == 32 && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The cache folder's descriptor, or a negative number. Its last two
    /// folders (`behave`, `lint`) are never followed through a link, and
    /// the last must be ours and writable by no one else: entries another
    /// user could write would let them silence this user's advice.
    private func opened(creating: Bool) -> Int32 {
        if folder >= 0 || folder == -2 { return folder }
        if creating {
            // `~/.cache` itself may be missing on a new account.
            _ = mkdir(base, 0o700)
        }
        let top = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return failed(creating) }
        var parent = top
        for name in ["behave", "lint"] {
            if creating { _ = mkdirat(parent, name, 0o700) }
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(parent)
            guard child >= 0 else { return failed(creating) }
            parent = child
        }
        var status = stat()
        guard fstat(parent, &status) == 0, status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
            close(parent)
            folder = -2
            return folder
        }
        folder = parent
        return folder
    }

    /// A folder not there yet may be made by `remember`; one that cannot
    /// be made is not tried again.
    private func failed(_ creating: Bool) -> Int32 {
        if creating { folder = -2 }
        return -2
    }
}
