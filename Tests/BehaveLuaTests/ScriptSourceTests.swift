import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Lua source is bytes: a script's string literals keep every byte of the
/// file, UTF-8 or not.
final class ScriptSourceTests: XCTestCase {
    /// `text` with \u{1} and \u{2} as the Latin-1 bytes of "é" and "è" (each
    /// one byte that is not UTF-8).
    static func latin1(_ text: String) -> [UInt8] {
        text.utf8.map { $0 == 1 ? 0xE9 : $0 == 2 ? 0xE8 : $0 }
    }

    func testALatin1ByteInALiteralStaysThatByte() throws {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("latin1-\(UUID().uuidString).lua")
        try Data(ScriptSourceTests.latin1(script("""
            function Probe:awake()
              self.same = "caf\u{1}" == "caf\u{2}"
              self.length = #"caf\u{1}"
            end
            """, outlets: ""))).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let test = try TestScene()
        let behaviour = try LuaBehaviour(script: LuaScript(contentsOf: path), name: "p", runtime: test.runtime)
        test.scene.attach(behaviour)
        behaviour.start()
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
        XCTAssertEqual(test.field("same", of: behaviour), .bool(false))
        XCTAssertEqual(test.field("length", of: behaviour), .number(4))
    }
}
