import BehaveCore

/// The default report: one line per failure (`FAIL file:line: name:
/// message`, with the details and what the spec printed indented below),
/// pending specs by name, and the counts as the last line. On a terminal a
/// progress line is redrawn as files finish.
public final class PlainReporter: SpecReporter {
    private let write: (String) -> Void
    private let showsProgress: Bool
    private var progressShown = false

    /// `write` gets whole lines, newline included.
    public init(showsProgress: Bool = false, write: @escaping (String) -> Void) {
        self.write = write
        self.showsProgress = showsProgress
    }

    public func report(_ result: SpecResult) {
        switch result.status {
        case .passed:
            return
        case .pending:
            clearProgress()
            let reason = result.message.isEmpty ? "" : ": \(DisplayText.line(result.message))"
            write("PENDING \(DisplayText.line(result.file)):\(result.line): \(DisplayText.line(result.name))\(reason)\n")
        case .failed:
            clearProgress()
            // Names and the location on the FAIL line; the message's other
            // lines and what the spec printed indented below it.
            let message = DisplayText.indented(result.message, by: "    ")
            var text = "FAIL \(DisplayText.line(result.location)): \(DisplayText.line(result.name)): \(message)\n"
            for printed in result.output {
                text += "    | " + DisplayText.indented(printed, by: "    | ") + "\n"
            }
            write(text)
        }
    }

    public func progress(filesDone: Int, of total: Int, summary: SpecSummary) {
        guard showsProgress, filesDone < total else { return clearProgress() }
        write("\r\u{1B}[K\(filesDone)/\(total) files · \(summary.line)")
        progressShown = true
    }

    public func finish(_ summary: SpecSummary) {
        clearProgress()
        write(summary.line + "\n")
    }

    private func clearProgress() {
        guard progressShown else { return }
        write("\r\u{1B}[K")
        progressShown = false
    }
}
