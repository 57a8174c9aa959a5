import BehaveCore
@testable import BehaveLua
import XCTest

/// An error travels as one value (`ScriptError`): where it was raised is
/// read from the frames live then, never from its text, so a message that
/// names another place cannot pass for one.
final class ScriptErrorTests: XCTestCase {
    private func firstError(_ body: String) throws -> ScriptError {
        let test = try TestScene()
        try test.behaviour("probe", source: script(body))
        return try XCTUnwrap(test.scene.trace.entries.first { $0.kind == .error }?.error)
    }

    func testAnErrorCarriesItsFileLineContextAndTraceback() throws {
        let error = try firstError("""
            function Probe:awake()
              local t = nil
              return t.x
            end
            """)
        XCTAssertEqual(error.file, "probe.lua")
        XCTAssertEqual(error.line, 4)
        XCTAssertEqual(error.text, "attempt to index a nil value (local 't')")
        XCTAssertEqual(error.headline, "probe.lua:4: attempt to index a nil value (local 't')")
        XCTAssertNotNil(error.context)
        XCTAssertTrue(error.traceback?.hasPrefix("stack traceback:") ?? false, error.message)
        XCTAssertEqual(error.frames.first, ScriptError.Frame(file: "probe.lua", line: 4, function: error.frames.first?.function))
    }

    func testTheTraceTellsFileAndLineAsFields() throws {
        let test = try TestScene()
        try test.behaviour("probe", source: script("""
            function Probe:awake()
              error("boom")
            end
            """))
        let entry = try XCTUnwrap(test.scene.trace.entries.first { $0.kind == .error })
        let fields = Dictionary(entry.fields, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(fields["file"], .string("probe.lua"))
        XCTAssertEqual(fields["line"], .number(3))
    }

    func testAMessageNamingAnotherPlaceIsNotTakenForOne() throws {
        let error = try firstError("""
            function Probe:awake()
              error("other.lua:99: fake\\nstack traceback:\\n\\tother.lua:99: in main chunk", 0)
            end
            """)
        XCTAssertNil(error.file)
        XCTAssertNil(error.line)
        XCTAssertTrue(error.text.hasPrefix("other.lua:99: fake\nstack traceback:\n"), error.text)
        XCTAssertEqual(error.frames.first?.line, 3)
    }

    func testARefusedValueIsAtTheLineThatGaveIt() throws {
        let error = try firstError("""
            function Probe:awake()
              local a = 1
              self.button.title = {}
            end
            """)
        XCTAssertEqual(error.file, "probe.lua")
        XCTAssertEqual(error.line, 4)
    }

    func testAnErrorRaisedThroughManyLevelsIsToldOnce() throws {
        let error = try firstError("""
            local function deep(n)
              if n == 0 then error("bottom") end
              return coroutine.wrap(function() return deep(n - 1) end)()
            end
            function Probe:awake()
              deep(5)
            end
            """)
        // Each level prefixed the line that resumed it; the line that raised
        // stays with the text.
        XCTAssertEqual(error.headline, "probe.lua:4: probe.lua:3: bottom (raised through 5 levels)")
        XCTAssertEqual(error.line, 4)
    }
}
