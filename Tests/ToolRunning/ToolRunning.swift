import Foundation

/// What a program did: its status and what it wrote on each stream.
public struct ToolOutcome: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    /// The lines of standard output and of standard error (each ends with a
    /// line feed).
    public var outputLines: [String] { ToolOutcome.lines(output) }
    public var errorLines: [String] { ToolOutcome.lines(errors) }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Running the built tools (`behave`) and other programs from the tests of
/// several targets, as a user's shell would.
public enum ToolRunning {
    /// The program `name` built beside the test bundle, or nil.
    public static func built(_ name: String) -> URL? {
        let tool = products.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: tool.path) ? tool : nil
    }

    /// The folder of the built products (the test bundle's).
    public static var products: URL {
        var directory = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directory = bundle.bundleURL.deletingLastPathComponent()
        }
        return directory
    }

    /// The checkout these tests were built from.
    public static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where the checkout's Studio package builds `behave-studio` for the
    /// products beside the tests (`.build/SUBPATH/` → `Studio/.build/SUBPATH/`),
    /// one of the places `behave studio` looks.
    public static var studioServer: URL {
        let folders = products.resolvingSymlinksInPath().pathComponents
        let subpath = folders.lastIndex(of: ".build").map { folders[($0 + 1)...] } ?? []
        return subpath.reduce(checkout.appendingPathComponent("Studio/.build")) { $0.appendingPathComponent($1) }
            .appendingPathComponent("behave-studio")
    }

    /// The lint cache of the `behave` runs of this test process: a folder of
    /// its own, removed when the process ends, so that no test writes into
    /// the developer's `~/.cache/behave/lint` nor reads an entry from it.
    public static let cacheHome: String = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("behave-tests-cache-\(getpid())-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ToolRunning.cacheHome) }
        return folder
    }()

    /// The environment of a program a test starts: this process's, with
    /// `XDG_CACHE_HOME` at `cacheHome`, then `environment` (which may name
    /// a cache of its own).
    public static func environment(adding environment: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cacheHome]) { $1 }.merging(environment) { $1 }
    }

    /// Runs `executable` in `directory` (nil: this process's) with standard
    /// input empty; `environment` is added to this process's (`environment(adding:)`).
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> ToolOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ToolRunning.environment(adding: environment)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Standard error on another thread, so that neither pipe fills up.
        let errorData = Captured()
        let read = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
            read.signal()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        read.wait()
        process.waitUntilExit()
        return ToolOutcome(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                           errors: String(decoding: errorData.get(), as: UTF8.self))
    }
}

private final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
