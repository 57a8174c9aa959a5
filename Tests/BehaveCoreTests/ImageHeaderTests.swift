import Foundation
import XCTest
@testable import BehaveCore

/// PNG IHDR and JPEG SOFn reading: valid files, every truncation, garbage.
final class ImageHeaderTests: XCTestCase {
    // MARK: Valid headers

    func testPNGSizeAndFormat() throws {
        XCTAssertEqual(try ImageHeader.read(png(width: 3000, height: 2000)), ImageHeader(format: .png, width: 3000, height: 2000))
        XCTAssertEqual(try ImageHeader.read(png(width: 1, height: 1, depth: 16, colour: 6)).width, 1)
    }

    func testJPEGBaselineProgressiveAndFillBytes() throws {
        XCTAssertEqual(try ImageHeader.read(jpeg(width: 1600, height: 1200)), ImageHeader(format: .jpeg, width: 1600, height: 1200))
        XCTAssertEqual(try ImageHeader.read(jpeg(width: 640, height: 480, marker: 0xC2)).height, 480)
        // Fill bytes before a marker, a restart marker, and a DHT first.
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xFF, 0xD0]
        bytes += [0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00]
        bytes += Array(jpeg(width: 10, height: 20).dropFirst(2))
        XCTAssertEqual(try ImageHeader.read(bytes), ImageHeader(format: .jpeg, width: 10, height: 20))
    }

    func testEXIFOrientationTurnsTheSize() throws {
        for (order, turned) in [("MM", 6), ("II", 8), ("MM", 3)] {
            let bytes = [0xFF, 0xD8] + exif(order: order, orientation: UInt16(turned)) + Array(jpeg(width: 4032, height: 3024).dropFirst(2))
            let header = try ImageHeader.read(bytes)
            XCTAssertEqual(header.orientation, turned)
            XCTAssertEqual([header.width, header.height], turned >= 5 ? [3024, 4032] : [4032, 3024], "\(order) \(turned)")
        }
        // Broken metadata is ignored, never fatal.
        var broken = exif(order: "MM", orientation: 6)
        broken[14] = 0x7F  // the IFD offset points far outside the segment
        let header = try ImageHeader.read([0xFF, 0xD8] + broken + Array(jpeg(width: 40, height: 30).dropFirst(2)))
        XCTAssertEqual([header.width, header.height, header.orientation], [40, 30, 1])
    }

    func testTheExamplePhotos() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/ImagePicker/photos").path
        let sizes = try PhotoLibrary.load(folder: folder).photos.map { "\($0.name) \($0.width!)x\($0.height!)" }
        XCTAssertEqual(sizes, ["badge.png 256x256", "lighthouse.jpg 1200x1600", "mountains.png 3000x2000",
                               "pebble.jpg 240x320", "sunset.jpg 1600x1200"])
    }

    func testJPEGWhoseFrameHeaderFollowsLargeMetadataIsReadFromItsFile() throws {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<3 { bytes += [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 0xFFFD) }
        bytes += Array(jpeg(width: 4032, height: 3024).dropFirst(2))
        let file = try temporaryFile(bytes)
        XCTAssertGreaterThan(bytes.count, ImageHeader.initialRead)
        XCTAssertEqual(try ImageHeader.read(file: file), ImageHeader(format: .jpeg, width: 4032, height: 3024))
    }

    // MARK: Broken files

    func testEveryTruncationIsAnError() {
        for full in [png(width: 10, height: 10), jpeg(width: 10, height: 10)] {
            for length in 0..<full.count {
                XCTAssertThrowsError(try ImageHeader.read(Array(full.prefix(length))), "prefix of \(length) bytes")
            }
        }
        XCTAssertEqual(message(Array(png(width: 5, height: 5).prefix(20))),
                       "truncated PNG: the file ends before the end of its header (IHDR) at byte 33; it has 20")
        XCTAssertEqual(message(Array(jpeg(width: 5, height: 5).prefix(10))), "truncated JPEG: the file ends before its frame header (SOF)")
        XCTAssertEqual(message([]), "the file is empty")
    }

    func testWhatIsWrongIsSaid() {
        XCTAssertEqual(message(Array("hello, world\n".utf8)), "not a PNG or JPEG image (it looks like text)")
        XCTAssertEqual(message(Array("GIF89a\u{1}\u{0}".utf8)), "not a PNG or JPEG image (it looks like a GIF file)")
        XCTAssertEqual(message([0x00, 0x01, 0x02, 0x03]), "not a PNG or JPEG image (it starts with neither signature)")
        var badCRC = png(width: 4, height: 4)
        badCRC[30] ^= 0xFF
        XCTAssertEqual(message(badCRC), "corrupt PNG: the IHDR chunk's checksum does not match")
        XCTAssertEqual(message(png(width: 4, height: 4, depth: 3, colour: 2)), "invalid PNG: bit depth 3 is not allowed with colour type 2")
        XCTAssertEqual(message(png(width: 0, height: 4)), "invalid PNG: width and height must be between 1 and 2147483647, not 0×4")
        XCTAssertEqual(message(jpeg(width: 8, height: 0)), "unsupported JPEG: the height is given later (DNL marker), not in the frame header")
        XCTAssertEqual(message([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]), "invalid JPEG: the image data (SOS) starts before a frame header (SOF)")
        XCTAssertEqual(message([0xFF, 0xD8, 0xFF, 0xD9]), "invalid JPEG: the image ends (EOI) before a frame header (SOF)")
        XCTAssertEqual(message([0xFF, 0xD8, 0x12]), "invalid JPEG: expected a marker at byte 2, found 0x12")
        XCTAssertEqual(message([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]), "invalid JPEG: segment 0xFFE0 at byte 2 has length 1")
    }

    /// Random bytes, and valid headers with random bytes changed: always a
    /// header or an error, never a trap (the test would crash).
    func testGarbageNeverTraps() {
        var random = LCG(seed: 42)
        var headers = 0
        for _ in 0..<3000 {
            let count = Int(random.next() % 64)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if random.next() % 2 == 0, !bytes.isEmpty { bytes[0] = 0xFF; bytes[min(1, count - 1)] = 0xD8 }
            if (try? ImageHeader.read(bytes)) != nil { headers += 1 }
        }
        let withEXIF = [0xFF, 0xD8] + exif(order: "II", orientation: 6) + Array(jpeg(width: 300, height: 200).dropFirst(2))
        for base in [png(width: 300, height: 200), jpeg(width: 300, height: 200), withEXIF] {
            for _ in 0..<3000 {
                var bytes = base
                for _ in 0..<(1 + random.next() % 3) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                if let header = try? ImageHeader.read(bytes) {
                    XCTAssertGreaterThan(header.width, 0)
                    XCTAssertGreaterThan(header.height, 0)
                }
            }
        }
        XCTAssertLessThan(headers, 3000)
    }

    func testUnreadableFiles() throws {
        XCTAssertThrowsError(try ImageHeader.read(file: "/nonexistent/photo.png")) { error in
            XCTAssertEqual((error as? ValueError)?.message, "no such file")
        }
        XCTAssertThrowsError(try ImageHeader.read(file: NSTemporaryDirectory()))
    }

    // MARK: Fitting

    func testFittingKeepsTheAspectRatioAndNeverEnlarges() {
        let fit = { (w: Int, h: Int) in Image(name: "p", width: w, height: h).fitting(width: 1024, height: 1024) }
        XCTAssertEqual(fit(3000, 2000), Image(name: "p", width: 1024, height: 683))
        XCTAssertEqual(fit(1200, 1600), Image(name: "p", width: 768, height: 1024))
        XCTAssertEqual(fit(256, 256), Image(name: "p", width: 256, height: 256))
        XCTAssertEqual(fit(1024, 1024), Image(name: "p", width: 1024, height: 1024))
        XCTAssertEqual(fit(100_000, 1), Image(name: "p", width: 1024, height: 1))
        XCTAssertEqual(Image(name: "unknown").fitting(width: 10, height: 10), Image(name: "unknown"))
    }

    // MARK: Helpers

    func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ImageHeader.read(bytes)
            return nil
        } catch {
            return error.message
        }
    }
}

