@testable import BehaveGTK
import BehaveCore
import BehaveScene
import CGtk
import Foundation
import XCTest

/// A scene whose `.ui` file draws its controls reads the same values
/// headless (`behave run`, specs, the studio: the file read by Behave's own
/// reader) as in `behave window` (the widgets GtkBuilder built): every
/// property of every control of Fixtures/Drawn, which draws every class
/// a control takes values from, in the ways designers write them. What
/// guards the one table of those classes (`InterfaceDrawing`) against the
/// GTK bindings.
final class DrawnValueAgreementTests: InProcessGtkTestCase {
    private let folder = WindowDriver.checkout.appendingPathComponent("Hosts/GTK/Tests/BehaveGTKTests/Fixtures/Drawn")

    /// Before: headless, the volume read 0 in 0…1 where the window read 40
    /// in 0…100, and every label, switch and field its default; and in
    /// shared.ui, a slider read 10 where the spin button sharing its
    /// adjustment had made it 15, an adjustment or a buffer named before it
    /// was drawn, or named with blanks around, was taken in the wrong order
    /// or not at all, an entry on a shared buffer kept its own text, a line
    /// of a file saved on Windows kept its `\r`; and `&#0000065;` (which
    /// GTK reads as A) left references.ui unread; and bound.ui's properties
    /// bound with sync-create read their own text (or nothing), not their
    /// sources'.
    func testHeadlessControlsReadWhatTheWindowsRead() throws {
        for name in ["drawn", "set", "shared", "references", "bound", "clash"] {
            let file = folder.appendingPathComponent("\(name).scene.yaml").path
            let headless = try SceneLoader.load(file: file)
            let host = try GtkHost(interface: SceneLoader.interfaceFile(of: file), styles: GtkStyles())
            let window = try SceneLoader.load(file: file, hosting: host.hosting)
            let controls = try XCTUnwrap(headless.scene.screen).controls
            XCTAssertGreaterThan(controls.count, 1)
            for view in controls {
                let shown = try XCTUnwrap(window.scene.control(named: view.name), view.name)
                for spec in view.schema.properties {
                    XCTAssertEqual(try view.value(spec.name), try shown.value(spec.name), "\(name).scene.yaml: \(view.name).\(spec.name)")
                }
            }
            XCTAssertEqual(notes(headless.scene), notes(window.scene), "\(name).scene.yaml")
        }
    }

    /// The values that show the two agree on what the designer drew, not
    /// on defaults alone.
    func testTheFixtureDrawsValuesTheControlsTake() throws {
        let headless = try SceneLoader.load(file: folder.appendingPathComponent("drawn.scene.yaml").path)
        let read = { (name: String, property: String) in try headless.scene.control(named: name)?.value(property) }
        XCTAssertEqual(try read("volume", "maximumValue"), .number(100))
        XCTAssertEqual(try read("volume", "value"), .number(40))
        XCTAssertEqual(try read("marked", "text"), .string("Milk & su_gar"))
        // An icon-name after a label replaces it, a label after it shows (headless read "Hidden" before).
        XCTAssertEqual(try read("iconNamed", "title"), .string(""))
        XCTAssertEqual(try read("labelAfterIcon", "title"), .string("Shown"))
        XCTAssertEqual(try read("yes", "on"), .bool(true))
        // A check button's and a toggle button's `active` is a Switch's `on`.
        XCTAssertEqual(try read("checked", "on"), .bool(true))
        XCTAssertEqual(try read("unchecked", "on"), .bool(false))
        XCTAssertEqual(try read("pressedIn", "on"), .bool(true))
        XCTAssertEqual(try read("count", "stepValue"), .number(5))
        XCTAssertEqual(try read("buffered", "text"), .string("from the buffer"))
        // An entry's max-length is its field's maxLength (headless had none).
        XCTAssertEqual(try read("name", "maxLength"), .number(3))
        XCTAssertEqual(try read("scroller", "contentOffset"), .point(Point(x: 0, y: 200)))
        // snap-to-ticks reads back what the spin button shows (10.3, then
        // 10 before its digits were set) and moves it to a step. Before:
        // 10.26 headless, where the window read 10.5 and 10.
        XCTAssertEqual(try read("snapped", "value"), .number(10.5))
        XCTAssertEqual(try read("snappedShowingWhole", "value"), .number(10))
        // A GtkToggleButton and a GtkLinkButton are buttons: their labels
        // are titles (headless read "" before); a second <interface>'s
        // adjustment is read (headless read nothing of the file before).
        XCTAssertEqual(try read("toggled", "title"), .string("Mute"))
        XCTAssertEqual(try read("linked", "title"), .string("Help"))
        XCTAssertEqual(try read("shownTenths", "value"), .number(30))
        XCTAssertEqual(try read("save", "title"), .string("Save preset"))
        XCTAssertEqual(try read("mnemonic", "title"), .string("Save"))
        XCTAssertEqual(try read("iconic", "title"), .string(""))
        XCTAssertEqual(try read("blank", "placeholder"), .string("Preset name"))
        XCTAssertEqual(try read("secret", "placeholder"), .string("Password"))
        XCTAssertEqual(notes(headless.scene).count, 2, notes(headless.scene).joined(separator: "\n"))
    }

