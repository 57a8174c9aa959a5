import Foundation
import ToolRunning
import XCTest

/// Every fenced code block of README.md and Docs/ is checked by what it is,
/// with the built `behave`, as a reader would try it (commands run in a copy
/// of the checkout's Examples/ and Scripts/):
///
/// * a block whose first line names a file of the checkout (`-- Scripts/toggle.lua`,
///   `# Examples/Toggle/toggle.scene.yaml`) is that file, byte for byte, or, named
///   with ` (part)` after it, its lines in order; a Lua or scene file shown
///   whole is checked as below;
/// * `lua`: a spec (a `describe` or `it` at the top) passes `behave test`; a
///   behaviour (it ends by returning its class) passes `behave check` with no
///   finding;
/// * `yaml`: a scene passes `behave check` with no finding (one shown as a
///   `file:`, once the page has shown the files it names);
/// * `json` shown as output is matched as one line, its lines joined;
/// * `sh`: a session (`$ ` before each command) runs each command in the shell,
///   `behave` being the built one, and prints what the block shows after it;
///   plain command lines that run `behave` run, and exit 0;
/// * `swift` blocks are DocSnippetTests'.
///
/// A block that cannot be checked so says what it is, and why, in a comment
/// on the line before its fence, which this test reads (`DocMark`):
///
///     <!-- fragment: part of a spec: `s` is a scene it made -->
///     ```lua
///
/// and a block left without one, that the rules above cannot check, fails.
final class DocBlockTests: XCTestCase {
    func testEveryBlockOfTheDocsIsCheckedOrSaysWhyNot() throws {
        let behave = try builtBehave()
        let workspace = try Self.workspace(in: folder())
        var checked = 0
        var unchecked: [DocMark.Kind: [String]] = [:]
        for page in try Self.pages() {
            let files = try folder()
            let text = try String(contentsOf: checkout.appendingPathComponent(page), encoding: .utf8)
            let blocks = try DocBlock.all(in: text, page: page)
            for (index, block) in blocks.enumerated() {
                let checker = DocBlockChecker(behave: behave, block: block, before: index > 0 ? blocks[index - 1] : nil,
                                              files: files, workspace: workspace, test: self)
                try checker.check()
                checked += 1
                if let kind = block.mark?.kind, Self.unchecked[kind] != nil { unchecked[kind, default: []].append(block.place) }
            }
            // A scene shown as a file is checked once the page has shown every file it names.
            for block in blocks where block.mark?.kind == .file && block.mark?.detail.contains(".scene.yaml") == true {
                try DocBlockChecker(behave: behave, block: block, before: nil, files: files, workspace: workspace, test: self)
                    .checkWrittenScene()
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 140, "the docs hold more blocks than this: are they all read?")
        for (kind, count) in Self.unchecked {
            let places = unchecked[kind] ?? []
            XCTAssertEqual(places.count, count, """
                \(places.count) blocks are marked `\(kind.rawValue):`, not \(count): \(places.joined(separator: ", ")). \
                A new one shows what no test checks: check it (`output of:` the commands that print it; Swift quoted \
                from a program CI compiles); one that cannot be, and one newly checked, change the count in \
                DocBlockTests.unchecked, for review to see
                """)
        }
    }

    /// How many blocks each mark of a block left unchecked marks: the
    /// output of `behave window`; Swift of manifests that name Behave by URL
    /// or sit outside the checkout, of AVFoundation and UIKit. Counted, so
    /// that a new one fails here.
    static let unchecked: [DocMark.Kind: Int] = [.notChecked: 1, .notCompiled: 6]

    /// The mechanism: blocks, their marks and their first lines are read
    /// as the docs write them; a mark that is not right before a fence, or
    /// that this test does not know, is refused with its line.
    func testBlocksAndMarksAreReadWithTheirLines() throws {
        let doc = """
            Text.

            <!-- fragment: a part -->
            ```lua
            s:tap("button")
            ```

              ```
              indented
              ```
            """
        let blocks = try DocBlock.all(in: doc, page: "doc.md")
        XCTAssertEqual(blocks.map(\.line), [4, 8])
        XCTAssertEqual(blocks.map(\.language), ["lua", ""])
        XCTAssertEqual(blocks.map(\.mark?.kind), [.fragment, nil])
        XCTAssertEqual(blocks.map(\.mark?.detail), ["a part", nil])
        XCTAssertEqual(blocks[1].text, "indented\n")
        XCTAssertThrowsError(try DocBlock.all(in: "<!-- fragment: why -->\ntext\n", page: "doc.md"))
        XCTAssertThrowsError(try DocBlock.all(in: "<!-- skip: why -->\n```lua\nx()\n```\n", page: "doc.md"))
        XCTAssertThrowsError(try DocBlock.all(in: "<!-- fragment: -->\n```lua\nx()\n```\n", page: "doc.md"))
        XCTAssertThrowsError(try DocBlock.all(in: "```lua\nx()\n", page: "doc.md"))
    }

    /// What a shown output may leave out: a `…` stands for any text on
    /// its line; lines of the output the block does not show are passed over.
    func testAnOutputIsMatchedInOrderWithEllipses() {
        let printed = "a line\nFAIL x.lua:3: it broke: expected 1, got 2\nlast\n"
        XCTAssertNil(DocOutput.firstMissing(shown: "FAIL x.lua:3: … expected 1, got 2\nlast\n", in: printed))
        XCTAssertEqual(DocOutput.firstMissing(shown: "last\na line\n", in: printed), "a line")
        XCTAssertEqual(DocOutput.firstMissing(shown: "FAIL x.lua:4: …\n", in: printed), "FAIL x.lua:4: …")
    }

    /// Where commands run: a copy of the checkout's Examples/ and Scripts/
    /// (without hidden folders, such as a package's .build), so that what
    /// a command writes (a transcript, a report) stays out of the checkout.
    static func workspace(in folder: URL) throws -> URL {
        let manager = FileManager.default
        for top in ["Examples", "Scripts"] {
            let source = checkout.appendingPathComponent(top)
            guard let walk = manager.enumerator(at: source, includingPropertiesForKeys: [.isDirectoryKey], options: .skipsHiddenFiles) else { continue }
            for case let file as URL in walk where (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
                let relative = top + file.path.dropFirst(source.path.count)
                let target = folder.appendingPathComponent(relative)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: file, to: target)
            }
        }
        return folder
    }

