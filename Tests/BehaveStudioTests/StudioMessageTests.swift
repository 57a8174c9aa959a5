import XCTest
@testable import BehaveStudio

final class StudioMessageTests: XCTestCase {
    func testCommands() throws {
        XCTAssertEqual(try StudioMessage.parse(#"{"kind":"command","line":"tap wifi"}"#), .command("tap wifi"))
    }
}
