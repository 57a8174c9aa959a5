import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

/// A golden transcript (`*.behave`) that `behave test` found: one spec,
/// named after the file, that passes when a replay of its commands prints
/// what was recorded, and fails with the first difference. With
/// `--update`, it rewrites the transcript instead. A transcript is untrusted
/// input like a spec file: its scene is read only inside its folder and the
/// working directory.
struct TranscriptSpec {
    let path: String
    let file: String
    let options: SpecOptions
    let access: FileAccess

    var name: String { "transcript \((path as NSString).lastPathComponent)" }

    func run(willRun: (String, Int) -> Void, _ report: (SpecResult) -> Void) {
        guard selected() else { return }
        if options.listOnly {
            return report(SpecResult(file: file, name: name, line: 1, status: .listed))
        }
        willRun(name, 1)
        let started = DispatchTime.now()
        let result: SpecResult
        do throws(ValueError) {
            switch try TranscriptReplay.replay(file: path, limits: options.limits, access: access,
                                               update: options.updateTranscripts) {
            case .passed:
                result = SpecResult(file: file, name: name, line: 1, status: .passed)
            case .updated:
                result = SpecResult(file: file, name: name, line: 1, status: .passed, location: "\(file):1",
                                    message: "updated: the transcript now holds what the scene does")
            case .raisedError(let raised, let updated):
                // An error in a spec is an error, as in busted; a recorded one too.
                result = errored(at: raised, updated: updated, "a script raised an error \(raised)"
                                    + "; a transcript passes only when its scene raises none: fix the script, then "
                                    + "`behave test --update` records what the scene does")
            case .refusedCommand(let refused, let updated):
                result = errored(at: refused, updated: updated, "a command was refused, \(refused)"
                                    + "; a transcript passes only when each of its commands runs (`behave run` "
                                    + "exits 2 for it): correct or remove the command, then `behave test --update`")
            case .failed(let difference):
                let line = Self.line(in: difference)
                result = SpecResult(file: file, name: name, line: line, status: .failed,
                                    location: "\(file):\(line)", message: difference)
            }
        } catch {
            // A transcript that cannot be read, or whose scene cannot be made
            // (at its `scene:` line).
            let line = error.line ?? 1
            result = SpecResult(file: file, name: name, line: line, status: .errored, location: "\(file):\(line)",
                                message: error.location == nil ? error.message : error.explanation)
        }
        var timed = result
        timed.duration = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        report(timed)
    }

    /// An error at the line `report` names (a replay's account of it),
    /// after `--update` wrote the transcript or not.
    private func errored(at report: String, updated: Bool, _ message: String) -> SpecResult {
        let line = Self.line(in: report)
        return SpecResult(file: file, name: name, line: line, status: .errored, location: "\(file):\(line)",
                          message: (updated ? "updated, but " : "") + message)
    }

    /// Whether `--filter`, `--filter-out` and the tags select it.
    private func selected() -> Bool {
        guard !options.selection.selectsAll else { return true }
        do throws(LuaError) {
            let runtime = try LuaRuntime(scene: Scene(screen: "filter"), limits: options.limits)
            defer { runtime.close() }
            return try options.selection.selects(name, with: try LuaPatterns(runtime: runtime))
        } catch {
            return false
        }
    }

    /// The transcript's line a difference names (`line 19`), or 1.
    static func line(in difference: String) -> Int {
        guard let range = difference.range(of: ", line ") else { return 1 }
        return Int(difference[range.upperBound...].prefix { $0.isNumber }) ?? 1
    }
}
