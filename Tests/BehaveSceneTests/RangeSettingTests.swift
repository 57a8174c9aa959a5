import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// A stepper's or a slider's bounds as a scene file and `--set` give them:
/// a bound that is no number is the mistake told, without the refusals
/// that only follow from it.
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
}