    /// A bound drawn past the other bound the scene file gives (clash.ui's
    /// minimum 200 where the scene's maximum is 100, its maximum 10 where
    /// the scene's minimum is 50) is not taken, and the load warns of it
    /// at the scene file's line in the window as headless, in the same
    /// words. Before: dropped without a word in both.
    func testADrawnBoundPastTheSceneFilesIsWarnedOfAlike() throws {
        let file = folder.appendingPathComponent("clash.scene.yaml").path
        let headless = try SceneLoader.load(file: file)
        let host = try GtkHost(interface: SceneLoader.interfaceFile(of: file), styles: GtkStyles())
        let window = try SceneLoader.load(file: file, hosting: host.hosting)
        let warned = { (loaded: LoadedScene) in loaded.warnings.map { "\($0.line ?? 0): \($0.message)" } }
        XCTAssertEqual(warned(window), warned(headless))
        XCTAssertEqual(warned(headless).count, 2, warned(headless).joined(separator: "\n"))
        XCTAssertTrue(warned(headless).first?.hasPrefix("6: control `volume`: clash.ui draws its minimumValue 200, above the maximumValue it is given (100)") == true,
                      warned(headless).joined(separator: "\n"))
        XCTAssertEqual(try window.scene.control(named: "volume")?.value("minimumValue"), .number(0))
        XCTAssertEqual(try window.scene.control(named: "count")?.value("maximumValue"), .number(100))
    }

    /// A drag GTK makes (GtkRange's change-value, which rounds to a scale's
    /// round digits: its digits while it draws its value) ends where a
    /// headless `slide` does. Before: `slide` kept 12.3456 where GTK put
    /// 12.3, 12 and 12.346.
    func testASlideEndsWhereGtksDragEnds() throws {
        let file = folder.appendingPathComponent("drawn.scene.yaml").path
        let headless = try SceneLoader.load(file: file)
        let host = try GtkHost(interface: SceneLoader.interfaceFile(of: file), styles: GtkStyles())
        let window = try SceneLoader.load(file: file, hosting: host.hosting)
        var ends: [Value] = []
        for target in [12.3456, -2.5, 0.05] {
            for name in ["shownTenths", "shownWhole", "hiddenDigits", "roundThousandths", "drawnThenHidden"] {
                let slider = try XCTUnwrap(headless.scene.control(named: name) as? Slider)
                slider.slide(to: target)
                let binding = try XCTUnwrap(window.scene.control(named: name)?.widget as? WidgetBinding)
                bhg_range_change_value(try XCTUnwrap(binding.widget), target)
                let dragged = try XCTUnwrap(window.scene.control(named: name)?.value("value"))
                XCTAssertEqual(try slider.value("value"), dragged, "\(name) dragged to \(target)")
                ends.append(dragged)
            }
        }
        XCTAssertEqual(ends.prefix(5), [.number(12.3), .number(12), .number(12.3456), .number(12.346), .number(12.3456)])
    }

