import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// Headless (`behave run`, specs, the studio), a scene's controls take the
/// values its `.ui` file drew, as `behave window`'s widgets give them: the
/// same scene reads the same values with or without a window.
final class InterfaceDrawingTests: XCTestCase {
    /// A volume of 0 to 100 at 40, a treble drawn as Glade draws
    /// adjustments (0 to 110 less a page of 10), a count by 5, and the
    /// values of a label, a switch and entries.
    static let coffee = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <requires lib="gtk" version="4.0"/>
          <object class="GtkAdjustment" id="countRange">
            <property name="upper">20</property>
            <property name="step_increment">5</property>
            <property name="value">10</property>
          </object>
          <object class="GtkWindow" id="window">
            <child>
              <object class="GtkBox">
                <child><object class="GtkLabel" id="title"><property name="label" translatable="yes">Coffee &amp; tea</property></object></child>
                <child><object class="GtkLabel" id="shortcut">
                  <property name="label">&lt;b&gt;_Milk&lt;/b&gt; &amp;amp; sugar</property>
                  <property name="use-markup">True</property>
                  <property name="use-underline">yes</property>
                </object></child>
                <child><object class="GtkSwitch" id="decaf"><property name="active">true</property></object></child>
                <child><object class="GtkScale" id="volume">
                  <property name="adjustment"><object class="GtkAdjustment">
                    <property name="lower">0</property><property name="upper">100</property>
                    <property name="step-increment">5</property><property name="value">40</property>
                  </object></property>
                </object></child>
                <child><object class="GtkScale" id="treble">
                  <property name="adjustment"><object class="GtkAdjustment">
                    <property name="upper">110</property><property name="page-size">10</property><property name="value">105</property>
                  </object></property>
                </object></child>
                <child><object class="GtkSpinButton" id="count"><property name="adjustment">countRange</property></object></child>
                <child><object class="GtkEntry" id="name"><property name="text">Ada Lovelace</property><property name="max-length">3</property></object></child>
                <child><object class="GtkPasswordEntry" id="secret"><property name="text">s3cret</property></object></child>
              </object>
            </child>
          </object>
        </interface>

        """

    /// The loaded scenes, kept while the test runs (a scene goes with its `LoadedScene`).
    private var loaded: [LoadedScene] = []

    private func load(_ controls: String, ui: String = coffee) throws -> Scene {
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n\(controls)", "coffee.ui": ui])
        return try keep(SceneLoader.load(file: fixture.path("coffee.scene.yaml")))
    }

    private func keep(_ scene: LoadedScene) -> Scene {
        loaded.append(scene)
        return scene.scene
    }

    private func read(_ scene: Scene, _ name: String, _ property: String) throws -> Value? {
        try scene.control(named: name)?.value(property)
    }

    /// Before: the slider read 0 in 0…1, the stepper stepped by 1 to 100,
    /// the label, the switch and the fields read their defaults.
    func testControlsReadWhatTheDesignerDrew() throws {
        let scene = try load("""
              title: { type: Label }
              shortcut: { type: Label }
              decaf: { type: Switch }
              volume: { type: Slider }
              treble: { type: Slider }
              count: { type: Stepper }
              name: { type: TextField }
              secret: { type: TextField }

            """)
        XCTAssertEqual(try read(scene, "volume", "value"), .number(40))
        XCTAssertEqual(try read(scene, "volume", "minimumValue"), .number(0))
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(100))
        // The end a user reaches: the upper less the page size.
        XCTAssertEqual(try read(scene, "treble", "maximumValue"), .number(100))
        XCTAssertEqual(try read(scene, "treble", "value"), .number(100))
        // An adjustment named by its id.
        XCTAssertEqual(try read(scene, "count", "value"), .number(10))
        XCTAssertEqual(try read(scene, "count", "maximumValue"), .number(20))
        XCTAssertEqual(try read(scene, "count", "stepValue"), .number(5))
        XCTAssertEqual(try read(scene, "title", "text"), .string("Coffee & tea"))
        // Markup's tags and a mnemonic's underscore are not shown.
        XCTAssertEqual(try read(scene, "shortcut", "text"), .string("Milk & sugar"))
        XCTAssertEqual(try read(scene, "decaf", "on"), .bool(true))
        // An entry's max-length cuts its text, as GTK does.
        XCTAssertEqual(try read(scene, "name", "text"), .string("Ada"))
        XCTAssertEqual(try read(scene, "secret", "text"), .string("s3cret"))
    }

    /// What the scene file sets wins; a drawn value the control refuses
    /// (40, past the scene's 0…10) is not taken.
    func testTheSceneFileWinsAndARefusedValueIsNotTaken() throws {
        let scene = try load("""
              title: { type: Label, text: Menu }
              volume: { type: Slider, maximumValue: 10 }
              decaf: { type: Switch, on: false }
              count: { type: Stepper, stepValue: 2 }

