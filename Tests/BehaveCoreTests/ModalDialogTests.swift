import XCTest
@testable import BehaveCore

/// A presented dialog is modal, as on iOS: what the user would do to the
/// screen behind it is refused with a note until it is answered; dialogs
/// presented meanwhile wait and are shown in order.
final class ModalDialogTests: XCTestCase {
    var scene: Scene!
    var heard: [String] = []

    override func setUpWithError() throws {
        scene = Scene(screen: "Modal")
        let button = Button(name: "button"), stepper = Stepper(name: "stepper"), wifi = Switch(name: "wifi")
        let field = TextField(name: "field"), pages = ScrollView(name: "pages")
        for view in [button, stepper, wifi, field, pages] as [View] {
            scene.add(view)
            for event in view.eventNames { try view.on(event) { [unowned self] in heard.append("\(view.name) \($0.name)") } }
        }
        let listener = Listener("pages delegate", messages: ["scrollViewDidScroll"], journal: journal)
        listeners.append(listener)
        pages.delegate = listener
    }

    override func tearDown() {
        scene = nil
        listeners = []
    }

    let journal = Journal()
    var listeners: [Listener] = []

    var notes: [String] { scene.trace.entries.filter { $0.kind == .note }.map(\.message) }

    let userActions = ["tap button", "press button", "step stepper +", "tap wifi", "type field hello", "keys field hi",
                       "backspace field", "return field", "scroll pages 100"]

    func testWhileAnAlertIsPresentedTheUserCannotReachTheScreen() throws {
        var answers: [String?] = []
        try scene.present(Dialog(style: .alert, title: "Sure?", options: ["Yes"])) { answers.append($0) }
        for line in userActions { try scene.run(line) }
        XCTAssertEqual(heard, [])
        XCTAssertEqual(journal.lines, [], "the scroll view did not move")
        XCTAssertEqual(notes, [
            "button ignores the tap (an alert is presented: choose an option first)",
            "button ignores the press (an alert is presented: choose an option first)",
            "stepper ignores the press (an alert is presented: choose an option first)",
            "wifi ignores the tap (an alert is presented: choose an option first)",
            "field ignores typing (an alert is presented: choose an option first)",
            "field ignores typing (an alert is presented: choose an option first)",
            "field ignores typing (an alert is presented: choose an option first)",
            "field ignores the return key (an alert is presented: choose an option first)",
            "pages ignores the scroll (an alert is presented: choose an option first)",
        ])
        try scene.choose("Yes")
        XCTAssertEqual(answers, ["Yes"])
        try scene.run("tap button", "scroll pages 100")
        XCTAssertEqual(heard, ["button touchDown", "button touchUpInside"])
        XCTAssertEqual(journal.lines, ["pages delegate scrollViewDidScroll"])
    }

    func testASheetOrAPickerIsModalToo() throws {
        try scene.present(Dialog(style: .actionSheet, options: ["Camera"])) { _ in }
        try scene.run("tap button")
        XCTAssertEqual(notes.last, "button ignores the tap (an actionSheet is presented: choose an option first)")
        try scene.choose("cancel")
        try scene.present(Dialog(style: .picker, options: ["a.png"])) { _ in }
        try scene.run("tap button")
        XCTAssertEqual(notes.last, "button ignores the tap (a picker is presented: choose an option first)")
        XCTAssertEqual(heard, [])
    }

    func testWhatTheProgramDoesStillHappens() throws {
        try scene.present(Dialog(style: .alert, options: ["OK"])) { _ in }
        try scene.run("send button touchUpInside", "set field.text typed", "set pages.contentOffset 0,40")
        XCTAssertEqual(heard, ["button touchUpInside"])
        XCTAssertEqual((scene.control(named: "field") as? TextField)?.text, "typed")
        XCTAssertEqual(journal.lines, ["pages delegate scrollViewDidScroll"])
    }

    func testDialogsPresentedMeanwhileWaitAndAreShownInOrder() throws {
        var answers: [String] = []
        for title in ["first", "second", "third"] {
            try scene.present(Dialog(style: .alert, title: title, options: ["OK"])) { answers.append("\(title): \($0 ?? "cancel")") }
        }
        XCTAssertEqual(scene.presentedDialog?.title, "first")
        try scene.choose("OK")
        XCTAssertEqual(scene.presentedDialog?.title, "second")
        try scene.choose("cancel")
        XCTAssertEqual(scene.presentedDialog?.title, "third")
        try scene.choose("OK")
        XCTAssertNil(scene.presentedDialog)
        XCTAssertEqual(answers, ["first: OK", "second: cancel", "third: OK"])
        let shown = scene.trace.entries.filter { $0.kind == .dialog && $0.message.hasPrefix("alert") }.map(\.message)
        XCTAssertEqual(shown, [#"alert first: "OK""#, #"alert second: "OK""#, #"alert third: "OK""#],
                       "each is announced when it is shown, not when it starts to wait")
    }

    func testAtMostThirtyTwoWaitBehindThePresentedOne() throws {
        for index in 0...Scene.maximumWaitingDialogs {
            try scene.present(Dialog(style: .alert, title: "\(index)", options: ["OK"])) { _ in }
        }
        XCTAssertEqual(error { try self.scene.present(Dialog(style: .alert, options: ["OK"])) { _ in } }?.message,
                       "32 dialogs are already waiting behind the presented one; a screen asks one thing at a time")
        XCTAssertEqual(scene.presentedDialog?.title, "0")
    }
}
