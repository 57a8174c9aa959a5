import BehaveCore
import CLuaShim
import Foundation
import Synchronization

/// Declarations read, kept for the process by what they were read from:
/// the script (its path and source) and its declaration table's
/// description (`bh_describe`: the table's raw contents, all the reader
/// sees). Every scene has a runtime of its own, so a thousand specs that
/// each make a scene read the same declaration a thousand times; reading
/// it cost a tenth of each spec. Asked only by a scene's first instance of
/// a script: later ones take the scene's (`ScriptRegistry.declarations`)
/// without describing their table, so a declaration is static within a
/// scene. Across scenes, one that came out differently (from a module,
/// or the platform) is read again, and a table that does not describe
/// (it holds a function, say) is read by every scene.
enum DeclarationCache {
    private struct Entry {
        let source: [UInt8]
        let description: [UInt8]
        let declaration: BehaviourDeclaration
    }

    /// Entries by script path: a few each (one per way its declaration
    /// came out), and at most `limit` in all; past it the cache starts
    /// again empty, so that a long session of edits keeps it bounded.
    private static let entries = Mutex<(byPath: [String: [Entry]], count: Int)>(([:], 0))
    static let limit = 256

    static func declaration(of script: LuaScript, describedAs description: [UInt8]) -> BehaviourDeclaration? {
        entries.withLock { state in
            state.byPath[script.path]?.first { $0.description == description && $0.source == script.source }?.declaration
        }
    }

    static func keep(_ declaration: BehaviourDeclaration, of script: LuaScript, describedAs description: [UInt8]) {
        entries.withLock { state in
            if state.count >= limit { state = ([:], 0) }
            state.byPath[script.path, default: []].append(
                Entry(source: script.source, description: description, declaration: declaration))
            state.count += 1
        }
    }
}

extension LuaRuntime {
    /// The description of the declaration table at `index` of `S`
    /// (`bh_describe`, images allowed), or nil when it holds more than
    /// plain data.
    func declarationDescription(at index: Int32, in S: OpaquePointer) -> [UInt8]? {
        let table = lua_absindex(S, index)
        pushRef(imageMetatableRef, on: S)
        defer { bh_pop(S, 1) }
        var length = 0
        guard let bytes = bh_describe(S, table, -1, &length) else { return nil }
        defer { free(bytes) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: length))
    }
}
