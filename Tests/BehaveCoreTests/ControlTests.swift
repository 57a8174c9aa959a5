import XCTest
@testable import BehaveCore

/// The standard controls (Docs/controls.md).
final class ControlTests: XCTestCase {
    var scene: Scene!
    override func setUp() { scene = Scene(screen: "Main") }
    override func tearDown() { scene = nil }

    func testDefaults() {
        let button = Button(name: "button")
        XCTAssertEqual(button.typeName, "Button")
        XCTAssertEqual(button.alpha, 1)
        XCTAssertFalse(button.isHidden)
        XCTAssertTrue(button.isUserInteractionEnabled)
        XCTAssertTrue(button.isEnabled)
        XCTAssertEqual(button.title, "")
        XCTAssertNil(button.image)
        XCTAssertEqual(try button.value("name"), .string("button"))
        XCTAssertEqual(Stepper(name: "s").maximumValue, 100)
        XCTAssertEqual(Stepper(name: "s").stepValue, 1)
    }

    func testAlphaOutOfRangeIsAnErrorAndLeavesTheValueUnchanged() throws {
        let button = Button(name: "button")
        scene.add(button)
        try button.set("alpha", to: .number(0.25))
        XCTAssertEqual(button.alpha, 0.25)
        XCTAssertEqual(error { try button.set("alpha", to: .number(1.5)) }?.message,
                       "alpha must be at most 1, not 1.5 (range 0…1)")
        XCTAssertNotNil(error { try button.set("alpha", to: .number(-0.1)) })
        XCTAssertNotNil(error { try button.set("alpha", to: .number(.infinity)) })
        XCTAssertEqual(button.alpha, 0.25)
    }

    func testWrongTypeIsAnError() {
        let button = Button(name: "button")
        let label = Label(name: "label")
        scene.add(button); scene.add(label)
        XCTAssertEqual(error { try button.set("hidden", to: .string("yes")) }?.message,
                       "hidden takes a bool (true or false), not string \"yes\"")
        XCTAssertNotNil(error { try button.set("title", to: .number(3)) })
        XCTAssertNotNil(error { try label.set("textColor", to: .string("blurple")) })
        XCTAssertNotNil(error { try button.set("enabled", to: .null) })
        XCTAssertFalse(button.isHidden)
        XCTAssertEqual(error { try button.set("titel", to: .string("x")) }?.message,
                       "Button has no property `titel` (did you mean `title`?)")
        XCTAssertNotNil(error { try label.set("title", to: .string("x")) }, "a Label has no title")
    }

    func testNameIsReadOnly() {
        let button = Button(name: "button")
        scene.add(button)
        XCTAssertEqual(error { try button.set("name", to: .string("other")) }?.message, "Button.name is read-only")
        XCTAssertEqual(button.name, "button")
        XCTAssertNotNil(error { try scene.execute(.set("button", property: "name", value: .text("x", quoted: false))) })
        XCTAssertTrue(scene.control(named: "button") === button)
    }

    func testPropertyChangesAreTracedAndEqualSetsAreSilent() throws {
        let button = Button(name: "button")
        scene.add(button)
        try button.set("image", to: .string("toggle-off"))
        try button.set("image", to: .string("toggle-on"))
        try button.set("image", to: .string("toggle-on"))
        let changes = scene.trace.entries.filter { $0.kind == .change }.map(\.message)
        XCTAssertEqual(changes, ["button.image: nil → toggle-off", "button.image: toggle-off → toggle-on"])
        XCTAssertEqual(button.image, Image(name: "toggle-on"))
        try button.set("image", to: .null)
        XCTAssertNil(button.image, "an image can be cleared")
    }

    func testHiddenDisabledAndNonInteractiveControlsReceiveNoTaps() throws {
        let button = Button(name: "button")
        scene.add(button)
        var taps = 0
        try button.on("touchUpInside") { _ in taps += 1 }
        try button.on("touchDown") { _ in taps += 100 }

        try button.set("hidden", to: .bool(true))
        XCTAssertFalse(button.tap())
        try button.set("hidden", to: .bool(false))
        try button.set("enabled", to: .bool(false))
        XCTAssertFalse(button.tap())
        try button.set("enabled", to: .bool(true))
        try button.set("userInteractionEnabled", to: .bool(false))
        XCTAssertFalse(button.tap())
        XCTAssertEqual(taps, 0)
        try button.set("userInteractionEnabled", to: .bool(true))
        XCTAssertTrue(button.tap())
        XCTAssertEqual(taps, 101, "a tap is touchDown then touchUpInside")
        let notes = scene.trace.entries.filter { $0.kind == .note }.map(\.message)
        XCTAssertEqual(notes, ["button ignores the tap (it is hidden)", "button ignores the tap (it is disabled)",
                               "button ignores the tap (it is not user-interactive)"])
    }

