import Foundation

/// One line a worker process writes: a spec about to run, a result, or how
/// many of its files are done.
struct WorkerEvent: Codable {
    struct Start: Codable {
        var file: String
        var name: String
        var line: Int
    }

    var started: Start?
    var result: SpecResult?
    var filesDone: Int?
}

/// The reporter of a worker process (`behave test --worker`): every spec
/// it starts (when the runner asks: it needs them only to name the spec a
/// crash stopped, and each is a write the spec waits for), every result and
/// every finished file, one JSON line each, for the `IsolatedSpecRunner`
/// that started it. Each line starts with the
/// token the runner gave the worker on standard input, which no spec can
/// read: a line without it (anything else that reached standard output) is
/// not an event, so a spec cannot forge a result.
public final class WorkerReporter: SpecReporter {
    private let token: [UInt8]
    private let reportsStarts: Bool
    private let write: (String) -> Void
    /// Lines not written yet: a file's results are written together when
    /// it is done (the runner reports them then), and everything before a
    /// spec starts (which the runner must hear before a crash).
    private var waiting: [UInt8] = []

    /// `write` gets whole lines, newline included.
    public init(token: String, reportsStarts: Bool = true, write: @escaping (String) -> Void) {
        self.token = Array((token + " ").utf8)
        self.reportsStarts = reportsStarts
        self.write = write
    }

    public func willRun(file: String, name: String, line: Int) {
        guard reportsStarts else { return }
        emit(WorkerEvent(started: .init(file: file, name: name, line: line)))
        flush()
    }

    public func report(_ result: SpecResult) { emit(WorkerEvent(result: result)) }

    public func progress(filesDone: Int, of total: Int, summary: SpecSummary) {
        emit(WorkerEvent(filesDone: filesDone))
        flush()
    }

    public func finish(_ summary: SpecSummary) { flush() }

    private func emit(_ event: WorkerEvent) {
        waiting += token
        waiting += event.jsonLine
        waiting.append(UInt8(ascii: "\n"))
    }

    private func flush() {
        guard !waiting.isEmpty else { return }
        write(String(decoding: waiting, as: UTF8.self))
        waiting.removeAll(keepingCapacity: true)
    }

    /// What a worker is given on standard input: the token, the run's
    /// options as JSON (nil when they cannot be read), whether to report
    /// the specs it starts (`starts`, or nothing), then the files
    /// (NUL-separated).
    public static func input(from data: Data) -> (token: String, options: SpecOptions?, reportsStarts: Bool,
                                                   files: [String]) {
        let parts = data.split(separator: 0, omittingEmptySubsequences: false)
        let options = parts.count > 1 ? try? JSONDecoder().decode(SpecOptions.self, from: parts[1]) : nil
        let reportsStarts = parts.count > 2 && parts[2].elementsEqual("starts".utf8)
        return (parts.first.map { String(decoding: $0, as: UTF8.self) } ?? "", options, reportsStarts,
                parts.dropFirst(3).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.isEmpty })
    }

    /// The standard input of a worker given `files` to run with `options`.
    static func input(token: String, options: SpecOptions, reportsStarts: Bool, files: [String]) -> Data {
        let json = (try? JSONEncoder().encode(options)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Data(([token, json, reportsStarts ? "starts" : ""] + files).map { $0 + "\0" }.joined().utf8)
    }
}

/// Runs spec files in a worker process (the `behave` executable with
/// arguments that make it a worker), so that a crash in Swift (a trap, a
/// stack overflow) fails one spec file instead of ending the whole run.
/// Results are reported as the worker sends them, in file order, exactly as
/// `SpecRunner` reports them. When the worker stops before its last file,
/// the file it was on runs again alone, one spec at a time: its specs that
/// finish are reported, and the spec that was running when it stopped fails
/// with the reason (the worker's last words on standard error). The run goes
/// on with the next file.
public final class IsolatedSpecRunner: SpecFileRunner {
    public let options: SpecOptions
    public let jobs: Int
    private let executable: URL
    private let arguments: (Int) -> [String]

