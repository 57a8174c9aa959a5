import BehaveCore
import BehaveLua
import Foundation

/// Runs spec files, each in a fresh sandbox, and tells a reporter about
/// every result in file order. With more than one job, files run at once on
/// threads of their own (each file's Lua states never leave its thread);
/// results are still reported in file order, so the output is the same.
public final class SpecRunner: SpecFileRunner {
    public let options: SpecOptions
    /// Files run at once.
    public let jobs: Int

    public init(options: SpecOptions = SpecOptions(), jobs: Int = 1) {
        self.options = options
        self.jobs = max(1, jobs)
    }

    /// Runs `files` (paths of spec files, as `SpecFinder.find` gives them),
    /// after reporting `first`.
    @discardableResult
    public func run(_ files: [String], reporter: any SpecReporter, first: [SpecResult]) -> SpecSummary {
        var summary = SpecSummary()
        summary.files = files.count
        let started = DispatchTime.now()
        reporter.start(fileCount: files.count)
        for result in first {
            summary.add(result)
            reporter.report(result)
        }
        func deliver(_ index: Int, _ results: [SpecResult]) {
            for result in results {
                summary.add(result)
                reporter.report(result)
            }
            reporter.progress(filesDone: index + 1, of: files.count, summary: summary)
        }
        if jobs == 1 || files.count < 2 {
            // Each result as it comes, and each spec before it runs.
            for (index, path) in files.enumerated() {
                // (The file's shown path, worked out once: it cost as much
                // as a spec's scene.)
                let run = SpecFileRun(path: path, options: options)
                run.run(willRun: { name, line in
                    reporter.willRun(file: run.file, name: name, line: line)
                }, { result in
                    summary.add(result)
                    reporter.report(result)
                })
                reporter.progress(filesDone: index + 1, of: files.count, summary: summary)
            }
        } else {
            let pool = SpecPool(files: files, options: options)
            pool.start(threads: min(jobs, files.count))
            for index in files.indices { deliver(index, pool.results(of: index)) }
        }
        summary.duration = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        reporter.finish(summary)
        return summary
    }

    /// Every result of one file.
    static func run(_ path: String, options: SpecOptions) -> [SpecResult] {
        var results: [SpecResult] = []
        SpecFileRun(path: path, options: options).run { results.append($0) }
        return results
    }
}

/// Runs spec files and tells a reporter: `SpecRunner` in this process,
/// `IsolatedSpecRunner` in a worker process.
public protocol SpecFileRunner {
    /// Runs `files`; `first` (results found before the run, such as the
    /// linter's errors) are reported and counted ahead of theirs.
    @discardableResult
    func run(_ files: [String], reporter: any SpecReporter, first: [SpecResult]) -> SpecSummary
}

extension SpecFileRunner {
    @discardableResult
    public func run(_ files: [String], reporter: any SpecReporter) -> SpecSummary {
        run(files, reporter: reporter, first: [])
    }
}

/// Hears a run: the plain, TAP, JUnit, JSON and gtest reporters.
public protocol SpecReporter: AnyObject {
    func start(fileCount: Int)
    /// A spec is about to run (heard only when files run one at a time).
    func willRun(file: String, name: String, line: Int)
    func report(_ result: SpecResult)
    func progress(filesDone: Int, of total: Int, summary: SpecSummary)
    func finish(_ summary: SpecSummary)
}

extension SpecReporter {
    public func start(fileCount: Int) {}
    public func willRun(file: String, name: String, line: Int) {}
    public func progress(filesDone: Int, of total: Int, summary: SpecSummary) {}
}
