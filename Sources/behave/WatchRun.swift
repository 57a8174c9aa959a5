import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

/// `behave run --watch`: runs the `--do` commands, then watches the files
/// the scene uses; each save makes the scene again and runs the commands
/// again. A scene that does not load is reported, and the last good one
/// stays. Standard input is not read; Ctrl-C ends it.
struct WatchRun {
    let source: SceneSource
    let json: Bool
    let commands: [String]
    /// How often the files are looked at.
    static let pollInterval = 0.25

    func run() throws -> Never {
        Session.lint(source)
        let make: WatchedSession.Maker = { [json] source throws(SceneSourceError) in
            try CommandSession(source: source, json: json, output: { line in
                Swift.print(line)
                fflush(nil)
            }, wakes: false)
        }
        let watched: WatchedSession
        do throws(SceneSourceError) {
            watched = try WatchedSession(source: source, make: make)
        } catch {
            switch error {
            case .usage(let message): throw UsageFailure(message)
            case .scene(let failure): throw failure
            }
        }
        for warning in watched.session.running.warnings { printWarning(warning.description) }
        runCommands(in: watched.session)
        note("watching \(watched.files.map(LuaScript.display).joined(separator: ", ")); save one to run again (Ctrl-C ends)")
        while true {
            Thread.sleep(forTimeInterval: WatchRun.pollInterval)
            let changed = watched.changedFiles()
            guard !changed.isEmpty else { continue }
            let names = changed.map(LuaScript.display).joined(separator: ", ")
            Session.lint(source)
            // Said between the old scene's last words and the new one's first.
            let error = watched.reload(from: source) { note("\(names) saved: reloaded") }
            if let error {
                note("\(names) saved; the scene does not load, so the last good one stays:")
                report(error)
                continue
            }
            for warning in watched.session.running.warnings { printWarning(warning.description) }
            runCommands(in: watched.session)
        }
    }

    private func runCommands(in session: CommandSession) {
        for line in commands where session.execute(line) { break }
        fflush(nil)
    }

    /// A line of the watch's own on standard error, so that standard output
    /// stays the trace.
    private func note(_ text: String) {
        writeError(text)
    }

    private func report(_ error: SceneSourceError) {
        switch error {
        case .usage(let message): writeError(message)
        case .scene(let failure):
            for diagnostic in failure.diagnostics + failure.warnings { printError(diagnostic) }
        }
    }
}
