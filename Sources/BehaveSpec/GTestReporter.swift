import BehaveCore
import Foundation

/// busted's `gtest` output handler, in Google Test's words: a block per
/// spec file (`[----------] Running tests from FILE`), a `[ RUN      ]`
/// line per spec, then what it printed, the failure or error
/// (`file:line: Failure` or `Error`, the message below), and its outcome
/// (`[       OK ]`, `[  FAILED  ]`, `[  ERROR   ]`, `[ SKIPPED  ]`) with its
/// time; at the end the counts and the specs that did not pass, listed.
/// A spec is named `file:line: full name`, by its `it`; what specs wrote
/// is indented two spaces. With `colours`,
/// only the markers are coloured, as busted's are on a terminal.
public final class GTestReporter: SpecReporter {
    private let write: (String) -> Void
    private let colours: Bool
    /// The file whose block is open; nil between files.
    private var file: String?
    private var fileCount = 0, fileDuration = 0.0
    private var ran = 0, passed = 0, filesRan = 0
    /// The specs that did not pass, named, for the lists at the end.
    private var skipped: [String] = [], failed: [String] = [], errored: [String] = []

    /// `write` gets whole lines, newline included.
    public init(colours: Bool = false, write: @escaping (String) -> Void) {
        self.write = write
        self.colours = colours
    }

    public func start(fileCount: Int) {
        write(paint("[==========]", .green) + " Running tests from scanned files.\n"
              + paint("[----------]", .green) + " Global test environment setup.\n")
    }

    public func report(_ result: SpecResult) {
        guard result.status != .listed else { return }
        if result.file != file {
            closeFile()
            file = result.file
            write(paint("[----------]", .green) + " Running tests from \(DisplayText.line(result.file))\n")
        }
        let name = "\(DisplayText.line(result.file)):\(result.line): \(DisplayText.line(result.name))"
        var text = paint("[ RUN      ]", .green) + " \(name)\n"
        // What the spec wrote is indented, so no line of it passes for one of ours.
        text += result.output.map { "  " + DisplayText.indented($0, by: "  ") + "\n" }.joined()
        let marker: String
        switch result.status {
        case .passed, .listed:
            passed += 1
            marker = paint("[       OK ]", .green)
        case .pending:
            skipped.append(name)
            marker = paint("[ SKIPPED  ]", .yellow)
        case .failed, .errored:
            let isFailure = result.status == .failed
            if isFailure { failed.append(name) } else { errored.append(name) }
            text += "\(DisplayText.line(result.location)): \(isFailure ? "Failure" : "Error")\n"
                + "  " + DisplayText.indented(result.message, by: "  ") + "\n"
            marker = isFailure ? paint("[  FAILED  ]", .red) : paint("[  ERROR   ]", .magenta)
        }
        write(text + "\(marker) \(name) (\(milliseconds(result.duration)) ms)\n")
        ran += 1
        fileCount += 1
        fileDuration += result.duration
    }

    public func finish(_ summary: SpecSummary) {
        closeFile()
        var text = paint("[----------]", .green) + " Global test environment teardown.\n"
        text += paint("[==========]", .green) + " \(count(ran, "test")) from \(count(filesRan, "test file")) ran."
            + " (\(milliseconds(summary.duration)) ms total)\n"
        text += paint("[  PASSED  ]", .green) + " \(count(passed, "test")).\n"
        text += list(skipped, paint("[ SKIPPED  ]", .yellow), count(skipped.count, "test"))
        text += list(failed, paint("[  FAILED  ]", .red), count(failed.count, "test"))
        text += list(errored, paint("[  ERROR   ]", .magenta), count(errored.count, "error"))
        if !(skipped.isEmpty && failed.isEmpty && errored.isEmpty) { text += "\n" }
        if !skipped.isEmpty { text += " \(count(skipped.count, "SKIPPED TEST", "SKIPPED TESTS"))\n" }
        if !failed.isEmpty { text += " \(count(failed.count, "FAILED TEST", "FAILED TESTS"))\n" }
        if !errored.isEmpty { text += " \(count(errored.count, "ERROR", "ERRORS"))\n" }
        write(text)
    }

    private func closeFile() {
        guard let file else { return }
        write(paint("[----------]", .green) + " \(count(fileCount, "test")) from \(DisplayText.line(file))"
              + " (\(milliseconds(fileDuration)) ms total)\n\n")
        self.file = nil
        filesRan += 1
        fileCount = 0
        fileDuration = 0
    }

    private func list(_ names: [String], _ marker: String, _ counted: String) -> String {
        guard !names.isEmpty else { return "" }
        return "\(marker) \(counted), listed below:\n" + names.map { "\(marker) \($0)\n" }.joined()
    }

    private func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : many ?? one + "s")
    }

    private func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f", seconds * 1000)
    }

    private func paint(_ text: String, _ colour: ReportColour) -> String {
        colour.paint(text, if: colours)
    }
}
