import BehaveCore
import BehaveLua

/// A running scene driven by lines of the command language. What it shows
/// — trace entries as they happen, what commands print — reaches `output`,
/// a line at a time: readable lines, or JSON Lines; a mistake in a command
/// reaches `diagnostics` (in JSON Lines, `output` as a record of its own).
/// `behave run` prints them, a transcript records them, a replay compares
/// them.
public final class CommandSession {
    public let running: LoadedScene
    public var scene: Scene { running.scene }
    public let json: Bool
    /// Commands that were mistyped or refused (a bad name, a bad value).
    public private(set) var commandFailures = 0
    /// Why the last command was mistyped or refused; nil when it ran.
    public private(set) var lastFailure: String?
    private let output: (String) -> Void
    private let diagnostics: (String) -> Void
    private let listener: (Trace.Entry) -> Void

    /// Makes the scene of `source`, telling `output` everything from its
    /// first `awake` on: the trace as lines, or each entry to `trace` when
    /// given (Behave Studio draws them itself); `diagnostics` hears
    /// mistakes in commands (by default `output`). With `wakes` false the
    /// scene is built but its behaviours wake only at `wake()` (a reload
    /// wakes the new scene before it dismisses the old one).
    public init(source: SceneSource, json: Bool = false, output: @escaping (String) -> Void,
                diagnostics: ((String) -> Void)? = nil,
                trace: ((Trace.Entry) -> Void)? = nil, hosting: SceneHosting = SceneHosting(),
                wakes: Bool = true) throws(SceneSourceError) {
        self.json = json
        self.output = output
        self.diagnostics = diagnostics ?? output
        listener = trace ?? CommandSession.printer(json: json, output: output)
        running = try source.build(hosting: hosting)
        if wakes { wake() }
    }

    /// Wakes the scene's behaviours (once), telling what they do.
    public func wake() {
        running.start(listener: listener)
    }

    /// Wakes the scene, built to replace `replacement`'s running scene:
    /// when a behaviour raises as it wakes, this scene is dismissed, the
    /// running one keeps its widgets, and the error says where
    /// (`SceneReplacement`).
    func wake(replacing replacement: SceneReplacement) throws(SceneLoadError) {
        try replacement.wake(running, listener: listener)
    }

    /// Dismisses the scene, telling what its behaviours' `destroy`
    /// handlers do.
    public func dismiss() {
        running.dismiss()
    }

    /// `entry` as a line of this session's output.
    static func printer(json: Bool, output: @escaping (String) -> Void) -> (Trace.Entry) -> Void {
        { entry in output(json ? entry.printedJSON.text : entry.line) }
    }

    /// Runs one command line; true when it asks to quit.
    @discardableResult
    public func execute(_ line: String) -> Bool {
        lastFailure = nil
        let command: SceneCommand
        do {
            guard let parsed = try SceneCommand.parse(line) else { return false }
            command = parsed
        } catch {
            refuse(error.message, command: line)
            return false
        }
        do {
            switch try scene.execute(command) {
            case .none: return false
            case .quit: return true
            case .text(let text):
                output(json ? JSON.object([("kind", .string("show")), ("text", .string(text))]).text : text)
            case .state(let state):
                // In JSON Lines a mid-run state is a record of its own; the
                // last line alone is the bare final state, whole. Long texts
                // are cut as the trace cuts them: a megabyte field would
                // flood the terminal.
                let shown = state.cutForReading
                output(json ? JSON.object([("kind", .string("state")), ("state", shown)]).text : shown.text)
            }
        } catch {
            refuse(CommandSession.subject(of: command, typed: line) + error.message, command: line)
        }
        return false
    }

    /// What a refused set names first, as it was typed (`set
    /// volume.minimumValue 200: `): the value's own message names only the
    /// property, and a window's or studio's line has no other context. A
    /// command given as values (a spec's `s:set`), with no `line`, is named
    /// as it would be typed. Long words are the caller's to cut, with the
    /// message (`DisplayText.shortened`), as `refuse` cuts them.
    public static func subject(of command: SceneCommand, typed line: String? = nil) -> String {
        guard case .set(let object, let property, let value) = command else { return "" }
        guard let line else { return "set \(object).\(property) \(value.typed): " }
        // Its words as typed, one space between them (the value's own
        // spaces kept: a quoted text's are its).
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        var words = line.split(maxSplits: 2, omittingEmptySubsequences: true, whereSeparator: isSpace)
        if let value = words.popLast() {
            words.append(value.drop(while: isSpace))
            while words.last?.last.map(isSpace) == true { words[words.count - 1].removeLast() }
        }
        return words.joined(separator: " ") + ": "
    }

    /// Counts a command that was mistyped, refused or never read (`command`
    /// nil: a line too long to read), and says why. A long word (a name of
    /// a megabyte) is shown by its start and its end, and in JSON Lines the
    /// command is cut as the trace cuts a long text: the message repeated
    /// the whole line.
    public func refuse(_ message: String, command: String? = nil) {
        let message = DisplayText.shortened(message)
        commandFailures += 1
        lastFailure = message
        if json {
            output(JSON.object([("kind", .string("commandError")), ("command", command.map { JSON.string($0).cutForReading } ?? .null),
                                ("message", .string(message))]).text)
        } else {
            diagnostics("error: \(DisplayText.line(message))")
        }
    }
}
