import Foundation
import ToolRunning
import XCTest

/// The checkout these tests were built from.
let checkout = ToolRunning.checkout

/// Running `behave` (the one built beside the tests, or a copy of it) and
/// other programs, as a user's shell would.
extension XCTestCase {
    /// The `behave` built beside the test bundle.
    func builtBehave() throws -> URL {
        guard let tool = ToolRunning.built("behave") else { throw XCTSkip("behave is not built beside the tests") }
        return tool
    }

    /// Runs `executable` in `directory`; `environment` is added to this
    /// process's.
    func run(_ executable: URL, _ arguments: [String], in directory: URL,
             environment: [String: String] = [:]) throws -> ToolOutcome {
        try ToolRunning.run(executable, arguments, in: directory, environment: environment)
    }

    /// A program on the PATH, or a skip.
    func program(_ name: String) throws -> URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw XCTSkip("\(name) is not installed")
    }

    /// A fresh folder holding `files` (paths relative to it), removed at
    /// the end of the test.
    func folder(_ files: [String: String] = [:]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("behave-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }
}
