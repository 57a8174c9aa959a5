import Foundation
import ToolRunning
import XCTest

/// Checks one block of the docs by what it is (DocBlockTests says how),
/// with the built `behave`, each in a fresh folder of its own.
struct DocBlockChecker {
    let behave: URL
    let block: DocBlock
    /// The block before it on its page, whose commands an `output of: the
    /// block above` runs.
    let before: DocBlock?
    /// The page's folder, where its `file:` blocks are written.
    let files: URL
    /// Where commands run: a copy of the checkout's Examples/ and Scripts/.
    let workspace: URL
    let test: XCTestCase

    func check() throws {
        if let mark = block.mark { return try checkMarked(mark) }
        if let shown = shownFile() { return try checkShown(path: shown.path, part: shown.part) }
        switch block.language {
        case "swift": return  // DocSnippetTests
        case "lua": try checkLua()
        case "yaml": try checkScene(block.text)
        case "sh": try checkShell()
        default:
            fail("""
                a block of \(block.language.isEmpty ? "output" : "`\(block.language)`") is checked only as its mark says: \
                put `<!-- output of: COMMANDS -->` (what the commands print, run in a copy of the checkout's Examples/ and \
                Scripts/; `(in FOLDER)` at the end runs them there) on the line before it, or `<!-- not checked: why -->`
                """)
        }
    }

    // MARK: Marked blocks

    private func checkMarked(_ mark: DocMark) throws {
        switch mark.kind {
        case .notCompiled:
            if block.language != "swift" { fail("`not compiled:` marks a ```swift block; this one is `\(block.language)`") }
        case .file:
            let (name, directory) = placed(mark.detail, default: files)
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try block.text.write(to: url, atomically: true, encoding: .utf8)
        case .runIn:
            guard block.language == "sh" else { return fail("`run in:` marks a session (```sh with `$ ` before each command)") }
            try checkShell(in: folder(mark.detail))
        case .notChecked:
            if ["lua", "yaml", "sh", "swift"].contains(block.language) {
                fail("`not checked:` marks output; a `\(block.language)` block is checked, or marked a fragment, a mistake or not run")
            }
        case .checkedBy:
            let path = String(mark.detail.prefix { $0 != "," && $0 != " " })
            guard let test = try? String(contentsOf: checkout.appendingPathComponent(path), encoding: .utf8) else {
                return fail("`checked by: \(path)`, which is not a file of the checkout; name the test that compares this block first")
            }
            if !test.contains(block.page) { fail("`checked by: \(path)`, which does not read \(block.page)") }
            if ["lua", "yaml", "sh", "swift"].contains(block.language) { fail("`checked by:` marks output; this block is `\(block.language)`") }
        case .notRun:
            if block.language != "sh" && block.language != "yaml" { fail("`not run:` marks commands; this block is `\(block.language)`") }
        case .fragment:
            if block.language == "lua" {
                let findings = try lint(block.text)
                for finding in findings where finding.code == "syntax" {
                    fail("this Lua does not parse: line \(finding.line): \(finding.message)")
                }
            }
        case .mistake:
            let outcome = try lintOutcome(block.text, name: block.language == "yaml" ? "doc.scene.yaml" : "doc.lua")
            if outcome.status == 0 { fail("marked a mistake, but `behave check` finds none:\n\(outcome.output)") }
        case .outputOf:
            var (command, directory) = placed(mark.detail, default: workspace)
            if command == "the block above" {
                guard let before, before.language == "sh" else { return fail("`output of: the block above`, but the block above is no ```sh") }
                command = before.lines.filter { !$0.isEmpty }.joined(separator: "\n")
            }
            let printed = try shell(command, in: directory)
            // JSON is printed on one line and shown on several.
            let shown = block.language == "json"
                ? block.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined() + "\n" : block.text
            if let missing = DocOutput.firstMissing(shown: shown, in: printed.output) {
                fail("`\(command)` does not print `\(missing)` (after the lines before it); it prints:\n\(printed.output)")
            }
        }
    }

    // MARK: Files of the checkout

