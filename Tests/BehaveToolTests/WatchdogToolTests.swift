import Foundation
import ToolRunning
import XCTest

/// The budget's watchdog thread starts only when a callback runs long: a
/// short run is one thread, a long callback starts the watchdog, and a
/// runaway in the first callback of a process is still stopped at its
/// loop's line, whether the hook or the watchdog stops it. (`behave run`
/// flushes what it printed before it reads each command from a pipe.)
final class WatchdogToolTests: XCTestCase {
    private let busy = """
        local Busy = behaviour { name = "Busy", outlets = { button = "Button" } }

        function Busy:awake()
          self.button:on("touchUpInside", function()
            local n = 0
            for i = 1, 1000000 do n = n + i % 7 end
            print("done " .. n)
          end)
          print("ready")
        end

        return Busy

        """

    private let runaway = """
        local Runaway = behaviour { name = "Runaway", outlets = { button = "Button" } }

        function Runaway:awake()
          local n = 0
          while true do
            n = n + 1
          end
        end

        return Runaway

        """

    /// The threads of process `pid`.
    private func threads(of pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
    }

    func testAShortRunStartsNoThreadAndALongCallbackStartsTheWatchdog() throws {
        #if os(Linux)
        let work = try folder(["busy.lua": busy])
        let process = Process()
        process.executableURL = try builtBehave()
        process.environment = ToolRunning.environment()
        process.arguments = ["run", "busy.lua", "--instruction-limit", "50000000"]
        process.currentDirectoryURL = work
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let lines = LineReader(output.fileHandleForReading)

        XCTAssertNotNil(lines.wait(for: { $0.contains("ready") }), "the scene did not start")
        XCTAssertEqual(try threads(of: process.processIdentifier), 1, "a short run started a thread")

        input.fileHandleForWriting.write(Data("tap button\n".utf8))
        XCTAssertNotNil(lines.wait(for: { $0.contains("done") }), "the long callback did not finish")
        XCTAssertEqual(try threads(of: process.processIdentifier), 2, "the long callback started no watchdog")

        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        #else
        throw XCTSkip("the watchdog runs on Linux")
        #endif
    }

    func testARunawayInAProcesssFirstCallbackIsStoppedAtItsLoop() throws {
        let work = try folder(["runaway.lua": runaway])
        // A budget the hook spends before the watchdog starts, and one it
        // outlasts, so that the watchdog stops the callback that started it.
        for budget in ["1000000", "20000000"] {
            let ran = try run(try builtBehave(), ["run", "runaway.lua", "--instruction-limit", budget, "--do", "quit"],
                              in: work)
            XCTAssertTrue(ran.output.contains("runaway.lua:6: instruction budget exceeded (\(budget) instructions) while running this line")
                          || ran.errors.contains("runaway.lua:6: instruction budget exceeded (\(budget) instructions) while running this line"),
                          "\(budget): \(ran.output)\n\(ran.errors)")
        }
    }
}
