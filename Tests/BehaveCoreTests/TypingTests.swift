import XCTest
@testable import BehaveCore

/// Typing in a text field: `type` replaces the text in one edit, `keys`
/// types key by key, `backspace` deletes from the end; and the text input
/// traits (`secureTextEntry`, `keyboardType`, `returnKeyType`).
final class TypingTests: FieldTestCase {
    func testTypeReplacesTheWholeTextInOneEdit() throws {
        try scene.run("type field hello", "type field \"good bye\"")
        XCTAssertEqual(seen, ["hello", "good bye"])
        XCTAssertTrue(field.isEditing)
    }

    func testKeysTypesOneCharacterAtATimeAtTheEnd() throws {
        try scene.run("type field ab", "keys field cd")
        XCTAssertEqual(seen, ["ab", "abc", "abcd"])
        seen = []
        try scene.run("keys field \" 👍🏽é\"")
        XCTAssertEqual(seen, ["abcd ", "abcd 👍🏽", "abcd 👍🏽é"], "a key is a character as a person sees it")
    }

    /// Each key records a change of the text: a long text is printed cut
    /// (`--json` too), with its length, as a debugger shows it (writing it
    /// whole at every key made the trace grow with the square of its
    /// length); the state has it whole, a trace listener hears it whole.
    func testALongTextTypedKeyByKeyIsTracedCut() throws {
        let text = String(repeating: "abcdefghij", count: 100)
        try scene.run("keys field \(text)")
        let changes = scene.trace.entries.filter { $0.kind == .change && $0.message.hasPrefix("field.text: ") }
        XCTAssertEqual(changes.count, 1_000)
        let last = try XCTUnwrap(changes.last)
        let cut = String(text.prefix(Value.longestTracedText))
        XCTAssertEqual(last.printedJSON.text, JSON.object([
            ("time", .number(last.time)), ("kind", .string("change")), ("subject", .string("field")),
            ("message", .string("field.text: \"\(cut)…\" (999 characters) → \"\(cut)…\" (1000 characters)")),
            ("property", .string("text")), ("old", .string(cut + "…")), ("oldLength", .number(999)),
            ("new", .string(cut + "…")), ("newLength", .number(1000)),
        ]).text)
        let bytes = changes.reduce(0) { $0 + $1.printedJSON.text.utf8.count + $1.line.utf8.count }
        XCTAssertLessThan(bytes, 1_000 * 1_500, "a key's entries are bounded")
        XCTAssertTrue(scene.state().text.contains(text), "the state has the text whole")
        XCTAssertEqual(last.json["new"], .string(text), "a listener hears the value whole")
        XCTAssertEqual(field.text, text)
    }

    /// A long text changed at its end is traced with its length in
    /// characters as a person counts them, where what is added joins the
    /// last character (an accent, a skin tone, the second half of a flag,
    /// an emoji after a joiner) or what is taken away splits it.
    func testALongTextChangedAtItsEndIsTracedWithItsLength() throws {
        let start = String(repeating: "abcdefghij", count: 30)
        var texts = [start, start + "e", start + "e\u{301}", start + "e\u{301}\u{302}", start + "👍", start + "👍🏽",
                     start + "👍🏽🇫", start + "👍🏽🇫🇷", start + "👍🏽🇫🇷🇩", start + "👍🏽🇫🇷🇩🇪", start + "👍🏽🇫🇷🇩🇪👩",
                     start + "👍🏽🇫🇷🇩🇪👩\u{200D}", start + "👍🏽🇫🇷🇩🇪👩\u{200D}💻", start + "👍🏽🇫🇷🇩🇪👩\u{200D}💻\r",
                     start + "👍🏽🇫🇷🇩🇪👩\u{200D}💻\r\n"]
        texts += texts.reversed().dropFirst()
        for text in texts { try field.set("text", to: .string(text)) }
        try scene.run("keys field \"👍🏽x\"", "backspace field 3")
        texts += [texts.last! + "👍🏽", texts.last! + "👍🏽x", texts.last! + "👍🏽", texts.last!, String(texts.last!.dropLast())]
        let changes = scene.trace.entries.filter { $0.kind == .change && $0.message.hasPrefix("field.text: ") }
        XCTAssertEqual(changes.map(\.json["new"]), texts.map { .string($0) })
        for (change, text) in zip(changes, texts) where text.count > Value.longestTracedText {
            XCTAssertTrue(change.message.hasSuffix("→ \"\(text.prefix(Value.longestTracedText))…\" (\(text.count) characters)"),
                          change.message)
            XCTAssertEqual(change.printedJSON["newLength"], .number(Double(text.count)), change.message)
        }
    }

    /// Typing a long text key by key while the trace is printed: each
    /// key's line gives the text's length, counted from the text before
    /// (counting the whole text at each key made typing quadratic: 4,000
    /// emoji took 2.7 s in a release build; times are the benchmark's).
    func testTypingALongTextPrintsEveryKeyWithItsLength() throws {
        var lines: [String] = []
        scene.trace.listener = { entry in if entry.kind == .change, entry.message.hasPrefix("field.text: ") { lines.append(entry.line) } }
        let text = String(repeating: "👍🏽", count: 4_000)
        try scene.run("keys field \(text)")
        XCTAssertEqual(field.text, text)
        XCTAssertEqual(lines.count, 4_000)
        XCTAssertTrue(lines.last?.hasSuffix("(4000 characters)") ?? false, String(lines.last?.suffix(60) ?? ""))
        XCTAssertTrue(lines[2_999].hasSuffix("(3000 characters)"), String(lines[2_999].suffix(60)))
    }

