import Foundation
import XCTest

/// The checkout these tests were built from.
let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// What a process did: its status and what it wrote on each stream.
struct Outcome {
    var status: Int32
    var output: String
    var errors: String

    var outputLines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var errorLines: [String] { errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Running `behave` (the one built beside the tests, or a copy of it) and
/// other programs, as a user's shell would.
extension XCTestCase {
    /// The `behave` built beside the test bundle.
    func builtBehave() throws -> URL {
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let tool = directory.appendingPathComponent("behave")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw XCTSkip("behave is not built at \(tool.path)") }
        return tool
    }

    /// Runs `executable` in `directory` with standard input empty;
    /// `environment` is added to this process's.
    func run(_ executable: URL, _ arguments: [String], in directory: URL,
             environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Standard error on another thread, so that neither pipe fills up.
        let errorText = Captured()
        let read = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.set(errors.fileHandleForReading.readDataToEndOfFile())
            read.signal()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        read.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                       errors: String(decoding: errorText.get(), as: UTF8.self))
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

private final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