    /// A file GtkBuilder (GTK 4.8) refuses, though its markup reads, is
    /// warned of headless, whose controls then take nothing, as the window
    /// does not open: a byte-order mark, an id given twice (in a second
    /// <interface> too), a <requires> of another GTK or one GtkBuilder
    /// cannot read. A file that requires a newer GTK 4 is warned of too,
    /// its values taken (a newer GTK opens it). Before: headless took the
    /// values of each refused one, with no word.
    func testHeadlessWarnsOfWhatTheWindowRefuses() throws {
        let label = #"<object class="GtkWindow"><child><object class="GtkLabel" id="title"><property name="label">Drawn</property></object></child></object>"#
        // Each file: whether the window refuses it, whether headless warns, whether the label takes "Drawn".
        let files: [(name: String, text: String, refused: Bool, warned: Bool, takes: Bool)] = [
            ("mark", "\u{FEFF}<interface>\(label)</interface>", true, true, false),
            ("twice", "<interface>\(label)<object class=\"GtkLabel\" id=\"title\"/></interface>", true, true, false),
            ("secondRoot", "<interface>\(label)</interface>\n<interface><object class=\"GtkAdjustment\" id=\"title\"/></interface>", true, true, false),
            ("three", "<interface><requires lib=\"gtk\" version=\"3.24\"/>\(label)</interface>", true, true, false),
            ("bare", "<interface><requires lib=\"gtk\" version=\"4\"/>\(label)</interface>", true, true, false),
            ("newer", "<interface><requires lib=\"gtk\" version=\"4.10\"/>\(label)</interface>", gtk_get_minor_version() < 10, true, true),
            ("fine", "<interface><requires lib=\"gtk\" version=\"4.8\"/>\(label)</interface>", false, false, true),
            // Cut short: GtkBuilder alone would build what was closed, but
            // the window's scan, which reads to the end, refuses it.
            ("cut", "<interface>\(label)", true, true, false),
        ]
        let scratch = try scratchFolder()
        for (name, text, refused, warned, takes) in files {
            let (scene, told) = try windowVerdict(on: text, named: name, in: scratch)
            XCTAssertEqual(told == nil, !refused, name)
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning)
            XCTAssertEqual(warnings.count, warned ? 1 : 0, "\(name): \(warnings)")
            // At the window's line and column.
            if let told, let warning = warnings.first?.message {
                XCTAssertEqual(place(warning), place(told), "\(name): \(warning)\nthe window: \(told)")
            }
            let headless = try SceneLoader.load(file: scene)
            XCTAssertEqual(try headless.scene.control(named: "title")?.value("text") == .string("Drawn"), takes, name)
            if !refused {
                let host = try GtkHost(interface: SceneLoader.interfaceFile(of: scene), styles: GtkStyles())
                let window = try SceneLoader.load(file: scene, hosting: host.hosting)
                XCTAssertEqual(try window.scene.control(named: "title")?.value("text"), .string("Drawn"), name)
            }
        }
    }

    /// A class, a property or a tag GTK 4.8 does not have or read where
    /// it stands (a class's own tag on a class that does not read it, in
    /// a <child> too): the window refuses the file, and headless warns of
    /// it and takes nothing of it; what GTK reads (an interface's property,
    /// a class's own tags with what they hold where the class reads them)
    /// both take. Before: headless took such a file with no word, and a
    /// typo, or `<items>` on a label, showed only in the window.
    func testHeadlessRefusesTheNamesTheWindowRefuses() throws {
        let label = #"<object class="GtkLabel" id="title"><property name="label">Drawn</property>"#
        func file(_ inside: String, _ after: String = "") -> String {
            "<interface><object class=\"GtkWindow\"><child>\(label)\(inside)</object></child></object>\(after)</interface>"
        }
        // Each file, and whether GTK 4.8 refuses it.
        let files: [(name: String, text: String, refused: Bool)] = [
            ("class", file("", #"<object class="GtkButon"/>"#), true),
            ("abstract", file("", #"<object class="GtkWidget"/>"#), true),
            ("property", file(#"<property name="max_lenght">3</property>"#), true),
            ("notALabels", file(#"<property name="editable">1</property>"#), true),
            ("inInterface", file("", "<foo/>"), true),
            ("inObject", file("<proprety name=\"wrap\">1</proprety>"), true),
            ("inProperty", file("<property name=\"wrap\">1<b/></property>"), true),
            ("inStyle", file("<style><clas name=\"big\"/></style>"), true),
            ("inAttributes", file("<attributes><foo/></attributes>"), true),
            ("inMenu", file("", #"<menu id="m"><item><foo/></item></menu>"#), true),
            ("inItems", file("", #"<object class="GtkStringList"><items><foo/></items></object>"#), true),
            ("top", "<ui>" + file("") + "</ui>", true),
            ("notebookPage", file("", #"<object class="GtkNotebookPage"/>"#), true),
            ("fileChooser", file("", #"<object class="GtkFileChooserWidget"/>"#), true),
            ("customLayout", file(#"<property name="layout-manager"><object class="GtkCustomLayout"/></property>"#), true),
            ("objectInObject", file(#"<object class="GtkLabel"/>"#), true),
            ("childInInterface", file("", "<child/>"), true),
            // An expression right inside a property but one of a GtkExpression (a drop down's, read: the pre-scan's "read" file).
            ("constantInLabel", file(#"<property name="tooltip-text"><constant type="gchararray">x</constant></property>"#), true),
            ("propertyInChild", "<interface><object class=\"GtkWindow\"><child>\(label)</object><property name=\"title\">T</property></child></object></interface>", true),
            // A class's own tag on a class GTK does not read it in: which
            // reads which is GTK's table's (its writer asks GtkBuilder).
            ("itemsOnALabel", file("<items><item>A</item></items>"), true),
            ("styleOnAnAdjustment", file("", #"<object class="GtkAdjustment"><style/></object>"#), true),
            ("layoutOnASizeGroup", file("", #"<object class="GtkSizeGroup"><layout/></object>"#), true),
            ("accessibilityOnAStringList", file("", #"<object class="GtkStringList"><accessibility/></object>"#), true),
            ("attributesOnAButton", file("", #"<object class="GtkButton"><attributes/></object>"#), true),
            ("columnsOnABox", file("", #"<object class="GtkBox"><columns/></object>"#), true),
            ("patternsOnALabel", file("<patterns/>"), true),
            ("offsetsOnAScale", file("", #"<object class="GtkScale"><offsets/></object>"#), true),
            ("actionWidgetsOnABox", file("", #"<object class="GtkBox"><action-widgets/></object>"#), true),
            ("constraintsOnABoxLayout", file("", #"<object class="GtkBoxLayout"><constraints/></object>"#), true),
            ("itemsOnAComboBox", file("", #"<object class="GtkComboBox"><items/></object>"#), true),
            // In a <child>, after its object or before: the outer object's reader.
            ("styleInAChild", "<interface><object class=\"GtkWindow\"><child>\(label)</object><style/></child></object></interface>", true),
            ("attributesInAChild", "<interface><object class=\"GtkWindow\"><child>\(label)</object><attributes/></child></object></interface>", true),
            ("cellPackingInAChild", "<interface><object class=\"GtkWindow\"><child>\(label)</object><cell-packing/></child></object></interface>", true),
            ("styleBeforeAChildsObject", "<interface><object class=\"GtkWindow\"><child><style/>\(label)</object></child></object></interface>", true),
            ("classTagsRead", "<interface><object class=\"GtkWindow\"><child>\(label)</object></child></object>"
                + #"<object class="GtkLevelBar"><offsets><offset name="low" value="0.25"/></offsets></object>"#
                + #"<object class="GtkFileFilter"><patterns><pattern>*.txt</pattern></patterns><suffixes><suffix>md</suffix></suffixes></object>"#
                + #"<object class="GtkScale"><marks><mark value="1"/></marks></object><object class="GtkInfoBar"><action-widgets/></object>"#
                + #"<object class="GtkComboBoxText"><items><item>A</item></items><child><object class="GtkCellRendererText"/>"#
                + #"<attributes><attribute name="text">0</attribute></attributes><cell-packing><property name="expand">1</property></cell-packing></child></object>"#
                + #"<object class="GtkSizeGroup"><widgets><widget name="title"/></widgets></object>"#
                + #"<object class="GtkConstraintLayout"><constraints/></object></interface>"#, false),
            // What GTK 4.8 stops or crashes on, which the window refuses before GTK reads it.
            ("dataBeforeColumns", file("", #"<object class="GtkListStore"><data/></object>"#), true),
            ("tabBeforePage", file("", #"<object class="GtkNotebook"><child type="tab"><object class="GtkLabel"/></child></object>"#), true),
            ("pageWithoutChild", file("", #"<object class="GtkStack"><child><object class="GtkStackPage"><property name="name">a</property></object></child></object>"#), true),
            ("pageOfAnAdjustment", file("", #"<object class="GtkStack"><child><object class="GtkStackPage"><property name="child">r</property></object></child></object><object class="GtkAdjustment" id="r"/>"#), true),
            ("constraintOnAnAdjustment", file("", #"<object class="GtkBox"><property name="layout-manager"><object class="GtkConstraintLayout"><constraints><constraint target="r" target-attribute="width" relation="eq" constant="10"/></constraints></object></property></object><object class="GtkAdjustment" id="r"/>"#), true),
            ("comboColumn", file("", #"<object class="GtkComboBoxText"><property name="has-entry">True</property><property name="model">m</property></object><object class="GtkListStore" id="m"><columns><column type="gint"/></columns></object>"#), true),
            ("insideItself", file("", #"<object class="GtkBox" id="outer"><child><object class="GtkScrolledWindow"><property name="child">outer</property></object></child></object>"#), true),
            ("heldAlready", file("", #"<object class="GtkFrame"><property name="child">title</property></object>"#), true),
            // A column's header widget that another holds already (before: the window told GTK's critical, without a line).
            ("columnWidgetHeld", file("", #"<object class="GtkTreeView"><child><object class="GtkTreeViewColumn"><property name="widget">title</property></object></child></object>"#), true),
            ("adoptedTwice", file("", #"<object class="GtkLabel" id="twice"/><object class="GtkFrame"><property name="child">twice</property></object><object class="GtkFrame"><property name="label-widget">twice</property></object>"#), true),
            ("grid", file("", #"<object class="GtkGrid"><child><object class="GtkLabel"><layout><property name="column">-150000</property></layout></object></child><child><object class="GtkLabel"><layout><property name="column">150000</property></layout></object></child></object>"#), true),
            ("template", "<interface>\n  <template class=\"Foo\" parent=\"GtkWindow\"/></interface>", true),
            ("unknownAttribute", file("", #"<object class="GtkLabel" ide="x"/>"#), true),
            ("missingAttribute", file("", "<object id=\"x\">\n</object>"), true),
            ("read", file(#"<property name="wrap_mode">word</property><property name="hexpand">1</property><style><class name="big"/></style>"#
                          + #"<attributes><attribute name="weight" value="bold"/></attributes><placeholder/>"#,
                          #"<object class="GtkStringList"><items><item>A</item></items></object><menu id="m"><section><item/></section></menu>"#), false),
        ]
        let scratch = try scratchFolder()
        for (name, text, refused) in files {
            let (scene, told) = try windowVerdict(on: text, named: name, in: scratch)
            XCTAssertEqual(told == nil, !refused, name)
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning)
            XCTAssertEqual(warnings.count, refused ? 1 : 0, "\(name): \(warnings)")
            // At the window's line and column (GtkBuilder gives none for a menu's tag).
            if let told, let warning = warnings.first?.message, name != "inMenu" {
                XCTAssertEqual(place(warning), place(told), "\(name): \(warning)\nthe window: \(told)")
            }
            // A file without the control's object is refused for that too, in one run.
            guard text.contains(#"id="title""#) else {
                XCTAssertThrowsError(try SceneLoader.load(file: scene), name) { error in
                    XCTAssertTrue("\(error)".contains("has no object with id `title`"), "\(name): \(error)")
                }
                continue
            }
            let headless = try SceneLoader.load(file: scene)
            XCTAssertEqual(try headless.scene.control(named: "title")?.value("text") == .string("Drawn"), !refused, name)
        }
    }

    /// The `file.ui:line:column` a message starts with.
    /// A folder of this test's own, removed when it ends.
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-agree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func place(_ message: String) -> String? {
        message.firstMatch(of: /^[^ ]+\.ui:[0-9]+:[0-9]+/).map { String($0.output) }
    }

    /// What the window's pre-scan refuses though GtkBuilder would read it
    /// (what calls into the program, a second window, what reads host
    /// files or follows a link off the web, markup Pango cannot read,
    /// numbers and text past what GTK lays out): headless warns of each
    /// file in the window's words, at its line and column, with its fix,
    /// and takes nothing of it; the markup GTK reads opens in both.
    /// Before: headless took each file's values with no word.
    func testHeadlessRefusesWhatThePreScanRefusesInItsWords() throws {
        // Fixtures/PreScan's window, `inside` its box and `after` beside it.
        let window = try String(contentsOf: fixtures("PreScan/window.ui"), encoding: .utf8)
        func file(_ inside: String, _ after: String = "") -> String {
            window.replacingOccurrences(of: "<!-- inside -->", with: inside).replacingOccurrences(of: "<!-- after -->", with: after)
        }
        let long = String(repeating: "é", count: 10_001)
        // Each file, and whether the window refuses it.
        let files: [(name: String, text: String, refused: Bool)] = [
            ("signal", file(#"<child><object class="GtkButton"><signal name="clicked" handler="abort"/></object></child>"#), true),
            ("closure", file(#"<child><object class="GtkLabel"><binding name="label"><closure type="gchararray" function="abort"/></binding></object></child>"#), true),
            ("typeFunction", file(#"<child><object class="GtkButton" type-func="abort"></object></child>"#), true),
            ("second", file("", #"<object class="GtkWindow" id="other"/>"#), true),
            ("file", file(#"<child><object class="GtkImage"><property name="file">/etc/hostname</property></object></child>"#), true),
            ("picture", file(#"<child><object class="GtkPicture"><property name="file">/etc/hostname</property></object></child>"#), true),
            ("paintable", file(#"<child><object class="GtkImage"><property name="paintable">/etc/hostname</property></object></child>"#), true),
            ("icon", file(#"<child><object class="GtkImage"><property name="gicon">/etc/hostname</property></object></child>"#), true),
            ("menuIcon", file("", #"<menu id="m"><item><attribute name="label">Open</attribute><attribute name="icon">~/x.png</attribute></item></menu>"#), true),
            ("uri", file(#"<child><object class="GtkLinkButton"><property name="uri">file:///etc/hostname</property></object></child>"#), true),
            // An about dialog is a window: the file's only one here.
            ("website", "<interface>\n  <object class=\"GtkAboutDialog\"><property name=\"website\">javascript:alert(1)</property></object>\n</interface>\n", true),
            ("anchor", file(#"<child><object class="GtkLabel"><property name="use-markup">1</property><property name="label">&lt;a href="ssh://host"&gt;go&lt;/a&gt;</property></object></child>"#), true),
            ("tooltip", file(#"<child><object class="GtkButton"><property name="tooltip-markup">&lt;a href="smb://x/y"&gt;go&lt;/a&gt;</property></object></child>"#), true),
            ("spacing", file(#"<child><object class="GtkBox"><property name="spacing">0x7fffffff</property></object></child>"#), true),
            ("transform", file(#"<child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">rotateX(-9e9)</property></layout></object></child></object></child>"#), true),
            ("transformUnits", file(#"<child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">translate(70000px, 0)</property></layout></object></child></object></child>"#), true),
            ("negative", file(#"<child><object class="GtkLabel"><property name="width-chars">-70000</property></object></child>"#), true),
            ("long", file(#"<child><object class="GtkLabel"><property name="label">\#(long)</property></object></child>"#), true),
            ("longTooltip", file(#"<child><object class="GtkButton"><property name="tooltip-text">\#(long)</property></object></child>"#), true),
            ("unclosed", file(#"<child><object class="GtkLabel"><property name="label">&lt;b&gt;open</property><property name="use-markup">yes</property></object></child>"#), true),
            ("unknownTag", file(#"<child><object class="GtkLabel"><property name="label">&lt;blink&gt;x&lt;/blink&gt;</property><property name="use-markup">yes</property></object></child>"#), true),
            ("spanAttribute", file(#"<child><object class="GtkLabel"><property name="label">&lt;span colour="red"&gt;x&lt;/span&gt;</property><property name="use-markup">yes</property></object></child>"#), true),
            ("span", file(#"<child><object class="GtkLabel"><property name="label">&lt;span size="2147483647"&gt;X&lt;/span&gt;</property><property name="use-markup">yes</property></object></child>"#), true),
            ("font", file(#"<child><object class="GtkLabel"><property name="label">&lt;span font="Sans 5000"&gt;X&lt;/span&gt;</property><property name="use-markup">yes</property></object></child>"#), true),
            ("big", file(#"<child><object class="GtkLabel"><property name="label">\#(String(repeating: "&lt;big&gt;", count: 30))X\#(String(repeating: "&lt;/big&gt;", count: 30))</property><property name="use-markup">yes</property></object></child>"#), true),
            ("scale", file(#"<child><object class="GtkLabel"><attributes><attribute name="scale" value="1e9"/></attributes></object></child>"#), true),
            // A type GtkBuilder reads from no text (before: headless took it, and GTK warned).
            ("attributeList", file(#"<child><object class="GtkLabel"><property name="attributes">0 3 weight bold,0 -1 size 2000000</property></object></child>"#), true),
            ("tabs", file(#"<child><object class="GtkLabel"><property name="tabs">100</property></object></child>"#), true),
            ("fontDesc", file("", #"<object class="GtkTextTag"><property name="font-desc">Sans 12</property></object>"#), true),
            ("pointingTo", file(#"<child><object class="GtkMenuButton"><property name="popover"><object class="GtkPopover"><property name="pointing_to">0 0 1 1</property></object></property></object></child>"#), true),
            ("virtualRoot", file("", #"<object class="GtkTreeModelFilter"><property name="virtual-root">0</property></object>"#), true),
            ("expressionText", file(#"<child><object class="GtkDropDown"><property name="expression">string</property></object></child>"#), true),
            ("rise", file(#"<child><object class="GtkLabel"><attributes><attribute name="rise" value="-2000000"/></attributes></object></child>"#), true),
            ("enum", file(#"<child><object class="GtkBox"><property name="orientation">verticl</property></object></child>"#), true),
            ("blankEnum", file(#"<child><object class="GtkBox"><property name="orientation"> vertical</property></object></child>"#), true),
            ("flags", file(#"<child><object class="GtkTextView"><property name="input-hints">spellcheck|emojj</property></object></child>"#), true),
            ("boolean", file(#"<child><object class="GtkLabel"><property name="wrap">Tr</property></object></child>"#), true),
            ("number", file(#"<child><object class="GtkLabel"><property name="xalign">1e999</property></object></child>"#), true),
            ("emptyNumber", file(#"<child><object class="GtkLabel"><property name="width-chars"/></object></child>"#), true),
            ("deep", file(String(repeating: "<placeholder>", count: 260) + String(repeating: "</placeholder>", count: 260)), true),
            ("deeper", file(String(repeating: "<placeholder>", count: 2000) + String(repeating: "</placeholder>", count: 2000)), true),
            ("objects", file("", String(repeating: #"<object class="GtkAdjustment"/>"#, count: 10_001)), true),
            ("unbuildable", file("", #"<object class="GtkAdjustment"><child><object class="GtkLabel"/></child></object>"#), true),
            ("anyFilter", file("", #"<object class="GtkAnyFilter"><child><object class="GtkCellRendererText"/></child></object>"#), true),
            ("everyFilter", file("", #"<object class="GtkEveryFilter"><child>\#n<object class="GtkLabel"/></child></object>"#), true),
            ("multiSorter", file("", #"<object class="GtkMultiSorter"><child><object class="GtkBoolFilter"/></child></object>"#), true),
            ("textViewChild", file(#"<child><object class="GtkTextView"><child><object class="GtkButton"/></child></object></child>"#), true),
            ("emojiChild", file(#"<child><object class="GtkMenuButton"><property name="popover"><object class="GtkEmojiChooser"><child><object class="GtkLabel"/></child></object></property></object></child>"#), true),
            ("emojiChildProperty", file(#"<child><object class="GtkMenuButton"><property name="popover"><object class="GtkEmojiChooser"><property name="child">title</property></object></property></object></child>"#), true),
            ("flowBoxChild", file("", #"<object class="GtkFlowBoxChild" id="alone"/>"#), true),
            ("flowBoxChildInAProperty", file(#"<child><object class="GtkButton"><property name="child"><object class="GtkFlowBoxChild"/></property></object></child>"#), true),
            ("listBoxRow", file(#"<child><object class="GtkListBoxRow"/></child>"#), true),
            ("dragIcon", file(#"<child><object class="GtkDragIcon"><child><object class="GtkLabel"/></child></object></child>"#), true),
            ("dragIconAlone", file("", #"<object class="GtkDragIcon"/>"#), true),
            ("overlayLayout", file(#"<child><object class="GtkButton"><property name="layout_manager"><object class="GtkOverlayLayout"/></property></object></child>"#), true),
            ("overlaysLayout", file("", #"<object class="GtkOverlay"><property name="layout-manager"><object class="GtkGridLayout"/></property></object>"#), true),
            // Given by id, as inside (before: headless took it, and the window opened with criticals).
            ("overlayLayoutByID", file(#"<child><object class="GtkButton"><property name="layout-manager">ol</property></object></child>"#,
                                       #"<object class="GtkOverlayLayout" id="ol"/>"#), true),
            ("overlaysLayoutByID", file("", #"<object class="GtkOverlay"><property name="layout_manager"> gl </property></object><object class="GtkGridLayout" id="gl"/>"#), true),
            // What lists the computer's applications (before: the window showed them).
            ("appChooserButton", file(#"<child><object class="GtkAppChooserButton"/></child>"#), true),
            ("appChooserWidget", file("", #"<object class="GtkAppChooserWidget"/>"#), true),
            ("appChooserDialog", file("", #"<object class="GtkAppChooserDialog"/>"#), true),
            // A tree view column's header widget given by id is the column's, not a second widget at the top (before: headless refused the file).
            ("columnWidget", "<interface>\n  <object class=\"GtkBox\"><child><object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object></child>"
                + "<child><object class=\"GtkTreeView\"><child><object class=\"GtkTreeViewColumn\"><property name=\"widget\">header</property></object></child></object></child></object>\n"
                + "  <object class=\"GtkLabel\" id=\"header\"/>\n</interface>\n", false),
            ("assistant", "<interface>\n  <object class=\"GtkAssistant\"><child internal-child=\"action_area\"><object class=\"GtkBox\"><child><object class=\"GtkLabel\" id=\"title\"/></child></object></child></object>\n</interface>\n", true),
            ("dialogTitlebar", "<interface>\n  <object class=\"GtkDialog\"><child type=\"titlebar\"><object class=\"GtkLabel\" id=\"title\"/></child></object>\n</interface>\n", true),
            ("shortcutsWindowChild", "<interface>\n  <object class=\"GtkShortcutsWindow\"><child type=\"overlay\"><object class=\"GtkLabel\" id=\"title\"/></child></object>\n</interface>\n", true),
            ("shortcutsWindowSections", "<interface>\n  <object class=\"GtkShortcutsWindow\"><child><object class=\"GtkShortcutsSection\"><child><object class=\"GtkShortcutsGroup\">"
                + "<child><object class=\"GtkShortcutsShortcut\"/></child></object></child></object></child><child type=\"titlebar\"><object class=\"GtkHeaderBar\">"
                + "<child><object class=\"GtkLabel\" id=\"heading\"><property name=\"label\">Drawn</property></object></child></object></child></object>\n</interface>\n", false),
            ("shortcutsWindowChildProperty", "<interface>\n  <object class=\"GtkShortcutsWindow\"><property name=\"child\"><object class=\"GtkLabel\" id=\"title\"/></property></object>\n</interface>\n", true),
            // No screen to show: the window refuses the file whole, at no place in it; a window of its own child opens.
            ("emptyWindow", "<interface>\n  <object class=\"GtkWindow\"/>\n  <object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object>\n</interface>\n", true),
            ("controllerWindow", "<interface>\n  <object class=\"GtkApplicationWindow\"><child><object class=\"GtkEventControllerKey\"/></child><child type=\"titlebar\"><object class=\"GtkHeaderBar\"/></child></object>\n</interface>\n", true),
            ("twoWidgets", "<interface>\n  <object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object>\n  <object class=\"GtkBox\"/>\n</interface>\n", true),
            ("noWidget", "<interface>\n  <object class=\"GtkAdjustment\"/>\n</interface>\n", true),
            ("loneWidget", "<interface>\n  <object class=\"GtkBox\"><child><object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object></child></object>\n</interface>\n", false),
            ("controllerAfterChild", "<interface>\n  <object class=\"GtkWindow\"><child><object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object></child><child><object class=\"GtkEventControllerKey\"/></child></object>\n</interface>\n", false),
            ("emptyDialog", "<interface>\n  <object class=\"GtkMessageDialog\"/>\n</interface>\n", false),
            ("emptyAboutDialog", "<interface>\n  <object class=\"GtkAboutDialog\"/>\n</interface>\n", false),
            ("emptyShortcutsWindow", "<interface>\n  <object class=\"GtkShortcutsWindow\"/>\n</interface>\n", false),
            ("listBoxRowAlone", file("", #"<object class="GtkListBoxRow" id="alone"/>"#), true),
            ("linkWithoutURI", file(#"<child><object class="GtkLinkButton"><property name="label">Site</property></object></child>"#), true),
            ("emptyTreeRow", file("", #"<object class="GtkTreeStore"><columns><column type="gint"/></columns><data><row>\#n</row></data></object>"#), true),
            ("emptyInnerTreeRow", file("", #"<object class="GtkTreeStore"><columns><column type="gint"/></columns><data><row><row/></row></data></object>"#), true),
            ("namelessSignal", file(#"<child><object class="GtkShortcutController"><child><object class="GtkShortcut"><property name="action">signal()</property></object></child></object></child>"#), true),
            ("namelessAction", file("", #"<object class="GtkShortcut"><property name="action" bind-source="title" bind-property="label">action()</property></object>"#), true),
            ("read", file(#"<child><object class="GtkLinkButton"><property name="uri">https://example.org</property>"#
                          + #"<property name="tooltip-markup">&lt;a href="mailto:a@b.c"&gt;&lt;span size="12pt" font="Sans 12"&gt;x&lt;/span&gt;&lt;/a&gt;</property></object></child>"#
                          + #"<child><object class="GtkImage"><property name="icon-name">document-open</property>"#
                          + #"<property name="pixel-size">65535</property></object></child>"#
                          + #"<child><object class="GtkLabel"><property name="label">&lt;big&gt;&lt;b&gt;a&lt;/b&gt;&lt;/big&gt; &lt;span rise="-5pt"&gt;b&lt;/span&gt;</property>"#
                          + #"<property name="use-markup">yes</property><attributes><attribute name="scale" value="2"/></attributes></object></child>"#
                          + #"<child><object class="GtkTextView"><property name="input-hints"> spellcheck | GTK_INPUT_HINT_EMOJI</property>"#
                          + #"<property name="justification">3</property><property name="editable">N</property><property name="left-margin">12px</property></object></child>"#
                          + #"<child><object class="GtkFlowBox"><child><object class="GtkFlowBoxChild"/></child></object></child>"#
                          + #"<child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">rotate(720) translate(-65535, .5)</property></layout></object></child></object></child>"#
                          + #"<child><object class="GtkListBox"><child><object class="GtkListBoxRow"/></child></object></child>"#
                          + #"<child><object class="GtkLinkButton"><property name="uri">https://example.com</property></object></child>"#
                          + #"<child><object class="GtkShortcutController"><child><object class="GtkShortcut"><property name="action">signal(activate)</property></object></child></object></child>"#,
                          #"<object class="GtkAnyFilter"><child><object class="GtkBoolFilter"/></child></object>"#
                          + #"<object class="GtkMultiSorter"><child><object class="GtkStringSorter"/></child></object>"#
                          + #"<object class="GtkTreeStore"><columns><column type="gint"/></columns><data><row><row><col id="0">1</col></row></row></data></object>"#
                          + #"<object class="GtkListStore"><columns><column type="gint"/></columns><data><row/></data></object>"#
                          + #"<object class="GtkOverlay"><property name="layout-manager">ol</property></object><object class="GtkOverlayLayout" id="ol"/>"#
                          + #"<object class="GtkBoxLayout" id="bl"/><object class="GtkBox"><property name="layout-manager">bl</property></object>"#
                          + #"<object class="GtkDropDown"><property name="expression"><lookup type="GtkStringObject" name="string"/></property></object>"#
                          + #"<object class="GtkTextTag" id="tag"><property name="foreground-rgba">red</property></object>"#
                          + #"<object class="GtkTextTag"><property name="font-desc" bind-source="tag" bind-property="font-desc"/></object>"#), false),
        ]
        let scratch = try scratchFolder()
        let headlessOnly = ", which behave window refuses, so behave window cannot open it, and headless its controls keep their own values;"
        for (name, text, refused) in files {
            let (scene, told) = try windowVerdict(on: text, named: name, in: scratch)
            XCTAssertEqual(told != nil, refused, "\(name): \(told ?? "opened")")
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning).map(\.message)
            XCTAssertEqual(warnings.count, refused ? 1 : 0, "\(name): \(warnings)")
            // A shortcuts window holds sections alone: no label of its
            // content can be the scene's `title`, so the file is read for
            // its refusal only (a title bar's widget is not the content's).
            guard text.contains(#"id="title""#) else { continue }
            let headless = try SceneLoader.load(file: scene)
            XCTAssertEqual(try headless.scene.control(named: "title")?.value("text") == .string("Drawn"), !refused, name)
            guard let told, let warning = warnings.first else { continue }
            // The window's words and place; Pango's own reason aside, which headless words its own way.
            let window = told.replacingOccurrences(of: #"is not Pango markup: .*"#, with: "is not Pango markup", options: .regularExpression)
            let shown = warning.replacingOccurrences(of: headlessOnly, with: ";")
                .replacingOccurrences(of: #"is not Pango markup: .*"#, with: "is not Pango markup", options: .regularExpression)
            XCTAssertEqual(shown, window, name)
        }
    }

    /// A property given twice to one object that GTK sets as it makes
    /// the object (an expander's `expanded`, `label`): GObject keeps the
    /// first, with a critical ("cannot be set twice"). The window refuses
    /// the file at the second, in the words headless warns in there, and
    /// headless takes nothing of it; spelt another way (`use_markup`,
    /// `use-markup`) it is the same property. Another property given
    /// twice (a label's `label`: GTK keeps the last, as headless does),
    /// and one property of two objects, open in both. Before: the window
    /// kept the first expanded with GTK's critical, and headless the last.
    func testAPropertyGivenTwiceIsRefusedAtTheSecondInBothWords() throws {
        func file(_ object: String, title: String = "<property name=\"label\">Drawn</property>") -> String {
            "<interface>\n  <object class=\"GtkWindow\"><child><object class=\"GtkBox\">\n"
                + "    <child><object class=\"GtkLabel\" id=\"title\">\(title)</object></child>\n"
                + "\(object)\n  </object></child></object>\n</interface>\n"
        }
        let files: [(name: String, text: String, refused: (property: String, className: String, lines: (Int, Int))?)] = [
            ("expanded", file("    <child><object class=\"GtkExpander\">\n      <property name=\"expanded\">true</property>\n"
                              + "      <property name=\"expanded\">false</property>\n    </object></child>"),
             ("expanded", "GtkExpander", (5, 6))),
            ("label", file("    <child><object class=\"GtkExpander\"><property name=\"label\">one</property>\n"
                           + "      <property name=\"expanded\">1</property><property name=\"label\">two</property></object></child>"),
             ("label", "GtkExpander", (4, 5))),
            ("spelt", file("    <child><object class=\"GtkExpander\"><property name=\"use_markup\">1</property>\n"
                           + "      <property name=\"use-markup\">0</property></object></child>"),
             ("use-markup", "GtkExpander", (4, 5))),
            ("lastLabel", file("", title: "<property name=\"label\">First</property><property name=\"label\">Drawn</property>"), nil),
            ("twoObjects", file("    <child><object class=\"GtkExpander\"><property name=\"expanded\">true</property></object></child>\n"
                                + "    <child><object class=\"GtkExpander\"><property name=\"expanded\">true</property></object></child>"), nil),
        ]
        let scratch = try scratchFolder()
        let headlessOnly = ", which behave window refuses, so behave window cannot open it, and headless its controls keep their own values;"
        for (name, text, refused) in files {
            let (scene, told) = try windowVerdict(on: text, named: name, in: scratch)
            XCTAssertEqual(told != nil, refused != nil, "\(name): \(told ?? "opened")")
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning).map(\.message)
            XCTAssertEqual(warnings.count, refused != nil ? 1 : 0, "\(name): \(warnings)")
            let headless = try SceneLoader.load(file: scene)
            XCTAssertEqual(try headless.scene.control(named: "title")?.value("text") == .string("Drawn"), refused == nil, name)
            guard let refused, let told, let warning = warnings.first else { continue }
            XCTAssertTrue(told.contains(".ui:\(refused.lines.1):") && told.contains(
                "`\(refused.property)` is given twice to a \(refused.className) (first on line \(refused.lines.0))")
                && told.hasSuffix("; remove one of them"), "\(name): \(told)")
            XCTAssertEqual(warning.replacingOccurrences(of: headlessOnly, with: ";"), told, name)
        }
    }

    /// A name of 200 KB in a file the window refuses (no class of that
    /// name) is cut in the message, about an ellipsis, as headless cuts
    /// it. Before: the window's message held it whole.
    func testALongNameIsCutInTheWindowsMessage() throws {
        let long = "Gtk" + String(repeating: "Q", count: 200_000)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("behave-long-\(UUID().uuidString).ui")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("<interface><object class=\"\(long)\" id=\"title\"/></interface>".utf8).write(to: scratch)
        do {
            _ = try GtkHost(interface: scratch.path, styles: GtkStyles())
            XCTFail("the window opened a file of no such class")
        } catch {
            XCTAssertLessThan(error.message.count, 1000, String(error.message.prefix(300)))
            XCTAssertTrue(error.message.contains("QQQ…QQQ"), String(error.message.prefix(300)))
        }
    }

    /// Each class headless reads as one of its parents is that parent's
    /// subclass to GTK.
    func testTheSubclassesHeadlessKnowsAreGtks() throws {
        let builder = gtk_builder_new()
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        for (child, parent) in InterfaceDrawing.parents {
            let type = gtk_builder_get_type_from_name(builder, child), parentType = gtk_builder_get_type_from_name(builder, parent)
            XCTAssertNotEqual(type, 0, child)
            XCTAssertTrue(g_type_is_a(type, parentType) != 0, "\(child) is a \(parent)")
        }
    }

    /// What shared.ui's controls read, in both: objects shared and named
    /// before they are drawn are GtkBuilder's one object, set in its order.
    func testSharedAndLaterObjectsAreReadInGtkBuildersOrder() throws {
        let headless = try SceneLoader.load(file: folder.appendingPathComponent("shared.scene.yaml").path)
        let read = { (name: String, property: String) in try headless.scene.control(named: name)?.value(property) }
        XCTAssertEqual(try read("volume", "value"), .number(15))
        XCTAssertEqual(try read("volumeNumber", "maximumValue"), .number(100))
        XCTAssertEqual(try read("later", "value"), .number(10))
        XCTAssertEqual(try read("early", "value"), .number(60))
        XCTAssertEqual(try read("owner", "value"), .number(60))
        for name in ["first", "second", "cut"] { XCTAssertEqual(try read(name, "text"), .string("typed"), name) }
        XCTAssertEqual(try read("laterBuffered", "text"), .string("the later buffer"))
        XCTAssertEqual(try read("poem", "text"), .string("Two\nlines"))
        XCTAssertEqual(try read("address", "text"), .string("one\ntwo"))
    }

    /// Every property a GTK binding adopts from its widget is one the
    /// headless table reads, for the classes the GTK host binds to that
    /// control type, and the fixture draws every class of the table.
    func testTheHeadlessTableCoversEveryPropertyTheBindingsAdopt() throws {
        let host = try GtkHost(interface: nil, styles: GtkStyles())
        let table = InterfaceDrawing.drawnClasses
        let fixture = try String(contentsOf: folder.appendingPathComponent("drawn.ui"), encoding: .utf8)
        for kind in GtkControlKind.all {
            let view = try XCTUnwrap(ControlTypes.named(kind.controlType)).makeControl(named: "probe\(kind.controlType)")
            host.bind(view)
            let widget = try XCTUnwrap(view.widget, kind.controlType)
            let adopted = Set(view.schema.properties.filter { !$0.isReadOnly && widget.drawnValue(of: $0) != nil }.map(\.name))
            let rows = table.filter { $0.controlType == kind.controlType }
            XCTAssertEqual(rows.map(\.className).joined(separator: " or "), adopted.isEmpty ? "" : kind.classes, kind.controlType)
            for row in rows {
                XCTAssertEqual(Set(row.properties), adopted, "\(row.className) as a \(kind.controlType)")
                XCTAssertTrue(fixture.contains("class=\"\(row.className)\""), "drawn.ui draws a \(row.className)")
            }
        }
    }

    private func notes(_ scene: Scene) -> [String] {
        scene.trace.entries.filter { $0.kind == .note }.map(\.message)
    }
}