    static func pages() throws -> [String] {
        let folder = checkout.appendingPathComponent("Docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + pages.map { "Docs/" + $0 }
    }
}

/// What a comment right before a fence says of the block.
struct DocMark: Equatable {
    enum Kind: String, CaseIterable {
        /// Part of a script, spec or scene (what it is part of, in the
        /// detail): Lua is only parsed (`behave check` finds no syntax error).
        case fragment
        /// A mistake on purpose: `behave check` refuses it.
        case mistake
        /// Commands that build, install or open a window or a server: not
        /// run here (why, in the detail).
        case notRun = "not run"
        /// What the commands of the detail print, run in the checkout
        /// (`behave …; in Examples/Toggle` runs them there).
        case outputOf = "output of"
        /// Output this test cannot produce (why, in the detail: what it
        /// would need): shown, not checked.
        case notChecked = "not checked"
        /// Output that a test of another package prints and compares with
        /// the block (the Embedding app's, which registers app functions),
        /// or a file of that package no other rule reads (the GTK app's
        /// `.ui`): the detail names the test's file first, which reads this page.
        case checkedBy = "checked by"
        /// Swift that no program compiles (DocSnippetTests reads it).
        case notCompiled = "not compiled"
        /// A file of the page's folder, by the name the detail gives: the
        /// blocks after it on the page run with it (`(in the files above)`);
        /// `NAME (in FOLDER)` writes it into the copy of the checkout's
        /// FOLDER instead, beside the files it uses.
        case file
        /// A session (```sh, `$ ` before each command) run in the folder
        /// of the checkout the detail names.
        case runIn = "run in"
    }

