import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// A stepper's or a slider's bounds as a scene file and `--set` give them:
/// a bound that is no number is the mistake told, without the refusals
/// that only follow from it; a bound `--set` twice is the last one given.
final class RangeSettingTests: XCTestCase {
    func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/BehaveSceneTests/Ranges").appendingPathComponent(name).path
    }

    /// Before: each unreadable bound was followed by the other bound's and
    /// the value's refusals against the bound kept in its place, whose fix
    /// spoke of the bounds' order (`lower minimumValue before it`).
    func testABoundThatIsNoNumberIsTheOneMistakeTold() {
        let said = SceneLoader.check(file: fixture("unreadable_bounds.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }
        XCTAssertEqual(said, [
            "5: control `volume`: minimumValue takes a number, not `ten`",
            "9: control `guests`: maximumValue takes a number, not `lots`",
            "11: control `count`: minimumValue takes a number, not `ten`",
            "11: control `count`: value must be within 0…100 (minimumValue…maximumValue), not 200",
        ])
    }

    /// The same of `--set`s: the unreadable minimum alone is told.
    func testASetBoundThatIsNoNumberIsTheOneMistakeTold() {
        let source = SceneSource(file: fixture("volume.scene.yaml"),
                                 settings: ["volume.minimumValue=ten", "volume.maximumValue=-5", "volume.value=-8"])
        XCTAssertThrowsError(try source.make()) { error in
            XCTAssertEqual("\(error)", "behave: --set volume.minimumValue: minimumValue takes a number, not `ten`")
        }
    }

    /// A bound `--set` twice is the last one given, as an option given
    /// twice is on most command lines. Before, each was applied in turn:
    /// a first maximum of 5 pulled the value down to 5 for good, and a
    /// first minimum of 200 was refused, though the last alone fitted.
    func testTheLastSetOfABoundIsTheOneApplied() throws {
        func made(_ settings: [String]) throws -> [Value?] {
            let loaded = try SceneSource(file: fixture("volume.scene.yaml"), settings: settings).make()
            return ["minimumValue", "maximumValue", "value"].map { try? loaded.scene.control(named: "volume")?.value($0) }
        }
        XCTAssertEqual(try made(["volume.maximumValue=5", "volume.maximumValue=50"]), [.number(0), .number(50), .number(30)])
        XCTAssertEqual(try made(["volume.minimumValue=200", "volume.value=40", "volume.minimumValue=20"]),
                       [.number(20), .number(100), .number(40)])
    }
}
