import BehaveCore
import BehaveLua
import Foundation

/// Replays a transcript: makes its scene again, runs its commands, and
/// compares what the run prints after each with what was recorded. The
/// scene's virtual clock and seeded random are the only time and chance
/// it has, so a replay of an unchanged scene prints the same.
public enum TranscriptReplay {
    public enum Outcome: Equatable, Sendable {
        case passed
        /// The first place the run differs, as a readable diff.
        case failed(String)
        /// `update`: the transcript was rewritten with what the run printed.
        case updated
        /// The replay printed what was recorded (or, with `update`, was
        /// written), but a script raised an error in it: where, and what.
        /// A recorded error is a bug kept, not the screen working, so the
        /// transcript of an exploration's failure fails until it is fixed.
        case raisedError(String, updated: Bool)
        /// A command was mistyped or refused (`behave run` exits 2 for
        /// it): which, where, and why. A transcript replays what a person
        /// did, and a command that did nothing tests nothing.
        case refusedCommand(String, updated: Bool)
    }

    /// Replays the transcript in `file`; with `update`, writes what the run
    /// printed in place of what was recorded. A transcript that cannot be
    /// read or whose scene cannot be made is an error, at the `scene:` or
    /// `script:` line when it is the scene.
    /// `access` says which files the transcript's scene may read (one that
    /// `behave test` finds is untrusted input: its folder and the working
    /// directory).
    public static func replay(file: String, limits: SandboxLimits = .default, access: FileAccess = .unrestricted,
                              update: Bool = false) throws(ValueError) -> Outcome {
        let bytes = try HostFile.contents(of: file, maximumBytes: LuaScript.maximumBytes)
        let transcript = try Transcript(parsing: String(decoding: bytes, as: UTF8.self), file: LuaScript.display(file))
        let folder = (file as NSString).deletingLastPathComponent
        let (actual, raised, refused) = try run(transcript, folder: folder.isEmpty ? "." : folder, limits: limits, access: access)
        let updated = update && actual != transcript
        if updated {
            do {
                try Data(actual.text.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                throw ValueError("\(file): could not rewrite the transcript (\(error.localizedDescription))")
            }
        } else if !update, let difference = difference(expected: transcript, actual: actual) {
            return .failed(difference)
        }
        if let refused { return .refusedCommand(refused, updated: updated) }
        if let raised { return .raisedError(raised, updated: updated) }
        return updated ? .updated : .passed
    }

    /// Runs the transcript's commands on a new scene: the transcript that
    /// run would record, where the first script error was raised and which
    /// command was first refused (nil when none was).
    static func run(_ transcript: Transcript, folder: String, limits: SandboxLimits,
                    access: FileAccess = .unrestricted) throws(ValueError) -> (Transcript, raised: String?, refused: String?) {
        let normalize = Transcript.normalizer(for: folder)
        let kind: SceneSource.Kind
        switch transcript.kind {
        case .sceneFile(let path): kind = .sceneFile((folder as NSString).appendingPathComponent(path))
        case .script(let path):
            let local = (folder as NSString).appendingPathComponent(path)
            kind = .script(FileManager.default.fileExists(atPath: local) ? local : path)
        }
        var opening: [String] = []
        var steps: [Transcript.Step] = []
        let output: (String) -> Void = { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { normalize(String($0)) }
            if steps.isEmpty { opening += lines } else { steps[steps.count - 1].lines += lines }
        }
        let session: CommandSession
        do throws(SceneSourceError) {
            let images = transcript.images.map { ($0 as NSString).isAbsolutePath ? $0 : (folder as NSString).appendingPathComponent($0) }
            session = try CommandSession(source: SceneSource(kind: kind, settings: transcript.settings, limits: limits,
                                                             images: images, access: access),
                                         output: output)
        } catch {
            throw ValueError(file: transcript.file, line: transcript.sourceLine, text: error.description)
        }
        // Each command is bounded by its own time limit; a transcript of a
        // million commands must not keep `behave test` busy for days.
        let allowed = max(1, limits.seconds * 10)
        let deadline = ContinuousClock.now.advanced(by: .seconds(allowed))
        var refused: String?
        var raised = firstError(in: session.scene, since: 0).map(normalize).map { "while the scene woke, before the first command: \($0)" }
        for (index, step) in transcript.steps.enumerated() {
            guard ContinuousClock.now < deadline else {
                throw ValueError("the replay ran for more than \(formatNumber(allowed)) s, and stopped before \(quoted(step.command)) (line \(step.line)); a transcript replays what a person did, which takes seconds")
            }
            steps.append(Transcript.Step(command: step.command, lines: [], line: step.line))
            let errors = session.scene.errorCount
            let quit = session.execute(step.command)
            if refused == nil, let failure = session.lastFailure {
                refused = "\(quoted(step.command)) (command \(index + 1) of \(transcript.steps.count), line \(step.line)): \(DisplayText.line(normalize(failure)))"
            }
            if raised == nil, let error = firstError(in: session.scene, since: errors).map(normalize) {
                raised = "after \(quoted(step.command)) (command \(index + 1) of \(transcript.steps.count), line \(step.line)): \(error)"
            }
            if quit { break }
        }
        var actual = transcript
        actual.opening = opening
        actual.steps = steps
        actual.state = session.scene.state().lines.map(normalize)
        return (actual, raised, refused)
    }

    /// A command as a message quotes it: on one line, and cut where the
    /// trace cuts a long text, with its length (`` `tap xxx…` (15728640
    /// characters) ``): a refused command of 15 MB was repeated whole.
    static func quoted(_ command: String) -> String {
        guard let cut = Value.tracedCut(of: command) else { return "`\(DisplayText.line(command))`" }
        return "`\(DisplayText.line(String(cut)))…` (\(command.count) characters)"
    }

    /// The first line of the first script error the scene raised after its
    /// first `count`, if it raised one.
    private static func firstError(in scene: Scene, since count: Int) -> String? {
        let new = scene.errorCount - count
        guard new > 0 else { return nil }
        let errors = scene.trace.entries.filter { $0.kind == .error }
        guard let entry = errors.dropLast(new - 1).last else { return "a script error" }
        return DisplayText.line(String(entry.message.prefix { $0 != "\n" }))
    }

    /// Where the run first differs from the recording, said for a person:
    /// the command after which it diverged, and the lines that differ.
    static func difference(expected: Transcript, actual: Transcript) -> String? {
        if expected.opening != actual.opening {
            return "differs while the scene wakes, before the first command:\n" + diff(expected.opening, actual.opening)
        }
        for (index, step) in expected.steps.enumerated() {
            guard index < actual.steps.count else {
                return "the run ended (quit) before \(quoted(step.command)) (line \(step.line))"
            }
            let lines = actual.steps[index].lines
            if lines != step.lines {
                return "diverged after \(quoted(step.command)) (command \(index + 1) of \(expected.steps.count), line \(step.line)):\n"
                    + diff(step.lines, lines)
            }
        }
        if expected.state != actual.state {
            return "the final state differs:\n" + diff(expected.state, actual.state)
        }
        return nil
    }

    /// The lines that differ, `-` recorded and `+` now, with two lines
    /// around each change; at most 40 lines.
    static func diff(_ old: [String], _ new: [String]) -> String {
        var marked: [(mark: Character, line: String)] = []
        if old.count + new.count <= 20_000 {
            // The shortest edit (the standard library's Myers difference).
            let difference = new.difference(from: old)
            var removed = Set<Int>(), inserted = Set<Int>()
            for change in difference {
                switch change {
                case .remove(let offset, _, _): removed.insert(offset)
                case .insert(let offset, _, _): inserted.insert(offset)
                }
            }
            var i = 0, j = 0
            while i < old.count || j < new.count {
                if i < old.count, removed.contains(i) {
                    marked.append(("-", old[i])); i += 1
                } else if j < new.count, inserted.contains(j) {
                    marked.append(("+", new[j])); j += 1
                } else {
                    marked.append((" ", i < old.count ? old[i] : new[j])); i += 1; j += 1
                }
            }
        } else {
            // Very long: what lies between the common head and tail.
            var head = 0
            while head < min(old.count, new.count), old[head] == new[head] { head += 1 }
            var tail = 0
            while tail < min(old.count, new.count) - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
            marked = old[head..<(old.count - tail)].map { ("-", $0) } + new[head..<(new.count - tail)].map { ("+", $0) }
        }
        let changed = marked.indices.filter { marked[$0].mark != " " }
        let shown = marked.indices.filter { index in changed.contains { abs($0 - index) <= 2 } }
        var out: [String] = []
        var last = -1
        for index in shown {
            if last >= 0, index > last + 1 { out.append("  …") }
            out.append("\(marked[index].mark) \(marked[index].line)")
            last = index
        }
        if out.count > 40 { out = Array(out.prefix(40)) + ["  … (\(out.count - 40) more lines)"] }
        return out.map(DisplayText.line).joined(separator: "\n")
    }
}
