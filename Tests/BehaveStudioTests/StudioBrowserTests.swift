import Foundation
import XCTest

/// The Python tests beside this file (Python/): Behave Studio in headless
/// Chromium (Selenium), and `behave run --watch` in a terminal. They drive
/// the built `behave` and `behave-studio`. Chromium, its driver and
/// Selenium come from `bash .ci/install --browser`; without them the browser test is
/// skipped here, saying so, and fails under CI, which must have them.
final class StudioBrowserTests: XCTestCase {
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python")

    func testStudioInChromium() throws {
        let missing = ["chromium", "chromedriver"].filter { which($0) == nil }
            + (run(["python3", "-c", "import selenium"]).status == 0 ? [] : ["selenium (PyPI)"])
        if !missing.isEmpty {
            let message = "the browser tests need \(missing.joined(separator: ", ")): `bash .ci/install --browser` installs them"
            if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail(message) }
            throw XCTSkip(message)
        }
        try runPython("studio_browser_test.py", needs: ["behave", "behave-studio"])
    }

    func testWatchInTheTerminal() throws {
        try runPython("watch_test.py", needs: ["behave"])
    }

    /// Runs one Python test file against the built binaries; fails with its
    /// output when it fails.
    private func runPython(_ file: String, needs binaries: [String]) throws {
        guard which("python3") != nil else { throw XCTSkip("python3 is not installed") }
        let products = try productsFolder()
        for binary in binaries where !FileManager.default.isExecutableFile(atPath: products.appendingPathComponent(binary).path) {
            throw XCTSkip("\(binary) is not built beside the tests (swift build builds it)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["BEHAVE_BINARY"] = products.appendingPathComponent("behave").path
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let outcome = run(["python3", StudioBrowserTests.python.appendingPathComponent(file).path], environment: environment)
        XCTAssertEqual(outcome.status, 0, "\(file) failed:\n\(outcome.output)")
    }

    /// The folder of the built products (the .xctest bundle's).
    private func productsFolder() throws -> URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
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
