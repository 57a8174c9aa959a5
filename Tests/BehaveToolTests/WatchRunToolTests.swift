import Foundation
import ToolRunning
import XCTest

/// `behave run --watch` ends on Ctrl-C or SIGTERM as a window closes: the
/// running scene is dismissed (its `destroy` handlers run, traced) and the
/// exit status is `behave run`'s, counting every scene the watch ran.
final class WatchRunToolTests: XCTestCase {
    private let lamp = """
        local Lamp = behaviour {}

        function Lamp:awake()
          print("lamp on")
        end

        function Lamp:destroy()
          print("lamp off")
        end

        return Lamp

        """

    /// A `behave run --watch` of `script` in `work`, its output and its
    /// standard error read as they come.
    private func watch(_ script: String, in work: URL,
                       _ more: [String] = []) throws -> (process: Process, output: LineReader, errors: LineReader) {
        let process = Process()
        process.executableURL = try builtBehave()
        process.environment = ToolRunning.environment()
        process.arguments = ["run", script, "--watch"] + more
        process.currentDirectoryURL = work
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        return (process, LineReader(output.fileHandleForReading), LineReader(errors.fileHandleForReading))
    }

    func testCtrlCDismissesTheSceneAndExitsWithZero() throws {
        let work = try folder(["lamp.lua": lamp])
        let (process, output, errors) = try watch("lamp.lua", in: work)
        XCTAssertNotNil(errors.wait(for: { $0.contains("watching lamp.lua") }), "the watch did not start")
        XCTAssertNotNil(output.wait(for: { $0.contains("lamp on") }))

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "Ctrl-C killed the watch instead of ending it")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertNotNil(output.wait(for: { $0.contains("[lamp] lamp off") }), "destroy did not run")
    }

    /// An error of a scene a save replaced still counts, as in `behave
    /// window`: fixing the script does not hide what it raised.
    func testAnErrorOfAReplacedSceneMakesTheStatusOne() throws {
        let broken = lamp.replacingOccurrences(of: "print(\"lamp on\")", with: "error(\"no bulb\")")
        let work = try folder(["lamp.lua": broken])
        let (process, output, errors) = try watch("lamp.lua", in: work)
        XCTAssertNotNil(errors.wait(for: { $0.contains("watching lamp.lua") }), "the watch did not start")
        XCTAssertNotNil(output.wait(for: { $0.contains("no bulb") }))

        // A later modification time than the first file's, whatever the
        // file system's clock grain.
        Thread.sleep(forTimeInterval: 1.1)
        try lamp.write(to: work.appendingPathComponent("lamp.lua"), atomically: true, encoding: .utf8)
        XCTAssertNotNil(output.wait(for: { $0.contains("lamp on") }), "the fixed script was not loaded")

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertNotNil(output.wait(for: { $0.contains("[lamp] lamp off") }))
    }

    func testAMistypedCommandMakesTheStatusTwo() throws {
        let work = try folder(["lamp.lua": lamp])
        let (process, _, errors) = try watch("lamp.lua", in: work, ["--do", "tapp lamp"])
        XCTAssertNotNil(errors.wait(for: { $0.contains("watching lamp.lua") }), "the watch did not start")

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 2)
    }
}
