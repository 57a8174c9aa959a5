import BehaveCore

/// One mistake in a scene (or a script), where it is; or a warning: what
/// is allowed but probably not meant (an outlet left unconnected).
public struct SceneDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// Nil when the mistake has no line (a file that cannot be read).
    public var line: Int?
    public var message: String
    /// A warning does not stop the scene from loading.
    public var isWarning: Bool
    /// A mistake in a command-line option (`--set counter.value=abc`), not
    /// in the file: said as the other options' mistakes are.
    public var isOption: Bool

    /// `message` keeps no word longer than `DisplayText.longestWord` (a
    /// name a file gives is cut about an ellipsis).
    public init(file: String, line: Int?, message: String, isWarning: Bool = false, isOption: Bool = false) {
        self.file = file
        self.line = line
        self.message = DisplayText.shortened(message)
        self.isWarning = isWarning
        self.isOption = isOption
    }

    /// `file:line: message` (`file:line: warning: message`), as compilers
    /// print it; the message alone when it names its own place (no file);
    /// an option's mistake as bad usage, `behave: --set NAME: message`
    /// (`behave: warning: --set NAME: message`).
    public var description: String {
        let message = isWarning ? "warning: \(self.message)" : self.message
        if isOption { return "behave: \(message)" }
        if file.isEmpty { return message }
        guard let line, line > 0 else { return "\(file): \(message)" }
        return "\(file):\(line): \(message)"
    }
}

/// Why a scene could not be loaded: every mistake found, not only the first.
public struct SceneLoadError: Error, Equatable, CustomStringConvertible {
    public var diagnostics: [SceneDiagnostic]
    /// Warnings found on the way (not in `description`).
    public var warnings: [SceneDiagnostic]

    public init(_ diagnostics: [SceneDiagnostic], warnings: [SceneDiagnostic] = []) {
        self.diagnostics = diagnostics
        self.warnings = warnings
    }

    /// One diagnostic a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects the diagnostics of one file while it is read and built.
struct DiagnosticLog {
    let file: String
    private(set) var diagnostics: [SceneDiagnostic] = []
    private(set) var warningDiagnostics: [SceneDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    /// No errors (warnings do not count).
    var isEmpty: Bool { diagnostics.isEmpty }

    mutating func error(_ message: String, line: Int?) {
        diagnostics.append(SceneDiagnostic(file: file, line: line, message: message))
    }

    /// An error whose message names its own file and line: a script that
    /// cannot load, in its default scene.
    mutating func error(placed message: String) {
        diagnostics.append(SceneDiagnostic(file: "", line: nil, message: message))
    }

    /// A mistake in a command-line option, not the file's (`isOption`).
    mutating func optionError(_ message: String) {
        diagnostics.append(SceneDiagnostic(file: file, line: nil, message: message, isOption: true))
    }

    /// A warning about what a command-line option gave (`isOption`).
    mutating func optionWarning(_ message: String) {
        warningDiagnostics.append(SceneDiagnostic(file: file, line: nil, message: message, isWarning: true, isOption: true))
    }

    mutating func warning(_ message: String, line: Int?) {
        warningDiagnostics.append(SceneDiagnostic(file: file, line: line, message: message, isWarning: true))
    }

    /// The errors in file order (stable, so mistakes on one line keep theirs).
    var sorted: [SceneDiagnostic] { DiagnosticLog.inFileOrder(diagnostics) }

    /// The warnings in file order.
    var warnings: [SceneDiagnostic] { DiagnosticLog.inFileOrder(warningDiagnostics) }

    private static func inFileOrder(_ list: [SceneDiagnostic]) -> [SceneDiagnostic] {
        list.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }
}