    /// `arguments(jobs)` makes `executable` a worker running `jobs` files at
    /// once; it reads the options and the files from standard input
    /// (`WorkerReporter.input(from:)`) and writes what a `WorkerReporter`
    /// writes. Without a worker (it cannot be started), the
    /// files run in this process.
    public init(executable: URL, arguments: @escaping (_ jobs: Int) -> [String], options: SpecOptions = SpecOptions(),
                jobs: Int = 1) {
        self.executable = executable
        self.arguments = arguments
        self.options = options
        self.jobs = max(1, jobs)
    }

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
        var next = 0
        while next < files.count {
            // The rest of the files, in one worker.
            var waiting: [SpecResult] = []
            var done = 0
            let batchStart = next
            let batch = launch(Array(files[next...]), jobs: jobs, reportsStarts: false) { event in
                if let result = event.result { waiting.append(result) }
                if let filesDone = event.filesDone, filesDone > done {
                    // A file's results come together, once it is finished.
                    for result in waiting {
                        summary.add(result)
                        reporter.report(result)
                    }
                    waiting.removeAll()
                    done = filesDone
                    reporter.progress(filesDone: batchStart + done, of: files.count, summary: summary)
                }
            }
            guard let batch else {
                // No worker: the rest runs here.
                for (offset, path) in files[next...].enumerated() {
                    SpecFileRun(path: path, options: options).run { result in
                        summary.add(result)
                        reporter.report(result)
                    }
                    reporter.progress(filesDone: next + offset + 1, of: files.count, summary: summary)
                }
                break
            }
            next += done
            guard next < files.count else { continue }

            // The worker stopped: the file it was on, alone, to find out.
            var current: WorkerEvent.Start?
            var finished = false
            let alone = launch([files[next]], jobs: 1, reportsStarts: true) { event in
                if let start = event.started { current = start }
                if let result = event.result {
                    current = nil
                    summary.add(result)
                    reporter.report(result)
                }
                if event.filesDone != nil { finished = true }
            }
            if !finished {
                let file = current?.file ?? SpecFinder.display(files[next])
                let reason = alone?.stopped ?? batch.stopped ?? "the worker ended before the file was done"
                let result = SpecResult(file: file, name: current?.name ?? "(running \(file))", line: current?.line ?? 1,
                                        status: .errored, location: "\(file):\(current?.line ?? 1)",
                                        message: "behave crashed while running this spec: \(reason); the rest of the file did not run, the other files did",
                                        output: alone?.errors ?? batch.errors)
                summary.add(result)
                reporter.report(result)
            }
            next += 1
            reporter.progress(filesDone: next, of: files.count, summary: summary)
        }
        summary.duration = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        reporter.finish(summary)
        return summary
    }

    /// How a worker ended: `stopped` says why when it did not end normally;
    /// `errors` is the end of what it wrote on standard error.
    private struct Ending {
        var stopped: String?
        var errors: [String]
    }

    /// Runs a worker on `files`; `hear` gets its events as they come. Nil
    /// when no worker could be started.
    private func launch(_ files: [String], jobs: Int, reportsStarts: Bool, hear: (WorkerEvent) -> Void) -> Ending? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments(jobs)
        var environment = ProcessInfo.processInfo.environment
        // A crash is reported in a line, not with a slow symbolicated backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // Foundation's waitUntilExit looks every 50 ms: a run would wait up
        // to that long after its worker ended. The handler comes at once.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return nil
        }
        let token = UUID().uuidString
        let list = WorkerReporter.input(token: token, options: options, reportsStarts: reportsStarts, files: files)
        let prefix = Array((token + " ").utf8)
        DispatchQueue.global().async {
            try? input.fileHandleForWriting.write(contentsOf: list)
            try? input.fileHandleForWriting.close()
        }
        let errorText = ErrorText()
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.set(String(decoding: data.suffix(64 << 10), as: UTF8.self))
            errorsRead.signal()
        }
        var splitter = WorkerLineSplitter()
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            splitter.add(chunk) { line in
                guard line.starts(with: prefix) else { return }
                if let event = WorkerEvent(jsonLine: UnsafeBufferPointer(rebasing: line[prefix.count...])) { hear(event) }
            }
        }
        exited.wait()
        errorsRead.wait()
        let lines = errorText.get().split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        var stopped: String?
        if process.terminationReason == .uncaughtSignal {
            let signal = String(cString: strsignal(process.terminationStatus))
            let last = lines.last { $0.contains("Fatal error") || $0.contains("error:") } ?? lines.last
            stopped = [last.map { String($0.prefix(500)) }, "signal \(process.terminationStatus), \(signal)"]
                .compactMap { $0 }.joined(separator: "; ")
        } else if process.terminationStatus != 0 {
            stopped = "the worker exited with status \(process.terminationStatus)"
                + (lines.last.map { ": " + String($0.prefix(500)) } ?? "")
        }
        return Ending(stopped: stopped, errors: Array(lines.suffix(20)))
    }
}

/// Standard error of a worker, read on another thread.
private final class ErrorText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String { lock.withLock { text } }
}
