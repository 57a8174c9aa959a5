import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// Headless (`behave run`, specs, `behave check`, the studio), each control
/// of a scene with a `.ui` file is checked against the file's object of
/// its id as behave window checks the widget it binds: a scene the window
/// refuses is refused at the control's line, in the window's words, and
/// nothing wakes. Before: headless said nothing and ran the scene, so a
/// spec passed on a scene the window would not open.
final class InterfaceOutletTests: XCTestCase {
    /// The `.ui` files these tests bind, in Outlets/: settings.ui is a
    /// window holding a box of a switch, an entry and a scale, with an
    /// adjustment, a menu and a button beside the window.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Outlets")

    /// The text of Outlets/`name`.
    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The scene's mistakes, each `file:line: message`, with the
    /// controls given (from the file's line 4).
    private func refusals(_ controls: String, ui: String? = nil, behaviour: Bool = false) throws -> [String] {
        var files = ["s.scene.yaml": "screen: Settings\nui: s.ui\ncontrols:\n\(controls)", "s.ui": try ui ?? text("settings.ui")]
        if behaviour {
            files["s.scene.yaml"]! += "behaviours:\n  greeter: { script: greet.lua }\n"
            files["greet.lua"] = "local Greeter = behaviour { name = \"Greeter\" }\nfunction Greeter:awake() error(\"woke\") end\nreturn Greeter\n"
        }
        let fixture = try SceneFixture(files)
        do throws(SceneLoadError) {
            _ = try SceneLoader.load(file: fixture.path("s.scene.yaml"))
            return []
        } catch {
            return error.diagnostics.map { "\(($0.file as NSString).lastPathComponent):\($0.line ?? 0): \($0.message)" }
        }
    }

    func testControlsOfWidgetsThatFitLoad() throws {
        XCTAssertEqual(try refusals("""
              wifi: { type: Switch }
              email: { type: TextField }
              shots: { type: Slider }
              mute: { type: Button }
              column: { type: Stack }
              paged: { type: Label }
              framed: { type: View }

            """), [])
    }

    func testAMissingIdIsRefusedWithTheNearest() throws {
        XCTAssertEqual(try refusals("  wifi: { type: Switch }\n  emial: { type: TextField }\n", behaviour: true), [
            "s.scene.yaml:5: control `emial`: s.ui has no object with id `emial` (did you mean `email`?); rename the control or the widget",
        ])
        // Nothing near: the designer names the widget. An adjustment, not
        // GtkBuildable, is no id GTK suggests.
        XCTAssertEqual(try refusals("  rang: { type: Slider }\n  zzzzzz: { type: Label }\n"), [
            "s.scene.yaml:4: control `rang`: s.ui has no object with id `rang`; give the widget that id in the designer",
            "s.scene.yaml:5: control `zzzzzz`: s.ui has no object with id `zzzzzz`; give the widget that id in the designer",
        ])
    }

    func testAnObjectThatIsNotAWidgetIsRefused() throws {
        XCTAssertEqual(try refusals("  range: { type: Slider }\n  actions: { type: View }\n"), [
            "s.scene.yaml:4: control `range`: `range` in s.ui is not a widget",
            "s.scene.yaml:5: control `actions`: `actions` in s.ui is not a widget",
        ])
    }

    /// The window shows its content: not itself, its titlebar, nor a
    /// widget drawn beside it.
    func testAWidgetOutsideTheWindowIsRefused() throws {
        let outside = { (name: String, line: Int) in
            "s.scene.yaml:\(line): control `\(name)`: `\(name)` in s.ui is not inside the screen's window (the file's GtkWindow); "
                + "bind a widget drawn inside it"
        }
        XCTAssertEqual(try refusals("  loose: { type: Button }\n  inTitle: { type: Button }\n  window: { type: View }\n"),
                       [outside("loose", 4), outside("inTitle", 5), outside("window", 6)])
        // Without a window, the one widget at the top level is the screen.
        let drawnAsABox = try text("box.ui")
        XCTAssertEqual(try refusals("  top: { type: Stack }\n  go: { type: Button }\n", ui: drawnAsABox), [])
    }

    /// Both ways out: the widget's class that fits, or the control's type
    /// that fits the widget (any widget is a View).
    func testAClassThatDoesNotFitIsRefusedBothWaysOut() throws {
        XCTAssertEqual(try refusals("  shots: { type: Stepper }\n  email: { type: Switch }\n  wifi: { type: TextField }\n  column: { type: Label }\n"), [
            "s.scene.yaml:4: control `shots`: `shots` in s.ui is a GtkScale, but the scene says Stepper: a Stepper is a GtkSpinButton; "
                + "change the widget's class to GtkSpinButton in s.ui, or the control to `type: Slider` in the scene (a GtkScale is a Slider)",
            "s.scene.yaml:5: control `email`: `email` in s.ui is a GtkEntry, but the scene says Switch: "
                + "a Switch is a GtkSwitch or GtkCheckButton or GtkToggleButton; change the widget's class to "
                + "GtkSwitch or GtkCheckButton or GtkToggleButton in s.ui, or the control to `type: TextField` in the scene "
                + "(a GtkEntry is a TextField)",
            "s.scene.yaml:6: control `wifi`: `wifi` in s.ui is a GtkSwitch, but the scene says TextField: "
                + "a TextField is a GtkEntry or GtkPasswordEntry; change the widget's class to GtkEntry or GtkPasswordEntry in s.ui, "
                + "or the control to `type: Switch` in the scene (a GtkSwitch is a Switch)",
            "s.scene.yaml:7: control `column`: `column` in s.ui is a GtkBox, but the scene says Label: a Label is a GtkLabel; "
                + "change the widget's class to GtkLabel in s.ui, or the control to `type: Stack` in the scene (a GtkBox is a Stack)",
        ])
        XCTAssertEqual(try refusals("  header: { type: Button }\n"), [
            "s.scene.yaml:4: control `header`: `header` in s.ui is not inside the screen's window (the file's GtkWindow); "
                + "bind a widget drawn inside it",
        ])
        let frame = try text("frame.ui")
        XCTAssertEqual(try refusals("  card: { type: Button }\n", ui: frame), [
            "s.scene.yaml:4: control `card`: `card` in s.ui is a GtkFrame, but the scene says Button: a Button is a GtkButton; "
                + "change the widget's class to GtkButton in s.ui, or the control to `type: View` in the scene (a View takes any widget)",
        ])
    }

