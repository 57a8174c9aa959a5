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