/// A PNG signature and IHDR chunk with a correct CRC (and nothing else).
func png(width: UInt32, height: UInt32, depth: UInt8 = 8, colour: UInt8 = 2) -> [UInt8] {
    func be(_ n: UInt32) -> [UInt8] { [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    let chunk = Array("IHDR".utf8) + be(width) + be(height) + [depth, colour, 0, 0, 0]
    return ImageHeader.pngSignature + be(13) + chunk + be(ImageHeader.crc32(chunk))
}

/// SOI, a JFIF APP0 segment and a frame header of three components.
func jpeg(width: UInt16, height: UInt16, marker: UInt8 = 0xC0) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    bytes += [0xFF, marker, 0x00, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
    bytes += [1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]
    return bytes
}

/// An APP1 segment with EXIF metadata whose IFD0 holds one orientation tag.
func exif(order: String, orientation: UInt16) -> [UInt8] {
    let little = order == "II"
    func u16(_ n: UInt16) -> [UInt8] { little ? [UInt8(n & 0xFF), UInt8(n >> 8)] : [UInt8(n >> 8), UInt8(n & 0xFF)] }
    func u32(_ n: UInt32) -> [UInt8] { little ? u16(UInt16(n & 0xFFFF)) + u16(UInt16(n >> 16)) : u16(UInt16(n >> 16)) + u16(UInt16(n & 0xFFFF)) }
    let tiff = Array(order.utf8) + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(0)
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
}

func temporaryFile(_ bytes: [UInt8], name: String = "image") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    return url.path
}

/// Deterministic random numbers for fuzzing.
struct LCG {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }
}
