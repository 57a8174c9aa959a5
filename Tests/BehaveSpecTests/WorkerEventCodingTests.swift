@testable import BehaveSpec
import Foundation
import XCTest

/// The worker's events are JSON lines written and read by hand: what is
/// written reads back the same, and what Foundation's coders write and
/// read is understood both ways.
final class WorkerEventCodingTests: XCTestCase {
    private let awkward = "quote \" backslash \\ slash / newline \n tab \t return \r bell \u{7} nul \u{0} del \u{7F} é 🎉 \u{2028}"

    private var events: [WorkerEvent] {
        [
            WorkerEvent(started: .init(file: "a/b_spec.lua", name: awkward, line: 7)),
            WorkerEvent(result: SpecResult(file: "spec.lua", name: awkward, line: 12, status: .errored, location: "spec.lua:12",
                                           message: awkward, output: [awkward, "", "second"], duration: 8.8833e-05)),
            WorkerEvent(result: SpecResult(file: "x", name: "y", line: 1, status: .pending)),
            WorkerEvent(filesDone: 3),
        ]
    }

    private func read(_ line: [UInt8]) -> WorkerEvent? {
        line.withUnsafeBufferPointer { WorkerEvent(jsonLine: $0) }
    }

    private func reads(_ event: WorkerEvent?, as expected: WorkerEvent, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(event?.started?.file, expected.started?.file, file: file, line: line)
        XCTAssertEqual(event?.started?.name, expected.started?.name, file: file, line: line)
        XCTAssertEqual(event?.started?.line, expected.started?.line, file: file, line: line)
        XCTAssertEqual(event?.result, expected.result, file: file, line: line)
        XCTAssertEqual(event?.filesDone, expected.filesDone, file: file, line: line)
    }

    func testWhatIsWrittenReadsBackTheSame() {
        for event in events {
            let line = event.jsonLine
            XCTAssertFalse(line.contains(UInt8(ascii: "\n")), "a line holds no newline")
            reads(read(line), as: event)
        }
    }

    func testFoundationsJSONIsReadAndItReadsOurs() throws {
        for event in events {
            reads(read(Array(try JSONEncoder().encode(event))), as: event)
            reads(try JSONDecoder().decode(WorkerEvent.self, from: Data(event.jsonLine)), as: event)
        }
    }

    func testWhatIsNotAnEventIsNil() {
        for text in ["", "{", "[]", "{\"result\":{\"file\":\"a\"}}", "{\"filesDone\":1.5}", "{\"filesDone\":1} x",
                     "{\"started\":{\"file\":\"a\",\"name\":\"b\",\"line\":\"1\"}}", "{\"a\":\"\\ud800\\u0041\"}",
                     String(repeating: "[", count: 100_000)] {
            XCTAssertNil(read(Array(text.utf8)), text.prefix(60).description)
        }
        reads(read(Array(" { \"filesDone\" : 2 , \"other\" : [true, null, {\"x\": -1e3}] } ".utf8)),
              as: WorkerEvent(filesDone: 2))
    }
}
