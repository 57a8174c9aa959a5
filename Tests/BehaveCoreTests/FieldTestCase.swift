import XCTest
@testable import BehaveCore

/// A scene of one text field, and the text it held at each
/// `editingChanged`: what the typing and length tests watch.
class FieldTestCase: XCTestCase {
    var scene: Scene!
    var field: TextField!
    /// The text at each editingChanged.
    var seen: [String] = []

    override func setUpWithError() throws {
        scene = Scene(screen: "Typing")
        field = TextField(name: "field")
        scene.add(field)
        try field.on("editingChanged") { [unowned self] _ in seen.append(field.text) }
    }

    override func tearDown() {
        scene = nil
        field = nil
    }
}