    /// The file a block's first line names (`-- Scripts/toggle.lua`,
    /// `# Examples/…/x.scene.yaml (part)`), if it names one.
    private func shownFile() -> (path: String, part: Bool)? {
        guard let first = block.lines.first else { return nil }
        for marker in ["-- ", "# "] where first.hasPrefix(marker) {
            var path = String(first.dropFirst(marker.count))
            let part = path.hasSuffix(" (part)")
            if part { path = String(path.dropLast(" (part)".count)) }
            if path.hasPrefix("Examples/") || path.hasPrefix("Scripts/") { return (path, part) }
        }
        return nil
    }

    private func checkShown(path: String, part: Bool) throws {
        let url = checkout.appendingPathComponent(path)
        guard let file = try? String(contentsOf: url, encoding: .utf8) else { return fail("it shows \(path), which is not in the checkout") }
        if part {
            let lines = file.split(separator: "\n").map(Self.code)
            var next = 0
            for line in block.lines.dropFirst().map(Self.code) where !line.isEmpty {
                guard let found = lines[next...].firstIndex(of: line) else {
                    return fail("`\(line)` is not in \(path) after the lines before it; show the file as it is")
                }
                next = found + 1
            }
        } else if block.text != file && block.lines.dropFirst().map({ $0 + "\n" }).joined() != file {
            return fail("it differs from \(path), which it shows; show the file as it is, or name it with ` (part)` after it")
        }
        if path.hasSuffix("_spec.lua") {
            let outcome = try shell("behave test \(path)", in: checkout)
            if outcome.status != 0 { fail("`behave test \(path)` fails:\n\(outcome.output)") }
        } else if path.hasSuffix(".lua") || path.hasSuffix(".scene.yaml") {
            let outcome = try shell("behave check \(path)", in: checkout)
            if outcome.status != 0 || outcome.output.contains("warning:") { fail("`behave check \(path)` finds:\n\(outcome.output)") }
        }
    }

