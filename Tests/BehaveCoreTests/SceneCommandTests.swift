import XCTest
@testable import BehaveCore

/// The command language (README: "The command language"): parsing and execution.
final class SceneCommandParseTests: XCTestCase {
    func parse(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> SceneCommand? {
        do { return try SceneCommand.parse(line) } catch {
            XCTFail("`\(line)`: \(error)", file: file, line: number)
            return nil
        }
    }

    func testEveryVerb() {
        XCTAssertEqual(parse("tap button"), .tap("button"))
        XCTAssertEqual(parse("send button touchDown"), .send("button", event: "touchDown"))
        XCTAssertEqual(parse("set toggle.animated true"), .set("toggle", property: "animated", value: .text("true", quoted: false)))
        XCTAssertEqual(parse("set picker.maxSize [1, 2]"),
                       .set("picker", property: "maxSize", value: .list([.text("1", quoted: false), .text("2", quoted: false)])))
        XCTAssertEqual(parse("set button.title \"Change photo\""),
                       .set("button", property: "title", value: .text("Change photo", quoted: true)))
        XCTAssertEqual(parse("set label.text \"42\""), .set("label", property: "text", value: .text("42", quoted: true)))
        XCTAssertEqual(parse("step stepper +"), .step("stepper", up: true))
        XCTAssertEqual(parse("step stepper -"), .step("stepper", up: false))
        XCTAssertEqual(parse("type field \"hello world\""), .type("field", text: "hello world"))
        XCTAssertEqual(parse("type field hello  world"), .type("field", text: "hello  world"))
        XCTAssertEqual(parse("return field"), .pressReturn("field"))
        XCTAssertEqual(parse("scroll list 120.5"), .scroll("list", y: 120.5))
        XCTAssertEqual(parse("keyboard show 300"), .keyboardShow(height: 300))
        XCTAssertEqual(parse("keyboard hide"), .keyboardHide)
        XCTAssertEqual(parse("advance 0.35"), .advance(0.35))
        XCTAssertEqual(parse("choose \"Photo Library\""), .choose("Photo Library"))
        XCTAssertEqual(parse("choose Photo Library"), .choose("Photo Library"))
        XCTAssertEqual(parse("choose cancel"), .choose("cancel"))
        XCTAssertEqual(parse("remove button"), .remove("button"))
        XCTAssertEqual(parse("dismiss"), .dismiss)
        XCTAssertEqual(parse("show"), .show)
        XCTAssertEqual(parse("state"), .state)
        XCTAssertEqual(parse("help"), .help)
        XCTAssertEqual(parse("quit"), .quit)
        XCTAssertEqual(parse("  tap   button  "), .tap("button"))
    }

    /// The text after a command's words is kept as written: blanks (tabs,
    /// and Unicode's space separators such as a no-break space) trimmed at
    /// its ends, inner blanks and characters past ASCII kept.
    func testTheRestOfALineIsTakenAsWritten() {
        XCTAssertEqual(parse("type field héllo  wörld"), .type("field", text: "héllo  wörld"))
        XCTAssertEqual(parse("\ttype\tfield\t a\tb \t"), .type("field", text: "a\tb"))
        XCTAssertEqual(parse("type field ünïcode\u{2003}\u{00A0}"), .type("field", text: "ünïcode"))
        XCTAssertEqual(parse("choose  Photo   Library "), .choose("Photo   Library"))
        XCTAssertEqual(parse("type field 日本語 テキスト"), .type("field", text: "日本語 テキスト"))
    }

    func testBlankLinesAndCommentsAreNothing() {
        XCTAssertNil(parse(""))
        XCTAssertNil(parse("   "))
        XCTAssertNil(parse("# tap button"))
    }

    func testBadUsage() {
        let cases: [(String, String)] = [
            ("tap", "usage: tap NAME"),
            ("tap a b", "usage: tap NAME"),
            ("send button", "usage: send NAME EVENT"),
            ("set button.title", "usage: set NAME.PROPERTY VALUE"),
            ("set button title x", "usage: set NAME.PROPERTY VALUE"),
            ("step stepper up", "usage: step NAME + | -"),
            ("step stepper", "usage: step NAME + | -"),
            ("type", "usage: type NAME TEXT"),
            ("scroll list", "usage: scroll NAME Y"),
            ("scroll list down", "`down` is not a number; usage: scroll NAME Y"),
            ("keyboard", "usage: keyboard show HEIGHT | keyboard hide"),
            ("keyboard show", "usage: keyboard show HEIGHT | keyboard hide"),
            ("keyboard show tall", "`tall` is not a number; usage: keyboard show HEIGHT"),
            ("advance", "usage: advance SECONDS"),
            ("advance soon", "`soon` is not a number; usage: advance SECONDS"),
            ("advance -1", "advance takes a duration of 0 seconds or more"),
            ("advance inf", "`inf` is not a number; usage: advance SECONDS"),
            ("choose", "usage: choose OPTION"),
            ("remove", "usage: remove NAME"),
            ("dismiss now", "usage: dismiss"),
            ("state all", "usage: state"),
            ("set label.text \"two\nlines\"", "a command is one line, and this one holds a line break (a line feed, or a carriage return `\\13`); end each "
                + "command of standard input with a line feed (a CR alone ends none), and give each command its own --do "
                + "(a text of several lines can be set by a script)"),
            ("tap button\r", "a command is one line, and this one holds a line break (a line feed, or a carriage return `\\13`); end each "
                + "command of standard input with a line feed (a CR alone ends none), and give each command its own --do "
                + "(a text of several lines can be set by a script)"),
        ]
        for (line, message) in cases {
            XCTAssertEqual(error { _ = try SceneCommand.parse(line) }?.message, message, line)
        }
    }

    func testUnknownCommandSuggests() {
        XCTAssertEqual(error { _ = try SceneCommand.parse("tpa button") }?.message,
                       "unknown command `tpa` (did you mean `tap`?); type `help` for the list")
        XCTAssertTrue(error { _ = try SceneCommand.parse("advnce 1") }?.message.contains("did you mean `advance`?") ?? false)
        XCTAssertEqual(error { _ = try SceneCommand.parse("xyzzy") }?.message,
                       "unknown command `xyzzy`; type `help` for the list")
    }
}

final class SceneExecuteTests: XCTestCase {
    var scene: Scene!
    var probe: Probe!

