import BehaveLua
import BehaveSpec
import Foundation
import ToolRunning
import XCTest

/// The fixtures directory (spec files named without `_spec`, so that
/// `behave test` over the repository does not run them).
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

func fixture(_ name: String) -> String { (fixtures as NSString).appendingPathComponent(name) }

extension SandboxLimits {
    /// Small limits so runaway specs end fast in tests: the instruction
    /// budget ends them in milliseconds. The time limit is only a backstop,
    /// far above what any spec takes on a loaded machine; a test of the
    /// time limit sets its own.
    static let specTesting = SandboxLimits(memory: 16 << 20, instructions: 1_000_000, seconds: 10)
}

/// Keeps every result of a run.
final class CollectingReporter: SpecReporter {
    var results: [SpecResult] = []
    var summary: SpecSummary?

    func report(_ result: SpecResult) { results.append(result) }
    func finish(_ summary: SpecSummary) { self.summary = summary }

    func result(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> SpecResult {
        try XCTUnwrap(results.first { $0.name == name }, "no spec named \(name)", file: file, line: line)
    }
}

/// A run of `files` with the plain (or another) reporter: its text and
/// its results.
func runSpecs(_ files: [String], filter: String? = nil, limits: SandboxLimits = .specTesting, jobs: Int = 1,
              reporter make: (@escaping (String) -> Void) -> any SpecReporter = { PlainReporter(write: $0) })
    -> (text: String, results: CollectingReporter) {
    var text = ""
    let collector = CollectingReporter()
    let runner = SpecRunner(options: SpecOptions(limits: limits, filter: filter), jobs: jobs)
    runner.run(files, reporter: TeeReporter([make { text += $0 }, collector]))
    return (text, collector)
}

/// The built `behave` binary, next to the tests.
func behaveBinary() throws -> URL {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = products.appendingPathComponent("behave")
    if !FileManager.default.fileExists(atPath: binary.path) {
        // `swift test` runs the .xctest bundle from within the products directory.
        binary = products.deletingLastPathComponent().appendingPathComponent("behave")
    }
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw XCTSkip("the behave binary is not built next to the tests (\(binary.path))")
    }
    return binary
}

/// Runs the built `behave` binary; its exit status and standard output.
func runBehave(_ arguments: [String], in directory: String? = nil) throws -> (status: Int32, output: String) {
    let run = try runBehaveWithErrors(arguments, in: directory)
    return (run.status, run.output)
}

/// Runs the built `behave` binary; its exit status, standard output and
/// standard error.
func runBehaveWithErrors(_ arguments: [String], in directory: String? = nil) throws
    -> (status: Int32, output: String, errors: String) {
    let run = try ToolRunning.run(try behaveBinary(), arguments, in: directory.map { URL(fileURLWithPath: $0) })
    return (run.status, run.output, run.errors)
}

/// A fresh directory for a test, removed at the end.
func temporaryDirectory(_ test: XCTestCase) throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("behave-spec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// The text of Fixtures/`name`.
func fixtureText(_ name: String) throws -> String {
    try String(contentsOfFile: fixture(name), encoding: .utf8)
}

/// `source` run as the spec file `name` in a fresh folder, removed at the end.
func runSpec(_ test: XCTestCase, _ source: String, as name: String,
             limits: SandboxLimits = .specTesting) throws -> CollectingReporter {
    let path = try temporaryDirectory(test) + "/" + name
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return runSpecs([path], limits: limits).results
}

/// A copy of the suite Fixtures/`name` in a fresh directory, removed at
/// the end: specs that run from their own suite, or write to it.
func fixtureSuite(_ test: XCTestCase, _ name: String) throws -> String {
    let folder = try temporaryDirectory(test) + "/" + (name as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: fixture(name), toPath: folder)
    return folder
}

/// A fresh directory holding `files` (path -> text, folders made as
/// needed), removed at the end.
func temporarySuite(_ test: XCTestCase, _ files: [String: String]) throws -> String {
    let folder = try temporaryDirectory(test)
    for (path, text) in files {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
    return folder
}
