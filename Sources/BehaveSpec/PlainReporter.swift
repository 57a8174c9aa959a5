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
            write("PENDING \(result.file):\(result.line): \(result.name)\n")
        case .failed:
            clearProgress()
            var lines = result.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = lines.isEmpty ? "" : lines.removeFirst()
            var text = "FAIL \(result.location): \(result.name): \(first)\n"
            for line in lines { text += "    \(line)\n" }
            for line in result.output { text += "    | \(line)\n" }
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
