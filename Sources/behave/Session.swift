import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

/// A scene under `behave run`: prints what its command session shows as it
/// happens, runs the commands of `--do` and standard input, and records a
/// transcript when asked.
final class Session {
    let commands: CommandSession
    let json: Bool
    private let recorder: TranscriptRecorder?

    private init(commands: CommandSession, json: Bool, recorder: TranscriptRecorder?) {
        self.commands = commands
        self.json = json
        self.recorder = recorder
    }

    static func load(_ source: SceneSource, json: Bool, record: String? = nil) throws -> Session {
        let recorder = try record.map { path throws in
            guard !json else { throw UsageFailure("--record writes the readable trace; leave out --json") }
            guard source.platform.isEmpty else {
                throw UsageFailure("--record does not keep the platform flags; give the platform in a scene file's `platform:` block")
            }
            do throws(ValueError) {
                try TranscriptRecorder.checkDestination(path, for: source)
            } catch {
                throw UsageFailure("--record: \(error.message)")
            }
            return TranscriptRecorder(path: path, source: source)
        }
        // The linter's warnings come first: before the scene's first line,
        // or once it is loaded (or failed to load) when it printed none.
        // Linting once the scene's runtime exists spares the linter one of
        // its own: that runtime tells it the globals (`ScriptAPI.globals`).
        // Scripts the lint cache holds as clean are not linted again.
        let scripts = lintedScripts(source)
        let cache = scripts.paths.isEmpty ? nil : LintCache.user()
        let pending = scripts.paths.isEmpty ? [] : ScriptLint.pending(
            scripts: scripts.paths + scripts.modules, modules: Set(scripts.modules),
            collectionSizes: scripts.collectionSizes, names: scripts.names, cache: cache)
        if !pending.isEmpty { ScriptAPI.learnGlobalsFromNextRuntime() }
        let linter = Once { ScriptLint.report(pending, cache: cache) }
        let output: (String) -> Void = { line in
            linter.run()
            Swift.print(line)
            recorder?.hear(line)
        }
        // A mistyped command is a diagnostic (standard error); a transcript leaves it out.
        let diagnostics: (String) -> Void = { line in
            linter.run()
            fflush(nil)
            FileHandle.standardError.write(Data((line + "\n").utf8))
            recorder?.hear(line)
        }
        do throws(SceneSourceError) {
            let commands = try CommandSession(source: source, json: json, output: output, diagnostics: diagnostics)
            linter.run()
            // Outlets left unconnected: allowed, but said (standard error).
            for warning in commands.running.warnings { printWarning(warning.description) }
            return Session(commands: commands, json: json, recorder: recorder)
        } catch {
            linter.run()
            switch error {
            case .usage(let message): throw UsageFailure(message)
            case .scene(let failure): throw failure
            }
        }
    }

    /// What the linter finds in the scripts of `source`, on standard error.
    static func lint(_ source: SceneSource) {
        let scripts = lintedScripts(source)
        ScriptLint.warn(scripts: scripts.paths + scripts.modules, modules: Set(scripts.modules),
                        collectionSizes: scripts.collectionSizes, names: scripts.names)
    }

    /// The scripts of `source` the linter reads (none when all are bundled),
    /// the modules they require (and theirs) as `check` follows them, where
    /// the scene may read them, the sizes of the scripts' outlet
    /// collections the scene gives, and the paths the scene names them by
    /// where they are not the paths read (through a linked folder: errors
    /// name them so, and the warnings agree).
    static func lintedScripts(_ source: SceneSource)
        -> (paths: [String], modules: [String], collectionSizes: [String: [String: Int]], names: [String: String]) {
        let paths: [String], sizes: [String: [String: Int]]
        var names: [String: String] = [:]
        switch source.kind {
        case .sceneFile(let file):
            sizes = SceneFiles.collectionSizes(inScene: file)
            paths = ScriptLint.linted(SceneFiles.scripts(inScene: file), collectionSizes: sizes)
            names = SceneFiles.scriptNames(inScene: file)
        case .script:
            sizes = [:]
            paths = source.scriptPath.map { ScriptLint.linted([$0]) } ?? []
        }
        // A bundled script's modules are bundled and lint clean: with no
        // script to lint, nothing is read (the cold start's path).
        guard !paths.isEmpty else { return ([], [], sizes, [:]) }
        let named = Set(paths)
        let modules = ScriptLint.linted(SceneFiles.following(paths, access: source.access).map(\.file).filter { !named.contains($0) })
        // A module in a script's folder, as `require` names it: in the
        // folder the scene names.
        let folders = names.map { (read: FileAccess.absolutePath(($0.key as NSString).deletingLastPathComponent),
                                   named: ($0.value as NSString).deletingLastPathComponent) }
        for module in modules where names[module] == nil {
            let absolute = FileAccess.absolutePath(module)
            guard let folder = folders.first(where: { absolute.hasPrefix($0.read + "/") }) else { continue }
            names[module] = LuaScript.display((folder.named as NSString)
                .appendingPathComponent(String(absolute.dropFirst(folder.read.count + 1))))
        }
        return (paths, modules, sizes, names)
    }

    /// Runs the commands, then those of standard input; returns the exit
    /// status (1 when a script raised an error).
    func run(commands lines: [String]) throws -> Int32 {
        var quit = false
        for line in lines where !quit {
            quit = execute(line)
        }
        let interactive = isatty(STDIN_FILENO) != 0
        // Lines as they come, each of at most 64 MiB: `readLine` held a
        // line of any length (a 300 MB one in 1.5 GB).
        let input = InputReader(tooLong: { [commands = self.commands] in commands.refuse(InputReader.tooLongMessage) }) { line in
            if !quit { quit = self.execute(line) }
        }
        while !quit {
            if interactive { Swift.print("behave> ", terminator: "") }
            // What the scene printed so far reaches a program that drives
            // `behave` through a pipe before it sends the next command.
            fflush(nil)
            guard input.read() else { break }
        }
        let scene = commands.scene
        if json { Swift.print(scene.state().text) }
        fflush(nil)
        if let recorder {
            do throws(ValueError) {
                try recorder.finish(state: scene.state())
            } catch {
                throw UsageFailure("--record: \(error.message)")
            }
        }
        if scene.errorCount > 0 { return 1 }
        return commands.commandFailures > 0 && !interactive ? 2 : 0
    }

    private func execute(_ line: String) -> Bool {
        recorder?.command(line)
        let quit = commands.execute(line)
        if commands.lastFailure != nil { recorder?.refused() }
        return quit
    }
}

/// Work done at most once, the first time it is asked for.
private final class Once {
    private var work: (() -> Void)?
    init(_ work: @escaping () -> Void) { self.work = work }

    func run() {
        guard let work else { return }
        self.work = nil
        work()
    }
}
