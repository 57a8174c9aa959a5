/// A 128-bit digest of the lint cache's key (`LintCache`): two 64-bit
/// lanes, each word of the input folded into both, one lane feeding the
/// other so that they do not drift apart alike. Each step (xor or add the
/// word, multiply by an odd constant, rotate) is a bijection of the lane, so
/// two inputs that differ in one word always differ after it; what is
/// left is chance, one in 2^128 for a pair. It guards against a file that
/// changed, not against an attacker: one who can write to the cache folder
/// can write any entry there anyway, and an entry can only ever make Behave
/// skip advice (`LintCache`).
struct LintHash {
    private var a: UInt64 = 0x5163_2F9B_0D1E_A7C3
    private var b: UInt64 = 0xC2B7_3E41_96F0_58AD
    private var words: UInt64 = 0

    /// One word into both lanes.
    private mutating func mix(_ word: UInt64) {
        a = ((a ^ word) &* 0xA24B_AED4_963E_E407).rotated(29)
        b = ((b &+ word) &* 0x9FB2_1C65_1E98_DF25).rotated(37) ^ a
        words &+= 1
    }

    /// Bytes, after their count: `"ab", "c"` and `"a", "bc"` differ. Each
    /// eight bytes are one little-endian word; the last few, zero-padded.
    mutating func add(_ bytes: some Collection<UInt8>) {
        mix(UInt64(bytes.count))
        // Contiguous bytes (a script's text) are read a word at a time.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var offset = 0
            while raw.count - offset >= 8 {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            addTail(raw[offset...])
        }
        if done == nil { addTail(bytes) }
    }

    /// Bytes a word at a time, the last word zero-padded.
    private mutating func addTail(_ bytes: some Sequence<UInt8>) {
        var word: UInt64 = 0
        var filled: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << (filled * 8)
            filled += 1
            if filled == 8 {
                mix(word)
                word = 0
                filled = 0
            }
        }
        if filled > 0 { mix(word) }
    }

    mutating func add(_ text: String) { add(text.utf8) }

    mutating func add(_ number: UInt64) { mix(number) }

    /// The digest as 32 lower-case hexadecimal digits.
    var hex: String {
        let high = LintHash.settle(a ^ b.rotated(17) ^ words)
        let low = LintHash.settle(b &+ a.rotated(41))
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        for lane in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int((lane >> UInt64(shift)) & 0xF)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Spreads every bit of a lane over all of them.
    private static func settle(_ lane: UInt64) -> UInt64 {
        var x = lane
        x = (x ^ (x >> 31)) &* 0xD6E8_FEB8_6659_FD93
        x = (x ^ (x >> 27)) &* 0xCB24_D0A5_C88C_35B3
        return x ^ (x >> 33)
    }
}

private extension UInt64 {
    func rotated(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
