import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// The bridge remembers the texts of the short strings scripts set, by the
/// strings' addresses: a string made after the remembered one is gone (and
/// that may take its address) is still read as itself.
final class TextCacheTests: XCTestCase {
    /// The script that sets the texts, in TextCache/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TextCache")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    func testAStringMadeAfterACollectionIsSetAsItself() throws {
        let t = try TestScene()
        let label = t.control(Label.self, "label")
        let setter = try t.behaviour("Setter", source: source("setter.lua"), outlets: ["label": label])
        for i in 1...200 {
            setter.performAction("put", sender: t.scene.screen!, arguments: [.number(Double(i))])
            XCTAssertEqual(label.text, "item \(i)")
            t.runtime.collectGarbage()
        }
        XCTAssertEqual(t.errors, [])
    }
}
