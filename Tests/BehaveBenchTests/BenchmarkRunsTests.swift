import Foundation
import XCTest

/// The benchmark runs and prints every figure with its peer (its timings
/// are not asserted: this machine is shared and noisy).
final class BenchmarkRunsTests: XCTestCase {
    func testQuickRunPrintsEveryFigureAndAJSONLine() throws {
        var products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: products.appendingPathComponent("behave-bench").path) {
            products = products.deletingLastPathComponent()
        }
        let binary = products.appendingPathComponent("behave-bench")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("behave-bench is not built next to the tests (\(binary.path)); run `swift build` first")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--quick"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)

        for row in ["event round trip", "property get/set", "memory per toggle", "attach per toggle",
                    "churn per cell", "memory after", "scroll storm frame",
                    "cold start", "specs (scene + tap each)", "10,000 exploration steps (Modes)"] {
            XCTAssertTrue(output.contains(row), "missing figure \(row):\n\(output)")
        }
        let last = try XCTUnwrap(output.split(separator: "\n").last)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: [String: Any]])
        XCTAssertEqual(Set(json.keys), ["eventRoundTrip", "propertyAccess", "memoryPerBehaviour", "attachTime",
                                        "churnTime", "churnMemory", "scrollStorm", "coldStart", "specRunner",
                                        "exploration"])
        for (key, figure) in json {
            XCTAssertNotNil(figure["behave"] as? Double, "\(key) has no Behave figure")
        }
        for key in ["eventRoundTrip", "propertyAccess", "scrollStorm"] {
            XCTAssertNotNil(json[key]?["ratio"] as? Double, "\(key) has no ratio against the raw C baseline")
        }
    }
}
