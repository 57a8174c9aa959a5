import BehaveCore
@testable import BehaveLua
import XCTest

/// A text compiled once is loaded from its kept dump in every later scene:
/// the same behaviour, lines and names, and an edited text is new.
final class ChunkCacheTests: XCTestCase {
    private func failingScript(line: Int) -> String {
        """
        local Failing = behaviour { name = "Failing", outlets = { button = "Button" } }
        function Failing:awake()
        \(String(repeating: "\n", count: line - 3))  error("broken on purpose")
        end
        return Failing
        """
    }

    func testASecondSceneReportsTheSameLineAsTheFirst() throws {
        var messages: [String] = []
        for _ in 0..<3 {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            try test.behaviour("failing", source: failingScript(line: 7), file: "failing_cached.lua", outlets: ["button": button])
            messages.append(contentsOf: test.errors)
        }
        XCTAssertEqual(messages.count, 3)
        for message in messages {
            XCTAssertTrue(message.contains("failing_cached.lua:7: broken on purpose"), message)
        }
    }

    func testAnEditedTextUnderTheSameNameIsCompiledAgain() throws {
        for line in [5, 9] {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            try test.behaviour("failing", source: failingScript(line: line), file: "failing_edited.lua", outlets: ["button": button])
            XCTAssertTrue(test.errors.first?.contains("failing_edited.lua:\(line): broken on purpose") == true,
                          "\(test.errors)")
        }
    }
}
