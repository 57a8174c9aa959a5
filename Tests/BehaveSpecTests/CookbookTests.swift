import BehaveLua
@testable import BehaveSpec
import Foundation
import XCTest

/// Docs/cookbook.md shows files of Examples/Cookbook: every code block
/// names its file on its first line and is that file, byte for byte; every
/// file there is shown; every recipe's spec passes. The recipes cannot drift
/// from code that runs.
final class CookbookTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = "Examples/Cookbook"

    struct Block {
        var language: String
        var text: String
        var line: Int
    }

    /// The fenced code blocks of a Markdown text, with the line each starts on.
    static func blocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.text += line + "\n"
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = Block(language: String(line.dropFirst(3)), text: "", line: number + 1)
            }
        }
        XCTAssertNil(open, "a code block is not closed")
        return blocks
    }

    /// The path a block's first line names (`-- Examples/…` or `# Examples/…`).
    static func shownFile(_ block: Block) -> String? {
        let first = block.text.prefix { $0 != "\n" }
        for marker in ["-- ", "# "] where first.hasPrefix(marker) {
            let path = String(first.dropFirst(marker.count))
            if path.hasPrefix(folder + "/") { return path }
        }
        return nil
    }

    func cookbook() throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent("Docs/cookbook.md"), encoding: .utf8)
    }

    func testEveryCodeBlockIsTheFileItNames() throws {
        var shown = 0
        for block in Self.blocks(in: try cookbook()) where block.language != "sh" {
            guard let path = Self.shownFile(block) else {
                XCTFail("Docs/cookbook.md:\(block.line): a code block must start with the path of the file it shows")
                continue
            }
            let file = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
            XCTAssertEqual(block.text, file, "Docs/cookbook.md:\(block.line) differs from \(path)")
            shown += 1
        }
        XCTAssertGreaterThanOrEqual(shown, 25)
    }

    func testEveryFileOfTheCookbookIsShown() throws {
        let shown = Set(Self.blocks(in: try cookbook()).compactMap(Self.shownFile))
        let files = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent(Self.folder).path)
        XCTAssertFalse(files.isEmpty)
        for file in files.sorted() {
            XCTAssertTrue(shown.contains("\(Self.folder)/\(file)"), "\(file) is in \(Self.folder) but not in the cookbook")
        }
    }

    func testEveryRecipeCoversWhatTheIssueAsks() throws {
        let headings = try cookbook().split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        XCTAssertEqual(headings, [
            "Press and hold", "Debounce", "Counters", "Validation with colours", "A countdown", "Tabs", "A validated form",
            "Paging a scroll view", "Confirming before applying", "Two behaviours talking", "Sharing code between behaviours",
            "Testing an action", "Testing timing", "Gotchas",
        ])
    }

    func testEveryRecipesSpecPasses() throws {
        let specs = try SpecFinder.find([Self.repository.appendingPathComponent(Self.folder).path])
        XCTAssertGreaterThanOrEqual(specs.count, 13)
        let (text, run) = runSpecs(specs, limits: .default)
        XCTAssertEqual(run.summary?.failed, 0, text)
        XCTAssertGreaterThanOrEqual(run.summary?.passed ?? 0, 45, text)
    }
}
