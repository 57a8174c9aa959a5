import XCTest
@testable import BehaveCore

/// `call NAME.ACTION [ARGS]` calls a behaviour's action as a connection
/// would; `Scene.onAction` hears actions reaching any responder, the screen
/// included (what `s:record("screen.ACTION")` is built on).
final class ActionCallTests: XCTestCase {
    final class Arguments: Behaviour {
        var received: [[Value]] = []
        init() {
            super.init(name: "counter", declaration: BehaviourDeclaration(name: "Counter", actions: ["add", "reset"]))
        }
        override func performAction(_ action: String, sender: Responder, arguments: [Value]) {
            received.append([.string("\(action) from \(sender.responderName)")] + arguments)
        }
    }

    var scene: Scene!
    var counter: Arguments!

    override func setUp() {
        scene = Scene(screen: "Actions")
        counter = Arguments()
        scene.attach(counter)
        counter.start()
    }

    override func tearDown() {
        scene = nil
        counter = nil
    }

    func testCallPerformsTheActionWithTheScreenAsSender() throws {
        try scene.run("call counter.reset")
        XCTAssertEqual(counter.received, [[.string("reset from screen")]])
        XCTAssertEqual(scene.actions.last, ActionRecord(name: "reset", from: "screen", target: "counter", handledBy: "counter"))
    }

    func testArgumentsAreSeparatedBySpacesOrCommas() throws {
        try scene.run(#"call counter.add 1 -2.5, "two words" true nil [3, 4] [0, 0, 10, 20] text"#)
        XCTAssertEqual(counter.received.last, [
            .string("add from screen"), .number(1), .number(-2.5), .string("two words"), .bool(true), .null,
            .point(Point(x: 3, y: 4)), .rect(Rect(x: 0, y: 0, width: 10, height: 20)), .string("text"),
        ])
        try scene.run(#"call counter.add "3" '4, 5'"#)
        XCTAssertEqual(counter.received.last, [.string("add from screen"), .string("3"), .string("4, 5")],
                       "quoted, a number is text")
    }

    /// Regression: the arguments were read as the items of one list, so
    /// `call counter.add 1 2` passed the text "1 2", and a list of three
    /// numbers or a table of other keys passed text or nil without a word.
    func testWhatNoActionCanReceiveIsAnError() throws {
        try scene.run("call counter.add 1 2")
        XCTAssertEqual(counter.received.last, [.string("add from screen"), .number(1), .number(2)])
        for line in ["call counter.add [1, 2, 3]", "call counter.add [a, b]", "call counter.add []"] {
            XCTAssertEqual(error { try self.scene.run(line) }?.message,
                           "an action's argument is nil, true or false, a number, text, a point [x, y] or { x =, y = }, a size { width =, height = } or a rect [x, y, width, height]; a list or table of anything else is none of these",
                           line)
        }
        XCTAssertNotNil(error { _ = try LooseValue.map([.init(key: "name", value: .text("Ada", quoted: true))]).untypedValue() })
        XCTAssertEqual(try LooseValue.map([.init(key: "width", value: .text("3", quoted: false)), .init(key: "height", value: .text("4", quoted: false))]).untypedValue(),
                       .size(Size(width: 3, height: 4)))
        XCTAssertEqual(counter.received.count, 1)
    }

    func testAtMostSixtyFourArguments() throws {
        try scene.run("call counter.add " + Array(repeating: "1", count: 64).joined(separator: " "))
        XCTAssertEqual(error { try self.scene.run("call counter.add " + Array(repeating: "1", count: 65).joined(separator: " ")) }?.message,
                       "65 arguments; an action carries at most 64")
    }

    func testMistakesSayWhatThereIs() throws {
        scene.add(Button(name: "button"))
        XCTAssertEqual(error { try self.scene.run("call counter.rest") }?.message,
                       "`counter` has no action `rest` (did you mean `reset`?); its actions: add, reset")
        XCTAssertEqual(error { try self.scene.run("call counter._refresh") }?.message,
                       "`counter` has no action `_refresh`; a method whose name starts with `_` is the script's own helper, not an action: call it from an action, or name it without the `_`; its actions: add, reset")
        XCTAssertEqual(error { try self.scene.run("call counter.awake") }?.message,
                       "`counter` has no action `awake`; awake is a lifecycle method, called by the runtime; its actions: add, reset")
        XCTAssertEqual(error { try self.scene.run("call button.tap") }?.message,
                       "`button` is a control; `call` calls a behaviour's action")
        XCTAssertEqual(error { try self.scene.run("call counter") }?.message, "usage: call NAME.ACTION [ARGS]")
        XCTAssertEqual(error { try self.scene.run("call .reset") }?.message, "usage: call NAME.ACTION [ARGS]")
        scene.dismiss()
        XCTAssertEqual(error { try self.scene.run("call counter.reset") }?.message, "behaviour `counter` has been destroyed")
    }

    func testOnActionHearsActionsReachingABehaviourOrTheScreen() throws {
        let button = Button(name: "button")
        scene.add(button)
        var atScreen: [[Value]] = [], atCounter: [[Value]] = []
        scene.onAction("finished", reaching: "screen") { atScreen.append($0) }
        let observer = scene.onAction("add", reaching: "counter") { atCounter.append($0) }
        button.sendAction("finished", arguments: [.number(3)])
        button.sendAction("add", to: counter, arguments: [.number(1)])
        try scene.run("call counter.add 2")
        XCTAssertEqual(atScreen, [[.number(3)]], "unhandled, it ends at the screen")
        XCTAssertEqual(atCounter, [[.number(1)], [.number(2)]])
        observer.cancel()
        try scene.run("call counter.add 3")
        XCTAssertEqual(atCounter.count, 2)
    }
}
