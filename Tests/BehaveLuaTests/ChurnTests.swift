import BehaveCore
@testable import BehaveLua
import XCTest

/// Cells made and destroyed for ever (a table view reusing its rows): what
/// the runtime keeps for them stays the size of what lives.
final class ChurnTests: XCTestCase {
    func testCellsMadeAndDestroyedLeaveNoEntriesBehind() throws {
        let test = try TestScene()
        let source = """
        local Cell = behaviour { name = "Cell", outlets = { button = "Button" } }
        function Cell:awake()
          self.tapped = self.button:on("touchUpInside", function() self.taps = (self.taps or 0) + 1 end)
          self.later = after(60, function() end)
        end
        return Cell
        """
        for i in 0..<2_000 {
            let cell = Button(name: "cell\(i % 20)")
            test.scene.add(cell)
            try test.behaviour("cell\(i % 20)", source: source, outlets: ["button": cell], owner: cell)
            cell.tap()
            cell.removeFromParent()
        }
        XCTAssertEqual(test.scene.errorCount, 0, test.errors.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(test.runtime.behaviours.count, 64, "destroyed behaviours are forgotten")
        XCTAssertLessThanOrEqual(test.runtime.objects.count, 200, "connections and timers of dead behaviours are released")
    }
}
