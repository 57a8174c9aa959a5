/// The page's own files (Page/ of this target, embedded in the binary at
/// build time by the EmbedFiles plugin), by the path the browser asks for.
/// Only these names exist: a path is looked up, never joined to a folder.
public enum StudioAssets {
    /// The file for a request path (`/` is the page), with its media type;
    /// nil when there is none.
    public static func file(at path: String) -> (bytes: [UInt8], type: String)? {
        let name = path == "/" ? "index.html" : String(path.drop(while: { $0 == "/" }))
        guard names.contains(name), let bytes = EmbeddedFiles.bytes(folder + name),
              let dot = name.lastIndex(of: ".") else { return nil }
        guard let type = types[String(name[name.index(after: dot)...])] else { return nil }
        return (bytes, type)
    }

    /// Every file's name under Page/ (`index.html`, `js/widgets.js`).
    public static let names: Set<String> = Set(EmbeddedFiles.names.compactMap { name in
        name.hasPrefix(folder) ? String(name.dropFirst(folder.count)) : nil
    })

    private static let folder = "Page/"

    private static let types = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
    ]
}
