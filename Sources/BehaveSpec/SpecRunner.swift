import BehaveCore
import BehaveLua

/// Runs spec files one after another, each in a fresh sandbox, and tells a
/// reporter about every result as it comes.
public final class SpecRunner {
    public let options: SpecOptions

    public init(options: SpecOptions = SpecOptions()) {
        self.options = options
    }

    /// Runs `files` (paths of spec files, as `SpecFinder.find` gives them).
    @discardableResult
    public func run(_ files: [String], reporter: any SpecReporter) -> SpecSummary {
        var summary = SpecSummary()
        summary.files = files.count
        let clock = ContinuousClock()
        let started = clock.now
        reporter.start(fileCount: files.count)
        for (index, path) in files.enumerated() {
            SpecFileRun(path: path, options: options).run { result in
                summary.add(result)
                reporter.report(result)
            }
            reporter.progress(filesDone: index + 1, of: files.count, summary: summary)
        }
        let elapsed = clock.now - started
        summary.duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        reporter.finish(summary)
        return summary
    }
}

/// Hears a run: the plain, TAP and JUnit reporters.
public protocol SpecReporter: AnyObject {
    func start(fileCount: Int)
    func report(_ result: SpecResult)
    func progress(filesDone: Int, of total: Int, summary: SpecSummary)
    func finish(_ summary: SpecSummary)
}

extension SpecReporter {
    public func start(fileCount: Int) {}
    public func progress(filesDone: Int, of total: Int, summary: SpecSummary) {}
}
