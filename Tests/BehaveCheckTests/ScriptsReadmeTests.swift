import Foundation
import XCTest

/// Scripts/README.md shows each bundled script's inspector view as
/// `behave inspect` prints it: every one shown is what the tool prints now,
/// and every bundled behaviour is shown.
final class ScriptsReadmeTests: XCTestCase {
    func testEveryInspectorViewIsWhatInspectPrints() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("Scripts/README.md"), encoding: .utf8)
        let marker = "$ behave inspect "
        var shown: [String] = []
        for block in readme.components(separatedBy: "```\n").dropFirst() where block.hasPrefix(marker) {
            let command = block.prefix { $0 != "\n" }
            let script = String(command.dropFirst(marker.count))
            let printed = try behave(["inspect", script], in: repository)
            XCTAssertEqual(printed.status, 0, printed.errors)
            XCTAssertEqual(String(block.dropFirst(command.count + 1)), printed.output, "the inspector view of \(script)")
            shown.append(script)
        }
        let bundled = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Scripts").path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_spec.lua") }.map { "Scripts/" + $0 }
        XCTAssertEqual(shown.sorted(), bundled.sorted())
    }
}
