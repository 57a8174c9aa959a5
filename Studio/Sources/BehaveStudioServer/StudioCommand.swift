import ArgumentParser
import BehaveCore
import BehaveScene
import BehaveStudio
import Foundation

/// `behave-studio` (what `behave studio` runs): serves Behave Studio for
/// one scene or script on 127.0.0.1.
@main
struct StudioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "behave studio",
        abstract: "See a scene in the browser, click it, tune it in an inspector; saving a file reloads it.",
        discussion: "Serves a page on 127.0.0.1 only and prints its address. Ctrl-C stops it.")

    @Argument(help: "A scene file (.yaml, .json) or a script (toggle.lua); without one, the only scene file here.")
    var file: String?

    @Option(help: "The port to listen on (0: any free one).")
    var port: Int = 8470

    @Option(name: .customLong("set"), help: ArgumentHelp("Set an inspectable before the scene wakes.", valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("A folder of PNG and JPEG files: the images scripts name, by file name without its extension (in place of a scene file's `images:`).",
                               valueName: "DIR"))
    var images: String?

    @Option(help: ArgumentHelp("Keep a transcript of what you do and what the scene does (until it is reloaded), which `behave test` replays.",
                               valueName: "FILE.behave"))
    var record: String?

    func validate() throws {
        if let record, !record.hasSuffix(".behave") {
            throw ValidationError("--record writes a transcript named FILE.behave, not \(record)")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port is from 1 to 65535 (0: any free port); not \(port)") }
    }

    /// Bad usage and scenes that do not load end with status 2, as in `behave`.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                // One line, as `behave` words bad usage (its usage block said nothing more).
                let reason = DisplayText.line(message(for: error).trimmingCharacters(in: .whitespacesAndNewlines))
                FileHandle.standardError.write(Data(("behave: \(reason) (see `behave studio --help`)\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    func run() async throws {
        let source = SceneSource(file: try sceneFile(), settings: settings, images: images)
        // Said as bad usage, before the scene loads (the engine refuses it too).
        if let record {
            do throws(ValueError) {
                try TranscriptRecorder.checkDestination(record, for: source)
            } catch {
                throw ValidationError("--record: \(error.message)")
            }
        }
        let host: StudioHost
        do throws(StudioStartFailure) {
            host = try StudioHost.start(source: source, record: record)
        } catch {
            for line in error.lines { fail(line) }
            throw ExitCode(2)
        }
        do {
            try await StudioServer(host: host, port: port).run()
        } catch let error as StudioServer.BindFailure {
            fail(error.message)
            throw ExitCode(2)
        }
    }

    /// The file given, or the only scene file in the working directory.
    private func sceneFile() throws -> String {
        if let file { return file }
        let here = FileManager.default.currentDirectoryPath
        let scenes = FolderListing.read(here, limit: 10_000)?.entries
            .filter { $0.kind == .file && Checker.isScene($0.name) }.map(\.name) ?? []
        guard scenes.count == 1 else {
            fail(scenes.isEmpty
                 ? "no scene file here: name a scene or a script (behave studio toggle.lua)"
                 : "several scene files here (\(scenes.joined(separator: ", "))): name one (behave studio \(scenes[0]))")
            throw ExitCode(2)
        }
        return scenes[0]
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data((DisplayText.indented("behave: " + message, by: "    ") + "\n").utf8))
    }
}
