import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// The text of Drawing/`name`: a `.ui` file, a scene file, or the
/// controls of a scene file (what follows `controls:`).
private func drawing(_ name: String) throws -> String {
    try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Drawing").appendingPathComponent(name), encoding: .utf8)
}

/// Headless (`behave run`, specs, the studio), a scene's controls take the
/// values its `.ui` file drew, as `behave window`'s widgets give them: the
/// same scene reads the same values with or without a window.
final class InterfaceDrawingTests: XCTestCase {
    /// A volume of 0 to 100 at 40, a treble drawn as Glade draws
    /// adjustments (0 to 110 less a page of 10), a count by 5, and the
    /// values of a label, a switch and entries.
    static let coffee = (try? drawing("coffee.ui")) ?? ""  // empty when unreadable: every test fails

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
        let scene = try load(try drawing("every_control.yaml"))
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
        let scene = try load(try drawing("scene_wins.yaml"))
        XCTAssertEqual(try read(scene, "title", "text"), .string("Menu"))
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(10))
        XCTAssertEqual(try read(scene, "volume", "minimumValue"), .number(0))
        XCTAssertEqual(try read(scene, "volume", "value"), .number(0))
        XCTAssertEqual(try read(scene, "decaf", "on"), .bool(false))
        XCTAssertEqual(try read(scene, "count", "stepValue"), .number(2))
        XCTAssertEqual(try read(scene, "count", "maximumValue"), .number(20))
    }

    /// An entry's `max-length` is the field's `maxLength`: the text a
    /// scene file gives is cut at it, typing stops there, as in `behave
    /// window`, unless the scene file gives a `maxLength` of its own.
    /// Before: the field had no limit, and took a scene's or a user's text
    /// whole where the window cut it.
    func testAnEntrysMaxLengthIsTheFieldsLimit() throws {
        var scene = try load(try drawing("name_and_secret.yaml"))
        XCTAssertEqual(try read(scene, "name", "maxLength"), .number(3))
        XCTAssertEqual(try read(scene, "secret", "maxLength"), .number(0))
        try scene.run("keys name xyz")
        XCTAssertEqual(try read(scene, "name", "text"), .string("Ada"))
        scene = try load(try drawing("name_given.yaml"))
        XCTAssertEqual(try read(scene, "name", "text"), .string("Gra"))
        scene = try load(try drawing("name_given_no_limit.yaml"))
        XCTAssertEqual(try read(scene, "name", "text"), .string("Grace Hopper"))
    }

    /// A button's label is its title (a mnemonic's underscore left out,
    /// a label a child drawn after it replaced giving none), an entry's
    /// placeholder the field's, and the scene file's win. Before: every
    /// title and placeholder read "", and `show` drew the button blank.
    func testAButtonsLabelAndAnEntrysPlaceholderAreTaken() throws {
        let ui = try drawing("buttons.ui")
        let scene = try load(try drawing("buttons.yaml"), ui: ui)
        XCTAssertEqual(try read(scene, "save", "title"), .string("Save preset"))
        XCTAssertEqual(try read(scene, "mnemonic", "title"), .string("Save"))
        XCTAssertEqual(try read(scene, "iconic", "title"), .string(""))
        XCTAssertEqual(try read(scene, "relabelled", "title"), .string("Shown"))
        XCTAssertEqual(try read(scene, "name", "placeholder"), .string("Preset name"))
        XCTAssertEqual(try read(scene, "secret", "placeholder"), .string("Passphrase"))
        XCTAssertTrue(scene.render().contains(#"[ "Save preset" ]"#), scene.render())
    }

    /// A range no control can take is noted, naming the file and the
    /// widget, in the words `behave window` uses; the control keeps its own.
    func testARangeNoControlCanTakeIsNotedAndLeftToTheControl() throws {
        let backwards = try drawing("backwards.ui")
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

    /// A bound the file draws past the other bound the scene file gives
    /// is not taken, and is warned of at the scene file's line, naming
    /// both files (`behave window` warns alike: DrawnValueAgreementTests).
    /// Before: dropped without a word.
    func testADrawnBoundPastTheSceneFilesOtherBoundIsWarnedOf() throws {
        let clash = try drawing("clash.ui")
        let fixture = try SceneFixture(["coffee.scene.yaml": try drawing("clash.scene.yaml"), "coffee.ui": clash])
        let run = try SceneLoader.load(file: fixture.path("coffee.scene.yaml"))
        let scene = keep(run)
        XCTAssertEqual(try read(scene, "volume", "minimumValue"), .number(0))
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(100))
        XCTAssertEqual(try read(scene, "count", "maximumValue"), .number(100))
        let warnings = SceneLoader.inspect(file: fixture.path("coffee.scene.yaml")).filter(\.isWarning)
        XCTAssertEqual(warnings.map(\.line), [4, 7], "at the lines of the bounds the scene file gives")
        XCTAssertEqual(warnings.map(\.message), [
            "control `volume`: coffee.ui draws its minimumValue 200, above the maximumValue it is given (100), so it is not taken: "
                + "volume keeps 0…100; give minimumValue here too, or give its adjustment a lower of at most 100 in coffee.ui",
            "control `count`: coffee.ui draws its maximumValue 10, below the minimumValue it is given (50), so it is not taken: "
                + "count keeps 50…100; give maximumValue here too, or give its adjustment an upper of at least 50 in coffee.ui",
        ])
        XCTAssertEqual(run.warnings.map(\.message), warnings.map(\.message), "a run is warned as check is")
    }

    /// An adjustment or an entry buffer is GtkBuilder's one object however
    /// many widgets name it, set in GtkBuilder's order: a spin button's
    /// value moves the slider on its adjustment, an entry's text every
    /// entry on its buffer, and an object named before it is drawn (or
    /// with blanks around its id) is set once the file is read. Before,
    /// the slider read 10 (the window 15), `later` 50 (the window 10),
    /// `spaced` 0 in 0…100 (the window 10 in 0…100) and `second` the
    /// buffer's own text.
    func testSharedAndLaterObjectsAreGtkBuildersOne() throws {
        let ui = try drawing("shared.ui")
        let scene = try load(try drawing("shared.yaml"), ui: ui)
        XCTAssertEqual(try read(scene, "volume", "value"), .number(15))
        XCTAssertEqual(try read(scene, "number", "value"), .number(15))
        XCTAssertEqual(try read(scene, "later", "value"), .number(10))
        XCTAssertEqual(try read(scene, "spaced", "value"), .number(10))
        XCTAssertEqual(try read(scene, "spaced", "maximumValue"), .number(100))
        XCTAssertEqual(try read(scene, "first", "text"), .string("typed"))
        XCTAssertEqual(try read(scene, "second", "text"), .string("typed"))
    }

    /// A spin button's `snap-to-ticks` moves its value to the nearest step
    /// from what it shows then, as GTK does: 10.26 shown as 10.3 is 10.5
    /// by steps of 0.5. Before: 10.26, where the window read 10.5.
    func testSnapToTicksMovesTheValueAsShownToAStep() throws {
        let ui = try drawing("snap.ui")
        XCTAssertEqual(try read(load("  count: { type: Stepper }\n", ui: ui), "count", "value"), .number(10.5))
    }

    /// A range its page size takes whole (Glade's page of 10 on an upper of
    /// 10) is noted with the fix that fits it. Before, the note told to
    /// give an upper above the lower, which the upper of 10 already was.
    func testARangeThePageSizeTakesWholeIsNotedWithItsFix() throws {
        let ui = try drawing("page_size.ui")
        let scene = try load("  volume: { type: Slider }\n", ui: ui)
        XCTAssertEqual(scene.trace.entries.filter { $0.kind == .note }.map(\.message), [
            "`volume` in coffee.ui: its GtkAdjustment runs from 0 to 10 less its page size 10, which a Slider cannot take "
                + "(its upper less its page size must be above its lower); volume keeps 0…1; "
                + "give the adjustment an upper above 10 (its lower plus its page size), or a smaller page size in coffee.ui",
        ])
    }

    /// A property bound to another object's with sync-create takes that
    /// one's value once the file is built, as GtkBuilder binds it last;
    /// without sync-create, its own. Before: "Nobody", off and 5.
    func testABoundPropertyTakesItsSourcesValue() throws {
        let ui = try drawing("bound.ui")
        let scene = try load(try drawing("bound.yaml"), ui: ui)
        XCTAssertEqual(try read(scene, "greeting", "text"), .string("Ada"))
        XCTAssertEqual(try read(scene, "unsynced", "text"), .string("Nobody yet"))
        XCTAssertEqual(try read(scene, "muted", "on"), .bool(true))
        XCTAssertEqual(try read(scene, "level", "value"), .number(30))
    }

    /// A slider and a stepper on one adjustment move together as GTK moves
    /// them in `behave window`: the other takes the value as the change's
    /// consequence, and only the control the user moved sends
    /// `valueChanged` (none for a set). Before: the slider stayed at 10;
    /// then each took the other's change as the user's edit, with a
    /// `valueChanged` of its own.
    func testControlsOnOneAdjustmentMoveTogether() throws {
        let ui = try drawing("one_adjustment.ui")
        let scene = try load("  volume: { type: Slider }\n  number: { type: Stepper }\n  other: { type: Stepper }\n", ui: ui)
        try scene.execute(try XCTUnwrap(SceneCommand.parse("step number +")))
        XCTAssertEqual(try read(scene, "volume", "value"), .number(11))
        try scene.execute(try XCTUnwrap(SceneCommand.parse("set volume.value 30")))
        XCTAssertEqual(try read(scene, "number", "value"), .number(30))
        XCTAssertEqual(try read(scene, "other", "value"), .number(0))
        XCTAssertEqual(scene.trace.entries.map(\.message).filter { $0.hasSuffix("valueChanged") },
                       ["number valueChanged"])
    }

    /// A file it cannot read gives nothing, and the scene still loads
    /// (behave window says what GtkBuilder finds wrong); every headless
    /// mode, `behave check` among them, warns at the `ui:` line of where
    /// reading stopped, so a hand-edited file's slip is found before the
    /// window.
    func testAFileThatIsNotWellFormedGivesNothingAndIsToldWhere() throws {
        let broken = InterfaceDrawingTests.coffee.replacingOccurrences(of: "<object class=\"GtkBox\">",
                                                                       with: "<object class=\"GtkBox\" oops>")
        let scene = try load("  volume: { type: Slider }\n", ui: broken)
        XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(1))
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n  volume: { type: Slider }\n",
                                        "coffee.ui": broken])
        let warnings = SceneLoader.inspect(file: fixture.path("coffee.scene.yaml")).filter(\.isWarning)
        XCTAssertEqual(warnings.map(\.line), [2], "at the scene's `ui:` line")
        XCTAssertTrue(warnings.first?.message.hasPrefix("coffee.ui:11:34: Behave cannot read the file as XML") == true,
                      warnings.first?.message ?? "no warning")
        // A file it reads is not warned of.
        let good = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n  volume: { type: Slider }\n",
                                     "coffee.ui": InterfaceDrawingTests.coffee])
        XCTAssertEqual(SceneLoader.inspect(file: good.path("coffee.scene.yaml")).filter(\.isWarning).map(\.message), [])
    }

    /// What GTK reads, Behave reads: a `<` in a translator's comment, an
    /// attribute right after another's quote. Before: "Behave cannot read
    /// the file as XML" while `behave window` opened it, and the label's
    /// text was not the control's.
    func testAFileGtkReadsIsReadHeadlessToo() throws {
        let unusual = InterfaceDrawingTests.coffee.replacingOccurrences(
            of: #"<property name="label" translatable="yes">"#,
            with: #"<property name="label" translatable="yes"comments="shown when the volume < 10 &amp; more">"#)
        let scene = try load("  title: { type: Label }\n", ui: unusual)
        XCTAssertEqual(try read(scene, "title", "text"), .string("Coffee & tea"))
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n  title: { type: Label }\n",
                                        "coffee.ui": unusual])
        XCTAssertEqual(SceneLoader.inspect(file: fixture.path("coffee.scene.yaml")).filter(\.isWarning).map(\.message), [])
    }

    /// A stray `&` is told where it is, not where its text starts.
    func testAStrayAmpersandIsToldAtItsPlace() throws {
        let stray = InterfaceDrawingTests.coffee.replacingOccurrences(of: "Coffee &amp; tea", with: "Coffee & tea")
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n  title: { type: Label }\n",
                                        "coffee.ui": stray])
        let warnings = SceneLoader.inspect(file: fixture.path("coffee.scene.yaml")).filter(\.isWarning)
        // Line 12 of the file, at the `&` (its text starts at column 94).
        XCTAssertTrue(warnings.first?.message.hasPrefix("coffee.ui:12:101: Behave cannot read the file as XML") == true,
                      warnings.first?.message ?? "no warning")
    }

    /// A file without its closing `</interface>`, which GtkBuilder's
    /// reader refuses (`behave window` says "Document ended unexpectedly"),
    /// is told as such, with the element left open and its fix; before,
    /// only "Behave cannot read the file as XML" at its last line.
    func testAFileEndingWithAnElementOpenNamesItAndItsFix() throws {
        let cut = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: "")
        let told = try XCTUnwrap(warnings(cut).first?.message, "no warning")
        XCTAssertTrue(told.hasPrefix("coffee.ui:37:1: the file ends with <interface> (line 2) still open"), told)
        XCTAssertTrue(told.hasSuffix("end it with </interface>"), told)
        // Cut inside an object, the innermost one open is told.
        let inside = InterfaceDrawingTests.coffee.split(separator: "\n").prefix(5).joined(separator: "\n")
        let deeper = try XCTUnwrap(warnings(inside).first?.message, "no warning")
        XCTAssertTrue(deeper.contains("the file ends with <object> (line 4) still open") && deeper.hasSuffix("end it with </object>"), deeper)
    }

    /// The headless warnings of `ui` (the coffee scene's, with `controls`).
    private func warnings(_ ui: String, _ controls: String = "  volume: { type: Slider }\n") throws -> [SceneDiagnostic] {
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n\(controls)", "coffee.ui": ui])
        return SceneLoader.inspect(file: fixture.path("coffee.scene.yaml")).filter(\.isWarning)
    }

    /// What GtkBuilder (GTK 4.8) refuses though its markup reads gives
    /// nothing headless and is warned of at the `ui:` line, with the
    /// file's line and column and the fix, as behave window refuses it: a
    /// byte-order mark, an id given twice, a `<requires>` GtkBuilder cannot
    /// read or of another GTK than 4. Before: the controls took the file's
    /// values with no word, while the window would not open it.
    func testWhatGtkBuilderRefusesGivesNothingAndIsToldWhere() throws {
        let coffee = InterfaceDrawingTests.coffee
        let refused: [(ui: String, told: String)] = [
            ("\u{FEFF}" + coffee, "coffee.ui:1:1: the file starts with a byte-order mark"),
            (coffee.replacingOccurrences(of: #"id="treble""#, with: #"id="volume""#),
             "coffee.ui:26:1: a second object has the id `volume` (the first is on line 19)"),
            (coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="3.24""#),
             #"coffee.ui:4:1: <requires lib="gtk" version="3.24"/> is not a GTK 4 version"#),
            (coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="4""#),
             #"coffee.ui:3:36: <requires lib="gtk" version="4"/> is not a GTK 4 version"#),
            (coffee.replacingOccurrences(of: #" version="4.0""#, with: ""), "coffee.ui:3:24: a <requires> without its `version`"),
            // GTK weighs a minor version as 100 × it in a C int: no GTK 4 opens these.
            (coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="4.-1""#),
             #"coffee.ui:4:1: <requires lib="gtk" version="4.-1"/> is not a GTK 4 version"#),
            (coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="4.4294967295""#),
             #"coffee.ui:4:1: <requires lib="gtk" version="4.4294967295"/> is not a GTK 4 version"#),
            (coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="4.21474837""#),
             #"coffee.ui:4:1: <requires lib="gtk" version="4.21474837"/> is not a GTK 4 version"#),
        ]
        for (ui, told) in refused {
            let scene = try load("  volume: { type: Slider }\n", ui: ui)
            XCTAssertEqual(try read(scene, "volume", "maximumValue"), .number(1), told)
            let found = try warnings(ui)
            XCTAssertEqual(found.map(\.line), [2], told)
            XCTAssertTrue(found.first?.message.hasPrefix(told) == true, found.first?.message ?? "no warning")
        }
        // What GTK 4.8 reads is read: a version it reads as 4.0, another library's.
        for version in ["4.8", "4.x", "04.08.1", " +4.0", "4.2147483648", "4.4294967304"] {
            let ui = coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="\#(version)""#)
            XCTAssertEqual(try warnings(ui).map(\.message), [], version)
            XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: ui), "volume", "maximumValue"), .number(100), version)
        }
        let other = coffee.replacingOccurrences(of: #"lib="gtk""#, with: #"lib="libadwaita""#)
        XCTAssertEqual(try warnings(other).map(\.message), [])
    }

    /// A GtkPasswordEntry has no buffer, so no `max-length`: GtkBuilder
    /// refuses the file ("Invalid property"). Before, headless took it as
    /// the field's `maxLength` and cut the text, while the window refused.
    func testAPropertyTheClassLacksIsRefusedAsGtkBuilderRefusesIt() throws {
        let secret = #"<property name="text">s3cret</property>"#
        for property in ["max-length", "max_length"] {
            let ui = InterfaceDrawingTests.coffee.replacingOccurrences(
                of: secret, with: secret + #"<property name="\#(property)">3</property>"#)
            let scene = try load("  secret: { type: TextField }\n", ui: ui)
            XCTAssertEqual(try read(scene, "secret", "text"), .string(""), property)
            XCTAssertEqual(try read(scene, "secret", "maxLength"), .number(0), property)
            let found = try warnings(ui, "  secret: { type: TextField }\n")
            XCTAssertEqual(found.count, 1, property)
            XCTAssertTrue(found.first?.message.hasPrefix(
                "coffee.ui:32:129: a GtkPasswordEntry has no property `\(property)`, which GtkBuilder refuses") == true &&
                found.first?.message.hasSuffix("remove it and give the field's `maxLength` in the scene file") == true,
                          found.first?.message ?? "no warning")
        }
    }

    /// GtkBuilder 4.8 refuses an attribute it does not take on any element
    /// it reads ("attribute 'foo' invalid for element 'property'"). Before:
    /// headless took the file's values with no word, while behave window
    /// would not open it.
    func testAnAttributeGtkBuilderDoesNotTakeIsRefused() throws {
        let coffee = InterfaceDrawingTests.coffee
        let refused: [(from: String, to: String, told: String)] = [
            ("<interface>", #"<interface xmlns="http://www.gtk.org">"#, "coffee.ui:3:1: a <interface> has an attribute `xmlns`"),
            (#"version="4.0""#, #"version="4.0" foo="1""#, "coffee.ui:3:46: a <requires> has an attribute `foo`"),
            (#"id="volume""#, #"id="volume" name="volume""#, "coffee.ui:20:1: a <object> has an attribute `name`"),
            (#"<property name="lower">"#, #"<property name="lower" type="gdouble">"#, "coffee.ui:21:52: a <property> has an attribute `type`"),
            (#"<child><object class="GtkSwitch""#, #"<child id="c"><object class="GtkSwitch""#, "coffee.ui:18:24: a <child> has an attribute `id`"),
        ]
        for (from, to, told) in refused {
            let ui = coffee.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(ui, coffee, from)
            XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: ui), "volume", "maximumValue"), .number(1), told)
            let found = try warnings(ui)
            XCTAssertEqual(found.count, 1, told)
            XCTAssertTrue(found.first?.message.hasPrefix(told + ", which GtkBuilder refuses") == true, found.first?.message ?? "no warning")
        }
        // Or without one it needs.
        let needed: [(from: String, to: String, told: String)] = [
            (#"<object class="GtkBox">"#, "<object>", "coffee.ui:12:1: a <object> without its `class`, which GtkBuilder refuses"),
            (#"<property name="upper">20</property>"#, "<property>20</property>",
             "coffee.ui:5:16: a <property> without its `name`, which GtkBuilder refuses"),
        ]
        for (from, to, told) in needed {
            let ui = coffee.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(ui, coffee, from)
            XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: ui), "volume", "maximumValue"), .number(1), told)
            XCTAssertEqual(try warnings(ui).map { String($0.message.prefix(told.count)) }, [told])
        }
        let layout = coffee.replacingOccurrences(of: #"<property name="active">true</property>"#,
                                                 with: #"<layout><property name="column" comments="x">1</property></layout>"#)
        XCTAssertTrue(try warnings(layout).first?.message.hasSuffix(
            "remove it (a <property> takes only `name`, `translatable`, `context`)") == true)
        // What GTK 4.8 takes is taken (but an object's type-func, which
        // behave window refuses: InterfaceWindowPolicyTests).
        let taken = coffee.replacingOccurrences(of: "<interface>", with: #"<interface domain="coffee">"#)
            .replacingOccurrences(of: #"translatable="yes""#, with: #"translatable="yes" context="menu" comments="a title""#)
            .replacingOccurrences(of: #"<property name="active">true</property>"#,
                                  with: #"<style><class name="big"/></style><layout><property name="column" translatable="no" context="c">1</property></layout>"#)
        XCTAssertEqual(try warnings(taken).map(\.message), [])
    }

    /// An entry's `max-length` bound to a number takes it as GLib gives a
    /// double to an int (cut toward zero; past an int, its least) within
    /// 0…65535, and cuts the text, as in behave window. Before: headless
    /// kept no limit and the whole text.
    func testABoundMaxLengthIsTheFieldsLimit() throws {
        let cases: [(value: String, limit: Double, text: String)] = [
            ("3.7", 3, "Ada"), ("-3.7", 0, "Ada Lovelace"), ("70000", 65535, "Ada Lovelace"), ("1e10", 0, "Ada Lovelace"),
        ]
        for (value, limit, text) in cases {
            let ui = InterfaceDrawingTests.coffee
                .replacingOccurrences(of: #"<property name="max-length">3</property>"#,
                                      with: #"<property name="max-length" bind-source="limit" bind-property="value" bind-flags="sync-create"/>"#)
                .replacingOccurrences(of: #"<object class="GtkWindow" id="window">"#, with: """
                    <object class="GtkAdjustment" id="limit"><property name="lower">-1e12</property><property name="upper">1e12</property><property name="value">\(value)</property></object>
                    <object class="GtkWindow" id="window">
                    """)
            let scene = try load("  name: { type: TextField }\n", ui: ui)
            XCTAssertEqual(try read(scene, "name", "maxLength"), .number(limit), value)
            XCTAssertEqual(try read(scene, "name", "text"), .string(text), value)
        }
    }

    /// The mistake `InterfaceDrawing.read` finds in `ui`, read on another
    /// thread so that a reading slower than `seconds` fails the test
    /// rather than holding it.
    private func mistakeRead(within seconds: TimeInterval, _ ui: [UInt8])
        -> (mistake: InterfaceDrawing.Mistake, line: Int, column: Int)? {
        let done = expectation(description: "read")
        nonisolated(unsafe) var told: (mistake: InterfaceDrawing.Mistake, line: Int, column: Int)?
        DispatchQueue.global().async {
            told = InterfaceDrawing.read(ui).mistake
            done.fulfill()
        }
        wait(for: [done], timeout: seconds)
        return told
    }

    /// A file of 5,000 ids each given twice (as many objects as behave
    /// window takes) is refused at its first duplicate, in a pass over it.
    /// Before: the line of each id's first was counted from the file's
    /// start for every duplicate (20,000 of them kept `behave check` five
    /// minutes).
    func testManyDuplicateIDsAreToldAtTheFirstInOnePass() throws {
        let objects = (0..<5_000).map { #"<object class="GtkAdjustment" id="i\#($0)"/>"# }.joined(separator: "\n")
        let ui = Array("<interface>\n\(objects)\n\(objects)\n</interface>\n".utf8)
        let told = mistakeRead(within: 60, ui)  // far more than it takes, far less than it took
        XCTAssertEqual(told?.mistake, .duplicateID("i0", firstLine: 2))
        XCTAssertEqual(told?.line, 5_002)
    }

    /// Who reads each tag is known in one pass however deep the file: a
    /// tag's reader was looked for up its ancestors for every element, so
    /// that 900,000 placeholders under 1,000 took minutes (here under 250,
    /// as deep as behave window takes).
    func testTagsAreCheckedInOnePassHoweverDeep() throws {
        let deep = String(repeating: "<placeholder>", count: 250)
        let ui = Array(("<interface>" + deep + String(repeating: "<placeholder/>", count: 900_000)
            + String(repeating: "</placeholder>", count: 250) + "<foo/></interface>").utf8)
        let told = mistakeRead(within: 60, ui)  // far more than it takes, far less than it took
        XCTAssertEqual(told?.mistake, .unknownTag("foo", reader: .builder(in: "interface"), nearest: nil))
    }

    /// GtkBuilder refuses a `<template>` in a file it opens ("Template
    /// declaration … where templates aren't supported"). Before: headless
    /// took the entry's text and max-length from inside it with no word,
    /// while behave window would not open the file.
    func testATemplateIsRefusedAsGtkBuilderRefusesIt() throws {
        let ui = try drawing("template.ui")
        let scene = try load("  name: { type: TextField }\n", ui: ui)
        XCTAssertEqual(try read(scene, "name", "text"), .string(""))
        let found = try warnings(ui, "  name: { type: TextField }\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.hasPrefix("coffee.ui:4:1: a <template> of class `CoffeeWindow`, which GtkBuilder refuses") == true
                      && found.first?.message.hasSuffix("draw the screen as objects inside a GtkWindow") == true,
                      found.first?.message ?? "no warning")
    }

    /// A `<requires>` of a GTK newer than 4.8 (what Behave's GTK host is
    /// built for) is told, and its values taken: a newer GTK opens the file.
    func testANewerGtkThanTheHostsIsToldAndTheValuesTaken() throws {
        let newer = InterfaceDrawingTests.coffee.replacingOccurrences(of: #"version="4.0""#, with: #"version="4.10""#)
        XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: newer), "volume", "maximumValue"), .number(100))
        let found = try warnings(newer)
        XCTAssertTrue(found.first?.message.hasPrefix(#"coffee.ui:4:1: <requires lib="gtk" version="4.10"/> needs a GTK newer than 4.8"#) == true,
                      found.first?.message ?? "no warning")
        // A refusal is told before it.
        let both = newer.replacingOccurrences(of: #"id="treble""#, with: #"id="volume""#)
        XCTAssertTrue(try warnings(both).first?.message.contains("a second object has the id `volume`") == true)
    }

    /// GTK reads every element at the top, a second `<interface>` too, and
    /// builds its objects. Before: headless warned that the file was not
    /// XML and took nothing.
    func testASecondInterfaceIsReadAsGtkReadsIt() throws {
        let ui = try InterfaceDrawingTests.coffee + drawing("second_interface.ui")
        let scene = try load("  volume: { type: Slider }\n", ui: ui)
        XCTAssertEqual(try read(scene, "volume", "value"), .number(40))
        // Its label is an object of the file, outside the screen's window (as behave window says).
        XCTAssertThrowsError(try load("  later: { type: Label }\n", ui: ui)) { error in
            XCTAssertTrue("\(error)".contains("`later` in coffee.ui is not inside the screen's window"), "\(error)")
        }
        XCTAssertEqual(try warnings(ui).map(\.message), [])
        // Text after the first is not markup GTK reads.
        XCTAssertEqual(try warnings(InterfaceDrawingTests.coffee + "after\n").count, 1)
    }

    /// A class GTK derives from one a control takes values from gives
    /// them as its parent does: a GtkToggleButton's or a GtkLinkButton's
    /// label is a button's title. Before: "" headless, the label in the window.
    func testASubclassGivesWhatItsParentGives() throws {
        let ui = try drawing("subclass.ui")
        let scene = try load("  mute: { type: Button }\n  help: { type: Button }\n", ui: ui)
        XCTAssertEqual(try read(scene, "mute", "title"), .string("Mute"))
        XCTAssertEqual(try read(scene, "help", "title"), .string("Help"))
    }

    /// A scale that draws its value rounds a drag to its digits, as GTK
    /// rounds the value a user drags to (GtkRange's round-digits); one that
    /// draws none does not. Before: `slide` gave 12.3456 to every one.
    func testASlideIsRoundedAsTheDrawnScaleRoundsADrag() throws {
        let scale = { (id: String, properties: String) in
            #"<child><object class="GtkScale" id="\#(id)">\#(properties)<property name="adjustment"><object class="GtkAdjustment"><property name="lower">-100</property><property name="upper">100</property></object></property></object></child>"#
        }
        let ui = "<interface><object class=\"GtkBox\">" + [
            scale("plain", ""),
            scale("shown", #"<property name="draw-value">true</property>"#),
            scale("whole", #"<property name="draw-value">true</property><property name="digits">0</property>"#),
            scale("hidden", #"<property name="digits">0</property>"#),
            scale("thousandths", #"<property name="round-digits">3</property>"#),
        ].joined() + "</object></interface>"
        let names = ["plain", "shown", "whole", "hidden", "thousandths"]
        let scene = try load(names.map { "  \($0): { type: Slider }\n" }.joined(), ui: ui)
        for name in names { try scene.execute(try XCTUnwrap(SceneCommand.parse("slide \(name) 12.3456"))) }
        XCTAssertEqual(try names.map { try read(scene, $0, "value") },
                       [.number(12.3456), .number(12.3), .number(12), .number(12.3456), .number(12.346)])
        // Halves go up, as GTK's floor(x + 0.5) takes them.
        try scene.execute(try XCTUnwrap(SceneCommand.parse("slide whole -2.5")))
        XCTAssertEqual(try read(scene, "whole", "value"), .number(-2))
    }

    /// A `.ui` file's name of 200 KB is cut in the message that names it,
    /// about an ellipsis. Before: the warning held it whole.
    func testALongNameIsCutInTheMessage() throws {
        let long = String(repeating: "v", count: 200_000)
        let ui = InterfaceDrawingTests.coffee.replacingOccurrences(of: #"id="volume""#, with: #"id="\#(long)""#)
            .replacingOccurrences(of: #"id="treble""#, with: #"id="\#(long)""#)
        let message = try XCTUnwrap(warnings(ui).first?.message)
        XCTAssertLessThan(message.count, 1000, String(message.prefix(300)))
        XCTAssertTrue(message.contains("`" + String(repeating: "v", count: 79) + "…" + String(repeating: "v", count: 19) + "`"), message)
        XCTAssertTrue(message.hasSuffix("give each object an id of its own"), message)
    }

    /// The coffee file with `from` written as `to`, refused: the volume
    /// takes nothing of it, and the one warning starts with `told`.
    private func assertRefused(_ from: String, _ to: String, _ told: String, endsWith fix: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let ui = InterfaceDrawingTests.coffee.replacingOccurrences(of: from, with: to)
        XCTAssertNotEqual(ui, InterfaceDrawingTests.coffee, from, file: file, line: line)
        XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: ui), "volume", "maximumValue"), .number(1), told,
                       file: file, line: line)
        let found = try warnings(ui).map(\.message)
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: line)
        XCTAssertTrue(found.first?.hasPrefix(told) == true && found.first?.hasSuffix(fix) == true,
                      found.first ?? "no warning", file: file, line: line)
    }

    /// A class GTK 4.8 does not have is refused as GtkBuilder refuses it
    /// ("Invalid object type"), with the nearest class it has; so is an
    /// abstract one, which GTK cannot make. Before: headless read the
    /// file as fine, and only behave window refused it.
    func testAClassGtkLacksIsRefusedWithItsNearest() throws {
        try assertRefused(#"<object class="GtkSwitch""#, #"<object class="GtkSwich""#,
                          "coffee.ui:18:53: no GTK class is named `GtkSwich`, which GtkBuilder refuses (\"Invalid object type 'GtkSwich'\")",
                          endsWith: "did you mean `GtkSwitch`?")
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="AdwClamp">"#,
                          "coffee.ui:12:1: no GTK class is named `AdwClamp`", endsWith: "name a GTK class, such as GtkButton or GtkBox")
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkWidget">"#,
                          "coffee.ui:12:1: `GtkWidget` is an abstract class", endsWith: "such as GtkButton or GtkBox")
    }

    /// An object that is neither a widget nor one of the helpers a screen
    /// is drawn with (a notebook's page, a directory list) is refused as
    /// behave window refuses it, though GtkBuilder would build it. Before:
    /// headless took the file's values, and only the window refused it.
    func testAnObjectTheWindowDoesNotDrawWithIsRefused() throws {
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkNotebookPage">"#,
                          "coffee.ui:12:1: `GtkNotebookPage` is neither a widget nor one of the objects a screen is drawn with",
                          endsWith: "which behave window refuses, so behave window cannot open it, and headless its controls "
                            + "keep their own values; remove it")
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkDirectoryList">"#,
                          "coffee.ui:12:1: `GtkDirectoryList` is neither a widget", endsWith: "remove it")
        // A file chooser lists folders as a directory list does.
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkFileChooserWidget">"#,
                          "coffee.ui:12:1: `GtkFileChooserWidget` lists the computer's folders and files, as a directory list does, "
                            + "which behave window refuses", endsWith: "remove it (Behave shows images from the scene's images: folder)")
        // An app chooser lists the computer's applications (its button, its widget, its dialog).
        for className in ["GtkAppChooserButton", "GtkAppChooserWidget", "GtkAppChooserDialog"] {
            try assertRefused(#"<object class="GtkBox">"#, #"<object class="\#(className)">"#,
                              "coffee.ui:12:1: `\(className)` lists the applications installed on the computer, which behave window refuses",
                              endsWith: "remove it (a screen opens no other application)")
        }
        // A custom layout lays out by the program's functions (GTK crashed on one without them).
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox"><property name="layout-manager"><object class="GtkCustomLayout"/></property>"#,
                          "coffee.ui:11:95: `GtkCustomLayout` lays a widget out by functions of the program, which a file cannot give "
                            + "(GTK crashes on one without them), which behave window refuses",
                          endsWith: "remove it (a widget's own layout, or a GtkBoxLayout, GtkGridLayout or GtkConstraintLayout, lays it out)")
    }

    /// GtkBuilder's own tags where it refuses them ("<object> is not a
    /// valid tag here"): an `<object>` right inside another, a `<child>`
    /// or a `<property>` outside an `<object>`. Before: headless took the
    /// file's values.
    func testABuilderTagInTheWrongPlaceIsRefused() throws {
        try assertRefused(#"<child>"#, #"<child/><object class="GtkLabel"/><child>"#,
                          "coffee.ui:10:39: an <object> right inside an <object>, which GtkBuilder refuses (\"<object> is not a valid tag here\")",
                          endsWith: "give it inside a <child> of that object (or a <property> that takes an object)")
        try assertRefused(#"<interface>"#, #"<interface><child/>"#,
                          "coffee.ui:2:20: a <child> right inside an <interface>, which GtkBuilder refuses",
                          endsWith: "give it right inside the <object> it is of")
        try assertRefused(#"<child>"#, #"<child><property name="label">x</property>"#,
                          "coffee.ui:10:36: a <property> right inside a <child>", endsWith: "give it right inside the <object> it is of")
    }

    /// A property no class of the object's line has (its own, a parent's or
    /// an interface's, `-` and `_` alike) is refused as GtkBuilder refuses
    /// it ("Invalid property"), with the nearest it has. Before: headless
    /// took the rest of the file with no word.
    func testAPropertyGtkLacksIsRefusedWithItsNearest() throws {
        try assertRefused(#"<property name="max-length">3"#, #"<property name="max_lenght">3"#,
                          #"coffee.ui:31:125: a GtkEntry has no property `max_lenght`, which GtkBuilder refuses ("Invalid property: GtkEntry.max_lenght")"#,
                          endsWith: "did you mean `max-length`?")
        // GtkEditable's `editable` is an entry's, not a label's.
        try assertRefused(#"<property name="use-markup">True"#, #"<property name="editable">True"#,
                          "coffee.ui:15:38: a GtkLabel has no property `editable`", endsWith: "remove it")
        try assertRefused(#"<property name="lower">0"#, #"<property name="lowest">0"#,
                          "coffee.ui:21:38: a GtkAdjustment has no property `lowest`", endsWith: "did you mean `lower`?")
        // What GTK finds is taken: an interface's, a parent's, `_` for `-`.
        let found = InterfaceDrawingTests.coffee
            .replacingOccurrences(of: #"<property name="text">Ada"#, with: #"<property name="editable">1</property><property name="hexpand">1</property><property name="text">Ada"#)
            .replacingOccurrences(of: #"<property name="active">true"#, with: #"<property name="accessible_role">switch</property><property name="active">true"#)
        XCTAssertEqual(try warnings(found).map(\.message), [])
    }

    /// GtkBuilder 4.8 refuses a tag it does not read wherever it reads
    /// tags (tried with GTK 4.8.3): in <interface>, an <object>, a <child>,
    /// a <property>, a <requires>, at the top, inside a class's own tags
    /// (<style>, <layout>, <attributes>, <items>) and a <menu>. Before:
    /// headless took the file's values with no word.
    func testATagGtkBuilderDoesNotReadIsRefused() throws {
        let refused: [(from: String, to: String, told: String, fix: String)] = [
            ("<interface>\n", "<interface>\n<foo/>", "coffee.ui:3:7: a <foo> in a <interface>, which GtkBuilder refuses (\"Unhandled tag: <foo>\")", "remove it"),
            (#"<property name="lower">0</property>"#, #"<proprety name="lower">0</proprety>"#,
             "coffee.ui:21:37: a <proprety> in a <object>, which GtkBuilder refuses", "did you mean <property>?"),
            ("<child><object class=\"GtkSwitch\"", "<child><packing/><object class=\"GtkSwitch\"", "coffee.ui:18:26: a <packing> in a <child>", "remove it"),
            (#"<property name="upper">20</property>"#, #"<property name="upper">20<b/></property>"#, "coffee.ui:5:34: a <b> in a <property>", "remove it"),
            (#"version="4.0"/>"#, #"version="4.0"><foo/></requires>"#, "coffee.ui:3:43: a <foo> in a <requires>", "remove it"),
            (#"<property name="active">true</property>"#, #"<style><clas name="big"/></style>"#,
             "coffee.ui:18:78: a <clas> inside a <style>, which GtkBuilder refuses (\"Unsupported tag for …: <clas>\")", "did you mean <class>?"),
            (#"<property name="active">true</property>"#, #"<layout><column>1</column></layout>"#,
             "coffee.ui:18:70: a <column> inside a <layout>", "remove it"),
            (#"<property name="active">true</property>"#, "<layout><property name=\"column\">1<foo/></property></layout>",
             "coffee.ui:18:92: a <foo> inside a <layout>", "remove it"),
            ("</interface>", #"<menu id="m"><item><foo/></item></menu></interface>"#,
             "coffee.ui:36:26: a <foo> inside a <menu>, which GtkBuilder refuses (\"Element <foo> not allowed inside …\")", "remove it"),
        ]
        for (from, to, told, fix) in refused { try assertRefused(from, to, told, endsWith: fix) }
        // Only <interface> at the top.
        let top = InterfaceDrawingTests.coffee.replacingOccurrences(of: "<interface>", with: "<ui>").replacingOccurrences(of: "</interface>", with: "</ui>")
        XCTAssertTrue(try warnings(top).first?.message.hasPrefix("coffee.ui:3:1: a <ui> as the file's top element") == true)
        // What GTK 4.8 reads is taken: a class's tags with what they hold, a
        // placeholder, a menu, a <requires> or an <interface> in an object.
        let label = #"<child><object class="GtkLabel" id="title">"#
        let taken = InterfaceDrawingTests.coffee
            .replacingOccurrences(of: label, with: label + #"<attributes><attribute name="weight" value="bold"/></attributes><accessibility><property name="label">T</property><relation name="labelled-by">decaf</relation></accessibility>"#)
            .replacingOccurrences(of: #"<property name="active">true</property>"#,
                                  with: #"<property name="active">true</property><style><class name="big"/></style><placeholder/><requires lib="gtk" version="4.0"/>"#)
            .replacingOccurrences(of: "</interface>", with: try drawing("builder_tags_taken.ui"))
        XCTAssertEqual(try warnings(taken).map(\.message), [])
        XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: taken), "volume", "maximumValue"), .number(100))
    }

    /// A class's own tag on an object of a class GtkBuilder 4.8 does not
    /// read it in (`<items>` on a label, `<style>` on an adjustment,
    /// `<columns>` on a box), or in a `<child>` (before its object or
    /// after) where the outer class does not read it there, is refused as
    /// GtkBuilder refuses it, with its words, the classes that read it, or the child's object
    /// when that does. Which class reads which is GTK's own table's (its
    /// writer asks GtkBuilder). Before: headless took the file's values,
    /// and only behave window refused it.
    func testAClassTagOnAClassThatDoesNotReadItIsRefused() throws {
        let refused = "so behave window cannot open it, and headless its controls keep their own values; "
        try assertRefused("Coffee &amp; tea</property>", "Coffee &amp; tea</property><items><item>A</item></items>",
                          #"coffee.ui:12:129: an <items> in a GtkLabel, which GtkBuilder refuses ("Unhandled tag: <items>"), "#
                            + refused, endsWith: "remove it (GtkBuilder reads <items> in a GtkComboBoxText or a GtkStringList)")
        // GtkWidget's <style> (each widget reads it), on an adjustment.
        try assertRefused(#"<property name="upper">20</property>"#, #"<property name="upper">20</property><style/>"#,
                          #"coffee.ui:5:49: a <style> in a GtkAdjustment, which GtkBuilder refuses ("Unhandled tag: <style>")"#,
                          endsWith: "remove it (GtkBuilder reads <style> in a GtkWidget)")
        try assertRefused(#"<property name="active">true</property>"#, #"<property name="active">true</property><attributes/>"#,
                          #"coffee.ui:18:105: an <attributes> in a GtkSwitch, which GtkBuilder refuses ("Unhandled tag: <attributes>")"#,
                          endsWith: "remove it (GtkBuilder reads <attributes> in a GtkEntry or a GtkLabel)")
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox"><columns/>"#,
                          "coffee.ui:11:40: a <columns> in a GtkBox", endsWith: "remove it (GtkBuilder reads <columns> in a GtkListStore or a GtkTreeStore)")
        // In a <child> after its object: the outer object's reader is asked.
        try assertRefused(#"<property name="active">true</property></object>"#, #"<property name="active">true</property></object><style/>"#,
                          #"coffee.ui:18:109: a <style> in a <child> of a GtkBox, which GtkBuilder refuses ("Can't use <style> here")"#,
                          endsWith: "give it inside the child's <object> (a GtkSwitch, which reads it)")
        try assertRefused(#"<property name="active">true</property></object>"#, #"<property name="active">true</property></object><cell-packing/>"#,
                          #"coffee.ui:18:116: a <cell-packing> in a <child> of a GtkBox, which GtkBuilder refuses ("Unhandled tag: <cell-packing>")"#,
                          endsWith: "remove it (GtkBuilder reads <cell-packing> in a <child> of a GtkCellArea, a GtkCellView, a GtkComboBox, "
                            + "a GtkEntryCompletion, a GtkIconView or a GtkTreeViewColumn)")
        try assertRefused(#"<child><object class="GtkSwitch""#, #"<child><style/><object class="GtkSwitch""#,
                          "coffee.ui:18:24: a <style> in a <child> of a GtkBox, before the child's object, which GtkBuilder refuses "
                            + #"("Can't use <style> here")"#, endsWith: "give it inside the child's <object> (a GtkSwitch, which reads it)")
        // Where GTK 4.8 reads them they are taken: a level bar's offsets, a
        // scale's marks, a file filter's patterns, an info bar's action widgets,
        // a combo box's cell attributes in its <child> after its object.
        let taken = InterfaceDrawingTests.coffee
            .replacingOccurrences(of: "</interface>", with: try drawing("class_tags_taken.ui"))
        XCTAssertEqual(try warnings(taken).map(\.message), [])
        XCTAssertEqual(try read(load("  volume: { type: Slider }\n", ui: taken), "volume", "maximumValue"), .number(100))
    }

    /// The table headless reads GTK's classes from knows each class's own
    /// tags as GTK tells them (a GTK test compares it with GTK): one a
    /// class reads is read by its classes only where the table says so
    /// (every widget reads GtkWidget's), and each tag the table has is one
    /// headless knows what it holds, and the other way round.
    func testTheTableKnowsWhichClassReadsWhichTag() throws {
        let table = GtkClasses.gtk
        XCTAssertTrue(table.reads(tag: "style", in: "GtkLabel") && table.reads(tag: "attributes", in: "GtkLabel"))
        XCTAssertFalse(table.reads(tag: "items", in: "GtkLabel") || table.reads(tag: "style", in: "GtkAdjustment"))
        XCTAssertTrue(table.reads(tag: "items", in: "GtkComboBoxText") && table.reads(tag: "cell-packing", in: "GtkComboBoxText", at: .child))
        XCTAssertFalse(table.reads(tag: "attributes", in: "GtkLabel", at: .child) || table.reads(tag: "attributes", in: "GtkComboBox", at: .childBeforeObject))
        XCTAssertEqual(table.readers(of: "style"), ["GtkWidget"])
        XCTAssertEqual(table.readers(of: "action-widgets"), ["GtkDialog", "GtkInfoBar"])
        // A class GtkBuilder could not be asked of (GTK stops the program
        // making one alone) refuses none; nor does one the table lacks.
        XCTAssertTrue(table.reads(tag: "items", in: "GtkStackPage") && table.reads(tag: "items", in: "AdwClamp"))
        // Each word's tag is after its last `<` (`<child><?data>`).
        let tags = Set(table.classes.values.flatMap(\.tags).map { word in
            (word.split(separator: "<").last ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "?>"))
        }).subtracting([""])
        XCTAssertEqual(tags, Set(InterfaceDrawing.classTags.keys))
    }

    /// Grids whose rows and columns, first to last, number more than GTK
    /// 4.8 lays out on its stack (grids inside one another counted
    /// together) are refused as behave window refuses them (it crashed on
    /// them). Before: headless took the file as fine.
    func testGridsPastWhatGtkLaysOutAreRefused() throws {
        let grid = { (inner: String, from: String, to: String) in
            #"<object class="GtkGrid">\#(inner)<child><object class="GtkLabel"><layout><property name="column">\#(from)</property></layout></object></child><child><object class="GtkLabel"><layout><property name="column">\#(to)</property></layout></object></child></object>"#
        }
        let fix = "place the children at smaller columns and rows (at most 50000 in all)"
        // GtkBuilder reads 0x249F0 as 150,000.
        try assertRefused("</interface>", grid("", "-150000", "0x249F0") + "</interface>",
                          "coffee.ui:36:26: the grids from this object in span 300002 rows and columns", endsWith: fix)
        // Two grids of 30,000 lines, one inside the other, are 60,002 (a row each too).
        let nested = grid("<child>" + grid("", "0", "29999") + "</child>", "0", "29999")
        try assertRefused("</interface>", nested + "</interface>",
                          "coffee.ui:36:26: the grids from this object in span 60002 rows and columns", endsWith: fix)
        // Side by side, they are 30,000.
        let beside = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: grid("", "0", "29999") + grid("", "0", "29999") + "</interface>")
        XCTAssertEqual(try warnings(beside).map(\.message), [])
    }

    /// What GTK 4.8 stops the program on, or crashes on, is refused as
    /// behave window refuses it: a notebook's tab before any page, a stack
    /// page without its child or with one that is not a widget, and a
    /// constraint whose target or source is not a widget nor a guide (an
    /// id given before or after). Before: headless took the file as fine.
    func testWhatStopsGtkIsRefused() throws {
        let refused: [(objects: String, told: String, fix: String)] = [
            (#"<object class="GtkNotebook"><child type="tab"><object class="GtkLabel"/></child><child><object class="GtkLabel"/></child></object>"#,
             #"coffee.ui:36:48: a GtkNotebook's <child type="tab"> comes before any page"#, "give the page's <child> before its tab"),
            (#"<object class="GtkStack"><child><object class="GtkStackPage"><property name="name">a</property></object></child></object>"#,
             "coffee.ui:36:63: a GtkStackPage without its `child`", #"give it a <property name="child"> holding the page's widget"#),
            (#"<object class="GtkStackPage"><property name="child">range</property></object><object class="GtkAdjustment" id="range"/>"#,
             "coffee.ui:36:70: a page's child is `range`, which is a GtkAdjustment, not a widget, on which GTK 4.8 crashes", "name a widget"),
            (#"<object class="GtkAdjustment" id="range"/><object class="GtkBox"><property name="layout-manager"><object class="GtkConstraintLayout"><constraints><constraint target="super" target-attribute="width" source="range" source-attribute="width"/></constraints></object></property></object>"#,
             "coffee.ui:36:240: a <constraint>'s source is `range`, which is a GtkAdjustment, not a widget or a guide", "name a widget"),
        ]
        for (objects, told, fix) in refused { try assertRefused("</interface>", objects + "</interface>", told, endsWith: fix) }
        // A page after its tab's page, a stack page's child widget, a
        // constraint on a widget or a guide are read.
        let fine = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: try drawing("stopping_tags_taken.ui"))
        XCTAssertEqual(try warnings(fine).map(\.message), [])
    }

    /// A combo box with an entry whose entry-text-column is not a text
    /// column of its model (unset: -1, a number's, an inline store's, past
    /// its columns) is refused as behave window refuses it (GTK 4.8
    /// crashed reading a row's text). Before: headless took it as fine.
    func testAComboEntryOnAColumnThatIsNotTextIsRefused() throws {
        let store = #"<object class="GtkListStore" id="choices"><columns><column type="gint"/><column type="gchararray"/></columns></object>"#
        let combo = { (className: String, properties: String) in
            #"<object class="\#(className)"><property name="has-entry">yes</property>\#(properties)</object>"# + store + "</interface>"
        }
        let fix = "give entry-text-column the number of a gchararray column of its model"
        let refused: [(to: String, column: String)] = [
            (combo("GtkComboBox", #"<property name="model">choices</property>"#), "-1"),
            (combo("GtkComboBox", #"<property name="model">choices</property><property name="entry_text_column">0</property>"#), "0"),
            (combo("GtkComboBoxText", #"<property name="model">choices</property>"#), "0"),
            (combo("GtkComboBox", #"<property name="entry-text-column">2</property><property name="model">choices</property>"#), "2"),
            (combo("GtkComboBox", #"<property name="model"><object class="GtkListStore"><columns><column type="gint"/></columns></object></property>"#), "-1"),
        ]
        for (to, column) in refused {
            // Past the combo box's start tag, as the window tells it.
            let place = to.hasPrefix(#"<object class="GtkComboBoxText""#) ? "36:34" : "36:30"
            try assertRefused("</interface>", to, "coffee.ui:\(place): a GtkComboBox with an entry (has-entry) takes each row's text "
                              + "from its entry-text-column, \(column), which is not a text column of its model", endsWith: fix)
        }
        // A text column, or no entry (has-entry given once: GTK keeps the
        // first of it given twice), or a GtkComboBoxText's own items.
        let textColumn = combo("GtkComboBox", #"<property name="model">choices</property><property name="entry-text-column">0x1</property>"#)
        let noEntry = #"<object class="GtkComboBox"><property name="has-entry">no</property><property name="model">choices</property></object>"#
            + store + "</interface>"
        for file in [textColumn, noEntry] {
            let fine = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: file)
            XCTAssertEqual(try warnings(fine).map(\.message), [], file)
        }
        let own = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: combo("GtkComboBoxText", "<items><item>Tea</item></items>"))
        XCTAssertEqual(try warnings(own).map(\.message), [])
    }

    /// A widget given by id as its own child, or as the child of one inside
    /// it (through the file's nesting or other such properties), is
    /// refused as behave window refuses it (GTK 4.8 crashed or looped
    /// forever). Before: headless took the file as fine.
    func testAWidgetInsideItselfIsRefused() throws {
        let refused: [(objects: String, told: String)] = [
            (#"<object class="GtkFrame" id="frame"><property name="child">frame</property></object>"#,
             "coffee.ui:36:61: `child` is `frame`, which is this object or one it is inside"),
            (#"<object class="GtkBox" id="outer"><child><object class="GtkScrolledWindow"><property name="child">outer</property></object></child></object>"#,
             "coffee.ui:36:100: `child` is `outer`"),
            (#"<object class="GtkFrame" id="a"><property name="label_widget">b</property></object><object class="GtkFrame" id="b"><property name="child">a</property></object>"#,
             "coffee.ui:36:64: `label_widget` is `b`"),
        ]
        for (objects, told) in refused {
            try assertRefused("</interface>", objects + "</interface>", told, endsWith: "give it a widget of its own")
        }
        // One another object holds already: in a <child>, or given by id before (GTK 4.8 failed an assertion).
        let held: [(objects: String, told: String)] = [
            (#"<object class="GtkBox"><child><object class="GtkLabel" id="held"/></child></object><object class="GtkFrame"><property name="child">held</property></object>"#,
             "coffee.ui:36:133: `child` is `held`, which another object holds already (a widget has one parent), on which GTK 4.8 "
                + "fails an assertion (a critical)"),
            (#"<object class="GtkLabel" id="twice"/><object class="GtkFrame"><property name="child">twice</property></object><object class="GtkFrame"><property name="label_widget">twice</property></object>"#,
             "coffee.ui:36:167: `label_widget` is `twice`, which another object holds already"),
        ]
        for (objects, told) in held {
            try assertRefused("</interface>", objects + "</interface>", told, endsWith: "give it a widget of its own")
        }
        // A widget of its own, given by id, is read.
        let fine = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: #"<object class="GtkFrame"><property name="child">text</property></object><object class="GtkLabel" id="text"/></interface>"#)
        XCTAssertEqual(try warnings(fine).map(\.message), [])
    }

    /// A list or tree store's `<data>` before any `<column>` of its
    /// `<columns>` stops GTK 4.8 ("Cannot append data to an empty model",
    /// a g_error: behave window crashed), so it is refused as behave window
    /// refuses it. Before: headless took the file as fine.
    func testAStoresDataWithoutItsColumnsIsRefused() throws {
        let fix = "give the store its <columns> before its <data>"
        let refused: [(store: String, told: String)] = [
            (#"<object class="GtkListStore"><data/></object>"#, "coffee.ui:36:37: a GtkListStore's <data> comes before any <column>"),
            (#"<object class="GtkTreeStore"><columns/><data><row><col id="0">a</col></row></data></object>"#,
             "coffee.ui:36:47: a GtkTreeStore's <data> comes before any <column>"),
            (#"<object class="GtkListStore"><data/><columns><column type="gchararray"/></columns></object>"#,
             "coffee.ui:36:37: a GtkListStore's <data>"),
        ]
        for (store, told) in refused { try assertRefused("</interface>", store + "</interface>", told, endsWith: fix) }
        // With a column first, the data is read.
        let fine = InterfaceDrawingTests.coffee.replacingOccurrences(of: "</interface>", with: #"<object class="GtkListStore"><columns><column type="gchararray"/></columns><data><row><col id="0">a</col></row></data></object></interface>"#)
        XCTAssertEqual(try warnings(fine).map(\.message), [])
    }
}