    let kind: Kind
    let detail: String
}

/// A fenced code block of a Markdown page.
struct DocBlock {
    let page: String
    /// The line of the opening fence.
    let line: Int
    let language: String
    /// The block's text, each line ending with a line feed, without the
    /// fence's indentation.
    let text: String
    let mark: DocMark?

    var place: String { "\(page):\(line)" }
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    struct Malformed: Error, CustomStringConvertible { let description: String }

    static func all(in markdown: String, page: String) throws -> [DocBlock] {
        let rows = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [DocBlock] = []
        var pending: (line: Int, mark: DocMark)?
        var index = 0
        while index < rows.count {
            let trimmed = rows[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!--") {
                if let mark = try Self.mark(trimmed, at: "\(page):\(index + 1)") { pending = (index + 1, mark) }
                index += 1
                continue
            }
            guard trimmed.hasPrefix("```") else {
                if let pending, !trimmed.isEmpty || index == rows.count - 1 {
                    throw Malformed(description: "\(page):\(pending.line): a `\(pending.mark.kind.rawValue):` comment must be right before a fenced block")
                }
                index += 1
                continue
            }
            let indent = rows[index].prefix { $0 == " " }.count
            let start = index
            var text = ""
            index += 1
            while index < rows.count, rows[index].trimmingCharacters(in: .whitespaces) != "```" {
                text += String(rows[index].dropFirst(min(indent, rows[index].prefix { $0 == " " }.count))) + "\n"
                index += 1
            }
            guard index < rows.count else { throw Malformed(description: "\(page):\(start + 1): a block with no closing ```") }
            if let pending, pending.line != start {
                throw Malformed(description: "\(page):\(pending.line): a `\(pending.mark.kind.rawValue):` comment must be on the line right before a fence")
            }
            blocks.append(DocBlock(page: page, line: start + 1, language: String(trimmed.dropFirst(3)), text: text,
                                   mark: pending?.mark))
            pending = nil
            index += 1
        }
        return blocks
    }

    /// The mark a comment makes, nil for a comment that is no mark (one
    /// whose first word is no kind's name and that holds no `:`).
    private static func mark(_ comment: String, at place: String) throws -> DocMark? {
        guard comment.hasSuffix("-->"), let colon = comment.firstIndex(of: ":") else { return nil }
        let name = comment.dropFirst(4)[..<colon].trimmingCharacters(in: .whitespaces)
        guard let kind = DocMark.Kind(rawValue: name) else {
            let kinds = DocMark.Kind.allCases.map { "`\($0.rawValue):`" }.joined(separator: ", ")
            throw Malformed(description: "\(place): `\(name):` is not a mark of a block; write one of \(kinds)")
        }
        let detail = comment[comment.index(after: colon)...].dropLast(3).trimmingCharacters(in: .whitespaces)
        guard !detail.isEmpty else { throw Malformed(description: "\(place): a `\(name):` mark says why, after the colon") }
        return DocMark(kind: kind, detail: detail)
    }
}

/// Shown output beside printed output.
enum DocOutput {
    /// The first line shown that the printed text does not have, after the
    /// lines before it; nil when every shown line is there, in order. A `…`
    /// stands for any text.
    static func firstMissing(shown: String, in printed: String) -> String? {
        let printedLines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var next = 0
        for line in shown.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            guard let found = printedLines[next...].firstIndex(where: { matches(line, $0) }) else { return line }
            next = found + 1
        }
        return nil
    }

    /// Whether `printed` is `shown`, where each `…` of `shown` may stand for any text.
    static func matches(_ shown: String, _ printed: String) -> Bool {
        let parts = shown.trimmingCharacters(in: .whitespaces).components(separatedBy: "…")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let line = printed.trimmingCharacters(in: .whitespaces)
        if parts.count == 1 { return line == parts[0] }
        guard line.hasPrefix(parts[0]), line.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = line.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= parts[parts.count - 1].count
    }
}