    func testBackspaceDeletesFromTheEndAndStopsWhenEmpty() throws {
        try scene.run("type field abc", "backspace field", "backspace field 5", "backspace field")
        XCTAssertEqual(seen, ["abc", "ab", "a", ""], "no editingChanged once the field is empty")
        XCTAssertEqual(field.text, "")
        try scene.run("backspace field 0")
        XCTAssertEqual(seen.count, 4)
    }

    func testAHandlerThatEndsEditingStopsTheKeys() throws {
        try field.on("editingChanged") { [unowned self] _ in if field.text.count == 2 { field.endEditing() } }
        try scene.run("keys field abcdef")
        XCTAssertEqual(seen, ["a", "ab"])
    }

    func testCountsOutOfRangeAreRefusedBeforeAnyKey() {
        for line in ["backspace field 999999999", "backspace field -1", "backspace field many", "backspace field 1.5"] {
            XCTAssertEqual(error { try self.scene.run(line) }?.message,
                           "backspace takes a count from 0 to 1000000; usage: backspace NAME [COUNT]", line)
        }
        XCTAssertEqual(try SceneCommand.parse("backspace field"), .backspace("field", count: 1))
        XCTAssertEqual(try SceneCommand.parse("keys field two  words"), .keys("field", text: "two  words"))
        XCTAssertEqual(error { _ = try SceneCommand.parse("keys") }?.message, "usage: keys NAME TEXT")
    }

    /// Regression: typed text was stored without being counted against the
    /// scene's text limit, so a spec could make the host hold any amount.
    func testTypedTextCountsAgainstTheScenesTextLimit() throws {
        scene.textLimit = 1 << 20
        // A field holds at most 65,534 bytes: a label holds the most of it.
        let filler = Label(name: "filler")
        scene.add(filler)
        try filler.set("text", to: .string(String(repeating: "f", count: (1 << 20) - 100_000)))
        let long = String(repeating: "x", count: 60_000)
        try field.type(long)
        let other = TextField(name: "other")
        scene.add(other)
        XCTAssertEqual(error { try other.type(long) }?.message,
                       "other.text is refused: with its 60000 bytes, the scene's controls, behaviours and dialogs would hold more than 1 MiB of text; set shorter text")
        XCTAssertEqual(other.text, "")
        try field.type("")
        try other.type(long)
        try field.type(String(repeating: "x", count: 39_990))
        XCTAssertNotNil(error { try self.field.typeKeys(String(repeating: "k", count: 20)) }, "key by key too")
        XCTAssertEqual(field.text.count, 40_000, "the keys stop at the limit")
    }

    /// Regression: `keys` and `backspace` went on however long they took
    /// (each key copies the text and runs its handlers), so `backspace`
    /// over a long text kept the host busy for minutes. They stop where
    /// they got to when the command's time is up.
    func testKeysAndBackspaceStopWhenTheCommandsTimeIsUp() throws {
        scene.commandTimeLimit = 0.05
        try field.on("editingChanged") { _ in Thread.sleep(forTimeInterval: 0.01) }
        let started = Date()
        let message = error { try self.scene.run("keys field \(String(repeating: "k", count: 1000))") }?.message ?? ""
        XCTAssertTrue(message.hasPrefix("typing stopped after "), message)
        XCTAssertTrue(message.hasSuffix(" characters: the scripts ran for more than 0.05 s during this command"), message)
        XCTAssertLessThan(field.text.count, 100)
        try scene.run("type field \(String(repeating: "k", count: 1000))")
        let deleted = error { try self.scene.run("backspace field 1000") }?.message ?? ""
        XCTAssertTrue(deleted.hasPrefix("backspace stopped after "), deleted)
        XCTAssertGreaterThan(field.text.count, 900)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    func testASecureFieldIsDrawnAsDots() throws {
        try scene.run("set field.secureTextEntry true", "keys field hunter2")
        XCTAssertTrue(scene.render().contains("[•••••••▏]"), scene.render())
        XCTAssertEqual(field.text, "hunter2", "scripts read the text itself")
        XCTAssertEqual(try field.value("secureTextEntry"), .bool(true))
    }

    func testKeyboardAndReturnKeyTypesAreUIKitsNames() throws {
        XCTAssertEqual(try field.value("keyboardType"), .string("default"))
        XCTAssertEqual(try field.value("returnKeyType"), .string("default"))
        try scene.run("set field.keyboardType emailAddress", "set field.returnKeyType next")
        XCTAssertEqual(try field.value("keyboardType"), .string("emailAddress"))
        XCTAssertEqual(try field.value("returnKeyType"), .string("next"))
        XCTAssertTrue(error { try self.scene.run("set field.keyboardType email") }?.message.contains("emailAddress") ?? false)
        XCTAssertNotNil(error { try self.scene.run("set field.returnKeyType enter") })
    }
}
