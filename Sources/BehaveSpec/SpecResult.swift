/// What became of one spec (or of a spec file that could not be loaded).
public struct SpecResult: Sendable, Equatable, Codable {
    /// As busted tells them apart: `failed` when an assertion failed in the
    /// spec's body; `errored` for anything else raised (an error in Lua,
    /// a runaway, an assertion in a hook, a scene's error the spec did not
    /// read, a file that could not be loaded); `listed` for a spec named by
    /// `behave test --list`, which does not run.
    public enum Status: String, Sendable, Codable {
        case passed, failed, errored, pending, listed
    }

    /// The spec file, as messages show it.
    public var file: String
    /// The full name: the describe names and the spec's, joined by spaces.
    public var name: String
    /// The line of the spec's `it`; for a file that could not be loaded,
    /// the line its location names (1 when it names none).
    public var line: Int
    public var status: Status
    /// For a failure or an error: `file:line` of the failing assertion or error (the
    /// spec's own line when the error has none) and the message, whose
    /// first line says what was expected and what came instead. For a spec
    /// that called `pending("why")`: the reason. For a spec that passed, a
    /// note the plain report shows (a transcript `--update` rewrote).
    public var location: String
    public var message: String
    /// What the spec printed, and what its scenes' behaviours logged.
    public var output: [String]
    /// Wall-clock seconds.
    public var duration: Double

    public init(file: String, name: String, line: Int, status: Status, location: String = "", message: String = "",
                output: [String] = [], duration: Double = 0) {
        self.file = file
        self.name = name
        self.line = line
        self.status = status
        self.location = location
        self.message = message
        self.output = output
        self.duration = duration
    }
}

/// The counts of a run.
public struct SpecSummary: Sendable, Equatable {
    public var passed = 0
    /// Failed assertions.
    public var failed = 0
    /// Errors: everything else that stopped a spec (see `SpecResult.Status`).
    public var errors = 0
    public var skipped = 0
    public var listed = 0
    public var files = 0
    public var duration = 0.0

    public init() {}

    mutating func add(_ result: SpecResult) {
        switch result.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .errored: errors += 1
        case .pending: skipped += 1
        case .listed: listed += 1
        }
    }

    /// Whether the run is a success: no failure and no error.
    public var succeeded: Bool { failed == 0 && errors == 0 }

    /// `N passed, N failed`, then `, N errored` when some specs raised an
    /// error and `, N skipped` when some are pending.
    public var line: String {
        "\(passed) passed, \(failed) failed" + (errors > 0 ? ", \(errors) errored" : "")
            + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
