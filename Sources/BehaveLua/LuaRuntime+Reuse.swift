import CLuaShim

/// What installing the bridge left on the Swift side of a runtime: kept
/// with the copy of its state (`bh_keep_for_reuse`, recycle.c), so that a
/// state made again from the copy, which has the Lua half installed
/// already, gets the Swift half with it instead of installing both again
/// (a fifth of making a spec's scene). The references and ids it holds are
/// the copy's: the state made again is the copy, byte for byte.
final class InstalledBridge {
    /// Each field the bridge sets, as it was, ready to be set again.
    private let fields: [(LuaRuntime) -> Void]

    init(of runtime: LuaRuntime) {
        func kept<T>(_ field: ReferenceWritableKeyPath<LuaRuntime, T>) -> (LuaRuntime) -> Void {
            let value = runtime[keyPath: field]
            return { $0[keyPath: field] = value }
        }
        fields = [kept(\.hostFunctions), kept(\.controlMethodIDs), kept(\.userdata), kept(\.selves), kept(\.modules),
                  kept(\.apiRef), kept(\.otherSelf), kept(\.imageMetatableRef), kept(\.names), kept(\.shortenedChunkNames)]
    }

    /// Gives `runtime`, made from the copy, the Swift half as it was.
    func restore(in runtime: LuaRuntime) {
        for field in fields { field(runtime) }
    }
}

/// Releases what `bh_keep_for_reuse` kept, when its copy goes.
private let releaseInstalledBridge: @convention(c) (UnsafeMutableRawPointer?) -> Void = { kept in
    guard let kept else { return }
    Unmanaged<InstalledBridge>.fromOpaque(kept).release()
}

extension LuaRuntime {
    /// Has the state, as the bridge has just left it, made again for the
    /// next runtime opened on this thread (once this one closes).
    func keepForReuse() {
        let kept = Unmanaged.passRetained(InstalledBridge(of: self)).toOpaque()
        if bh_keep_for_reuse(L, kept, releaseInstalledBridge) == 0 {
            Unmanaged<InstalledBridge>.fromOpaque(kept).release()
        }
    }

    /// Takes the Swift half of the bridge a state made again has.
    func adopt(_ bridge: InstalledBridge) {
        bridge.restore(in: self)
    }
}
