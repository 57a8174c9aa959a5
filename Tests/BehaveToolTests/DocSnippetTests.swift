import Foundation
import ToolRunning
import XCTest

/// The Swift the docs show is code that compiles: each ```swift block of
/// README.md and Docs/ is an excerpt of a program CI builds (Examples/Embedding, Examples/GTKApp, the GTK app test,
/// the README's example test, the app package of `PackageTests`), so a
/// change of the API that breaks a snippet breaks the build of its original,
/// and a snippet edited away from its original fails here. A block that
/// cannot be one (a made-up widget, a manifest that names Behave by URL)
/// says so, and why, in a comment on the line before it:
///
///     <!-- not compiled: uses a made-up MyButton -->
///     ```swift
final class DocSnippetTests: XCTestCase {
    /// What the docs may quote: files CI compiles.
    static let compiledSources = ["Examples/Embedding", "Examples/GTKApp", "Tests/BehaveCoreTests/ReadmeExampleTests.swift", "Tests/BehaveToolTests/App",
                                  "Hosts/GTK/Tests/BehaveGTKTests/AppWidgetsTests.swift"]
    static let marker = "<!-- \(DocMark.Kind.notCompiled.rawValue):"

    func testEverySwiftBlockIsAnExcerptOfCompiledCodeOrSaysWhyNot() throws {
        let sources = try Self.compiledSources.flatMap { try swiftFiles(at: $0) }
        XCTAssertFalse(sources.isEmpty, "no compiled sources found under \(Self.compiledSources)")
        var checked = 0
        for doc in try docs() {
            let text = try String(contentsOf: checkout.appendingPathComponent(doc), encoding: .utf8)
            for block in try SwiftBlock.all(in: text, file: doc) {
                checked += 1
                let match = DocExcerpt.bestMatch(of: block.lines.map(\.text), in: sources)
                if let reason = block.notCompiledReason {
                    XCTAssertFalse(reason.isEmpty, "\(doc):\(block.line): `\(Self.marker) -->` without a reason; say why the block is not compiled")
                    if match.matched == block.lines.count {
                        XCTFail("\(doc):\(block.line): the block is marked not compiled, but it is an excerpt of \(match.file ?? "?"); drop the marker")
                    }
                } else if match.matched < block.lines.count {
                    let missing = block.lines[match.matched]
                    XCTFail("""
                        \(doc):\(block.line): this swift block is not an excerpt of compiled code: line \(missing.line), \
                        `\(missing.text)`, is not in \(match.file.map { "\($0) after the lines before it (the nearest source)" } ?? "any compiled source"). \
                        Make the block an excerpt of Examples/Embedding (each of its lines, in order, in one file: change the \
                        doc or the example), or mark it as illustrative with `\(Self.marker) why -->` on the line before it.
                        """)
                }
            }
        }
        XCTAssertGreaterThan(checked, 0, "no ```swift block found in the docs")
    }

    /// The mechanism itself: a line changed in a doc block is found missing, with its line.
    func testAChangedLineIsFoundMissing() throws {
        let doc = """
            Text.

            ```swift
            let a = 1

                let b = 2   // comment
            ```

            <!-- not compiled: made up -->
            ```swift
            nothing()
            ```
            """
        let blocks = try SwiftBlock.all(in: doc, file: "doc.md")
        XCTAssertEqual(blocks.map(\.line), [3, 10])
        XCTAssertEqual(blocks.map(\.notCompiledReason), [nil, "made up"])
        XCTAssertEqual(blocks[0].lines.map(\.line), [4, 6])
        let source = DocExcerpt.Source(path: "x.swift", lines: ["let a = 1", "let c = 3", "let b = 2   // comment"])
        XCTAssertEqual(DocExcerpt.bestMatch(of: ["let a = 1", "let b = 2   // comment"], in: [source]).matched, 2)
        XCTAssertEqual(DocExcerpt.bestMatch(of: ["let b = 2   // comment", "let a = 1"], in: [source]).matched, 1, "in order")
        XCTAssertEqual(DocExcerpt.bestMatch(of: ["let a = 1", "let b = 3"], in: [source]).matched, 1)
        XCTAssertThrowsError(try SwiftBlock.all(in: "```swift\nlet a = 1\n", file: "doc.md"))
        XCTAssertThrowsError(try SwiftBlock.all(in: "<!-- not compiled: why -->\ntext\n", file: "doc.md"))
    }

    private func docs() throws -> [String] {
        let folder = checkout.appendingPathComponent("Docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + pages.map { "Docs/" + $0 }
    }

    private func swiftFiles(at path: String) throws -> [DocExcerpt.Source] {
        let url = checkout.appendingPathComponent(path)
        var files: [String] = []
        if url.pathExtension == "swift" {
            files = [path]
        } else if let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: .skipsHiddenFiles) {
            // Hidden: a package's .build, with its checkouts.
            for case let file as URL in walk where file.pathExtension == "swift" {
                files.append(path + file.path.dropFirst(url.path.count))
            }
        }
        return try files.sorted().map { file in
            let text = try String(contentsOf: checkout.appendingPathComponent(file), encoding: .utf8)
            return DocExcerpt.Source(path: file, lines: DocExcerpt.significant(text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
    }
}

/// A ```swift block of a Markdown page: its lines that are not blank,
/// trimmed, each with its line in the page.
struct SwiftBlock {
    struct Line { let line: Int; let text: String }
    /// The fence's line.
    let line: Int
    let lines: [Line]
    /// The reason given by a `<!-- not compiled: … -->` on the line before the fence, if any.
    let notCompiledReason: String?

    /// The ```swift blocks of a page, read as DocBlockTests reads every block.
    static func all(in text: String, file: String) throws -> [SwiftBlock] {
        try DocBlock.all(in: text, page: file).filter { $0.language == "swift" }.map { block in
            let lines = block.lines.enumerated().compactMap { offset, row -> Line? in
                let text = row.trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : Line(line: block.line + offset + 1, text: text)
            }
            return SwiftBlock(line: block.line, lines: lines,
                              notCompiledReason: block.mark?.kind == .notCompiled ? block.mark?.detail : nil)
        }
    }
}

/// Finds a block's lines, in order, in one of the compiled sources.
enum DocExcerpt {
    struct Source { let path: String; let lines: [String] }

    static func significant<S: StringProtocol>(_ rows: [S]) -> [String] {
        rows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The source that holds the longest run of the block's first lines,
    /// in order, and how many: all of them when the block is an excerpt.
    static func bestMatch(of block: [String], in sources: [Source]) -> (file: String?, matched: Int) {
        var best: (file: String?, matched: Int) = (nil, 0)
        for source in sources {
            var matched = 0
            for line in source.lines where matched < block.count && line == block[matched] { matched += 1 }
            if matched > best.matched { best = (source.path, matched) }
        }
        return best
    }
}
