import CLuaShim

/// What installing the bridge left on the Swift side of a runtime: kept
/// with the copy of its state (`bh_keep_for_reuse`, recycle.c), so that a
/// state made again from the copy, which has the Lua half installed
/// already, gets the Swift half with it instead of installing both again
/// (a fifth of making a spec's scene). The references and ids it holds are
/// the copy's: the state made again is the copy, byte for byte.
final class InstalledBridge {
    let hostFunctions: HostFunctionRegistry
    let controlMethodIDs: [String: Int32]
    let userdata: ObjectUserdata
    let selves: BehaviourSelves
    let modules: ModuleRegistry
    let apiRef: Int32
    let imageMetatableRef: Int32
    let names: [(name: String, ref: Int32)]
    let shortenedChunkNames: [String: String]

    init(of runtime: LuaRuntime) {
        hostFunctions = runtime.hostFunctions
        controlMethodIDs = runtime.controlMethodIDs
        userdata = runtime.userdata
        selves = runtime.selves
        modules = runtime.modules
        apiRef = runtime.apiRef
        imageMetatableRef = runtime.imageMetatableRef
        names = runtime.names
        shortenedChunkNames = runtime.shortenedChunkNames
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
        hostFunctions = bridge.hostFunctions
        controlMethodIDs = bridge.controlMethodIDs
        userdata = bridge.userdata
        selves = bridge.selves
        modules = bridge.modules
        apiRef = bridge.apiRef
        imageMetatableRef = bridge.imageMetatableRef
        names = bridge.names
        shortenedChunkNames = bridge.shortenedChunkNames
    }
}
