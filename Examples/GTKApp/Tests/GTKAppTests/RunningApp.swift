import Foundation
import XCTest

/// The built `gtk-app` on an X server of its own (Xvfb), driven as a user
/// drives it: real clicks and keys through xdotool, and what it shows read
/// from its `--print-widgets` lines and from screenshots.
final class RunningApp {
    private let server = Process()
    private let app = Process()
    private let display: String
    private let output = Lines()
    /// Where each bound widget is on the screen, from the app's `place` lines.
    private(set) var places: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]

    /// Starts an X server and the app on it (`arguments` after
    /// `--print-widgets`), and waits until its window is laid out. Skips
    /// the test without Xvfb, xdotool or ImageMagick (`bash .ci/install --gtk`
    /// installs them); in CI, fails it.
    init(_ arguments: [String] = []) throws {
        for tool in ["Xvfb", "xdotool", "import", "convert"] where Self.which(tool) == nil {
            let message = "\(tool) is not installed (bash .ci/install --gtk installs what the GTK tests need)"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(message) }
            throw XCTSkip(message)
        }
        var number = 0
        repeat { number = Int.random(in: 100...999) } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        display = ":\(number)"
        server.executableURL = URL(fileURLWithPath: Self.which("Xvfb")!)
        server.arguments = [display, "-nolisten", "tcp", "-screen", "0", "640x480x24"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        try wait(for: "the X server") { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") }

        // The test bundle's folder (on Linux, the folder holding it) holds the built app.
        let bundle = Bundle(for: RunningApp.self).bundleURL
        app.executableURL = (bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle)
            .appendingPathComponent("gtk-app")
        app.arguments = ["--print-widgets"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"   // the same pixels on every machine
        app.environment = environment
        let pipe = Pipe()
        app.standardOutput = pipe
        app.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [output] handle in output.append(handle.availableData) }
        try app.run()
        try wait(for: "the window laid out") { self.output.lines.filter { $0.hasPrefix("place ") }.count == 5 }
        for line in output.lines where line.hasPrefix("place ") {
            let words = line.split(separator: " ")
            let numbers = words.suffix(4).compactMap { Int($0) }
            places[String(words[1])] = (numbers[0], numbers[1], numbers[2], numbers[3])
        }
    }

    /// Every test that ran the app fails on what GTK complained of: a
    /// CRITICAL or WARNING is a mistake in the app or the host that a user
    /// sees in the terminal.
    deinit {
        for process in [app, server] where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        XCTAssertEqual(gtkComplaints, [], "GTK complained while the app ran")
    }

    var lines: [String] { output.lines }

    /// GLib's CRITICAL and WARNING lines (`(gtk-app:1234): Gtk-CRITICAL **: …`),
    /// but for the session bus GtkApplication finds on a desktop and not
    /// under a bare X server.
    var gtkComplaints: [String] {
        output.lines.filter { ($0.contains("-CRITICAL **") || $0.contains("-WARNING **")) && !$0.contains("session bus") }
    }

    /// Waits until the app's last line about a widget is `shown`
    /// (`count shows "Clicked once"`, `save is sensitive`).
    func waitUntil(_ shown: String, timeout: Double = 20) throws {
        let widget = String(shown.prefix { $0 != " " })
        try wait(for: "`\(shown)`", timeout: timeout) { self.lastLine(about: widget) == shown }
    }

    /// Waits for a line that starts with `start`, among those printed
    /// after the first `count`.
    func waitForLine(startingWith start: String, after count: Int, timeout: Double = 20) throws {
        try wait(for: "a line `\(start)…`", timeout: timeout) { self.output.lines.dropFirst(count).contains { $0.hasPrefix(start) } }
    }

    /// The last line the app printed about `widget` (`count shows …`, `save is …`).
    func lastLine(about widget: String) -> String? {
        output.lines.last { $0.hasPrefix("\(widget) shows ") || $0.hasPrefix("\(widget) is ") }
    }

    // MARK: Real input

    func click(_ widget: String) throws {
        let place = try XCTUnwrap(places[widget], "no place for \(widget): \(places.keys.sorted())")
        try xdotool(["mousemove", "\(place.x + place.width / 2)", "\(place.y + place.height / 2)", "click", "1"])
    }

    func type(_ text: String) throws { try xdotool(["type", "--delay", "40", text]) }

    func key(_ key: String) throws { try xdotool(["key", key]) }

    /// Real input, then a moment's pause, as a person's inputs are apart.
    private func xdotool(_ arguments: [String]) throws {
        try run("xdotool", arguments)
        Thread.sleep(forTimeInterval: 0.15)
    }

    // MARK: Looking

    /// A screenshot of `widget`'s place (the whole window without one).
    func screenshot(of widget: String? = nil, to file: URL) throws {
        let crop = try widget.map { name in try XCTUnwrap(places[name]) }.map { "\($0.width)x\($0.height)+\($0.x)+\($0.y)" }
        try run("import", ["-window", "root"] + (crop.map { ["-crop", $0] } ?? []) + [file.path])
    }

    /// The standard deviation of a picture's brightness (0…1): how strongly
    /// its text stands out from its background.
    func contrast(of picture: URL) throws -> Double {
        let printed = try run("convert", [picture.path, "-colorspace", "Gray", "-format", "%[fx:standard_deviation]", "info:"])
        return try XCTUnwrap(Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)), printed)
    }

    // MARK: Running tools

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(Self.which(tool), tool))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
        return printed
    }

    private func wait(for what: String, timeout: Double = 20, _ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            // Once started, an app that ends prints nothing more.
            let ended = app.processIdentifier != 0 && !app.isRunning
            guard Date() < end, !ended else {
                let why = ended ? "the app ended (status \(app.terminationStatus))" : "waited \(Int(timeout)) s"
                throw Failure(description: "\(why) for \(what); the app printed:\n\(output.lines.joined(separator: "\n"))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private static func which(_ tool: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }
}

/// The app's output as whole lines, gathered on the pipe's thread.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func append(_ data: Data) {
        lock.withLock { text += String(decoding: data, as: UTF8.self) }
    }

    var lines: [String] {
        lock.withLock { text.split(separator: "\n").map(String.init) }
    }
}
