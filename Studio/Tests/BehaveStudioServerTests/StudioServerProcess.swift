import Foundation

/// `behave-studio SCENE --port 0`, built beside these tests, in the
/// scene's folder: the real server, as `behave studio` runs it.
final class StudioServerProcess {
    let port: Int
    private let process = Process()

    /// The checkout's Examples folder.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    init(example folder: String, scene: String) throws {
        var products = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            products = bundle.bundleURL.deletingLastPathComponent()
        }
        process.executableURL = products.appendingPathComponent("behave-studio")
        process.arguments = [scene, "--port", "0"]
        process.currentDirectoryURL = StudioServerProcess.examples.appendingPathComponent(folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line names the address: "Behave Studio: http://127.0.0.1:PORT/ ...".
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            line.append(more)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression),
              let port = Int(text[range].split(separator: ":")[1]) else {
            process.terminate()
            throw TestConnection.Failure(description: "behave-studio did not start: \(text)")
        }
        self.port = port
    }

    /// The Toggle example's studio, the scene these tests drive.
    static func toggle() throws -> StudioServerProcess {
        try StudioServerProcess(example: "Toggle", scene: "toggle.scene.yaml")
    }

    /// A page with its socket open and its clock standing still, so that
    /// it is sent only what changes.
    func pausedPage() throws -> TestConnection {
        let page = try TestConnection(port: port)
        let answer = page.openSocket(port: port)
        guard answer == "HTTP/1.1 101 Switching Protocols" else {
            throw TestConnection.Failure(description: "the page's socket did not open: \(answer ?? "no answer")")
        }
        page.sendMessage(#"{"kind": "clock", "running": false}"#)
        return page
    }

    /// Whether the server still runs.
    var isRunning: Bool { process.isRunning }

    /// The server's resident memory in bytes (Linux's /proc), nil when unknown.
    var residentBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