    /// A line without its indentation and its comment (a line's own, or at
    /// its end after two spaces: `--` in Lua, `#` in YAML), which an excerpt
    /// may word for its page.
    private static func code<S: StringProtocol>(_ line: S) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("--") || text.hasPrefix("# ") { return "" }
        for comment in ["  -- ", "  # "] {
            if let start = text.range(of: comment) { text = String(text[..<start.lowerBound]) }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    // MARK: Lua, scenes, commands

    private func checkLua() throws {
        let lines = block.lines.filter { !$0.isEmpty && !$0.hasPrefix("--") }
        if let first = lines.first, first.hasPrefix("describe(") || first.hasPrefix("it(") {
            let folder = try test.folder(["doc_spec.lua": block.text])
            let outcome = try shell("behave test doc_spec.lua", in: folder)
            if outcome.status != 0 { fail("the spec fails `behave test`:\n\(outcome.output)") }
        } else if let last = lines.last, last.hasPrefix("return ") {
            let outcome = try lintOutcome(block.text, name: "doc.lua")
            if outcome.status != 0 || outcome.output.contains("warning:") { fail("`behave check` finds:\n\(outcome.output)") }
        } else {
            fail("""
                this Lua is neither a spec (a `describe` at the top) nor a behaviour (ending with `return` its class); \
                make it whole, or mark it `<!-- fragment: what it is part of -->` on the line before it
                """)
        }
    }

    private func checkScene(_ text: String) throws {
        let outcome = try lintOutcome(text, name: "doc.scene.yaml")
        if outcome.status != 0 || outcome.output.contains("warning:") {
            fail("the scene does not pass `behave check`:\n\(outcome.output)\(cannot)")
        }
    }

    /// A scene the page wrote as a `file:`, beside the other files it wrote.
    func checkWrittenScene() throws {
        guard let detail = block.mark?.detail else { return }
        let (name, directory) = placed(detail, default: files)
        let outcome = try shell("behave check \(name)", in: directory)
        if outcome.status != 0 || outcome.output.contains("warning:") {
            fail("the scene does not pass `behave check` beside the page's files:\n\(outcome.output)")
        }
    }

    /// Commands: a session (`$ ` before each command, what it prints after
    /// it) runs and prints what it shows; plain `behave` command lines run
    /// and exit 0, or with the status their comment gives (`# … status 2`).
    private func checkShell(in directory: URL? = nil) throws {
        let directory = directory ?? workspace
        let home = try test.folder()
        if block.lines.contains(where: { $0.hasPrefix("$ ") }) {
            var command: String?
            var shown = ""
            for line in block.lines + ["$ "] {
                guard line.hasPrefix("$ ") else { shown += line + "\n"; continue }
                if let command {
                    let printed = try shell(command, in: directory, home: home)
                    if let missing = DocOutput.firstMissing(shown: shown, in: printed.output) {
                        fail("`\(command)` does not print `\(missing)` (after the lines before it); it prints:\n\(printed.output)")
                    }
                }
                command = line == "$ " ? nil : String(line.dropFirst(2))
                shown = ""
            }
            return
        }
        let commands = block.lines.filter { !$0.isEmpty }
        // Every line first: none runs unless all can.
        if let other = commands.first(where: { !$0.hasPrefix("behave ") && !$0.hasPrefix(".build/debug/behave ") }) {
            return fail("`\(other)` is not a `behave` command this test runs\(cannot)")
        }
        for line in commands {
            var status: Int32 = 0
            if let comment = line.range(of: "# ", options: .backwards),
               let stated = line[comment.upperBound...].range(of: #"(status|exit) \d+"#, options: .regularExpression) {
                status = Int32(line[stated].split(separator: " ")[1]) ?? 0
            }
            let outcome = try shell(line, in: directory, home: home)
            if outcome.status != status { fail("`\(line)` exits \(outcome.status), not \(status):\n\(outcome.output)") }
        }
    }

    /// A mark's detail without its ` (in FOLDER)` at the end, and that
    /// folder (`default` when it names none).
    private func placed(_ detail: String, default directory: URL) -> (String, URL) {
        guard let folder = detail.range(of: " (in ", options: .backwards), detail.hasSuffix(")") else { return (detail, directory) }
        return (String(detail[..<folder.lowerBound]), self.folder(String(detail[folder.upperBound...].dropLast())))
    }

    /// A folder of the checkout (its copy), or the page's files (`the files above`).
    private func folder(_ name: String) -> URL {
        name == "the files above" ? files : workspace.appendingPathComponent(name)
    }

    private var cannot: String {
        "; if it cannot be, mark it on the line before it (`<!-- fragment: … -->`, `<!-- mistake: … -->`, `<!-- not run: … -->`)"
    }

    // MARK: Running behave

    struct Finding: Decodable { let line: Int; let code: String; let message: String }
    private struct Report: Decodable { struct File: Decodable { let findings: [Finding] }; let files: [File] }

    private func lint(_ text: String) throws -> [Finding] {
        let folder = try test.folder(["doc.lua": text])
        let outcome = try ToolRunning.run(behave, ["check", "--json", "doc.lua"], in: folder)
        return try JSONDecoder().decode(Report.self, from: Data(outcome.output.utf8)).files.flatMap(\.findings)
    }

    private func lintOutcome(_ text: String, name: String) throws -> ToolOutcome {
        let folder = try test.folder([name: text])
        return try shell("behave check \(name)", in: folder)
    }

    /// `command` in the shell, in `directory`, with `behave` the built one
    /// (`.build/debug/behave` too); standard error goes with standard output,
    /// as a terminal shows them.
    private func shell(_ command: String, in directory: URL, home: URL? = nil) throws -> ToolOutcome {
        let script = command.replacingOccurrences(of: ".build/debug/behave ", with: "behave ")
        var environment = ["PATH": behave.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        if let home { environment["HOME"] = home.path }
        return try ToolRunning.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "(\n\(script)\n) 2>&1"], in: directory, environment: environment)
    }

    private func fail(_ message: String) {
        XCTFail("\(block.place): \(message)")
    }
}
