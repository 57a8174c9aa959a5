import CLuaShim
import Synchronization

/// The runtime's own Lua compiled when the binary was built (the EmbedFiles
/// plugin dumps each embedded `.lua` file's chunk beside its text): loading
/// one of those texts runs no parser, a sixth of what `behave run` took to
/// start. The dumps go into the chunk cache that `bh_load` reads, each under
/// the name the runtime loads its text as, so that messages and tracebacks
/// read as they do for the text.
enum EmbeddedChunks {
    /// The text of the embedded Lua file `name`, its chunk cached under
    /// `chunkName` first.
    static func text(_ name: String, as chunkName: String) -> [UInt8] {
        let source = EmbeddedFiles.lua(name)
        seed(source, name: name, as: chunkName)
        return source
    }

    /// Caches the chunk the build compiled from the embedded file `name`,
    /// whose text is `source`, under `chunkName`.
    static func seed(_ source: [UInt8], name: String, as chunkName: String) {
        guard let dump = EmbeddedFiles.compiled(name) else { return }
        _ = bh_seed_chunk(chunkName, source, source.count, dump, dump.count)
    }

    /// The bundled scripts whose chunks are cached.
    private static let seededScripts = Mutex<Set<String>>([])

    /// Caches the chunk of the bundled script `name` (`Scripts/toggle.lua`)
    /// under the name scripts load as, the first time a process compiles
    /// it, for the text the runtime compiles from the embedded file
    /// (`LuaScript.chunkPrefix` and the script): only that very text loads
    /// it, whatever a caller names its own text.
    static func seedBundled(name: String) {
        guard seededScripts.withLock({ $0.insert(name).inserted }),
              let source = EmbeddedFiles.bytes(name) else { return }
        seed(LuaScript.chunkPrefix + source, name: name, as: "@" + name)
    }
}
