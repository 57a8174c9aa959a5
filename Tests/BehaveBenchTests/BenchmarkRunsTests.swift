import Foundation
import XCTest

/// The benchmark runs and prints every figure with its peer, named (its
/// timings are not asserted: this machine is shared and noisy).
final class BenchmarkRunsTests: XCTestCase {
    func benchBinary() throws -> URL {
        var products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: products.appendingPathComponent("behave-bench").path) {
            products = products.deletingLastPathComponent()
        }
        let binary = products.appendingPathComponent("behave-bench")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("behave-bench is not built next to the tests (\(binary.path)); run `swift build` first")
        }
        return binary
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try benchBinary()
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func testQuickRunPrintsEveryFigureWithItsNamedPeerAndAJSONLine() throws {
        let (status, output) = try run(["--quick"])
        XCTAssertEqual(status, 0, output)

        for row in ["event round trip", "property get/set", "memory per attached toggle", "attach per toggle",
                    "churn per cell", "memory after", "scroll storm frame", "CPU-bound Lua", "host path",
                    "one click in a scene of 100 behaviours vs of 10", "cold start", "cold start, the user's own script, first start after an edit",
                    "cold start, the user's own script, started again unchanged",
                    "specs, each a scene and a tap",
                    "10,000 exploration steps (Modes)"] {
            XCTAssertTrue(output.contains(row), "missing figure \(row):\n\(output)")
        }
        let last = try XCTUnwrap(output.split(separator: "\n").last)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: [String: Any]])
        XCTAssertTrue(Set(json.keys).isSuperset(of: [
            "eventRoundTrip", "propertyAccess", "memoryPerBehaviour", "attachTime", "churnTime", "churnMemory",
            "scrollStorm", "cpuBound", "hostPath", "scale100", "coldStart", "coldStartOwnScript", "coldStartOwnScriptCached", "specRunner", "exploration",
        ]), "\(json.keys.sorted())")
        for (key, figure) in json {
            XCTAssertNotNil(figure["behave"] as? Double, "\(key) has no Behave figure")
        }
        // Every ratio is to a peer measured in the same run, named exactly.
        for key in ["eventRoundTrip", "propertyAccess", "scrollStorm", "attachTime", "hostPath", "scale100"] {
            XCTAssertNotNil(json[key]?["ratio"] as? Double, "\(key) has no ratio against its peer")
        }
        XCTAssertEqual(json["eventRoundTrip"]?["peerName"] as? String, "raw Lua C API, Lua 5.4.4 (liblua5.4)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4") {
            XCTAssertEqual(json["cpuBound"]?["peerName"] as? String, "stock lua5.4, Lua 5.4.4")
            XCTAssertNotNil(json["cpuBound"]?["ratio"] as? Double)
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/busted") {
            // Busted as the system runs it, and on lua5.4 when that is another Lua.
            let names = json.filter { $0.key.hasPrefix("specRunner") }.compactMap { $0.value["peerName"] as? String }
            XCTAssertTrue(names.contains { $0.hasPrefix("busted ") && $0.contains("as the system runs it: ") }, "\(names)")
            XCTAssertTrue(names.contains { $0.contains("`lua5.4 /usr/bin/busted`") } || names.count == 1, "\(names)")
        }
    }

    func testHelpPrintsHelpWithoutRunningAnything() throws {
        let (status, output) = try run(["--help"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(output.hasPrefix("behave-bench: "), output)
        XCTAssertTrue(output.contains("--instructions"), output)
        XCTAssertFalse(output.contains("event round trip"), "--help ran the benchmark:\n\(output)")
    }

    func testAnUnknownOptionIsAnError() throws {
        let (status, output) = try run(["--fast"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(output.contains("unknown option --fast"), output)
    }
}
