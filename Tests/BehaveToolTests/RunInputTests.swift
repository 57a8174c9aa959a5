import Foundation
import XCTest

/// `behave run` reads standard input a line at a time, each of at most
/// 64 MiB, as `behave window` does: `readLine` held a line of any length
/// (a 300 MB one took 1.5 GB), and a mistyped command's error repeated it.
final class RunInputTests: XCTestCase {
    func testALineOver64MiBIsLeftOutAndALongMistakeIsNamedByItsEnds() throws {
        let work = try folder()
        var input = Data("show\n".utf8)
        input.append(Data(repeating: UInt8(ascii: "x"), count: (64 << 20) + 10))
        input.append(Data(("\n" + String(repeating: "y", count: 1 << 20) + "\nstate\n").utf8))
        try input.write(to: work.appendingPathComponent("input.txt"))
        let run = try run(try program("sh"), ["-c", #""$0" run toggle.lua < input.txt"#, try builtBehave().path], in: work)
        XCTAssertEqual(run.status, 2, "two command lines failed")
        XCTAssertTrue(run.errors.contains("error: a command line longer than 64 MiB was left out\n"), String(run.errors.prefix(500)))
        let y = { String(repeating: "y", count: $0) }
        XCTAssertTrue(run.errors.contains("error: unknown command `\(y(79))…\(y(18))`;"), String(run.errors.prefix(500)))
        XCTAssertLessThan(run.errors.utf8.count, 2000)
        XCTAssertTrue(run.output.contains("┌─"), "show ran before")
        XCTAssertTrue(run.output.contains(#""behaviours":"#), "state ran after")
    }

    /// In JSON Lines the refused command is cut as the trace cuts a long
    /// text, with its length, and its message names the word by its ends.
    func testAJSONCommandErrorCutsALongCommand() throws {
        let work = try folder(["input.txt": String(repeating: "y", count: 1 << 20) + "\n"])
        let run = try run(try program("sh"), ["-c", #""$0" run toggle.lua --json < input.txt"#, try builtBehave().path], in: work)
        let record = run.output.split(separator: "\n").first { $0.contains(#""kind":"commandError""#) }
        let y = { String(repeating: "y", count: $0) }
        XCTAssertTrue(record?.contains(#""command":"\#(y(200))… (1048576 characters)""#) ?? false, String(run.output.prefix(500)))
        XCTAssertTrue(record?.contains("unknown command `\(y(79))…\(y(18))`;") ?? false, String(run.output.prefix(500)))
        XCTAssertLessThan(record?.utf8.count ?? .max, 1000)
    }

    /// Standard input whose lines end in a CR alone (as an old Mac wrote
    /// them) is one line that holds line breaks: the error says how to end
    /// a command of standard input (it said only to give each its own
    /// `--do`, which the user did not use).
    func testCommandsEndedByACarriageReturnAreToldHowToEndThem() throws {
        let work = try folder(["input.txt": "tap button\rshow\r"])
        let run = try run(try program("sh"), ["-c", #""$0" run toggle.lua < input.txt"#, try builtBehave().path], in: work)
        XCTAssertEqual(run.status, 2, run.errors)
        XCTAssertTrue(run.errors.contains("holds a line break (a line feed, or a carriage return `\\13`); end each command of "
                                          + "standard input with a line feed (a CR alone ends none)"), run.errors)
    }
}
