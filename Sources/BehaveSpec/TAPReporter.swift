import BehaveCore

/// TAP version 13: `ok N - name`, `not ok N - name` with a YAML block
/// (severity, location, message), `# SKIP` for pending specs; the plan
/// comes last, then the counts as a comment.
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
        guard result.status != .listed else { return }
        number += 1
        // One line each: a name or a file name cannot start a TAP line.
        let name = DisplayText.line("\(result.file): \(result.name)").replacingOccurrences(of: "#", with: "\\#")
        switch result.status {
        case .passed:
            write("ok \(number) - \(name)\n")
        case .pending:
            let reason = result.message.isEmpty ? "pending"
                : DisplayText.line(result.message)
            write("ok \(number) - \(name) # SKIP \(reason)\n")
        case .listed:
            break
        case .failed, .errored:
            // `severity`: `fail` for a failed assertion, `error` for anything else.
            var text = "not ok \(number) - \(name)\n  ---\n"
            text += "  severity: \(result.status == .failed ? "fail" : "error")\n"
            text += "  at: \(yamlString(DisplayText.line(result.location)))\n"
            text += "  message: |-\n    " + DisplayText.indented(result.message, by: "    ") + "\n"
            if !result.output.isEmpty {
                text += "  output: |-\n"
                for printed in result.output {
                    text += "    " + DisplayText.indented(printed, by: "    ") + "\n"
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
