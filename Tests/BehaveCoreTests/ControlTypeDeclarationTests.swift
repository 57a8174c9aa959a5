import Foundation
import Synchronization
import XCTest
@testable import BehaveCore

/// Every control type is one declaration (`ControlType`): each one has all
/// its parts, and what reads types reads them from there.
final class ControlTypeDeclarationTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryTypeHasEveryPart() throws {
        let widgets = try String(contentsOf: root.appendingPathComponent("Sources/BehaveStudio/Page/js/widgets.js"), encoding: .utf8)
        let kinds = try XCTUnwrap(widgets.range(of: "export const widgetKinds = {").map { widgets[$0.upperBound...] })
        let kindsBlock = String(kinds.prefix { $0 != "}" })
        let scene = Scene(screen: "walk")
        for type in ControlTypes.all {
            XCTAssertFalse(type.summary.isEmpty, "\(type.name): a summary for the docs and `behave types`")
            XCTAssertTrue(type.summary.hasSuffix("."), "\(type.name): the summary is a sentence")
            // Its schema, with the name it is registered by.
            XCTAssertEqual(type.schema.typeName, type.name)
            // A control of it, drawn for `show`, in one line.
            let view = type.makeControl(named: "probe")
            XCTAssertTrue(view.controlType === type, type.name)
            scene.add(view)
            let picture = type.picture(of: view)
            XCTAssertFalse(picture.isEmpty, type.name)
            XCTAssertFalse(picture.contains("\n"), type.name)
            // Its commands, each with help, a usage and a spec method.
            for command in type.commands {
                XCTAssertFalse(command.help.isEmpty, "\(type.name) \(command.verb)")
                XCTAssertTrue(command.usage.hasPrefix("\(command.verb) NAME"), command.usage)
                let listed = ControlTypes.commands.first { $0.verb == command.verb }
                XCTAssertNotNil(listed, command.verb)
                // A command line finds the same command without the list.
                XCTAssertEqual(ControlTypes.command(command.verb)?.help, listed?.help, command.verb)
                // What exploration proposes parses, and names the control.
                var random = ExplorationRandom(seed: 1)
                for line in command.explore?(view, &random) ?? [] {
                    guard case .control(let verb, let name, _)? = try SceneCommand.parse(line) else {
                        return XCTFail("\(line) is not a control's command")
                    }
                    XCTAssertEqual(verb, command.verb, line)
                    XCTAssertEqual(name, "probe", line)
                }
            }
            // The studio has the widget it names.
            XCTAssertTrue(kindsBlock.contains(" \(type.studioWidget): "), "\(type.name): no studio widget `\(type.studioWidget)`")
            view.removeFromParent()
            if type.schema.index(of: "enabled") != nil { try checkDisabling(type) }
        }
        XCTAssertTrue(kindsBlock.contains(" Generic: "), "the widget of types the page has none for")
    }

    /// A type's properties, methods and commands are made the first time
    /// one is read: the registry lists every type, and a start makes only
    /// those its scene uses.
    func testADeclarationIsMadeWhenFirstRead() {
        final class Count: Sendable { let made = Mutex(0) }
        let count = Count()
        let probe = ControlType(name: "LazyProbe", parent: .view, summary: "A probe.",
                                properties: { count.made.withLock { $0 += 1 }; return [PropertySpec("level", .number)] }(),
                                picture: nil, widget: nil, make: { View(name: $0, type: $1) })
        XCTAssertEqual(probe.name, "LazyProbe")
        XCTAssertTrue(probe.delegateMessages.isEmpty)
        XCTAssertEqual(count.made.withLock { $0 }, 0, "made before anything read it")
        XCTAssertNotNil(probe.schema.index(of: "level"))
        XCTAssertFalse(probe.commands.isEmpty, "a view's commands, inherited")
        XCTAssertEqual(count.made.withLock { $0 }, 1, "made once")
    }

    /// Every control in UIKit's sense (a UIControl: what a person works)
    /// has `enabled`, as UIKit's `isEnabled` and GTK's `sensitive`; views
    /// a person reads or that hold others have only `userInteractionEnabled`.
    func testTheControlsInUIKitsSenseHaveEnabled() {
        let controls: Set = ["Button", "Switch", "Slider", "Stepper", "TextField"]
        for type in ControlTypes.builtIn {
            XCTAssertEqual(type.schema.spec("enabled")?.defaultValue, controls.contains(type.name) ? .bool(true) : nil, type.name)
            XCTAssertEqual(type.docsRow.contains("`enabled`"), controls.contains(type.name), type.name)
            XCTAssertTrue(type.makeControl(named: "probe").isEnabled, type.name)
        }
    }

    /// A control of `type` disabled (by `enabled` or UIKit's `isEnabled`)
    /// says so in `show`, and the user's commands its type proposes change
    /// nothing and send nothing; enabled, the same commands do something.
    private func checkDisabling(_ type: ControlType) throws {
        func run(enabled: Bool) throws -> (heard: Int, changed: Bool, shown: String) {
            let scene = Scene(screen: "walk")
            let view = type.makeControl(named: "probe")
            scene.add(view)
            var heard = 0
            for event in type.schema.events { try view.on(event) { _ in heard += 1 } }
            try view.set(enabled ? "enabled" : "isEnabled", to: .bool(enabled))
            XCTAssertEqual(view.isEnabled, enabled, type.name)
            XCTAssertEqual(view.canReceiveTouches, enabled, type.name)
            let before = scene.state()["controls"]?["probe"]
            // Each command's first proposal, a few times over (a slider's
            // may land where it is).
            for seed in 1...5 {
                var random = ExplorationRandom(seed: UInt64(seed))
                for command in type.commands {
                    guard let line = command.explore?(view, &random).first else { continue }
                    try scene.execute(try XCTUnwrap(SceneCommand.parse(line)))
                }
            }
            let shown = scene.render().split(separator: "\n").first { $0.contains("probe") }.map(String.init) ?? ""
            return (heard, scene.state()["controls"]?["probe"] != before, shown)
        }
        let disabled = try run(enabled: false)
        XCTAssertEqual(disabled.heard, 0, "\(type.name): a disabled control sends no event of the user's")
        XCTAssertFalse(disabled.changed, "\(type.name): a disabled control takes no input")
        XCTAssertTrue(disabled.shown.hasSuffix("(disabled)"), "\(type.name): `show` says it is disabled: \(disabled.shown)")
        let enabled = try run(enabled: true)
        XCTAssertTrue(type.commands.allSatisfy { $0.explore == nil } || enabled.heard > 0 || enabled.changed,
                      "\(type.name): enabled, its commands do something")
        XCTAssertFalse(enabled.shown.contains("disabled"), enabled.shown)
    }

    /// Docs/controls.md holds the table the declarations make.
    func testTheDocsTableIsTheDeclarations() throws {
        let docs = try String(contentsOf: root.appendingPathComponent("Docs/controls.md"), encoding: .utf8)
        let table = ControlTypes.docsTable(of: ControlTypes.builtIn)
        XCTAssertTrue(docs.contains(table + "\n"), "Docs/controls.md should hold this table:\n\(table)")
    }

    func testAHostTypeIsKnownEverywhereOnceRegistered() throws {
        let knob = ControlType(
            name: "TestKnob", summary: "A knob turned from 0 to 1.",
            properties: [PropertySpec("value", .number, default: .number(0), min: 0, max: 1)],
            events: ["valueChanged"],
            methods: [ControlMethod("reset", "Turns it back to 0.") { view, _ throws(ValueError) in
                try view.set("value", to: .number(0))
                return nil
            }],
            commands: [UserCommand("turn", help: "turn a knob to VALUE", parameters: [CommandParameter("value", .number)],
                                   explore: { view, _ in ["turn \(view.name) 0.5"] },
                                   perform: { view, arguments throws(ValueError) in
                                       view.userDidEdit("value", to: .number(arguments.first?.number ?? 0), sending: "valueChanged")
                                   })])
        try ControlTypes.register(knob)
        defer { try? ControlTypes.unregister("TestKnob") }
        // The same declaration again, as a second window registers what it uses: nothing changes.
        try ControlTypes.register(knob)
        XCTAssertEqual(ControlTypes.names.filter { $0 == "TestKnob" }.count, 1)
        XCTAssertThrowsError(try ControlTypes.register(ControlType(name: "TestKnob", summary: "Another knob."))) { error in
            XCTAssertEqual((error as? ValueError)?.message, "another control type named `TestKnob` is already registered; register one declaration under a name (a `static let` of yours, registered again as often as you like), or `ControlTypes.unregister(\"TestKnob\")` first to replace it")
        }
        XCTAssertThrowsError(try ControlTypes.register(ControlType(name: "lower", summary: "No.")))
        XCTAssertTrue(ControlTypes.named("TestKnob") === knob)
        XCTAssertTrue(ControlTypes.docsTable().contains("| `TestKnob` | `value` | `valueChanged` | `turn NAME VALUE` | A knob turned from 0 to 1. |"))
        XCTAssertTrue(SceneCommand.usage.contains("turn NAME VALUE"))

        let scene = Scene(screen: "host")
        let view = knob.makeControl(named: "volume")
        scene.add(view)
        XCTAssertEqual(try SceneCommand.parse("turn volume 0.25"), .control(verb: "turn", name: "volume", arguments: [.number(0.25)]))
        try scene.execute(try XCTUnwrap(SceneCommand.parse("turn volume 0.25")))
        XCTAssertEqual(try view.value("value"), .number(0.25))
        XCTAssertEqual(scene.render().split(separator: "\n").first { $0.contains("volume") }.map(String.init),
                       "│ volume       TestKnob value=0.25")
        XCTAssertEqual(scene.state()["controls"]?["volume"]?["type"], .string("TestKnob"))
        XCTAssertThrowsError(try view.set("value", to: .number(2)))
        XCTAssertThrowsError(try ControlTypes.unregister("Button"))
        // Exploration turns it too (time passes one step in five).
        var random = ExplorationRandom(seed: 1)
        let actions = (0..<20).map { _ in Explorer.nextAction(in: scene, random: &random) }
        XCTAssertTrue(actions.contains("turn volume 0.5"), "\(actions)")
    }

    /// A type's own verb edits as the user's hands do (`userDidEdit`); run
    /// from the command language on a control a widget stands behind, the
    /// widget has not changed, so it is told, and reads (which ask it) give
    /// the new value.
    func testATypesVerbMovesTheWidgetBoundBehindIt() throws {
        final class Dial: ControlWidget {
            var shown: Value = .number(0)
            var told: [Value] = []
            func apply(_ change: PropertyChange) {
                guard change.property == "value", !change.isFrame else { return }
                told.append(change.new)
                shown = change.new
            }
            func currentValue(of property: PropertySpec) -> Value? { property.name == "value" ? shown : nil }
        }
        let knob = ControlType(
            name: "TestDial", summary: "A dial.",
            properties: [PropertySpec("value", .number, default: .number(0), min: 0, max: 1)],
            events: ["valueChanged"],
            commands: [UserCommand("turn", help: "turn a dial to VALUE", parameters: [CommandParameter("value", .number)],
                                   perform: { view, arguments throws(ValueError) in
                                       view.userDidEdit("value", to: .number(arguments.first?.number ?? 0), sending: "valueChanged")
                                   })])
        try ControlTypes.register(knob)
        defer { try? ControlTypes.unregister("TestDial") }
        let scene = Scene(screen: "host")
        let view = knob.makeControl(named: "volume")
        scene.add(view)
        let dial = Dial()
        view.bind(dial)
        dial.told.removeAll()
        var heard = 0
        try view.on("valueChanged") { _ in heard += 1 }
        try scene.execute(try XCTUnwrap(SceneCommand.parse("turn volume 0.25")))
        XCTAssertEqual(dial.told, [.number(0.25)], "the widget is told the command's value")
        XCTAssertEqual(try view.value("value"), .number(0.25))
        XCTAssertEqual(heard, 1)
        // The user's own turn of the dial is not sent back to it.
        dial.shown = .number(0.75)
        XCTAssertTrue(view.userDidEdit("value", to: .number(0.75), sending: "valueChanged"))
        XCTAssertEqual(dial.told, [.number(0.25)])
        XCTAssertEqual(heard, 2)
    }

    /// A registration a control could not live with is refused, with the
    /// fix, before any scene makes a control of it.
    func testARegistrationIsRefusedWithItsFix() {
        func refusal(_ type: ControlType) -> String? {
            defer { try? ControlTypes.unregister(type.name) }
            do { try ControlTypes.register(type); return nil } catch { return error.message }
        }
        XCTAssertEqual(refusal(ControlType(name: "Button", summary: "Mine.")),
                       "`Button` is one of Behave's control types; give yours a name of its own, or make it a kind of Button (`inheriting: .button`)")
        XCTAssertEqual(refusal(ControlType(name: "TestRating", summary: "Stars.",
                                           properties: [PropertySpec("stars", .integer, default: .number(9), min: 0, max: 5)])),
                       "control type `TestRating`: the default of `stars` is 9, which it does not take (stars must be at most 5, not 9 (range 0…5)); give `default:` a value within the property's type and range")
        XCTAssertEqual(refusal(ControlType(name: "TestRating", summary: "Stars.",
                                           properties: [PropertySpec("lit", .bool, default: .string("yes"))])),
                       "control type `TestRating`: the default of `lit` is \"yes\", which it does not take (lit takes a bool (true or false), not string \"yes\"); give `default:` a value within the property's type and range")
        XCTAssertEqual(refusal(ControlType(name: "TestRating", summary: "Stars.",
                                           properties: [PropertySpec("star count", .integer)])),
                       "control type `TestRating`: `star count` cannot name a property, as scripts write `control.star count`: use letters, digits and _, not starting with a digit")
        XCTAssertEqual(refusal(ControlType(name: "TestRating", summary: "Stars.",
                                           properties: [PropertySpec("end", .integer)])),
                       "control type `TestRating`: `end` cannot name a property: it is a Lua keyword, so scripts could not write `control.end`; choose another name (`endValue`)")
        XCTAssertEqual(refusal(ControlType(name: "TestRating", summary: "Stars.",
                                           properties: [PropertySpec("étoiles", .integer)])),
                       "control type `TestRating`: `étoiles` cannot name a property, as scripts write `control.étoiles`: use letters, digits and _, not starting with a digit")
        XCTAssertNil(ControlTypes.named("TestRating"), "nothing refused is registered")
        XCTAssertNil(refusal(ControlType(name: "TestRating", summary: "Stars.",
                                         properties: [PropertySpec("stars", .integer, default: .number(3), min: 0, max: 5),
                                                      PropertySpec("caption", .string, optional: true)])))
    }
}