    /// A host's type is of its parent's kind: a kind of Button is a
    /// GtkButton (a GtkToggleButton too); a type of its own, any widget.
    func testAHostsTypeFitsAsItsParentDoes() throws {
        let order = ControlTypes.named("OutletOrderButton")
            ?? ControlType(name: "OutletOrderButton", inheriting: .button, summary: "A button that orders.")
        let badge = ControlTypes.named("OutletBadge") ?? ControlType(name: "OutletBadge", summary: "A badge.")
        for type in [order, badge] where ControlTypes.named(type.name) == nil { try ControlTypes.register(type) }
        defer { for type in [order, badge] { try? ControlTypes.unregister(type.name) } }
        XCTAssertEqual(try refusals("  mute: { type: OutletOrderButton }\n  wifi: { type: OutletBadge }\n"), [])
        XCTAssertEqual(try refusals("  shots: { type: OutletOrderButton }\n"), [
            "s.scene.yaml:4: control `shots`: `shots` in s.ui is a GtkScale, but the scene says OutletOrderButton: "
                + "a OutletOrderButton is a GtkButton; change the widget's class to GtkButton in s.ui, "
                + "or the control to `type: Slider` in the scene (a GtkScale is a Slider)",
        ])
    }

    /// The table both sides read: every control type names classes GTK
    /// has, and a class's control type is the one whose classes it is,
    /// or an earlier one it fits too (a GtkToggleButton, a GtkButton, is
    /// a Button before it is a Switch).
    func testTheTableNamesGtksClasses() throws {
        for (index, (type, classes)) in WidgetClasses.fitting.enumerated() {
            XCTAssertNotNil(ControlTypes.named(type), type)
            for name in classes {
                XCTAssertNotNil(GtkClasses.gtk.classes[name], name)
                XCTAssertTrue(GtkClasses.gtk.isA(name, "GtkWidget"), name)
                let first = WidgetClasses.fitting.prefix(index).first { $0.controlType != "View" && $0.classes.contains { GtkClasses.gtk.isA(name, $0) } }
                XCTAssertEqual(WidgetClasses.type(ofClass: name), first?.controlType ?? (type == "View" ? "View" : type), name)
            }
        }
        XCTAssertEqual(WidgetClasses.type(ofClass: "GtkLinkButton"), "Button")
        XCTAssertEqual(WidgetClasses.type(ofClass: "GtkToggleButton"), "Button")
        XCTAssertEqual(WidgetClasses.type(ofClass: "GtkCheckButton"), "Switch")
    }

    /// A check button and a toggle button fit a Switch, which takes its
    /// drawn `active`; a toggle button is still a Button, which takes its
    /// label. A check button in a group, a radio button (the one that
    /// names the group or one named), is refused as a Switch, as the
    /// window refuses it, and taken as a View.
    func testCheckAndToggleButtonsAreSwitchesAndRadioButtonsAreNot() throws {
        let ui = try text("radio.ui")
        let fixture = try SceneFixture(["s.scene.yaml": "screen: S\nui: s.ui\ncontrols:\n  decaf: { type: Switch }\n  mute: { type: Switch }\n"
                                            + "  solo: { type: Button }\n  tea: { type: View }\n  coffee: { type: View }\n", "s.ui": ui])
        let loaded = try SceneLoader.load(file: fixture.path("s.scene.yaml"))
        XCTAssertEqual(try loaded.scene.control(named: "decaf")?.value("on"), .bool(true))
        XCTAssertEqual(try loaded.scene.control(named: "mute")?.value("on"), .bool(true))
        XCTAssertEqual(try loaded.scene.control(named: "solo")?.value("title"), .string("Solo"))
        XCTAssertEqual(try refusals("  tea: { type: Switch }\n  coffee: { type: Switch }\n  decaf: { type: Switch }\n", ui: ui), [
            "s.scene.yaml:4: control `tea`: `tea` in s.ui is a GtkCheckButton in a group (a radio button), but the scene says Switch: "
                + "a Switch flips on its own, where GTK keeps one of the group on; take `group` out in s.ui, "
                + "or the control to `type: View` in the scene",
            "s.scene.yaml:5: control `coffee`: `coffee` in s.ui is a GtkCheckButton in a group (a radio button), but the scene says Switch: "
                + "a Switch flips on its own, where GTK keeps one of the group on; take `group` out in s.ui, "
                + "or the control to `type: View` in the scene",
        ])
    }
}
