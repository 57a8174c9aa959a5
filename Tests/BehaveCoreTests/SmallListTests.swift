import XCTest
@testable import BehaveCore

/// The list that keeps its first element inline reads as an array would.
final class SmallListTests: XCTestCase {
    func testItKeepsTheOrderOfWhatIsAppendedAndRemoved() {
        var list = SmallList<Int>()
        XCTAssertTrue(list.isEmpty)
        XCTAssertEqual(Array(list), [])
        for n in 1...6 { list.append(n) }
        XCTAssertEqual(list.count, 6)
        XCTAssertEqual(Array(list), [1, 2, 3, 4, 5, 6])
        list.removeAll { $0 % 2 == 1 }
        XCTAssertEqual(Array(list), [2, 4, 6], "the first removed, the next takes its place")
        list.removeAll { $0 == 4 }
        XCTAssertEqual(Array(list), [2, 6])
        list.removeAll { _ in true }
        XCTAssertTrue(list.isEmpty)
        list.append(7)
        XCTAssertEqual(Array(list), [7])
        list.removeAll()
        XCTAssertEqual(list.count, 0)
    }
}
