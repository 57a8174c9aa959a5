import Foundation
import ToolRunning
import XCTest

/// The checkout, for the bundled scripts and examples.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

typealias Outcome = ToolOutcome

/// Running the built `behave` (and other tools) in a folder.
extension XCTestCase {
    func tool() throws -> URL {
        guard let tool = ToolRunning.built("behave") else { throw XCTSkip("behave is not built beside the tests") }
        return tool
    }

    func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Outcome {
        try ToolRunning.run(executable, arguments, in: directory)
    }

    func behave(_ arguments: [String], in directory: URL) throws -> Outcome {
        try run(try tool(), arguments, in: directory)
    }

    /// A fresh folder holding `files` (a name may lead into folders: `src/words.lua`).
    func folder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return directory
    }

}
