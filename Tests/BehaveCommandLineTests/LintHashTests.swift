@testable import behave
import XCTest

/// The lint cache's digest reads a script's text eight bytes at a time;
/// its entries must name what the byte-at-a-time reading named.
final class LintHashTests: XCTestCase {
    private func digest(_ bytes: some Collection<UInt8>) -> String {
        var hash = LintHash()
        hash.add(bytes)
        return hash.hex
    }

    /// Text of every length around the word size gives the same digest
    /// read whole (contiguous bytes) as read one byte at a time (a lazy
    /// collection, which has no contiguous storage).
    func testWordsReadWholeDigestAsBytesReadOneByOne() {
        let text = Array("local Toggle = behaviour { name = \"ToggleButton\" } -- é\n".utf8)
        for length in 0...text.count {
            let prefix = Array(text.prefix(length))
            XCTAssertEqual(digest(prefix), digest(prefix.lazy.map { $0 }), "\(length) bytes")
        }
        var whole = LintHash(), split = LintHash()
        whole.add("local Toggle")
        split.add(Array("local Toggle".utf8)[...])
        XCTAssertEqual(whole.hex, split.hex)
    }

    /// The digest of a known text, as the byte-at-a-time reading gave it:
    /// entries written before stay found.
    func testTheDigestOfAKnownTextIsUnchanged() {
        var hash = LintHash()
        hash.add("behave lint cache 1")
        hash.add(UInt64(7))
        hash.add("return Toggle\n")
        XCTAssertEqual(hash.hex, Self.knownDigest)
    }

    private static let knownDigest = "07c69df27425231c287d602258c932bc"
}
