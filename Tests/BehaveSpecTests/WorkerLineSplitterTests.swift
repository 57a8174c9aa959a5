@testable import BehaveSpec
import XCTest

/// A worker's output, read in pipe-sized chunks, is cut into the lines
/// it wrote, and each byte is looked at once however long a line is.
final class WorkerLineSplitterTests: XCTestCase {
    private func split(_ chunks: [[UInt8]]) -> (lines: [String], splitter: WorkerLineSplitter) {
        var splitter = WorkerLineSplitter()
        var lines: [String] = []
        for chunk in chunks {
            splitter.add(chunk) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        return (lines, splitter)
    }

    func testLinesCutAcrossChunksReadWhole() {
        let text = Array("first\nsec".utf8) + Array("ond\n\nthi".utf8) + Array("rd\nunfinished".utf8)
        // Every way of cutting the text in three reads gives the same lines.
        for i in 0...text.count {
            for j in i...text.count {
                let (lines, splitter) = split([Array(text[..<i]), Array(text[i..<j]), Array(text[j...])])
                XCTAssertEqual(lines, ["first", "second", "", "third"], "cut at \(i) and \(j)")
                XCTAssertEqual(splitter.scannedBytes, text.count, "cut at \(i) and \(j)")
            }
        }
    }

    /// A result of 16 MB (a spec's message quoting a huge command) comes in
    /// 256 reads of 64 KB: each byte is looked at once, where looking
    /// through the whole line so far after each read looked at 2 GB.
    func testAHugeLineIsScannedOnce() {
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        var splitter = WorkerLineSplitter()
        var lengths: [Int] = []
        for _ in 0..<256 {
            splitter.add(chunk) { lengths.append($0.count) }
        }
        splitter.add(Array("\nnext\n".utf8)) { lengths.append($0.count) }
        XCTAssertEqual(lengths, [256 * chunk.count, 4])
        XCTAssertEqual(splitter.scannedBytes, 256 * chunk.count + 6)
    }
}
