import Foundation
import ToolRunning
import XCTest

/// The Python tests beside this file (Python/): Behave Studio in headless
/// Chromium (Selenium), and `behave run --watch` in a terminal. They drive
/// the built `behave`, and `behave studio` runs `behave-studio`, which the
/// Studio package builds (`swift build --package-path Studio`). Chromium,
/// its driver, Selenium and the server come from the README's test command
/// (`bash .ci/install --browser`, the Studio package's build); without them the
/// browser test is skipped here, saying so, and fails under CI, which must have them.
final class StudioBrowserTests: XCTestCase {
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python")

    func testStudioInChromium() throws {
        let missing = ["chromium", "chromedriver"].filter { which($0) == nil }
            + (run(["python3", "-c", "import selenium"]).status == 0 ? [] : ["selenium (PyPI)"])
        if !missing.isEmpty {
            return try notRun("the browser tests need \(missing.joined(separator: ", ")): `bash .ci/install --browser` installs them")
        }
        // Where `behave studio` looks: beside behave, then where the Studio package builds it.
        guard ToolRunning.built("behave-studio") != nil
                || FileManager.default.isExecutableFile(atPath: ToolRunning.studioServer.path) else {
            return try notRun("the browser tests need behave-studio (\(ToolRunning.studioServer.path)): `swift build --package-path Studio` builds it")
        }
        try runPython("studio_browser_test.py", needs: ["behave"])
    }

    /// Skips, saying why, or fails under CI, which must run every test.
    private func notRun(_ message: String) throws {
        if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail(message) }
        throw XCTSkip(message)
    }

    func testWatchInTheTerminal() throws {
        try runPython("watch_test.py", needs: ["behave"])
    }

    /// Runs one Python test file against the built binaries; fails with its
    /// output when it fails.
    private func runPython(_ file: String, needs binaries: [String]) throws {
        guard which("python3") != nil else { throw XCTSkip("python3 is not installed") }
        let products = ToolRunning.products
        for binary in binaries where ToolRunning.built(binary) == nil {
            throw XCTSkip("\(binary) is not built beside the tests (swift build builds it)")
        }
        var environment = ToolRunning.environment()
        environment["BEHAVE_BINARY"] = products.appendingPathComponent("behave").path
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let outcome = run(["python3", StudioBrowserTests.python.appendingPathComponent(file).path], environment: environment)
        XCTAssertEqual(outcome.status, 0, "\(file) failed:\n\(outcome.output)")
    }

    private func which(_ program: String) -> String? {
        let outcome = run(["sh", "-c", "command -v \(program)"])
        return outcome.status == 0 ? outcome.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// Runs a program; its status and what it printed (both streams).
    private func run(_ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = StudioBrowserTests.python
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
