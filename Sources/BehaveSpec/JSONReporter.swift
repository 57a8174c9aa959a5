import BehaveCore

/// busted's `json` output handler, read by the same tools: written at the
/// end, one object on one line with busted's keys, `successes`, `failures`,
/// `errors` and `pendings` (a list of specs each) and `duration` (seconds).
/// A spec is, as in busted's, `name` (its full name), `message` (for a
/// failure or an error, after `file:line: `, or a pending reason; absent
/// otherwise), `trace` (`short_src` and `currentline` of the failing
/// assertion or the error, else of the spec's `it`), `element`
/// (`descriptor`, the `trace` of its `it`, `duration`) and `isError` (true,
/// in `errors`); and `output`, what it printed (Behave's, not busted's).
///
/// The JSON is valid whatever the specs raised or printed: text is Swift's
/// (valid Unicode), control characters are `\u` escapes, and each string
/// holds at most `longestString` bytes of UTF-8.
public final class JSONReporter: SpecReporter {
    /// Bytes of UTF-8 kept of one string: a spec that raises a message of
    /// megabytes leaves a report a CI tool still reads whole.
    public static let longestString = 16 << 10

    private let write: (String) -> Void
    private var successes: [JSON] = [], failures: [JSON] = [], errors: [JSON] = [], pendings: [JSON] = []

    /// `write` gets the whole report, newline included.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func report(_ result: SpecResult) {
        switch result.status {
        case .listed: break
        case .passed: successes.append(entry(result))
        case .failed: failures.append(entry(result))
        case .errored: errors.append(entry(result))
        case .pending: pendings.append(entry(result))
        }
    }

    public func finish(_ summary: SpecSummary) {
        let report = JSON.object([
            ("pendings", .array(pendings)), ("successes", .array(successes)), ("failures", .array(failures)),
            ("errors", .array(errors)), ("duration", .number(summary.duration)),
        ])
        write(report.text + "\n")
    }

    private func entry(_ result: SpecResult) -> JSON {
        let file = JSON.string(Self.bounded(result.file))
        let specTrace = JSON.object([("short_src", file), ("currentline", .number(Double(result.line)))])
        let failed = result.status == .failed || result.status == .errored
        var pairs: [(String, JSON)] = [("name", .string(Self.bounded(result.name)))]
        // As busted's: `file:line: ` before the text. A passed spec's
        // message is a note (a transcript rewritten), not busted's.
        if !result.message.isEmpty, result.status != .passed {
            let at = result.location.isEmpty ? "" : result.location + ": "
            pairs.append(("message", .string(Self.bounded(at + result.message))))
        }
        pairs += [
            ("trace", failed ? Self.trace(result.location, or: result) : specTrace),
            ("element", .object([("descriptor", .string("it")), ("trace", specTrace),
                                 ("duration", .number(result.duration))])),
        ]
        if result.status == .errored { pairs.append(("isError", .bool(true))) }
        pairs.append(("output", .array(result.output.map { .string(Self.bounded($0)) })))
        return .object(pairs)
    }

    /// `file:line` (the file may hold colons) as busted's trace; the spec's
    /// own line when the location has no line.
    private static func trace(_ location: String, or result: SpecResult) -> JSON {
        var file = result.file, line = result.line
        if let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]) {
            file = String(location[..<colon])
            line = number
        }
        return .object([("short_src", .string(bounded(file))), ("currentline", .number(Double(line)))])
    }

    /// `text` cut to at most `longestString` bytes (at a scalar's end), with
    /// how much was left out.
    static func bounded(_ text: String) -> String {
        let count = text.utf8.count
        guard count > longestString else { return text }
        let scalars = text.unicodeScalars
        var end = scalars.startIndex, bytes = 0
        while end < scalars.endIndex, bytes + UTF8.width(scalars[end]) <= longestString {
            bytes += UTF8.width(scalars[end])
            end = scalars.index(after: end)
        }
        return String(scalars[..<end]) + "… (\(count - bytes) more bytes left out)"
    }
}