    func testAHiddenOrNonInteractiveParentBlocksTaps() throws {
        let container = View(name: "container")
        let button = Button(name: "button")
        let toggle = Switch(name: "toggle")
        let stepper = Stepper(name: "stepper")
        let field = TextField(name: "field")
        scene.add(container)
        [button, toggle, stepper, field].forEach(container.addSubview)
        var events = 0
        for control in [button, toggle, stepper, field] as [View] {
            for event in control.eventNames { try control.on(event) { _ in events += 1 } }
        }
        try container.set("hidden", to: .bool(true))
        XCTAssertFalse(button.tap())
        XCTAssertFalse(toggle.tap())
        XCTAssertFalse(stepper.press(up: true))
        XCTAssertFalse(try field.type("hi"))
        try container.set("hidden", to: .bool(false))
        try container.set("userInteractionEnabled", to: .bool(false))
        XCTAssertFalse(button.tap())
        XCTAssertEqual(events, 0)
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(field.text, "")
        XCTAssertTrue(scene.trace.entries.contains { $0.message == "button ignores the tap (container is hidden)" })
        try scene.execute(.tap("button"))
        XCTAssertEqual(events, 0, "the tap command obeys the same rule")
    }

    /// A bound set past the other is an error that leaves the control as
    /// it was, as UIStepper raises one; a slider's too. Before: the other
    /// bound moved along (0…100 became 200…200).
    func testABoundSetPastTheOtherIsAnErrorThatChangesNothing() throws {
        for (view, maximum) in [(Stepper(name: "count") as View, 100.0), (Slider(name: "volume"), 1)] {
            scene.add(view)
            try view.set("value", to: .number(maximum / 2))
            XCTAssertEqual(error { try view.set("minimumValue", to: .number(200)) }?.message,
                           "minimumValue must be at most maximumValue (\(formatNumber(maximum))), not 200; give a smaller minimumValue, or raise maximumValue before it")
            XCTAssertEqual(error { try view.set("maximumValue", to: .number(-5)) }?.message,
                           "maximumValue must be at least minimumValue (0), not -5; give a larger maximumValue, or lower minimumValue before it")
            XCTAssertEqual(try view.value("minimumValue"), .number(0))
            XCTAssertEqual(try view.value("maximumValue"), .number(maximum))
            XCTAssertEqual(try view.value("value"), .number(maximum / 2))
            // The bound that makes room first; a range of one number is one.
            try view.set("maximumValue", to: .number(300))
            try view.set("minimumValue", to: .number(300))
            XCTAssertEqual(try view.value("value"), .number(300))
        }
    }

    func testStepperPressWithinRangeSendsValueChangedAndNotAtTheLimit() throws {
        let stepper = Stepper(name: "stepper")
        scene.add(stepper)
        try stepper.set("maximumValue", to: .number(2))
        var changes = 0
        try stepper.on("valueChanged") { _ in changes += 1 }
        XCTAssertFalse(stepper.press(up: false), "already at the minimum")
        XCTAssertEqual(changes, 0)
        XCTAssertTrue(stepper.press(up: true))
        XCTAssertTrue(stepper.press(up: true))
        XCTAssertEqual(stepper.value, 2)
        XCTAssertEqual(changes, 2)
        XCTAssertFalse(stepper.press(up: true), "at the maximum")
        XCTAssertEqual(stepper.value, 2)
        XCTAssertEqual(changes, 2)
        try stepper.set("stepValue", to: .number(5))
        XCTAssertTrue(stepper.press(up: false))
        XCTAssertEqual(stepper.value, 0, "clamped to the minimum")
        XCTAssertEqual(changes, 3)
    }

    func testStepperValueMustStayWithinItsRange() {
        let stepper = Stepper(name: "stepper")
        scene.add(stepper)
        XCTAssertNotNil(error { try stepper.set("value", to: .number(101)) })
        XCTAssertNotNil(error { try stepper.set("stepValue", to: .number(0)) })
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(stepper.stepValue, 1)
        let slider = Slider(name: "slider")
        scene.add(slider)
        XCTAssertNotNil(error { try slider.set("value", to: .number(1.5)) })
        XCTAssertNoThrow(try slider.set("value", to: .number(0.5)))
        XCTAssertEqual(slider.value, 0.5)
    }

    func testSwitchTapFlipsAndSendsValueChanged() throws {
        let toggle = Switch(name: "toggle")
        scene.add(toggle)
        var values: [Bool] = []
        try toggle.on("valueChanged") { event in values.append((event.sender as! Switch).isOn) }
        toggle.tap()
        toggle.tap()
        toggle.tap()
        XCTAssertEqual(values, [true, false, true])
        XCTAssertTrue(toggle.isOn)
    }

    func testTextFieldTypingSendsEditingEvents() throws {
        let field = TextField(name: "field")
        scene.add(field)
        var events: [String] = []
        for event in field.eventNames { try field.on(event) { events.append($0.name) } }
        try field.type("he")
        try field.type("hello")
        XCTAssertEqual(events, ["editingDidBegin", "editingChanged", "editingChanged"])
        XCTAssertEqual(field.text, "hello")
        XCTAssertTrue(field.isEditing)
        field.pressReturn()
        XCTAssertEqual(events.suffix(2), ["editingDidEndOnExit", "editingDidEnd"])
        XCTAssertFalse(field.isEditing)
    }

