/// Several reporters hearing one run (the plain report on the terminal and
/// JUnit XML to a file).
public final class TeeReporter: SpecReporter {
    private let reporters: [any SpecReporter]

    public init(_ reporters: [any SpecReporter]) {
        self.reporters = reporters
    }

    public func start(fileCount: Int) { reporters.forEach { $0.start(fileCount: fileCount) } }
    public func willRun(file: String, name: String, line: Int) {
        reporters.forEach { $0.willRun(file: file, name: name, line: line) }
    }
    public func report(_ result: SpecResult) { reporters.forEach { $0.report(result) } }
    public func progress(filesDone: Int, of total: Int, summary: SpecSummary) {
        reporters.forEach { $0.progress(filesDone: filesDone, of: total, summary: summary) }
    }
    public func finish(_ summary: SpecSummary) { reporters.forEach { $0.finish(summary) } }
}
