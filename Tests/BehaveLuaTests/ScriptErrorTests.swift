import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// An error travels as one value (`ScriptError`): where it was raised is
/// read from the frames live then, never from its text, so a message that
/// names another place cannot pass for one.
final class ScriptErrorTests: XCTestCase {
    /// The scripts that raise them, in Errors/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Errors")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// The error of Errors/`file`'s behaviour, loaded as probe.lua.
    private func firstError(_ file: String) throws -> ScriptError {
        let test = try TestScene()
        try test.behaviour("probe", source: source(file))
        return try XCTUnwrap(test.scene.trace.entries.first { $0.kind == .error }?.error)
    }

    func testAnErrorCarriesItsFileLineContextAndTraceback() throws {
        let error = try firstError("nil_index.lua")
        XCTAssertEqual(error.file, "probe.lua")
        XCTAssertEqual(error.line, 4)
        XCTAssertEqual(error.text, "attempt to index a nil value (local 't')")
        XCTAssertEqual(error.headline, "probe.lua:4: attempt to index a nil value (local 't')")
        XCTAssertNotNil(error.context)
        XCTAssertTrue(error.traceback?.hasPrefix("stack traceback:") ?? false, error.message)
        XCTAssertEqual(error.frames.first, ScriptError.Frame(file: "probe.lua", line: 4, function: error.frames.first?.function))
    }

    /// `print` is Behave's own Lua, and Lua's `tostring` heads its error
    /// with the line of the function that called it: a `__tostring` that
    /// gives no text was told at `behave:22:`, a line of Behave's no user
    /// can go to; it is the script's line that printed.
    func testAnErrorInBehavesOwnLuaIsToldAtTheScriptsLine() throws {
        let error = try firstError("tostring_not_text.lua")
        XCTAssertEqual(error.file, "probe.lua")
        XCTAssertEqual(error.line, 4)
        XCTAssertEqual(error.headline, "probe.lua:4: '__tostring' must return a string")
    }

    /// Only a line of Behave's own Lua that was running is cut: a
    /// script's own message that starts the same way is its words, whole.
    func testAScriptsOwnMessageThatStartsLikeBehavesLineIsKept() throws {
        let error = try firstError("behaves_own_line.lua")
        XCTAssertEqual(error.text, "behave:7: the user's own words")
    }

    /// Code nested past the compiler's levels (here, the targets of one
    /// assignment) stops Lua with "C stack overflow", raised as a run-time
    /// error with no line: it is told as the syntax error it is, at its
    /// place and with its fix, as `behave check` tells it.
    func testCodeNestedPastTheCompilersLevelsIsToldAtItsPlace() throws {
        let test = try TestScene()
        let source = "local Deep = behaviour {}\nlocal a\n" + Array(repeating: "a", count: 300).joined(separator: ", ")
            + " = 1\nreturn Deep\n"
        XCTAssertThrowsError(try test.behaviour("deep", source: source, file: "deep.lua")) { error in
            XCTAssertEqual((error as? ScriptError)?.reading, ScriptError.Reading(
                file: "deep.lua", line: 3, column: 598,
                text: "the targets of one assignment nest more than 200 levels deep in Lua's compiler; assign them in several statements"))
        }
    }

    /// Lua names a chunk by at most 59 bytes of its name (a longer path
    /// reads `...levels/of/behaviours/probe.lua`); an error names the
    /// script whole everywhere, as `check` does, and its advice still
    /// reads it (a misspelt global is told the name meant).
    func testAScriptOfALongPathIsNamedWholeInItsErrors() throws {
        let path = "Behaviours/a-rather-long-folder-name/with/several/levels/of/probe.lua"
        XCTAssertGreaterThan(path.utf8.count, 60)
        let test = try TestScene()
        try test.behaviour("probe", source: source("misspelt_in_helper.lua"), file: path)
        let error = try XCTUnwrap(test.scene.trace.entries.first { $0.kind == .error }?.error)
        XCTAssertEqual(error.file, path)
        XCTAssertEqual(error.line, 3)
        XCTAssertTrue(error.headline.hasPrefix("\(path):3: "), error.headline)
        XCTAssertTrue(error.message.contains("did you mean `print`?"), error.message)
        XCTAssertEqual(error.frames.map(\.file), [path, path])
        let traceback = try XCTUnwrap(error.traceback)
        XCTAssertTrue(traceback.contains("\t\(path):7: in "), traceback)
        XCTAssertFalse(error.message.contains("..."), error.message)
    }

    /// Two long paths that end alike leave Lua's shortened name as it is:
    /// either script could be the one.
    func testTwoLongPathsThatEndAlikeAreLeftAsLuaNamesThem() throws {
        let test = try TestScene()
        for folder in ["first", "other"] {
            try test.behaviour("probe\(folder)", source: source("boom.lua"),
                               file: "\(folder)/a-rather-long-folder-name/with/several/levels/of/probe.lua")
        }
        let files = test.scene.trace.entries.filter { $0.kind == .error }.compactMap { $0.error?.file }
        XCTAssertEqual(files, ["first/a-rather-long-folder-name/with/several/levels/of/probe.lua",
                               "...rather-long-folder-name/with/several/levels/of/probe.lua"])
    }

    func testTheTraceTellsFileAndLineAsFields() throws {
        let test = try TestScene()
        try test.behaviour("probe", source: source("boom.lua"))
        let entry = try XCTUnwrap(test.scene.trace.entries.first { $0.kind == .error })
        let fields = Dictionary(entry.fields, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(fields["file"], .string("probe.lua"))
        XCTAssertEqual(fields["line"], .number(3))
    }

    func testAMessageNamingAnotherPlaceIsNotTakenForOne() throws {
        let error = try firstError("another_place.lua")
        XCTAssertNil(error.file)
        XCTAssertNil(error.line)
        XCTAssertTrue(error.text.hasPrefix("other.lua:99: fake\nstack traceback:\n"), error.text)
        XCTAssertEqual(error.frames.first?.line, 3)
    }

    func testARefusedValueIsAtTheLineThatGaveIt() throws {
        let error = try firstError("refused_value.lua")
        XCTAssertEqual(error.file, "probe.lua")
        XCTAssertEqual(error.line, 4)
    }

    func testAnErrorRaisedThroughManyLevelsIsToldOnce() throws {
        let error = try firstError("many_levels.lua")
        // Each level prefixed the line that resumed it; the line that raised
        // stays with the text.
        XCTAssertEqual(error.headline, "probe.lua:4: probe.lua:3: bottom (raised through 5 levels)")
        XCTAssertEqual(error.line, 4)
    }
}
