import XCTest
@testable import BehaveCore

/// A text field's `maxLength`, GtkEntry's `max-length`: typing stops at
/// it, a longer text is cut to it, counted in characters as GTK counts
/// them (Unicode scalars); 0 is no limit.
final class MaxLengthTests: FieldTestCase {
    /// Before: the keys went on past the limit, one editingChanged each.
    func testKeysStopAtTheLimitWithANote() throws {
        try scene.run("set field.maxLength 3", "keys field abcdef")
        XCTAssertEqual(seen, ["a", "ab", "abc"], "no editingChanged for a key past the limit")
        XCTAssertEqual(field.text, "abc")
        XCTAssertTrue(scene.trace.entries.contains { $0.kind == .note && $0.message == "field ignores the keys past its maxLength of 3 characters" },
                      scene.trace.entries.map(\.message).joined(separator: "\n"))
        try scene.run("backspace field", "keys field xy")
        XCTAssertEqual(seen, ["a", "ab", "abc", "ab", "abx"])
    }

    /// A paste over the text (`type`) keeps what fits: one edit.
    func testTypeKeepsWhatFits() throws {
        try scene.run("set field.maxLength 4", "type field \"good bye\"")
        XCTAssertEqual(seen, ["good"])
        XCTAssertEqual(field.text, "good")
    }

    /// GTK counts an entry's characters as code points: `é` written as
    /// one is one, `👍🏽` is two, and a cut may fall between them.
    func testCharactersAreCountedAsGTKCountsThem() throws {
        try field.set("maxLength", to: .number(5))
        try field.set("text", to: .string("héllo wörld"))
        XCTAssertEqual(field.text, "héllo")
        try field.set("text", to: .string("ab👍🏽👍🏽"))
        XCTAssertEqual(field.text, "ab👍🏽👍")
        try field.set("maxLength", to: .number(0))
        try field.set("text", to: .string("héllo wörld"))
        XCTAssertEqual(field.text, "héllo wörld", "0 is no limit")
    }

    /// A smaller limit cuts the text there, as `gtk_entry_set_max_length`
    /// does: a change like a script's, traced, with no editingChanged.
    func testALowerLimitCutsTheTextWithoutTheUsersEvent() throws {
        try scene.run("type field \"Ada Lovelace\"")
        seen = []
        var changes: [PropertyChange] = []
        scene.observeChanges { changes.append($0) }
        try field.set("maxLength", to: .number(3))
        XCTAssertEqual(field.text, "Ada")
        XCTAssertEqual(seen, [])
        XCTAssertEqual(changes.map(\.property), ["maxLength", "text"])
        XCTAssertEqual(changes.last?.old, .string("Ada Lovelace"))
        XCTAssertEqual(changes.last?.source, .script)
        try field.set("maxLength", to: .number(10))
        XCTAssertEqual(field.text, "Ada", "a larger limit gives nothing back")
    }

    /// The scene file's values in either order: the text is cut.
    func testTheOrderOfSetsDoesNotMatter() throws {
        let other = TextField(name: "other")
        try other.set("text", to: .string("Ada Lovelace"))
        try other.set("maxLength", to: .number(3))
        scene.add(other)
        XCTAssertEqual(other.text, "Ada")
    }

    /// A GtkEntryBuffer holds 65,534 bytes whatever its max-length: a
    /// longer text is cut before the character they would split, with or
    /// without a limit, and typing stops there. Before: headless kept the
    /// whole text, and read 70,000 `é` where behave window read 32,767.
    func testATextIsCutToTheBytesAnEntryHolds() throws {
        let long = String(repeating: "é", count: 40_000)
        try field.set("text", to: .string(long))
        XCTAssertEqual(field.text.utf8.count, 65_534)
        XCTAssertEqual(field.text.unicodeScalars.count, 32_767)
        try field.set("maxLength", to: .number(65_535))
        try field.set("text", to: .string("a" + long))
        XCTAssertTrue(field.text == "a" + String(repeating: "é", count: 32_766), "the byte an é would split is left")
        try scene.run("keys field xy")
        XCTAssertEqual(field.text.utf8.count, 65_534)
        XCTAssertEqual(seen.map { $0.utf8.count }, [65_534], "one key fits, the next does not")
        XCTAssertTrue(field.text.hasSuffix("éx"))
        XCTAssertTrue(scene.trace.entries.contains { $0.kind == .note && $0.message == "field ignores the keys past the 65534 bytes a field holds" },
                      scene.trace.entries.suffix(3).map(\.message).joined(separator: "\n"))
    }

    /// GtkEntryBuffer's text is set as a C string: it ends at a NUL.
    /// Before: headless kept `"ab\0cd"`, which behave window read as `"ab"`.
    func testATextEndsAtItsFirstNUL() throws {
        try field.set("text", to: .string("ab\0cd"))
        XCTAssertEqual(field.text, "ab")
        try field.set("maxLength", to: .number(1))
        try field.set("text", to: .string("\0cd"))
        XCTAssertEqual(field.text, "")
    }

    func testANegativeOrFractionalLimitIsRefused() throws {
        XCTAssertEqual(error { try self.scene.run("set field.maxLength -1") }?.message,
                       "maxLength must be at least 0, not -1 (range 0…65535)")
        XCTAssertEqual(error { try self.scene.run("set field.maxLength 2.5") }?.message, "maxLength takes an integer, not 2.5")
        XCTAssertEqual(error { try self.scene.run("set field.maxLength 70000") }?.message,
                       "maxLength must be at most 65535, not 70000 (range 0…65535)")
        XCTAssertEqual(try field.value("maxLength"), .number(0))
    }
}
