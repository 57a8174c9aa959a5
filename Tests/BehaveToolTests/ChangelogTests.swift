import Foundation
import XCTest

/// CHANGELOG.md names the version `behave --version` prints: its newest
/// released version is that one, with only an "Unreleased" section, if any,
/// above it, and the versions go down from there.
final class ChangelogTests: XCTestCase {
    /// A version's heading in Keep a Changelog's form: `## [0.16.0] - 2026-11-27`.
    private let released = #/^## \[(\d+)\.(\d+)\.(\d+)\] - \d{4}-\d{2}-\d{2}$/#

    func testTheNewestVersionIsTheOneBehavePrints() throws {
        let printed = try run(try builtBehave(), ["--version"], in: try folder())
        XCTAssertEqual(printed.status, 0, printed.errors)
        let changelog = try String(contentsOf: checkout.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        let versions = try headings.drop { $0 == "## [Unreleased]" }.map { heading in
            let match = try XCTUnwrap(heading.wholeMatch(of: released),
                                      "not a released version's heading (## [X.Y.Z] - YYYY-MM-DD), or Unreleased below a version: \(heading)")
            return [Int(match.1)!, Int(match.2)!, Int(match.3)!]
        }
        let newest = try XCTUnwrap(versions.first, "CHANGELOG.md names no released version")
        XCTAssertEqual(newest.map(String.init).joined(separator: "."), printed.output.trimmingCharacters(in: .newlines),
                       "the newest version in CHANGELOG.md and behave --version")
        XCTAssertEqual(versions, versions.sorted { $0.lexicographicallyPrecedes($1) }.reversed(), "newest first, each once")
        XCTAssertEqual(Set(versions).count, versions.count, "each version once")
    }
}
