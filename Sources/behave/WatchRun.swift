import BehaveCore
import BehaveLua
import BehaveScene
import Foundation
import Synchronization

/// `behave run --watch`: runs the `--do` commands, then watches the files
/// the scene uses; each save makes the scene again and runs the commands
/// again. A scene that does not load is reported, and the last good one
/// stays. Standard input is not read; Ctrl-C or SIGTERM end it: the
/// running scene is dismissed, and the exit status is `behave run`'s,
/// counting every scene the watch ran.
struct WatchRun {
    let source: SceneSource
    let json: Bool
    let commands: [String]
    /// How often the files are looked at.
    static let pollInterval = 0.25

    func run() throws -> Int32 {
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
        var commandFailures = runCommands(in: watched.session)
        WatchRun.hearEndingSignals()
        note("watching \(watched.files.map(LuaScript.display).joined(separator: ", ")); save one to run again (Ctrl-C ends)")
        while true {
            Thread.sleep(forTimeInterval: WatchRun.pollInterval)
            if endingSignal.load(ordering: .relaxed) != 0 { break }
            let changed = watched.changedFiles()
            guard !changed.isEmpty else { continue }
            let names = changed.map(LuaScript.display).joined(separator: ", ")
            Session.lint(source)
            // Said before the new scene's first words (the old one's last follow them).
            let error = watched.reload(from: source) { note("\(names) saved: reloaded") }
            if let error {
                note("\(names) saved; the scene does not load, so the last good one stays:")
                report(error)
                continue
            }
            for warning in watched.session.running.warnings { printWarning(warning.description) }
            commandFailures += runCommands(in: watched.session)
        }
        // As a window closes: the behaviours' `destroy` handlers run, traced.
        watched.session.dismiss()
        fflush(nil)
        if watched.scriptErrors > 0 { return 1 }
        return commandFailures > 0 ? 2 : 0
    }

    /// Runs the `--do` commands; how many were mistyped or refused.
    private func runCommands(in session: CommandSession) -> Int {
        for line in commands where session.execute(line) { break }
        fflush(nil)
        return session.commandFailures
    }

    /// From now on Ctrl-C and SIGTERM ask the watch to end once the work
    /// under way is done (a handler runs within its limits); a second one
    /// ends the process at once, as before.
    private static func hearEndingSignals() {
        // Made before a handler can first read it.
        endingSignal.store(0, ordering: .relaxed)
        for signal in [SIGINT, SIGTERM] {
            _ = Foundation.signal(signal) { signal in
                endingSignal.store(signal, ordering: .relaxed)
                _ = Foundation.signal(signal, SIG_DFL)
            }
        }
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

/// The signal that asked `behave run --watch` to end, or 0. Set by a
/// signal handler, so an atomic, which is safe to store there.
private let endingSignal = Atomic<Int32>(0)
