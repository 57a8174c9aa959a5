import BehaveCore

/// `behave test --list`: `file:line: full name`, one line per spec that
/// would run (names escaped, so each stays on its line), in run order. A
/// file that cannot be loaded is reported as the plain report does.
public final class ListReporter: SpecReporter {
    private let write: (String) -> Void
    private let plain: PlainReporter

    /// `write` gets whole lines, newline included.
    public init(colours: Bool = false, write: @escaping (String) -> Void) {
        self.write = write
        plain = PlainReporter(colours: colours, write: write)
    }

    public func report(_ result: SpecResult) {
        guard result.status == .listed else { return plain.report(result) }
        write("\(DisplayText.line(result.file)):\(result.line): \(DisplayText.line(result.name))\n")
    }

    public func finish(_ summary: SpecSummary) {}
}
