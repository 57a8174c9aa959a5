import BehaveCore
@testable import BehaveLua
import XCTest

/// The bridge remembers the texts of the short strings scripts set, by the
/// strings' addresses: a string made after the remembered one is gone (and
/// that may take its address) is still read as itself.
final class TextCacheTests: XCTestCase {
    func testAStringMadeAfterACollectionIsSetAsItself() throws {
        let t = try TestScene()
        let label = t.control(Label.self, "label")
        let setter = try t.behaviour("Setter", source: script("""
            function Probe:put(_, i)
              self.label.text = string.format("item %d", i)  -- a new string each time
            end
            """, outlets: "label = \"Label\""), outlets: ["label": label])
        for i in 1...200 {
            setter.performAction("put", sender: t.scene.screen!, arguments: [.number(Double(i))])
            XCTAssertEqual(label.text, "item \(i)")
            t.runtime.collectGarbage()
        }
        XCTAssertEqual(t.errors, [])
    }
}
