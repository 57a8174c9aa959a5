import BehaveCore
import CLuaShim

/// An error raised to a script (a bad argument, a wrong value), a script
/// that could not be loaded or failed: the core's one error value.
public typealias LuaError = ScriptError

extension LuaRuntime {
    /// The error bh_pcall or bh_resume left on top of `S` (popped), its
    /// position and frames as the C side noted them while they were live:
    /// the message is cut at the offsets it gave, never searched.
    func popError(from S: OpaquePointer? = nil) -> ScriptError {
        withWholeChunkNames(popErrorAsLuaNamesIt(from: S))
    }

    /// The error as `popError` reads it, with chunk names as Lua wrote them.
    private func popErrorAsLuaNamesIt(from S: OpaquePointer?) -> ScriptError {
        let S = S ?? L
        defer { bh_pop(S, 1) }
        var length = 0
        guard let bytes = lua_tolstring(S, -1, &length) else { return ScriptError("(error object is not a string)") }
        let message = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        func text(_ range: Range<Int>) -> String { String(decoding: message[range], as: UTF8.self) }
        var where_ = 0, end = 0, repeats: Int32 = 0, line: Int32 = 0
        let source = bh_error_where(S, &where_, &repeats, &end, &line)
        guard end > 0 || source != nil, end <= length else { return ScriptError(text(0..<length)) }
        if let raised = raisedError, raised.location != nil, text(0..<end) == raised.message {
            // A host function's error whose position is no live frame's
            // (a module that does not compile): as it was raised.
            var error = raised
            if end + 1 < length { error.traceback = [raised.traceback, text(end + 1..<length)].compactMap { $0 }.joined(separator: "\n") }
            return error
        }
        // An error rethrown through many levels (`coroutine.wrap` adds its
        // position each time) reads `f.lua:5: f.lua:5: … message`: one is kept.
        let condensed = repeats > 2
        var error = ScriptError(text(where_ * (condensed ? Int(repeats) : 1)..<end))
        if condensed { error.text += " (raised through \(repeats) levels)" }
        if let source {
            error.file = String(cString: source)
            error.line = Int(line)
        }
        if end + 1 < length { error.traceback = text(end + 1..<length) }
        var index: Int32 = 0, frameLine: Int32 = 0
        var name: UnsafePointer<CChar>?
        while let frame = bh_error_frame(S, index, &frameLine, &name) {
            let function = name.map { String(cString: $0) } ?? ""
            error.frames.append(ScriptError.Frame(file: String(cString: frame), line: Int(frameLine),
                                                  function: function.isEmpty ? nil : function))
            index += 1
        }
        error.isDeep = bh_error_deep(S) != 0
        return error
    }
}
