import BehaveScene
import XCTest

/// Which names `behave run`, `check` and `test` take for a GtkBuilder file
/// (told to give the scene that names it): `.ui` in any case, not a hidden
/// file called `.ui`, not a name that merely ends in `ui`.
final class DrawingNameTests: XCTestCase {
    func testADrawingIsToldByItsExtension() {
        for name in ["app.ui", "Forms/app.UI", "/tmp/x.Ui", "a.uI"] {
            XCTAssertTrue(Checker.isDrawing(name), name)
        }
        for name in ["", "ui", ".ui", "x/.ui", "app.lua", "gui", "app.uix", "app-ui", "app.u", "app\u{0E}ui"] {
            XCTAssertFalse(Checker.isDrawing(name), name)
        }
    }
}
