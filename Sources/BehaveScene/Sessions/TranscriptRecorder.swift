import BehaveCore
import Foundation

/// Records a `behave run` as a transcript: the commands, the lines the run
/// printed after each, and the final state.
public final class TranscriptRecorder {
    public let path: String
    private let source: SceneSource
    private let normalize: (String) -> String
    private var opening: [String] = []
    private var steps: [Transcript.Step] = []

    public init(path: String, source: SceneSource) {
        self.path = path
        self.source = source
        normalize = Transcript.normalizer(for: (path as NSString).deletingLastPathComponent)
    }

    /// Refuses a place the transcript cannot be written, before the session
    /// it would keep (a whole interactive run, an exploration) is spent:
    /// writing only at the end lost it, with Foundation's "the file doesn't
    /// exist". `path` is as given; the message says it, and the fix.
    public static func checkDestination(_ path: String, for source: SceneSource) throws(ValueError) {
        // The transcript is lines: a `--set`, a path or an images folder
        // holding a line break would be written as lines of their own
        // (`set: title=a` then `scene: other.yaml`) and replay another run.
        let named: [(String, String)] = [("the scene", source.file)]
            + source.settings.map { ("--set", $0) } + (source.images.map { [("--images", $0)] } ?? [])
        if let (flag, text) = named.first(where: { $0.1.utf8.contains { $0 == 10 || $0 == 13 } }) {
            throw ValueError("\(flag) `\(DisplayText.line(text))` holds a line break, which a transcript cannot keep; record without it")
        }
        try checkPlace(path)
    }

    /// Refuses a place the transcript cannot be written (above).
    private static func checkPlace(_ path: String) throws(ValueError) {
        let folder = (path as NSString).deletingLastPathComponent
        let shown = folder.isEmpty ? "." : folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: shown, isDirectory: &isFolder) else {
            throw ValueError("\(path): there is no folder \(shown) to write the transcript in; make it first (mkdir -p \(shown)) or record elsewhere")
        }
        guard isFolder.boolValue else { throw ValueError("\(path): \(shown) is a file, not a folder") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValueError("\(path): is a folder; name the transcript's file (\(path)/session.behave)")
        }
        guard FileManager.default.isWritableFile(atPath: shown) else {
            throw ValueError("\(path): the folder \(shown) cannot be written to; record elsewhere")
        }
    }

    /// A line the run printed (it may hold several: `show`, `state`).
    public func hear(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { normalize(String($0)) }
        if steps.isEmpty { opening += lines } else { steps[steps.count - 1].lines += lines }
    }

    /// A command about to run (blank lines and comments are kept out).
    public func command(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return }
        steps.append(Transcript.Step(command: trimmed, lines: [], line: 0))
    }

    /// The last command was mistyped or refused. Its replay would fail the
    /// transcript (a command that did nothing tests nothing), so it is left
    /// out with the reason printed for it, when that is all it printed.
    public func refused() {
        guard let last = steps.last, last.lines.allSatisfy({ $0.hasPrefix("error: ") }) else { return }
        steps.removeLast()
    }

    /// Time that passed by itself (Behave Studio's clock at wall speed):
    /// one `advance` for as long as nothing else happens, whatever the
    /// number of frames.
    public func advance(by seconds: Double) {
        if let last = steps.last, last.command.hasPrefix("advance "),
           let sofar = Double(last.command.dropFirst("advance ".count)) {
            steps[steps.count - 1].command = "advance \(formatNumber(sofar + seconds))"
        } else {
            steps.append(Transcript.Step(command: "advance \(formatNumber(seconds))", lines: [], line: 0))
        }
    }

    /// Writes the transcript with the final state.
    public func finish(state: JSON) throws(ValueError) {
        let folder = (path as NSString).deletingLastPathComponent
        let kind: SceneSource.Kind
        switch source.kind {
        case .sceneFile(let file): kind = .sceneFile(Transcript.relative(file, to: folder.isEmpty ? "." : folder))
        case .script(let name):
            // A bundled script is named as it is; a script of one's own, from the transcript.
            let local = FileManager.default.fileExists(atPath: name)
            kind = .script(local ? Transcript.relative(name, to: folder.isEmpty ? "." : folder) : name)
        }
        let images = source.images.map { Transcript.relative($0, to: folder.isEmpty ? "." : folder) }
        let transcript = Transcript(kind: kind, settings: source.settings, images: images, opening: opening, steps: steps,
                                    state: state.lines.map(normalize))
        do {
            try Data(transcript.text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ValueError("\(path): could not write the transcript (\(error.localizedDescription))")
        }
    }
}
