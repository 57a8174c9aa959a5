/// One mistake in a scene (or a script), where it is.
public struct SceneDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// Nil when the mistake has no line (a file that cannot be read).
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, as compilers print it.
    public var description: String {
        guard let line, line > 0 else { return "\(file): \(message)" }
        return "\(file):\(line): \(message)"
    }
}

/// Why a scene could not be loaded: every mistake found, not only the first.
public struct SceneLoadError: Error, Equatable, CustomStringConvertible {
    public var diagnostics: [SceneDiagnostic]

    public init(_ diagnostics: [SceneDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects the diagnostics of one file while it is read and built.
struct DiagnosticLog {
    let file: String
    private(set) var diagnostics: [SceneDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    var isEmpty: Bool { diagnostics.isEmpty }

    mutating func error(_ message: String, line: Int?) {
        diagnostics.append(SceneDiagnostic(file: file, line: line, message: message))
    }

    /// In file order (stable, so mistakes on one line keep theirs).
    var sorted: [SceneDiagnostic] {
        diagnostics.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }
}
