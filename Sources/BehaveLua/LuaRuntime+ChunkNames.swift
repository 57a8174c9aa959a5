import BehaveCore
import Foundation

/// Lua names a chunk in its messages by at most 59 bytes of its name: a
/// longer path reads `...levels/of/behaviours/counter.lua` (its end kept),
/// in Lua's own errors, positions, frames and tracebacks. The runtime keeps
/// the whole name of each chunk Lua shortens and puts it back in what an
/// error tells, so that an editor can open the file, the advice can read
/// the script, and `behave test` run from elsewhere names files as `check`
/// does.
extension LuaRuntime {
    /// Notes `chunkName` ("@path") when Lua names it shortened: a path of
    /// 60 bytes or more reads "..." and its last 56 bytes (Lua's
    /// `luaO_chunkid`, with its LUA_IDSIZE of 60). Two paths that end
    /// alike are left as Lua names them: either could be meant.
    func noteChunkName(_ chunkName: String) {
        let name = chunkName.utf8.dropFirst()
        guard chunkName.hasPrefix("@"), name.count >= 60 else { return }
        let short = "..." + String(decoding: name.suffix(56), as: UTF8.self)
        let whole = String(decoding: name, as: UTF8.self)
        if let known = shortenedChunkNames[short], known != whole {
            shortenedChunkNames[short] = short
        } else {
            shortenedChunkNames[short] = whole
        }
    }

    /// A source as Lua names it (`short_src`), whole.
    func wholeChunkName(_ source: String) -> String {
        shortenedChunkNames[source] ?? source
    }

    /// `text` with each chunk name Lua shortened in it put back whole.
    func withWholeChunkNames(_ text: String) -> String {
        guard !shortenedChunkNames.isEmpty, text.contains("...") else { return text }
        var text = text
        for (short, whole) in shortenedChunkNames where text.contains(short) {
            text = text.replacingOccurrences(of: short, with: whole)
        }
        return text
    }

    /// `error` with the chunk names Lua shortened put back whole: its
    /// position, text, frames and traceback.
    func withWholeChunkNames(_ error: ScriptError) -> ScriptError {
        guard !shortenedChunkNames.isEmpty else { return error }
        var error = error
        error.file = error.file.map(wholeChunkName)
        error.text = withWholeChunkNames(error.text)
        error.traceback = error.traceback.map(withWholeChunkNames)
        for index in error.frames.indices { error.frames[index].file = wholeChunkName(error.frames[index].file) }
        return error
    }
}
