import BehaveLua

/// What a run is given. A worker process is given the same (as JSON).
public struct SpecOptions: Sendable, Equatable, Codable {
    /// The limits every spec and every scene it makes runs under.
    public var limits: SandboxLimits
    /// Which specs run.
    public var selection: SpecSelection
    /// The order of the specs inside each file (the order of the files is
    /// the caller's: `SpecShuffle.order(files:)`); nil: as declared.
    public var shuffle: SpecShuffle?
    /// Name the specs that would run (`SpecResult.Status.listed`) without
    /// running them: only the files' top levels run.
    public var listOnly: Bool
    /// Rewrite transcripts (`*.behave`) with what their scenes do now.
    public var updateTranscripts = false

    /// `filter`, when given, is one more Lua pattern for `selection.filters`.
    public init(limits: SandboxLimits = .default, filter: String? = nil, selection: SpecSelection = SpecSelection(),
                shuffle: SpecShuffle? = nil, listOnly: Bool = false) {
        self.limits = limits
        self.selection = selection
        if let filter, !filter.isEmpty { self.selection.filters.append(filter) }
        self.shuffle = shuffle
        self.listOnly = listOnly
    }
}
