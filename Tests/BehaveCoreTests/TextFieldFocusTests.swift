@testable import BehaveCore
import XCTest

/// A text field's `editing` (first responder) and a scroll view's
/// `bottomInset`.
final class TextFieldFocusTests: XCTestCase {
    private func screen(_ names: String...) -> (Scene, [TextField]) {
        let scene = Scene(screen: "Form")
        let fields = names.map { TextField(name: $0) }
        for field in fields { scene.add(field) }
        return (scene, fields)
    }

    func testSettingEditingBeginsAndEndsEditingWithTheirEvents() throws {
        let (scene, fields) = screen("name")
        let field = fields[0]
        var events: [String] = []
        for event in field.eventNames { try field.on(event) { events.append($0.name) } }
        try field.set("editing", to: .bool(true))
        XCTAssertTrue(field.isEditing)
        XCTAssertEqual(try field.value("editing"), .bool(true))
        try field.set("editing", to: .bool(true))
        try field.set("editing", to: .bool(false))
        XCTAssertFalse(field.isEditing)
        XCTAssertEqual(events, ["editingDidBegin", "editingDidEnd"])
        withExtendedLifetime(scene) {}
    }

    func testOneFieldOfAScreenEditsAtATime() throws {
        let (scene, fields) = screen("email", "password")
        try fields[0].type("ada@example.org")
        var ended = 0
        try fields[0].on("editingDidEnd") { _ in ended += 1 }
        try fields[1].set("editing", to: .bool(true))
        XCTAssertFalse(fields[0].isEditing)
        XCTAssertTrue(fields[1].isEditing)
        XCTAssertEqual(ended, 1)
        withExtendedLifetime(scene) {}
    }

    func testAFieldThatTakesNoTouchesCannotBeginEditing() throws {
        let (scene, fields) = screen("name")
        try fields[0].set("hidden", to: .bool(true))
        XCTAssertThrowsError(try fields[0].set("editing", to: .bool(true))) { error in
            XCTAssertEqual((error as? ValueError)?.message, "editing cannot begin: it is hidden")
        }
        XCTAssertFalse(fields[0].isEditing)
        XCTAssertThrowsError(try fields[0].set("editing", to: .string("yes")))
        withExtendedLifetime(scene) {}
    }

    func testTheTraceShowsTheChange() throws {
        let (scene, fields) = screen("name")
        try fields[0].set("editing", to: .bool(true))
        XCTAssertTrue(scene.trace.entries.contains { $0.message == "name.editing: false → true" },
                      "\(scene.trace.entries.map(\.message))")
    }

    func testBottomInsetIsANumberOfZeroOrMore() throws {
        let scene = Scene(screen: "Page")
        let page = ScrollView(name: "page")
        scene.add(page)
        XCTAssertEqual(try page.value("bottomInset"), .number(0))
        try page.set("bottomInset", to: .number(300))
        XCTAssertEqual(try page.value("bottomInset"), .number(300))
        XCTAssertThrowsError(try page.set("bottomInset", to: .number(-1)))
        XCTAssertTrue(scene.render().contains("⇕ offset 0, bottom inset 300"), scene.render())
    }
}