            """)
        XCTAssertEqual(try read(scene, "title", "text"), .string("Menu"))
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(10))
        XCTAssertEqual(try read(scene, "volume", "minimumValue"), .number(0))
        XCTAssertEqual(try read(scene, "volume", "value"), .number(0))
        XCTAssertEqual(try read(scene, "decaf", "on"), .bool(false))
        XCTAssertEqual(try read(scene, "count", "stepValue"), .number(2))
        XCTAssertEqual(try read(scene, "count", "maximumValue"), .number(20))
    }

    /// A button's label is its title (a mnemonic's underscore left out,
    /// a label a child drawn after it replaced giving none), an entry's
    /// placeholder the field's, and the scene file's win. Before: every
    /// title and placeholder read "", and `show` drew the button blank.
    func testAButtonsLabelAndAnEntrysPlaceholderAreTaken() throws {
        let ui = """
            <interface><object class="GtkWindow"><child><object class="GtkBox">
              <child><object class="GtkButton" id="save"><property name="label">Save preset</property></object></child>
              <child><object class="GtkButton" id="mnemonic">
                <property name="label">_Save</property><property name="use_underline">True</property>
              </object></child>
              <child><object class="GtkButton" id="iconic">
                <property name="label">Hidden</property>
                <child><object class="GtkImage"><property name="icon-name">document-save</property></object></child>
              </object></child>
              <child><object class="GtkButton" id="relabelled">
                <child><object class="GtkImage"/></child>
                <property name="label">Shown</property>
              </object></child>
              <child><object class="GtkEntry" id="name"><property name="placeholder-text">Preset name</property></object></child>
              <child><object class="GtkPasswordEntry" id="secret"><property name="placeholder-text">Password</property></object></child>
            </object></child></object></interface>
            """
        let scene = try load("""
              save: { type: Button }
              mnemonic: { type: Button }
              iconic: { type: Button }
              relabelled: { type: Button }
              name: { type: TextField }
              secret: { type: TextField, placeholder: Passphrase }

            """, ui: ui)
        XCTAssertEqual(try read(scene, "save", "title"), .string("Save preset"))
        XCTAssertEqual(try read(scene, "mnemonic", "title"), .string("Save"))
        XCTAssertEqual(try read(scene, "iconic", "title"), .string(""))
        XCTAssertEqual(try read(scene, "relabelled", "title"), .string("Shown"))
        XCTAssertEqual(try read(scene, "name", "placeholder"), .string("Preset name"))
        XCTAssertEqual(try read(scene, "secret", "placeholder"), .string("Passphrase"))
        XCTAssertTrue(scene.render().contains(#"[ "Save preset" ]"#), scene.render())
    }

    /// A control whose type the widget's class does not fit, and an id
    /// the file lacks, take nothing (behave window says why).
    func testOnlyAWidgetOfTheControlsKindGivesValues() throws {
        let scene = try load("""
              volume: { type: Stepper }
              missing: { type: Label }
              decaf: { type: View }

            """)
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(100), "a Stepper's own range")
        XCTAssertEqual(try read(scene, "volume", "value"), .number(0))
        XCTAssertEqual(try read(scene, "missing", "text"), .string(""))
    }

    /// A range no control can take is noted, naming the file and the
    /// widget, in the words `behave window` uses; the control keeps its own.
    func testARangeNoControlCanTakeIsNotedAndLeftToTheControl() throws {
        let backwards = """
            <interface><object class="GtkWindow"><child><object class="GtkBox">
              <child><object class="GtkScale" id="volume"><property name="adjustment"><object class="GtkAdjustment">
                <property name="lower">10</property><property name="upper">5</property><property name="value">7</property>
              </object></property></object></child>
              <child><object class="GtkSpinButton" id="count"><property name="adjustment"><object class="GtkAdjustment">
                <property name="upper">50</property><property name="step-increment">-1</property>
              </object></property></object></child>
            </object></child></object></interface>
            """
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n  volume: { type: Slider }\n  count: { type: Stepper }\n",
                                        "coffee.ui": backwards])
        let scene = try keep(SceneLoader.load(file: fixture.path("coffee.scene.yaml")))
        let notes = scene.trace.entries.filter { $0.kind == .note }.map(\.message)
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(1))
        XCTAssertEqual(try read(scene, "volume", "value"), .number(0))
        XCTAssertEqual(try read(scene, "count", "maximumValue"), .number(50))
        XCTAssertEqual(try read(scene, "count", "stepValue"), .number(1))
        XCTAssertEqual(notes, [
            "`volume` in coffee.ui: its GtkAdjustment runs from 10 to 5, which a Slider cannot take (its upper must be above its lower); "
                + "volume keeps 0…1; give the adjustment an upper above its lower in coffee.ui",
            "`count` in coffee.ui: its GtkAdjustment's step-increment -1 is no step a Stepper can take (it must be a number above 0); "
                + "count keeps 1; give the adjustment a step-increment above 0 in coffee.ui",
        ])
    }

    /// A file it cannot read gives nothing, and the scene still loads
    /// (behave window says what GtkBuilder finds wrong).
    func testAFileThatIsNotWellFormedGivesNothing() throws {
        let broken = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: "")
        let scene = try load("  volume: { type: Slider }\n", ui: broken)
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(1))
    }
}
