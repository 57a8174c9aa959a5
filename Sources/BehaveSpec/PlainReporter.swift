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
            let reason = result.message.isEmpty ? "" : ": \(oneLine(result.message))"
            write("PENDING \(reportable(result.file)):\(result.line): \(oneLine(result.name))\(reason)\n")
        case .failed:
            clearProgress()
            var lines = reportable(result.message).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = lines.isEmpty ? "" : lines.removeFirst()
            var text = "FAIL \(reportable(result.location)): \(oneLine(result.name)): \(first)\n"
            for line in lines { text += "    \(line)\n" }
            for printed in result.output {
                for line in reportable(printed).split(separator: "\n", omittingEmptySubsequences: false) {
                    text += "    | \(line)\n"
                }
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

    /// A name or a reason on the report's one line.
    private func oneLine(_ text: String) -> String {
        reportable(text).replacingOccurrences(of: "\n", with: "\\n")
    }

    private func clearProgress() {
        guard progressShown else { return }
        write("\r\u{1B}[K")
        progressShown = false
    }
}
