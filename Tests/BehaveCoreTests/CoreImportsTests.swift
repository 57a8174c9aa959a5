import Foundation
import XCTest

/// The controls' code (`Sources/BehaveCore/Controls`) is plain Swift over
/// CBehaveCore: what little it asks of C (`memchr`, to find a NUL in a
/// text) comes through CBehaveCore's header, so no file of it imports
/// Foundation. View.swift imported Foundation for `memchr` alone.
final class CoreImportsTests: XCTestCase {
    func testTheControlsImportNoFoundation() throws {
        let controls = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BehaveCore/Controls")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: controls, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertFalse(files.isEmpty, controls.path)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            XCTAssertFalse(lines.contains { $0.hasPrefix("import Foundation") }, file.lastPathComponent)
        }
    }
}
