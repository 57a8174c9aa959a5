import BehaveCore
import Foundation

/// JUnit XML, as CI servers read it: one `testsuite` per spec file, one
/// `testcase` per spec (`failure` for a failed assertion and `error` for
/// anything else raised, with the location and message, `skipped`
/// for pending ones, `system-out` with what it printed). Written at the end.
public final class JUnitReporter: SpecReporter {
    private let write: (String) -> Void
    private var files: [String] = []
    private var results: [String: [SpecResult]] = [:]

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func report(_ result: SpecResult) {
        guard result.status != .listed else { return }
        if results[result.file] == nil { files.append(result.file) }
        results[result.file, default: []].append(result)
    }

    public func finish(_ summary: SpecSummary) {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"behave\" tests=\"\(summary.passed + summary.failed + summary.errors + summary.skipped)\" "
            + "failures=\"\(summary.failed)\" errors=\"\(summary.errors)\" skipped=\"\(summary.skipped)\" "
            + "time=\"\(time(summary.duration))\">\n"
        for file in files {
            let cases = results[file] ?? []
            let failures = cases.filter { $0.status == .failed }.count
            let errors = cases.filter { $0.status == .errored }.count
            let skipped = cases.filter { $0.status == .pending }.count
            let duration = cases.reduce(0) { $0 + $1.duration }
            xml += "  <testsuite name=\"\(escape(file))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
                + "errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(time(duration))\">\n"
            for result in cases {
                xml += "    <testcase classname=\"\(escape(file))\" name=\"\(escape(result.name))\" "
                    + "file=\"\(escape(file))\" line=\"\(result.line)\" time=\"\(time(result.duration))\""
                var body = ""
                switch result.status {
                case .passed, .listed: break
                case .pending:
                    body += "      <skipped message=\"\(escape(result.message.isEmpty ? "pending" : result.message))\"/>\n"
                case .failed, .errored:
                    // A failed assertion is a `failure`, anything else raised an `error`.
                    let element = result.status == .failed ? "failure" : "error"
                    let first = result.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
                    body += "      <\(element) message=\"\(escape(first))\" type=\"\(element)\">"
                        + "\(escape(result.location, inText: true)): \(escape(result.message, inText: true))</\(element)>\n"
                }
                if !result.output.isEmpty {
                    body += "      <system-out>\(escape(result.output.joined(separator: "\n"), inText: true))</system-out>\n"
                }
                xml += body.isEmpty ? "/>\n" : ">\n\(body)    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        write(xml)
    }

    private func time(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    /// XML text and attribute escaping. Control characters are written as
    /// Lua escapes (`DisplayText`), so the only ones left are line feeds and
    /// tabs, kept in text and written as references in attributes (which
    /// would read them as spaces); U+FFFE and U+FFFF, which XML 1.0 cannot
    /// hold, are written as escapes. Text in Swift is valid Unicode: bytes
    /// that are not UTF-8 never reach here.
    private func escape(_ text: String, inText: Bool = false) -> String {
        var out = ""
        for scalar in DisplayText.lines(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n" where !inText: out += "&#10;"
            case "\t" where !inText: out += "&#9;"
            case "\u{FFFE}", "\u{FFFF}": out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
