import BehaveCore
@testable import BehaveLua
import XCTest

/// The seed behaviour, end to end through the bridge.
final class ToggleTests: XCTestCase {
    func testATapTogglesTheImageAndSendsValueChanged() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let toggle = try test.bundled("toggle.lua", name: "toggle", outlets: ["button": button])
        var changes = 0
        try toggle.on("valueChanged") { _ in changes += 1 }
        XCTAssertEqual(button.image?.name, "toggle-off")

        button.tap()
        XCTAssertEqual(button.image?.name, "toggle-on")
        XCTAssertEqual(test.field("toggled", of: toggle), .bool(true))
        XCTAssertEqual(changes, 1)

        button.tap()
        XCTAssertEqual(button.image?.name, "toggle-off")
        XCTAssertEqual(test.field("toggled", of: toggle), .bool(false))
        XCTAssertEqual(changes, 2)
        XCTAssertEqual(test.scene.errorCount, 0)
    }

    /// Taps past the trace's capacity: the oldest records go, and the
    /// newest read whole, an event's name and a change's two values.
    func testTapsPastTheTracesCapacityKeepTheNewestRecordsWhole() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        try test.bundled("toggle.lua", name: "toggle", outlets: ["button": button])
        for _ in 0..<2_600 { button.tap() }  // four records each
        let entries = test.scene.trace.entries
        XCTAssertEqual(entries.count, test.scene.trace.capacity)
        let on = ["button touchDown", "button touchUpInside", "button.image: toggle-off → toggle-on", "toggle valueChanged"]
        let off = ["button touchDown", "button touchUpInside", "button.image: toggle-on → toggle-off", "toggle valueChanged"]
        XCTAssertEqual(entries.suffix(8).map(\.message), on + off)
        XCTAssertEqual(Set(entries.map(\.message)), Set(on + off))
        XCTAssertEqual(entries.last { $0.kind == .change }?.fields.map(\.1),
                       [.string("image"), .object([("name", .string("toggle-on"))]), .object([("name", .string("toggle-off"))])])
        XCTAssertEqual(entries.last { $0.kind == .event }?.fields.map(\.1), [.string("valueChanged")])
    }

    func testAnimatedToggleFadesOutSwapsAndFadesIn() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let toggle = try test.bundled("toggle.lua", name: "toggle", outlets: ["button": button])
        try toggle.setInspectable("animated", to: .bool(true))
        var changes = 0
        try toggle.on("valueChanged") { _ in changes += 1 }

        button.tap()
        XCTAssertEqual(button.alpha, 1)
        test.scene.clock.advance(by: 0.35)
        XCTAssertEqual(button.alpha, 0.5, accuracy: 0.01)
        XCTAssertEqual(button.image?.name, "toggle-off")
        test.scene.clock.advance(by: 0.35)
        XCTAssertEqual(button.alpha, 0, accuracy: 1e-9)
        XCTAssertEqual(button.image?.name, "toggle-on")
        XCTAssertEqual(changes, 0, "valueChanged comes after the fade in")
        test.scene.clock.advance(by: 0.7)
        XCTAssertEqual(button.alpha, 1)
        XCTAssertEqual(changes, 1)
        XCTAssertEqual(test.scene.clock.now, 1.4, accuracy: 1e-9)
    }

    func testDurationIsCheckedAgainstItsDeclaration() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let toggle = try test.bundled("toggle.lua", name: "toggle", outlets: ["button": button])
        XCTAssertThrowsError(try toggle.setInspectable("duration", to: .number(20))) { error in
            XCTAssertEqual((error as? ValueError)?.message, "duration must be at most 10, not 20 (range 0…10)")
        }
        XCTAssertThrowsError(try toggle.setInspectable("duratoin", to: .number(1))) { error in
            XCTAssertTrue("\(error)".contains("did you mean `duration`?"), "\(error)")
        }
        XCTAssertEqual(toggle.inspectable("duration"), .number(0.7))
    }

    func testDismissDestroysTheToggleMidAnimationAndNothingRunsAgain() throws {
        let test = try TestScene()
        weak var weakToggle: LuaBehaviour?
        weak var weakButton: Button?
        do {
            let button = test.control(Button.self, "button")
            weakButton = button
            let toggle = try test.bundled("toggle.lua", name: "toggle", outlets: ["button": button])
            try toggle.setInspectable("animated", to: .bool(true))
            weakToggle = toggle
            button.tap()
            test.scene.clock.advance(by: 0.35)
        }
        test.scene.dismiss()
        XCTAssertNil(weakToggle, "the screen kept the behaviour alive; nothing else may")
        XCTAssertNil(weakButton)
        let entries = test.scene.trace.entries.count
        test.scene.clock.advance(by: 5)
        XCTAssertEqual(test.scene.trace.entries.count, entries, "nothing of it runs after dismiss")
        XCTAssertEqual(test.scene.record(named: "toggle")?.state["alive"], .bool(false))
        XCTAssertEqual(test.scene.errorCount, 0)
    }
}