    override func setUp() {
        scene = Scene(screen: "Profile")
        scene.add(Button(name: "button"))
        scene.add(Label(name: "label"))
        scene.add(Stepper(name: "stepper"))
        scene.add(TextField(name: "field"))
        scene.add(ScrollView(name: "list"))
        probe = Probe("toggle")
        scene.attach(probe)
        probe.start()
    }

    override func tearDown() { probe = nil; scene = nil }

    @discardableResult
    func run(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> CommandOutput? {
        do {
            guard let command = try SceneCommand.parse(line) else { return nil }
            return try scene.execute(command)
        } catch {
            XCTFail("`\(line)`: \(error)", file: file, line: number)
            return nil
        }
    }

    func failure(_ line: String) -> String? {
        error { _ = try scene.execute(try SceneCommand.parse(line)!) }?.message
    }

    func testTapSendsTouchEvents() throws {
        var events: [String] = []
        let button = scene.control(named: "button")!
        try button.on("touchDown") { events.append($0.name) }
        try button.on("touchUpInside") { events.append($0.name) }
        run("tap button")
        XCTAssertEqual(events, ["touchDown", "touchUpInside"])
        XCTAssertEqual(failure("tap buton"), "no control or behaviour named `buton` (did you mean `button`?)")
        // Far from every name (a newcomer's guess): the names there are.
        XCTAssertEqual(failure("tap save_button"),
                       "no control or behaviour named `save_button`; the scene's controls and behaviours: button, label, stepper, field, list, toggle")
        XCTAssertEqual(failure("tap keybord"), "no control or behaviour named `keybord` (did you mean `keyboard`?)")
    }

    func testSendAnyEventOfAControlOrBehaviour() throws {
        var events: [String] = []
        try scene.control(named: "button")!.on("touchDown") { events.append($0.name) }
        try probe.on("valueChanged") { events.append("toggle.\($0.name)") }
        run("send button touchDown")
        run("send toggle valueChanged")
        XCTAssertEqual(events, ["touchDown", "toggle.valueChanged"])
        XCTAssertEqual(failure("send button touchUpInsde"),
                       "`button` has no event `touchUpInsde` (did you mean `touchUpInside`?); its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel")
        // A megabyte name is named by its start and its length, as `on` names it.
        let huge = "tapped" + String(repeating: "!", count: 1 << 20)
        XCTAssertEqual(failure("send button \(huge)"),
                       "`button` has no event `\(huge.prefix(200))… (1048582 characters)`; its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel")
        // And a behaviour's `send` of a name it does not declare.
        XCTAssertThrowsError(try probe.send(huge)) { error in
            let message = (error as? ValueError)?.message ?? ""
            XCTAssertTrue(message.contains("the event `\(huge.prefix(200))… (1048582 characters)`;"), String(message.prefix(300)))
            XCTAssertLessThan(message.utf8.count, 1000)
        }
        var keyboardEvents = 0
        try scene.keyboard.on("keyboardWillShow") { _ in keyboardEvents += 1 }
        run("send keyboard keyboardWillShow")
        XCTAssertEqual(keyboardEvents, 1)
    }

    func testSetControlPropertiesAndInspectables() throws {
        run("set button.title \"Change photo\"")
        run("set label.text \"42\"")
        run("set label.backgroundColor red")
        run("set stepper.value 3")
        run("set toggle.duration 2")
        run("set toggle.maxSize [1024, 1024]")
        run("set toggle.animated yes")
        let button = scene.control(named: "button") as! Button
        XCTAssertEqual(button.title, "Change photo")
        XCTAssertEqual(try scene.control(named: "label")!.value("text"), .string("42"))
        XCTAssertEqual(try scene.control(named: "label")!.value("backgroundColor"), .color(Color.named["red"]!))
        XCTAssertEqual((scene.control(named: "stepper") as! Stepper).value, 3)
        XCTAssertEqual(probe.inspectable("duration"), .number(2))
        XCTAssertEqual(probe.inspectable("maxSize"), .size(Size(width: 1024, height: 1024)))
        XCTAssertEqual(probe.inspectable("animated"), .bool(true))
        XCTAssertEqual(probe.changes.map(\.0), ["duration", "maxSize", "animated"])
    }

    func testSetErrorsChangeNothing() {
        XCTAssertEqual(failure("set button.alpha 1.5"), "alpha must be at most 1, not 1.5 (range 0…1)")
        XCTAssertEqual(failure("set toggle.durration 1"), "Probe has no inspectable `durration` (did you mean `duration`?)")
        XCTAssertEqual(failure("set toggle.duration \"one\""), "duration takes a number, not the text `one`")
        XCTAssertEqual(failure("set toggle.count abc"), "count takes an integer, not `abc`", "as the type is said elsewhere")
        XCTAssertEqual(failure("set toggle.duration 20"), "duration must be at most 10, not 20 (range 0…10)")
        XCTAssertEqual(failure("set button.titel x"), "Button has no property `titel` (did you mean `title`?)")
        XCTAssertEqual(failure("set nobody.x 1"), "no control or behaviour named `nobody`; the scene's controls and behaviours: button, label, stepper, field, list, toggle")
        XCTAssertNotNil(failure("set toggle.maxSize [1, 2, 3]"))
        XCTAssertEqual(scene.control(named: "button")!.alpha, 1)
        XCTAssertEqual(probe.inspectable("duration"), .number(0.7))
        XCTAssertTrue(probe.changes.isEmpty)
        probe.tearDown()
        XCTAssertEqual(failure("set toggle.duration 1"), "behaviour `toggle` has been destroyed")
        XCTAssertEqual(failure("send toggle valueChanged"), "behaviour `toggle` has been destroyed")
    }

    func testStep() throws {
        var changes = 0
        try scene.control(named: "stepper")!.on("valueChanged") { _ in changes += 1 }
        run("step stepper +")
        run("step stepper +")
        run("step stepper -")
        XCTAssertEqual((scene.control(named: "stepper") as! Stepper).value, 1)
        XCTAssertEqual(changes, 3)
        XCTAssertEqual(failure("step button +"), "`button` is a Button: `step` is for a Stepper (a Button takes `tap`, `press`, `release`, `drag`)")
    }

    func testTypeAndReturn() throws {
        var events: [String] = []
        let field = scene.control(named: "field") as! TextField
        for event in field.eventNames { try field.on(event) { events.append($0.name) } }
        run("type field \"hello world\"")
        XCTAssertEqual(field.text, "hello world")
        XCTAssertEqual(events, ["editingDidBegin", "editingChanged"])
        run("return field")
        XCTAssertEqual(events.suffix(2), ["editingDidEndOnExit", "editingDidEnd"])
        XCTAssertEqual(failure("type label hi"), "`label` is a Label: `type` is for a TextField (a Label takes `tap`)")
    }

    func testScrollReachesTheDelegate() {
        let list = scene.control(named: "list") as! ScrollView
        list.delegate = probe
        run("scroll list 240")
        XCTAssertEqual(list.contentOffset.y, 240)
        XCTAssertEqual(probe.delegateCalls, ["scrollViewDidScroll"])
        XCTAssertEqual(failure("scroll label 3"), "`label` is a Label: `scroll` is for a ScrollView (a Label takes `tap`)")
    }

    func testKeyboard() throws {
        var heights: [Double] = []
        try scene.keyboard.on("keyboardWillShow") { heights.append($0.arguments.first?.rectValue?.height ?? -1) }
        run("keyboard show 291")
        XCTAssertEqual(heights, [291])
        XCTAssertEqual(scene.keyboard.frame?.height, 291)
        run("keyboard hide")
        XCTAssertNil(scene.keyboard.frame)
        XCTAssertNotNil(error { try scene.execute(.keyboardShow(height: -5)) })
    }

    func testAdvanceMovesTheClock() {
        var fired = false
        scene.clock.schedule(after: 1) { fired = true }
        run("advance 0.5")
        XCTAssertFalse(fired)
        run("advance 0.5")
        XCTAssertTrue(fired)
        XCTAssertEqual(scene.clock.now, 1)
        XCTAssertEqual(parsedState(scene)["time"] as? Double, 1)
    }

    /// Two advances of 1e308 s would make the clock infinite: the state's
    /// time `null`, the trace's `[infs]`, and a timer set then due at the
    /// next advance, however far ahead. The second is refused, and the
    /// clock itself never passes the largest finite time.
    func testTheClockStaysFinite() {
        run("advance 1e308")
        XCTAssertEqual(failure("advance 1e308"),
                       "advance 1e+308: the clock is at 1e+308 s and goes no further than 1.79769e+308 s")
        XCTAssertEqual(parsedState(scene)["time"] as? Double, 1e308)
        var fired = false
        scene.clock.schedule(after: 1e308) { fired = true }
        scene.clock.advance(by: 1e308)
        XCTAssertEqual(scene.clock.now, Clock.latest)
        XCTAssertFalse(fired, "a timer set past the clock's end never fires")
        XCTAssertEqual(parsedState(scene)["time"] as? Double, Clock.latest)
    }

    func testChoose() throws {
        var answers: [String?] = []
        try scene.present(Dialog(style: .actionSheet, title: "Photo", options: ["Camera", "Photo Library"], cancel: "Cancel")) {
            answers.append($0)
        }
        run("choose \"Photo Library\"")
        XCTAssertEqual(answers, ["Photo Library"])
        XCTAssertNil(scene.presentedDialog)
        XCTAssertEqual(failure("choose Camera"), "no dialog is presented: there is nothing to choose")
    }

    func testRemove() {
        let weakProbe = Probe("owned")
        scene.attach(weakProbe, owner: scene.control(named: "button")!)
        weakProbe.start()
        run("remove button")
        XCTAssertNil(scene.control(named: "button"))
        XCTAssertEqual(weakProbe.destroyCount, 1)
        XCTAssertFalse(weakProbe.isAlive)
        XCTAssertNil((parsedState(scene)["controls"] as? [String: Any])?["button"])
        XCTAssertEqual(failure("remove button"), "no control or behaviour named `button`; the scene's controls and behaviours: label, stepper, field, list, toggle, owned")
        XCTAssertTrue(scene.trace.entries.contains { $0.kind == .lifecycle && $0.message == "button removed" })
    }

    func testDismiss() {
        run("dismiss")
        XCTAssertFalse(scene.isPresented)
        XCTAssertEqual(probe.destroyCount, 1)
        let state = parsedState(scene)
        XCTAssertEqual(state["presented"] as? Bool, false)
        XCTAssertEqual((state["controls"] as? [String: Any])?.count, 0)
        XCTAssertEqual(((state["behaviours"] as? [String: Any])?["toggle"] as? [String: Any])?["alive"] as? Bool, false)
        XCTAssertEqual(failure("dismiss"), "the screen is already dismissed")
        XCTAssertEqual(failure("tap button"), "the screen is dismissed: `button` is gone")
    }

    func testStateShowHelpQuit() {
        guard case .state(let json)? = run("state") else { return XCTFail("state gives the state") }
        XCTAssertEqual(json["screen"], .string("Profile"))
        guard case .text(let drawing)? = run("show") else { return XCTFail("show gives text") }
        XCTAssertTrue(drawing.contains("Profile"))
        XCTAssertTrue(drawing.contains("button"))
        XCTAssertTrue(drawing.contains("toggle"))
        guard case .text(let help)? = run("help") else { return XCTFail("help gives text") }
        XCTAssertTrue(help.contains("advance SECONDS"))
        XCTAssertEqual(run("quit"), .quit)
        XCTAssertEqual(run("tap button"), CommandOutput.none)
    }
}
