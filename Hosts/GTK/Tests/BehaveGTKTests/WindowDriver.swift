import Foundation
import XCTest

/// A real X server (Xvfb) and `behave-window` on it, driven with real X
/// events (xdotool) and looked at through screenshots (ImageMagick), as a
/// person would: what a test asserts is what reaches the screen and the
/// trace. Without a window manager a window sits at (0, 0), so the
/// window's coordinates (`--print-geometry`) are the screen's.
final class WindowDriver {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let display: String
    private let server: Process
    private var window: Process?
    private let output = Output()
    /// Set when the window's output reached its end (all of it read).
    private var windowOutputEnded: Flag?
    /// Where each control sits, from `--print-geometry`.
    private(set) var places: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]

    /// Starts an X server; skips the test (or fails it in CI) when Xvfb,
    /// xdotool or ImageMagick is missing.
    init() throws {
        for tool in ["Xvfb", "xdotool", "import", "convert"] {
            guard WindowDriver.which(tool) != nil else {
                let message = "\(tool) is not installed (bash .ci/install --gtk installs what the GTK tests need)"
                if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(message) }
                throw XCTSkip(message)
            }
        }
        var number = 0
        repeat { number = Int.random(in: 100...999) } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        display = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: WindowDriver.which("Xvfb")!)
        server.arguments = [display, "-screen", "0", "800x700x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        try wait(for: "the X server") { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }
    }

    /// Every test that opened a window fails on what GTK complained of in it.
    deinit {
        if let window { WindowDriver.stop(window) }
        server.terminate()
        server.waitUntilExit()
        XCTAssertEqual(GtkComplaints.lines(in: output.text), [], "GTK complained in behave-window")
    }

    /// Ends `process`: SIGTERM, then SIGKILL after five seconds (a window
    /// stuck in a frame never reads its SIGTERM, and the test run would
    /// wait for it for ever).
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let end = Date().addingTimeInterval(5)
        while process.isRunning, Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// `behave-window`, built beside the tests.
    static var windowBinary: URL {
        // The test bundle is a folder (or, on Linux, the folder holding it).
        let bundle = Bundle(for: WindowDriver.self).bundleURL
        let folder = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        return folder.appendingPathComponent("behave-window")
    }

    /// Opens `file` (from the checkout) in a window and waits until every
    /// control has a place on the screen.
    func open(_ file: String, _ arguments: [String] = [], input: Pipe? = nil) throws {
        // This window's lines, not those of one opened before it.
        let start = max(0, lines.count - 1)
        try launch(file, arguments, input: input)
        try wait(for: "the window's controls to be laid out") { self.lines.dropFirst(start).contains { $0.hasPrefix("geometry ") } }
        // Places are printed at the frame after the one that laid them
        // out and drew them: a frame line comes before them.
        try wait(for: "the window drawn") { self.lines.dropFirst(start).contains { $0.hasPrefix("frame ") } }
        for line in lines where line.hasPrefix("geometry ") {
            let words = line.split(separator: " ").map(String.init)
            let numbers = words.suffix(4).compactMap(Int.init)
            guard numbers.count == 4 else { continue }
            places[words.dropFirst().dropLast(4).joined(separator: " ")] = (numbers[0], numbers[1], numbers[2], numbers[3])
        }
    }

    /// The environment `behave-window` runs in: the server's display, X11,
    /// and the renderer whose pictures tests compare.
    private var windowEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        return environment
    }

    /// Opens `file`, which must not load: waits for the window to end by
    /// itself (a hang fails the test) and gives its status.
    func refuse(_ file: String) throws -> Int32 {
        try launch(file, [])
        return try end()
    }

    private func launch(_ file: String, _ arguments: [String], input: Pipe? = nil) throws {
        let process = Process()
        process.executableURL = WindowDriver.windowBinary
        let path = file.hasPrefix("/") ? file : WindowDriver.checkout.appendingPathComponent(file).path
        process.arguments = [path, "--print-geometry", "--print-frames"] + arguments
        process.currentDirectoryURL = WindowDriver.checkout
        process.environment = windowEnvironment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = input ?? Pipe()
        windowOutputEnded = try WindowDriver.gather(pipe, into: output, running: process)
        window = process
    }

    /// Runs `behave-window` on `file` (absolute) until it ends by itself,
    /// as with a scene that does not load; its status and all it printed.
    /// A window still open after `timeout` fails the test.
    func runToTheEnd(_ file: String, _ arguments: [String] = [], timeout: Double = 30) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = WindowDriver.windowBinary
        process.arguments = [file] + arguments
        process.environment = windowEnvironment
        let pipe = Pipe()
        let output = Output()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = Pipe()
        let ended = try WindowDriver.gather(pipe, into: output, running: process)
        defer { WindowDriver.stop(process) }
        try wait(for: "\((file as NSString).lastPathComponent) to end", timeout: timeout) { !process.isRunning }
        process.waitUntilExit()
        try wait(for: "the end of what \((file as NSString).lastPathComponent) printed") { ended.isSet }
        XCTAssertEqual(GtkComplaints.lines(in: output.text), [], "GTK complained in behave-window")
        return (process.terminationStatus, output.text)
    }

    /// Runs `process` with what it prints gathered into `output` by a
    /// thread of its own; the flag is set once the pipe is at its end (the
    /// process ended and all it printed was read). A blocking read sees
    /// the end for certain; a readability handler was not always called
    /// for it.
    private static func gather(_ pipe: Pipe, into output: Output, running process: Process) throws -> Flag {
        let ended = Flag()
        let reading = pipe.fileHandleForReading
        try process.run()
        Thread.detachNewThread {
            // (`availableData` gives what is there now, empty at the end;
            // `read(upToCount:)` would wait for the count or the end.)
            while case let data = reading.availableData, !data.isEmpty { output.append(data) }
            ended.set()
        }
        return ended
    }

    /// What the window printed so far, by line.
    var lines: [String] { output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Waits until the trace has a line containing `text`.
    @discardableResult
    func waitForLine(containing text: String, timeout: Double = 30) throws -> String {
        var found: String?
        try wait(for: "a line with \(text)", timeout: timeout) {
            found = self.lines.first { $0.contains(text) }
            return found != nil
        }
        return found!
    }

    /// Waits until the trace has a line ending with `text` (a number
    /// that a longer one begins with, 45 of 45.2).
    func waitForLine(endingWith text: String, timeout: Double = 30) throws {
        try wait(for: "a line ending with \(text)", timeout: timeout) { self.lines.contains { $0.hasSuffix(text) } }
    }

    /// Waits until the trace has a line containing `text` and the window
    /// has drawn a frame after the last such line (`--print-frames`): what
    /// the scene and GTK did before that line is on the screen. A frame
    /// is only drawn when something changed, so `text` must say a change
    /// that shows.
    func waitForFrame(after text: String, timeout: Double = 30) throws {
        try waitForLine(containing: text, timeout: timeout)
        try wait(for: "a frame drawn after the line with \(text)", timeout: timeout) {
            let lines = self.lines
            guard let changed = lines.lastIndex(where: { $0.contains(text) }) else { return false }
            return lines[(changed + 1)...].contains { $0.hasPrefix("frame ") }
        }
    }

    /// How many frames the window has drawn so far.
    var framesDrawn: Int { lines.filter { $0.hasPrefix("frame ") }.count }

    /// Waits until the window has drawn more than `count` frames: after
    /// input that changes the screen without a trace line (a resize),
    /// with `count` read before it.
    func waitForFrame(beyond count: Int, timeout: Double = 30) throws {
        try wait(for: "a frame drawn", timeout: timeout) { self.framesDrawn > count }
    }

    func center(of control: String) throws -> (Int, Int) {
        let place = try XCTUnwrap(places[control], "\(control) has no place; \(places.keys.sorted())")
        return (place.x + place.width / 2, place.y + place.height / 2)
    }

    // MARK: Real input

    func click(_ control: String) throws {
        let (x, y) = try center(of: control)
        try xdotool(["mousemove", "\(x)", "\(y)", "click", "1"])
    }

    /// Presses on `control`'s left part and drags to its right part, by
    /// way of its middle a tenth of a second later, as a hand moves.
    func drag(_ control: String, fromFraction start: Double, toFraction end: Double) throws {
        let place = try XCTUnwrap(places[control])
        let y = place.y + place.height / 2
        let from = place.x + Int(Double(place.width) * start), to = place.x + Int(Double(place.width) * end)
        try xdotool(["mousemove", "\(from)", "\(y)", "mousedown", "1", "mousemove", "\((from + to) / 2)", "\(y)",
                     "sleep", "0.1", "mousemove", "\(to)", "\(y)", "mouseup", "1"])
    }

    func type(_ text: String) throws { try xdotool(["type", "--delay", "40", text]) }

    func key(_ key: String) throws { try xdotool(["key", key]) }

    /// Resizes the window as a user's drag of its corner does (the X
    /// server's configure event reaches GTK).
    func resize(width: Int, height: Int) throws {
        let window = try XCTUnwrap(window)
        let found = try run("xdotool", ["search", "--sync", "--onlyvisible", "--pid", "\(window.processIdentifier)"])
        let id = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), found)
        try xdotool(["windowsize", id, "\(width)", "\(height)"])
    }

    /// Sends real input, then pauses a moment, as a person's inputs are
    /// apart. A test waits for what the input does, not on this pause.
    func xdotool(_ arguments: [String]) throws {
        try run("xdotool", arguments)
        Thread.sleep(forTimeInterval: 0.15)
    }

    // MARK: Looking

    /// A screenshot of the region (the whole screen's top left by default).
    func screenshot(_ file: URL, x: Int = 0, y: Int = 0, width: Int = 420, height: Int = 420) throws {
        try run("import", ["-window", "root", "-crop", "\(width)x\(height)+\(x)+\(y)", file.path])
    }

    /// How much a control's region varies now (the standard deviation of
    /// its brightness, 0…1): its text and border against its background.
    /// A control fading out loses it, and one gone has none.
    func contrast(of control: String) throws -> Double {
        try measure(control, "%[fx:standard_deviation]")
    }

    /// The mean brightness (0…1) of a control's region now.
    func brightness(of control: String) throws -> Double {
        try measure(control, "%[fx:mean]")
    }

    /// The mean red, green and blue (0…1) of a control's region now.
    func colour(of control: String) throws -> (red: Double, green: Double, blue: Double) {
        (try measure(control, "%[fx:mean.r]"), try measure(control, "%[fx:mean.g]"), try measure(control, "%[fx:mean.b]"))
    }

    /// The share of a control's region that is ink (darker than 70 %
    /// grey): more for larger or bolder text.
    func ink(of control: String) throws -> Double {
        try measure(control, "%[fx:1-mean]", before: ["-threshold", "70%"])
    }

    /// Whether a scale's trough is filled (the theme's blue, which runs
    /// from its start to its slider) at `fraction` of its width.
    func isFilled(_ control: String, at fraction: Double) throws -> Bool {
        let place = try XCTUnwrap(places[control])
        let point = (x: place.x + Int(Double(place.width) * fraction), y: place.y + place.height / 2, width: 1, height: 1)
        let blue = try measure(control, "%[fx:mean.b-mean.r]", region: point)
        return blue > 0.3
    }

    private func measure(_ control: String, _ format: String, before: [String] = [],
                         region: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> Double {
        let place = try region ?? XCTUnwrap(places[control])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try screenshot(file, x: place.x, y: place.y, width: place.width, height: place.height)
        let gray = format.contains("mean.") ? [] : ["-colorspace", "Gray"]
        let text = try run("convert", [file.path] + gray + before + ["-format", format, "info:"])
        return try XCTUnwrap(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), text)
    }

    /// How many pixels of a control's region differ between two moments
    /// (`before` taken by `snapshot`).
    func snapshot(_ control: String) throws -> URL {
        let place = try XCTUnwrap(places[control])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(UUID().uuidString).png")
        try screenshot(file, x: place.x, y: place.y, width: place.width, height: place.height)
        return file
    }

    /// A snapshot of `control` at rest: taken again until two in a row
    /// differ in fewer than `tolerance` pixels. The first frame after a
    /// change need not be its last (the theme eases a state change over
    /// frames, a loaded machine draws them late), and nothing traces the end.
    func stillSnapshot(_ control: String, tolerance: Int = 20) throws -> URL {
        var last = try snapshot(control)
        var still: URL?
        try wait(for: "\(control) to be still") {
            guard let next = try? snapshot(control) else { return false }
            defer { last = next }
            guard let differing = try? differingPixels(last, next), differing >= 0, differing < tolerance else { return false }
            still = next
            return true
        }
        return try XCTUnwrap(still)
    }

    func differingPixels(_ a: URL, _ b: URL) throws -> Int {
        // compare prints the count on stderr and exits 1 when they differ.
        let text = try run("compare", ["-metric", "AE", a.path, b.path, "null:"], allowFailure: true)
        return Int(Double(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first ?? "") ?? -1)
    }

    // MARK: Ending

    /// Sends `signal` to the window and waits for it to end; its status.
    func end(with signal: Int32? = nil, timeout: Double = 30) throws -> Int32 {
        let window = try XCTUnwrap(window)
        if let signal { kill(window.processIdentifier, signal) }
        try wait(for: "the window to end", timeout: timeout) { !window.isRunning }
        let ended = try XCTUnwrap(windowOutputEnded)
        try wait(for: "the end of what the window printed", timeout: timeout) { ended.isSet }
        return window.terminationStatus
    }

    // MARK: Support

    @discardableResult
    func run(_ tool: String, _ arguments: [String], allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(WindowDriver.which(tool), tool))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if !allowFailure, process.terminationStatus != 0 { XCTFail("\(tool) \(arguments): \(text)") }
        return text
    }

    /// Waits until `condition` holds. The timeout only catches a hang: on
    /// a loaded machine a window may take many seconds for what is quick
    /// on an idle one, which is not a failure.
    func wait(for what: String, timeout: Double = 30, _ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < end else {
                throw XCTSkip.failure("timed out waiting for \(what); the window printed:\n\(output.text.suffix(3000))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// What the window printed, gathered from the pipe's thread.
final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A mark set once from another thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

extension XCTSkip {
    /// A failure that ends the test where it is (a timeout).
    static func failure(_ message: String) -> Error { WindowTestFailure(message: message) }
}

struct WindowTestFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
