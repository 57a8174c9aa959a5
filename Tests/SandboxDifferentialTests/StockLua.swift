import Foundation

/// The stock side of the differential tests: Debian's `lua5.4` program
/// running `Lua/stock.lua`, which loads the same harness as the sandbox.
enum StockLua {
    /// `lua5.4` on PATH. Missing, it is an error (never a skipped test): the
    /// comparison is the point of these tests.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("lua5.4")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw HarnessError("""
            lua5.4 is not installed (not found on PATH): the differential tests run stock Lua 5.4 \
            beside the sandbox. Install it with `sudo apt-get install lua5.4`, or run `bash .ci/install`.
            """)
    }

    /// Starts `lua5.4 stock.lua DIRECTORY ARGUMENTS...` with its output going
    /// to a file (read it after `waitUntilExit`).
    static func start(directory: URL, _ arguments: [String], output: URL) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = [directory.appendingPathComponent("stock.lua").path, directory.path] + arguments
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.standardError
        try process.run()
        return process
    }

    /// Waits for `process` and returns its output lines, each "INDEX<tab>LINE",
    /// as LINE by INDEX.
    static func lines(of process: Process, output: URL) throws -> [Int: String] {
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError("lua5.4 stock.lua exited with status \(process.terminationStatus)")
        }
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        var lines: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t"), let index = Int(line[..<tab]) else { continue }
            lines[index] = String(line[line.index(after: tab)...])
        }
        return lines
    }

    /// The outcome of each source run by stock Lua under pcall, in the
    /// harness's format.
    static func outcomes(of sources: [String], directory: URL) throws -> [String] {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("behave-stock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let list = scratch.appendingPathComponent("sources.lua")
        let chunk = "return {\n" + sources.map { luaQuoted($0) + ",\n" }.joined() + "}\n"
        try Data(chunk.utf8).write(to: list)
        let output = scratch.appendingPathComponent("outcomes.txt")
        let process = try start(directory: directory, ["run", list.path], output: output)
        let lines = try Self.lines(of: process, output: output)
        return try sources.indices.map { index in
            guard let line = lines[index + 1] else { throw HarnessError("lua5.4 gave no outcome for source \(index + 1)") }
            return line
        }
    }

    /// A Lua string literal of `text`, byte for byte.
    static func luaQuoted(_ text: String) -> String {
        var quoted = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): quoted += "\\\""
            case UInt8(ascii: "\\"): quoted += "\\\\"
            case 32...126: quoted.unicodeScalars.append(Unicode.Scalar(byte))
            default: quoted += "\\" + String(format: "%03d", byte)
            }
        }
        return quoted + "\""
    }
}