    func testScrollDeliversScrollViewDidScrollToTheDelegate() {
        let scroll = ScrollView(name: "list")
        scene.add(scroll)
        let probe = Probe()
        scene.attach(probe, owner: scroll)
        scroll.delegate = probe
        scroll.scroll(toY: 80)
        XCTAssertEqual(probe.delegateCalls, ["scrollViewDidScroll"])
        XCTAssertEqual(scroll.contentOffset.y, 80)
        XCTAssertTrue(scene.trace.entries.contains { $0.message == "list.contentOffset: (0, 0) → (0, 80)" })
    }

    func testKeyboardSendsItsFrame() throws {
        var frames: [String: Value] = [:]
        try scene.keyboard.on("keyboardWillShow") { frames[$0.name] = $0.arguments.first }
        try scene.keyboard.on("keyboardWillHide") { frames[$0.name] = $0.arguments.first }
        scene.keyboard.show(height: 300)
        XCTAssertTrue(scene.keyboard.isShown)
        XCTAssertEqual(frames["keyboardWillShow"]?.rectValue?.height, 300)
        XCTAssertEqual(frames["keyboardWillShow"]?.rectValue?.y, 512)
        scene.keyboard.hide()
        XCTAssertFalse(scene.keyboard.isShown)
        XCTAssertEqual(frames["keyboardWillHide"]?.rectValue?.height, 300)
    }

    func testControlTypesAndSchemas() {
        XCTAssertTrue(ControlTypes.named("Button") === ControlType.button)
        XCTAssertNil(ControlTypes.named("Buton"))
        XCTAssertEqual(ControlTypes.unknown("Buton").message, "unknown control type `Buton` (did you mean `Button`?)")
        // A GTK class is far from its type's name: told by GTK's table.
        XCTAssertEqual(ControlTypes.unknown("GtkSpinButton").message,
                       "unknown control type `GtkSpinButton` (did you mean `Stepper`? `GtkSpinButton` is GTK's class for it)")
        // Misspelt, the class is named as GTK spells it, not as written.
        XCTAssertEqual(ControlTypes.unknown("Gtkentry").message,
                       "unknown control type `Gtkentry` (did you mean `TextField`? `GtkEntry` is GTK's class for it)")
        XCTAssertTrue(ControlType.button.isKind(of: "View"))
        XCTAssertTrue(ControlType.button.isKind(of: "Button"))
        XCTAssertFalse(ControlType.label.isKind(of: "Button"))
        XCTAssertEqual(ControlType.button.schema.events, ["touchDown", "touchUpInside", "touchUpOutside", "touchDragExit",
                                                         "touchDragEnter", "touchCancel"])
        XCTAssertEqual(ControlType.scrollView.schema.delegateMessages, ["scrollViewDidScroll"])
        XCTAssertEqual(ControlType.textField.schema.delegateMessages, ["textFieldShouldReturn"])
        // The list known without building the schemas is theirs, whole.
        XCTAssertEqual(ControlTypes.delegateMessages,
                       Array(Set(ControlTypes.all.flatMap { $0.schema.delegateMessages })).sorted())
        for name in ["name", "alpha", "hidden", "userInteractionEnabled", "backgroundColor", "frame"] {
            for type in ControlTypes.all { XCTAssertNotNil(type.schema.spec(name), "\(type.name).\(name)") }
        }
    }

    func testSubviewsAndHierarchy() {
        let container = View(name: "container")
        let child = Label(name: "child")
        scene.add(container)
        container.addSubview(child)
        XCTAssertTrue(child.parent === container)
        XCTAssertTrue(child.screen === scene.screen)
        XCTAssertTrue(scene.control(named: "child") === child)
        XCTAssertEqual(scene.screen?.controls.map(\.name), ["container", "child"])
        // Moving a control keeps its behaviours.
        let other = View(name: "other")
        scene.add(other)
        let probe = Probe()
        scene.attach(probe, owner: child)
        other.addSubview(child)
        XCTAssertTrue(child.parent === other)
        XCTAssertTrue(container.subviews.isEmpty)
        XCTAssertTrue(probe.isAlive)
    }

    /// A boolean property reads under UIKit's Swift name too (`isOn`,
    /// `isHidden`): its first letter raised, whatever follows kept.
    func testABooleanPropertyAnswersToItsSwiftName() {
        XCTAssertEqual(ControlSchema.swiftName(of: "on"), "isOn")
        XCTAssertEqual(ControlSchema.swiftName(of: "userInteractionEnabled"), "isUserInteractionEnabled")
        XCTAssertEqual(ControlSchema.swiftName(of: "_flag"), "is_flag")
        XCTAssertEqual(ControlSchema.swiftName(of: "x2"), "isX2")
        XCTAssertEqual(ControlSchema.swiftName(of: "été"), "isÉté")
        let schema = Switch(name: "switch").schema
        XCTAssertEqual(schema.index(of: "isOn"), schema.index(of: "on"))
        XCTAssertEqual(schema.index(of: "isHidden"), schema.index(of: "hidden"))
        XCTAssertNotNil(schema.index(of: "on"))
    }
}
