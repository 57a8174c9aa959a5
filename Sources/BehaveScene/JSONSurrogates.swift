/// JSON writes a character past U+FFFF as a UTF-16 surrogate pair
/// (`"\ud83d\ude00"`, as Python's `json.dumps` and JavaScript's
/// `JSON.stringify` with ASCII output do); YAML, whose reader reads JSON
/// scenes, has no surrogates and refuses each half. Each pair inside a
/// string is rewritten as YAML's escape of the one character
/// (`\U0001F600`) before reading. Line breaks are kept, so lines agree.
/// A lone half is left for the reader to refuse, with a fix.
enum JSONSurrogates {
    static func joiningPairs(in bytes: [UInt8]) -> [UInt8] {
        // Most scenes have no `\u` escape at all: nothing to copy.
        guard bytes.indices.contains(where: { bytes[$0] == UInt8(ascii: "\\") && $0 + 1 < bytes.count && bytes[$0 + 1] | 0x20 == UInt8(ascii: "u") })
        else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                out.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                out.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if let high = unit(at: index, in: bytes), (0xD800...0xDBFF).contains(high),
                   let low = unit(at: index + 6, in: bytes), (0xDC00...0xDFFF).contains(low) {
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    out += Array("\\U".utf8) + Array(hex(scalar, digits: 8).utf8)
                    index += 12
                } else {
                    // Any other escape (`\\`, `\"`, a `\u` of the first plane) as written.
                    out += bytes[index...index + 1]
                    index += 2
                }
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// The UTF-16 unit of a `\uXXXX` escape at `index`, or nil.
    private static func unit(at index: Int, in bytes: [UInt8]) -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value * 16 + UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value * 16 + UInt32(byte - 55)
            default: return nil
            }
        }
        return value
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
