import BehaveCore
import BehaveLua
import Foundation

/// A golden transcript (`FILE.behave`): what a person did to a scene (the
/// commands) and what the scene did (everything the run printed after each
/// command, then the final state), as readable, diff-friendly text:
///
///     # Behave transcript …
///     scene: toggle.scene.yaml
///
///     [0s] toggle awake
///     > tap button
///     [0s] button touchDown
///     = state
///     {
///       "screen": "Toggle",
///       …
///
/// Paths are relative to the transcript's folder, so it replays from
/// anywhere.
public struct Transcript: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        public var command: String
        /// What the run printed after the command.
        public var lines: [String]
        /// The line of the transcript the command is on.
        public var line: Int
    }

    /// The scene (`scene:`) or script (`script:`), relative to the
    /// transcript's folder, with the script's `--set` overrides.
    public var kind: SceneSource.Kind
    public var settings: [String]
    /// The folder of images given on the command line (`images:`, from
    /// `--images`), relative to the transcript's folder.
    public var images: String?
    /// What the run printed while the scene woke.
    public var opening: [String]
    public var steps: [Step]
    /// The final state, one JSON member a line.
    public var state: [String]
    /// The file it was read from, as shown, and the line of its `scene:` or
    /// `script:` (where a scene that cannot be made is reported); nil and 1
    /// for one not read from a file.
    public var file: String?
    public var sourceLine = 1

    static let heading = "# Behave transcript: `behave test` replays it and compares what the scene does; `behave test --update` rewrites what follows each command."
    static let commandMark = "> "
    static let stateMark = "= state"

    public var text: String {
        var out = [Transcript.heading]
        switch kind {
        case .sceneFile(let path): out.append("scene: \(path)")
        case .script(let path): out.append("script: \(path)")
        }
        out += settings.map { "set: \($0)" }
        if let images { out.append("images: \(images)") }
        out.append("")
        out += opening
        for step in steps {
            out.append(Transcript.commandMark + step.command)
            out += step.lines
        }
        out.append(Transcript.stateMark)
        out += state
        return out.joined(separator: "\n") + "\n"
    }

    /// Reads a transcript; a mistake names its line.
    public init(parsing text: String, file: String) throws(ValueError) {
        // A CR LF ends a line as a line feed does (a file checked out on Windows).
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        var index = 0
        var kind: SceneSource.Kind?
        var settings: [String] = []
        var images: String?
        var sourceLine = 1
        // The header: comments, `scene:` or `script:`, `set:`, `images:`, to a blank line.
        while index < lines.count, !lines[index].isEmpty {
            let line = lines[index]
            index += 1
            if line.hasPrefix("#") { continue }
            if let path = Transcript.value(of: "scene", in: line) {
                kind = .sceneFile(path)
                sourceLine = index
            } else if let path = Transcript.value(of: "script", in: line) {
                kind = .script(path)
                sourceLine = index
            } else if let setting = Transcript.value(of: "set", in: line) {
                settings.append(setting)
            } else if let folder = Transcript.value(of: "images", in: line) {
                images = folder
            } else {
                throw ValueError(file: file, line: index, text: "a transcript starts with `scene: FILE` or `script: FILE` (and `set: NAME=VALUE` lines, an `images: DIR` line), then a blank line; not `\(DisplayText.line(String(line.prefix(200))))`")
            }
        }
        guard let kind else { throw ValueError(file: file, line: 1, text: "a transcript names its scene (`scene: FILE`) or script (`script: FILE`)") }
        index += 1
        var opening: [String] = []
        var steps: [Step] = []
        var state: [String]?
        while index < lines.count {
            let line = lines[index]
            index += 1
            if state != nil {
                state?.append(line)
            } else if line == Transcript.stateMark {
                state = []
            } else if line.hasPrefix(Transcript.commandMark) {
                steps.append(Step(command: String(line.dropFirst(Transcript.commandMark.count)), lines: [], line: index))
            } else if steps.isEmpty {
                opening.append(line)
            } else {
                steps[steps.count - 1].lines.append(line)
            }
        }
        guard let state else { throw ValueError("\(file): the transcript has no `= state` line; record it again") }
        self.init(kind: kind, settings: settings, images: images, opening: opening, steps: steps, state: state)
        self.file = file
        self.sourceLine = sourceLine
    }

    public init(kind: SceneSource.Kind, settings: [String], images: String? = nil, opening: [String], steps: [Step],
                state: [String]) {
        self.kind = kind
        self.settings = settings
        self.images = images
        self.opening = opening
        self.steps = steps
        self.state = state
    }

    private static func value(of key: String, in line: String) -> String? {
        guard line.hasPrefix(key + ":") else { return nil }
        return line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Paths

    /// Writes `path` (as given to `behave run`) relative to `folder`, where
    /// the transcript goes.
    static func relative(_ path: String, to folder: String) -> String {
        let absolute = FileAccess.absolutePath(path)
        let base = FileAccess.absolutePath(folder)
        let pathParts = absolute.split(separator: "/"), baseParts = base.split(separator: "/")
        var common = 0
        while common < min(pathParts.count, baseParts.count), pathParts[common] == baseParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: baseParts.count - common)
        return (ups + pathParts[common...].map(String.init)).joined(separator: "/")
    }

    /// What the run prints of paths inside the transcript's folder starts
    /// with the folder as seen from the working directory: written without
    /// it, a transcript reads the same from wherever it is recorded or
    /// replayed.
    static func normalizer(for folder: String) -> (String) -> String {
        let absolute = FileAccess.absolutePath(folder)
        guard absolute != FileAccess.absolutePath(".") else { return { $0 } }
        let shown = LuaScript.display(absolute)
        let prefix = shown.hasSuffix("/") ? shown : shown + "/"
        return { $0.replacingOccurrences(of: prefix, with: "") }
    }
}
