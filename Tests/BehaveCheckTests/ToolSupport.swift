import Foundation
import XCTest

/// The checkout, for the bundled scripts and examples.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

struct Outcome {
    var status: Int32
    var output: String
    var errors: String
}

/// Running the built `behave` (and other tools) in a folder.
extension XCTestCase {
    func tool() throws -> URL {
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        let tool = directory.appendingPathComponent("behave")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw XCTSkip("behave is not built at \(tool.path)") }
        return tool
    }

    func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                       errors: String(decoding: err, as: UTF8.self))
    }

    func behave(_ arguments: [String], in directory: URL) throws -> Outcome {
        try run(try tool(), arguments, in: directory)
    }

    /// A fresh folder holding `files`.
    func folder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

}
