import BehaveScene
import Foundation
import XCTest

/// `behave run` and `behave window` read their commands from standard input as they come.
final class InputReaderTests: XCTestCase {
    /// A line that comes in many reads is put together once; one longer
    /// than a scene may hold is left out to its newline, with one note,
    /// and the lines after it run (it was held whole, and the whole of it
    /// searched for its newline again at each read: hours for 100 MB).
    func testALineTooLongIsLeftOutAndTheNextOnesRun() {
        var lines: [String] = [], notes = 0
        let reader = InputReader(tooLong: { notes += 1 }) { lines.append($0) }
        reader.take(ArraySlice("tap plus\nset label.te".utf8))
        reader.take(ArraySlice("xt=\"hi\"\n".utf8))
        let piece = ArraySlice(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0...(InputReader.maximumLine >> 20) { reader.take(piece) }
        reader.take(piece)
        reader.take(ArraySlice("x\nshow\n".utf8))
        XCTAssertEqual(lines, ["tap plus", "set label.text=\"hi\"", "show"])
        XCTAssertEqual(notes, 1)
    }

    /// A line that passes the limit in the read that brings its line
    /// break is left out too (the limit was looked at only between reads,
    /// so a line of 64 MiB and 10 bytes ran).
    func testALineThatEndsInTheReadThatTakesItPastTheLimitIsLeftOut() {
        var lines: [String] = [], notes = 0
        let reader = InputReader(tooLong: { notes += 1 }) { lines.append($0) }
        let piece = ArraySlice(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<(InputReader.maximumLine >> 20) { reader.take(piece) }
        reader.take(ArraySlice("xxxxxxxxxx\nshow\n".utf8))
        XCTAssertEqual(lines, ["show"])
        XCTAssertEqual(notes, 1)
    }

    /// The limit is the line's, without its ending: a line of 64 MiB
    /// that ends in CR LF runs as one that ends in LF does (it was left
    /// out), whether its CR comes with its line feed or in the read before.
    func testALineAtTheLimitRunsWhateverItsEnding() {
        var lines: [String] = [], notes = 0
        let reader = InputReader(tooLong: { notes += 1 }) { lines.append($0) }
        let piece = ArraySlice(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for ending in ["\n", "\r\n", "\r|\n"] {
            for _ in 0..<(InputReader.maximumLine >> 20) { reader.take(piece) }
            for part in ending.split(separator: "|") { reader.take(ArraySlice(part.utf8)) }
        }
        reader.take(ArraySlice("show\n".utf8))
        XCTAssertEqual(notes, 0)
        XCTAssertEqual(lines.map(\.utf8.count), [InputReader.maximumLine, InputReader.maximumLine, InputReader.maximumLine, 4])
        for _ in 0...(InputReader.maximumLine >> 20) { reader.take(piece) }
        reader.take(ArraySlice("\r\nshow\n".utf8))
        XCTAssertEqual(notes, 1, "a byte more is too long")
    }

    /// What `read` takes from its descriptor (standard input in the window).
    func testReadTakesLinesFromItsDescriptor() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        var lines: [String] = []
        let reader = InputReader(descriptor: ends[0]) { lines.append($0) }
        let text = Array("tap plus\nshow\n".utf8)
        XCTAssertEqual(write(ends[1], text, text.count), text.count)
        close(ends[1])
        XCTAssertTrue(reader.read())
        XCTAssertFalse(reader.read())
        XCTAssertEqual(lines, ["tap plus", "show"])
    }

    /// A descriptor that does not block (a parent may make a shared pipe
    /// so) is waited on: its "nothing yet" ended the input at once, and a
    /// line half written ran as a command. The window, which reads only
    /// when told the input is ready, is not kept waiting.
    func testADescriptorThatDoesNotBlockIsWaitedOn() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        XCTAssertEqual(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK), 0)
        var lines: [String] = []
        let reader = InputReader(descriptor: ends[0]) { lines.append($0) }
        XCTAssertTrue(reader.read(waits: false), "nothing yet is not the end")
        let writer = ends[1], done = DispatchSemaphore(value: 0)
        let written = Thread {
            for piece in ["tap pl", "us\nshow\n"] {
                Thread.sleep(forTimeInterval: 0.2)
                _ = piece.utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
            }
            close(writer)
            done.signal()
        }
        written.start()
        while reader.read() {}
        done.wait()  // the pipe is closed only once the writer is done with it
        XCTAssertEqual(lines, ["tap plus", "show"])
    }
}
