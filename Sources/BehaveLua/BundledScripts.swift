import Synchronization

/// The bundled behaviours (`Scripts/` of the checkout), embedded in the
/// binary at build time (Plugins/EmbedFiles), so that `behave` copied
/// anywhere, with the checkout gone, still has them. Nothing reads them from
/// the disk.
///
/// A bundled script is named by a path of its own, `bundled:Scripts/NAME`,
/// which `LuaScript(contentsOf:)` reads from the binary; messages show it as
/// `Scripts/NAME` (`Scripts/toggle.lua:12: …`).
public enum BundledScripts {
    /// The folder they come from, as messages name it.
    public static let folder = "Scripts"
    static let pathPrefix = "bundled:"

    /// The bundled scripts' names (`toggle.lua`), sorted.
    public static let names: [String] = EmbeddedFiles.names.compactMap { name in
        name.hasPrefix(folder + "/") ? String(name.dropFirst(folder.count + 1)) : nil
    }

    /// The path of the bundled script `name` (`toggle.lua`, `./toggle.lua`),
    /// or nil when there is none of that name.
    public static func path(of name: String) -> String? {
        var stripped = Substring(name)
        while stripped.hasPrefix("./") { stripped = stripped.dropFirst(2) }
        // Asked of the embedded files, which reading the script needs next:
        // a set of the names cost a cold start about 35 K instructions. (A
        // Substring appended to a String looks its conformances up, 240 K.)
        let name = String(stripped)
        guard EmbeddedFiles.contains(folder + "/" + name) else { return nil }
        return pathPrefix + folder + "/" + name
    }

    /// Whether `path` names a bundled script (as `path(of:)` gives it).
    public static func isBundled(_ path: String) -> Bool {
        path.hasPrefix(pathPrefix + folder + "/")
    }

    /// The source of the bundled script at `path`; nil for any other path.
    /// Decoded once: every scene of a script then shares one source, which
    /// compares with itself at once (`LuaScript`'s caches).
    static func source(atPath path: String) -> [UInt8]? {
        guard isBundled(path) else { return nil }
        if let decoded = decoded.withLock({ $0[path] }) { return decoded }
        guard let bytes = EmbeddedFiles.bytes(String(path.dropFirst(pathPrefix.count))) else { return nil }
        decoded.withLock { $0[path] = bytes }
        return bytes
    }

    private static let decoded = Mutex<[String: [UInt8]]>([:])

    /// `Scripts/toggle.lua` for the bundled toggle; nil for any other path.
    static func displayName(ofPath path: String) -> String? {
        isBundled(path) ? String(path.dropFirst(pathPrefix.count)) : nil
    }
}
