import Foundation

/// The format and pixel size of a PNG or JPEG, read from the file's own
/// header (PNG's IHDR chunk, JPEG's SOFn segment) without decoding pixels.
/// Every read is bounds-checked: any bytes at all give a header or a
/// `ValueError` that says what is wrong, never a trap. Sizes are as the
/// image is shown: a JPEG whose EXIF orientation turns it a quarter (5–8,
/// as cameras save portrait photos) has its width and height swapped.
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable { case png, jpeg }

    public var format: Format
    public var width: Int
    public var height: Int
    /// The EXIF orientation (1–8; 1 when there is none).
    public var orientation: Int

    public init(format: Format, width: Int, height: Int, orientation: Int = 1) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// Reads the header from the start of a file (or all of it).
    public static func read(_ bytes: [UInt8]) throws(ValueError) -> ImageHeader {
        do throws(Problem) {
            return try parse(Bytes(bytes))
        } catch {
            throw ValueError(error.message)
        }
    }

    /// Reads the header of the file at `path` (as `access` reads a path its
    /// check returned). The message of the error does not name the file;
    /// callers add it.
    public static func read(file path: String, access: FileAccess = .unrestricted) throws(ValueError) -> ImageHeader {
        var budget = maximumRead
        return try read(file: path, access: access, budget: &budget)
    }

    /// Reads the header of the file at `path`, at most `maximumRead` bytes
    /// of it and never more than `budget`, which is lowered by the bytes
    /// read. Headers come first: most files need the first read only; a
    /// JPEG's frame header can follow large metadata segments, so the rest
    /// of the bound is read only when the start is not enough (each byte is
    /// read once, and parsed at most twice).
    static func read(file path: String, access: FileAccess = .unrestricted, budget: inout Int) throws(ValueError) -> ImageHeader {
        let reader = try access.reader(path)
        for limit in [initialRead, maximumRead] {
            guard budget > 0 else { throw ValueError("not read: no bytes left to read") }
            let before = reader.bytes.count
            defer { budget -= reader.bytes.count - before }
            try reader.read(upTo: min(limit, before + budget))
            do throws(Problem) {
                return try parse(Bytes(reader.bytes))
            } catch {
                guard error.truncated, !reader.atEnd else { throw ValueError(error.message) }
            }
        }
        throw ValueError("no image size in the first \(maximumRead >> 20) MiB of the file (a header may take at most that)")
    }

    static let initialRead = 64 << 10
    /// Bytes read of one file at most.
    static let maximumRead = 1 << 20

    // MARK: Parsing

    /// What is wrong; `truncated` when more bytes could have answered.
    struct Problem: Error {
        var message: String
        var truncated = false
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func parse(_ bytes: Bytes) throws(Problem) -> ImageHeader {
        guard bytes.count > 0 else { throw Problem(message: "the file is empty") }
        if bytes.hasPrefix(pngSignature) { return try png(bytes) }
        if bytes.hasPrefix([0xFF, 0xD8]) { return try jpeg(bytes) }
        if bytes.count < pngSignature.count, pngSignature.starts(with: bytes.prefix(bytes.count)) {
            throw Problem(message: "truncated PNG: the file ends inside its signature", truncated: true)
        }
        throw Problem(message: "not a PNG or JPEG image (\(describe(bytes)))")
    }

    /// Signature, then the IHDR chunk: length 13, "IHDR", width, height,
    /// bit depth, colour type, compression, filter, interlace, CRC.
    static func png(_ bytes: Bytes) throws(Problem) -> ImageHeader {
        guard bytes.count >= 33 else {
            throw Problem(message: "truncated PNG: the file ends before the end of its header (IHDR) at byte 33; it has \(bytes.count)", truncated: true)
        }
        let type = bytes.slice(12, 4)
        guard type == Array("IHDR".utf8) else {
            throw Problem(message: "invalid PNG: the first chunk must be IHDR")
        }
        guard let length = bytes.uint32(8), length == 13 else {
            throw Problem(message: "invalid PNG: the IHDR chunk must be 13 bytes long, not \(bytes.uint32(8) ?? 0)")
        }
        guard let width = bytes.uint32(16), let height = bytes.uint32(20),
              (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw Problem(message: "invalid PNG: width and height must be between 1 and 2147483647, not \(bytes.uint32(16) ?? 0)×\(bytes.uint32(20) ?? 0)")
        }
        let depth = bytes[24], colour = bytes[25]
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[colour] else { throw Problem(message: "invalid PNG: unknown colour type \(colour)") }
        guard allowed.contains(depth) else {
            throw Problem(message: "invalid PNG: bit depth \(depth) is not allowed with colour type \(colour)")
        }
        guard bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1 else {
            throw Problem(message: "invalid PNG: unknown compression, filter or interlace method in IHDR")
        }
        guard bytes.uint32(29) == crc32(bytes.slice(12, 17)) else {
            throw Problem(message: "corrupt PNG: the IHDR chunk's checksum does not match")
        }
        return ImageHeader(format: .png, width: Int(width), height: Int(height))
    }

    /// Segments from SOI to the first frame header (SOF0…SOF15 but DHT,
    /// JPG and DAC): precision, height, width, component count.
    static func jpeg(_ bytes: Bytes) throws(Problem) -> ImageHeader {
        var position = 2
        var orientation = 1
        let truncated = Problem(message: "truncated JPEG: the file ends before its frame header (SOF)", truncated: true)
        while true {
            guard position < bytes.count else { throw truncated }
            guard bytes[position] == 0xFF else {
                throw Problem(message: "invalid JPEG: expected a marker at byte \(position), found 0x\(hex(bytes[position]))")
            }
            // Any number of 0xFF fill bytes may precede a marker.
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { throw truncated }
            let marker = bytes[position]
            position += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // no length, no payload
            case 0x00, 0xD8:
                throw Problem(message: "invalid JPEG: unexpected marker 0xFF\(hex(marker)) at byte \(position - 2)")
            case 0xD9:
                throw Problem(message: "invalid JPEG: the image ends (EOI) before a frame header (SOF)")
            case 0xDA:
                throw Problem(message: "invalid JPEG: the image data (SOS) starts before a frame header (SOF)")
            default:
                break
            }
            guard let length = bytes.uint16(position) else { throw truncated }
            guard length >= 2 else {
                throw Problem(message: "invalid JPEG: segment 0xFF\(hex(marker)) at byte \(position - 2) has length \(length)")
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard length >= 8 else {
                    throw Problem(message: "invalid JPEG: the frame header (SOF) is \(length) bytes long; it needs at least 8")
                }
                // The whole segment, component specifications included.
                guard position + Int(length) <= bytes.count, let height = bytes.uint16(position + 3),
                      let width = bytes.uint16(position + 5) else { throw truncated }
                let precision = bytes[position + 2], components = Int(bytes[position + 7])
                guard (2...16).contains(precision) else {
                    throw Problem(message: "invalid JPEG: sample precision \(precision) (expected 8 or 12)")
                }
                guard components >= 1, Int(length) == 8 + 3 * components else {
                    throw Problem(message: "invalid JPEG: a frame header of \(length) bytes cannot hold \(components) components")
                }
                guard height > 0 else {
                    throw Problem(message: "unsupported JPEG: the height is given later (DNL marker), not in the frame header")
                }
                guard width > 0 else { throw Problem(message: "invalid JPEG: the frame header gives a width of 0") }
                let turned = orientation >= 5
                return ImageHeader(format: .jpeg, width: Int(turned ? height : width), height: Int(turned ? width : height),
                                   orientation: orientation)
            }
            if marker == 0xE1, let exif = exifOrientation(bytes, from: position + 2, to: min(bytes.count, position + Int(length))) {
                orientation = exif
            }
            position += Int(length)
        }
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 `Exif` payload
    /// between `start` and `end`; nil when there is none or the metadata is
    /// malformed (metadata never makes an image unreadable).
    static func exifOrientation(_ bytes: Bytes, from start: Int, to end: Int) -> Int? {
        guard end - start >= 14, bytes.slice(start, 6) == Array("Exif".utf8) + [0, 0] else { return nil }
        let tiff = start + 6
        let little: Bool
        switch bytes.slice(tiff, 2) {
        case [0x49, 0x49]: little = true
        case [0x4D, 0x4D]: little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= tiff, at + 2 <= end, let value = bytes.uint16(at) else { return nil }
            return Int(little ? value.byteSwapped : value)
        }
        func u32(_ at: Int) -> Int? {
            guard at >= tiff, at + 4 <= end, let value = bytes.uint32(at) else { return nil }
            return Int(little ? value.byteSwapped : value)
        }
        guard u16(tiff + 2) == 42, let offset = u32(tiff + 4), offset <= end - tiff, let count = u16(tiff + offset) else { return nil }
        for index in 0..<min(count, 512) {
            let entry = tiff + offset + 2 + 12 * index
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            guard u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }

    // MARK: Messages

    /// What some well-known formats start with, to say what a file is.
    static func describe(_ bytes: Bytes) -> String {
        let known: [(String, [UInt8])] = [
            ("a GIF", Array("GIF8".utf8)), ("a BMP", Array("BM".utf8)), ("a PDF", Array("%PDF".utf8)),
            ("a TIFF", [0x49, 0x49, 0x2A, 0x00]), ("a TIFF", [0x4D, 0x4D, 0x00, 0x2A]), ("a ZIP archive", [0x50, 0x4B, 0x03, 0x04]),
        ]
        if let (name, _) = known.first(where: { bytes.hasPrefix($0.1) }) { return "it looks like \(name) file" }
        if bytes.slice(0, 4) == Array("RIFF".utf8), bytes.slice(8, 4) == Array("WEBP".utf8) { return "it looks like a WebP file" }
        if bytes.slice(4, 4) == Array("ftyp".utf8) { return "it looks like a HEIF/HEIC or MP4 file" }
        // Never the file's bytes: a message may be read by whoever named
        // the file, and the file may not be theirs to read.
        let start = bytes.slice(0, 64)
        if start.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return "it looks like text"
        }
        return "it starts with neither signature"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// CRC-32 as PNG (and zlib) compute it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Bytes with reads that answer nil (or nothing) past the end.
struct Bytes {
    private let storage: [UInt8]
    init(_ storage: [UInt8]) { self.storage = storage }

    var count: Int { storage.count }

    /// Only for indices already checked against `count`.
    subscript(index: Int) -> UInt8 { storage[index] }

    func hasPrefix(_ prefix: [UInt8]) -> Bool { storage.starts(with: prefix) }

    func prefix(_ n: Int) -> [UInt8] { Array(storage.prefix(n)) }

    /// Up to `length` bytes from `start` (fewer near the end).
    func slice(_ start: Int, _ length: Int) -> [UInt8] {
        guard start >= 0, start < storage.count, length > 0 else { return [] }
        return Array(storage[start..<min(storage.count, start + length)])
    }

    func uint16(_ at: Int) -> UInt16? {
        guard at >= 0, at <= storage.count - 2 else { return nil }
        return UInt16(storage[at]) << 8 | UInt16(storage[at + 1])
    }

    func uint32(_ at: Int) -> UInt32? {
        guard at >= 0, at <= storage.count - 4 else { return nil }
        return UInt32(storage[at]) << 24 | UInt32(storage[at + 1]) << 16 | UInt32(storage[at + 2]) << 8 | UInt32(storage[at + 3])
    }
}
