import BehaveCore

/// The default report: one line per failure (`FAIL file:line: name:
/// message`) and per error (`ERROR …`), with the details and what the spec
/// printed indented below, pending specs by name, a passed spec's note
/// (`toggle.behave:1: transcript toggle.behave: updated: …`) or what it
/// printed (under `PASS file:line: name`), and the
/// counts as the last line. On a terminal a progress line is redrawn as
/// files finish, and with `colours` the markers and the last line are
/// coloured (only Behave's own words: text from specs is escaped, never
/// coloured).
public final class PlainReporter: SpecReporter {
    private let write: (String) -> Void
    private let showsProgress: Bool
    private let colours: Bool
    private var progressShown = false

    /// `write` gets whole lines, newline included.
    public init(showsProgress: Bool = false, colours: Bool = false, write: @escaping (String) -> Void) {
        self.write = write
        self.showsProgress = showsProgress
        self.colours = colours
    }

    public func report(_ result: SpecResult) {
        switch result.status {
        case .listed:
            return
        case .passed:
            // Only a note (a transcript rewritten) or what the spec printed
            // is worth a line: busted shows a passing spec's prints too, and
            // print is how a spec is debugged.
            guard !result.message.isEmpty || !result.output.isEmpty else { return }
            clearProgress()
            var text = result.message.isEmpty
                ? "\(paint("PASS", .green)) \(DisplayText.line(result.file)):\(result.line): \(DisplayText.line(result.name))\n"
                : "\(DisplayText.line(result.location)): \(DisplayText.line(result.name)): \(DisplayText.line(result.message))\n"
            text += printed(result.output)
            write(text)
        case .pending:
            clearProgress()
            let reason = result.message.isEmpty ? "" : ": \(DisplayText.line(result.message))"
            write("\(paint("PENDING", .yellow)) \(DisplayText.line(result.file)):\(result.line): \(DisplayText.line(result.name))\(reason)\n")
        case .failed, .errored:
            clearProgress()
            // Names and the location on the FAIL line; the message's other
            // lines and what the spec printed indented below it.
            let marker = result.status == .failed ? paint("FAIL", .red) : paint("ERROR", .magenta)
            let message = DisplayText.indented(result.message, by: "    ")
            write("\(marker) \(DisplayText.line(result.location)): \(DisplayText.line(result.name)): \(message)\n"
                  + printed(result.output))
        }
    }

    /// What a spec printed (and its scenes logged), a `| ` line each.
    private func printed(_ output: [String]) -> String {
        output.map { "    | " + DisplayText.indented($0, by: "    | ") + "\n" }.joined()
    }

    public func progress(filesDone: Int, of total: Int, summary: SpecSummary) {
        guard showsProgress, filesDone < total else { return clearProgress() }
        write("\r\u{1B}[K\(filesDone)/\(total) files · \(summary.line)")
        progressShown = true
    }

    public func finish(_ summary: SpecSummary) {
        clearProgress()
        write(paint(summary.line, summary.succeeded ? .green : .red) + "\n")
    }

    private func clearProgress() {
        guard progressShown else { return }
        write("\r\u{1B}[K")
        progressShown = false
    }

    private func paint(_ text: String, _ colour: ReportColour) -> String {
        colour.paint(text, if: colours)
    }
}
