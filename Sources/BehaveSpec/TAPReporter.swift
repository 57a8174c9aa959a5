/// TAP version 13: `ok N - name`, `not ok N - name` with a YAML block
/// (location, message), `# SKIP` for pending specs; the plan comes last,
/// then the counts as a comment.
public final class TAPReporter: SpecReporter {
    private let write: (String) -> Void
    private var number = 0

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func start(fileCount: Int) {
        write("TAP version 13\n")
    }

    public func report(_ result: SpecResult) {
        number += 1
        let name = reportable("\(result.file): \(result.name)").replacingOccurrences(of: "#", with: "\\#")
            .replacingOccurrences(of: "\n", with: " ")
        switch result.status {
        case .passed:
            write("ok \(number) - \(name)\n")
        case .pending:
            let reason = result.message.isEmpty ? "pending"
                : reportable(result.message).replacingOccurrences(of: "\n", with: " ")
            write("ok \(number) - \(name) # SKIP \(reason)\n")
        case .failed:
            var text = "not ok \(number) - \(name)\n  ---\n"
            text += "  at: \(yamlString(reportable(result.location)))\n"
            text += "  message: |-\n"
            for line in reportable(result.message).split(separator: "\n", omittingEmptySubsequences: false) {
                text += "    \(line)\n"
            }
            if !result.output.isEmpty {
                text += "  output: |-\n"
                for printed in result.output {
                    for line in reportable(printed).split(separator: "\n", omittingEmptySubsequences: false) {
                        text += "    \(line)\n"
                    }
                }
            }
            text += "  ...\n"
            write(text)
        }
    }

    public func finish(_ summary: SpecSummary) {
        write("1..\(number)\n# \(summary.line)\n")
    }

    private func yamlString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
