import Foundation
import XCTest

/// A scene's `.ui` file is untrusted input: GtkBuilder's usual scope would
/// let it call any C function of the program (a `<signal>` on a click, a
/// `type-func` while loading), and some properties read any host file.
/// Each such file is refused before anything is shown, with the file, the
/// line and the fix; nothing of it runs.
final class HostileInterfaceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scene"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `scene/NAME.ui`, Fixtures/Hostile's window holding `content`
    /// (at line 7) and `extra` beside it, and its scene, which binds its
    /// button `go` and names `ui` (NAME.ui if not given); the scene's path.
    private func scene(_ name: String, _ content: String, ui: String? = nil, extra: String = "") throws -> String {
        let window = try String(contentsOf: fixtures("Hostile/window.ui"), encoding: .utf8)
        try window.replacingOccurrences(of: "<!-- content -->", with: content).replacingOccurrences(of: "<!-- extra -->", with: extra)
            .write(to: folder.appendingPathComponent("scene/\(name).ui"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("scene/\(name).scene.yaml")
        try String(contentsOf: fixtures("Hostile/window.scene.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "ui: window.ui", with: "ui: \(ui ?? name + ".ui")")
            .write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    private func assertRefused(_ scene: String, _ expected: [String], driver: WindowDriver,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let (status, output) = try driver.runToTheEnd(scene)
        XCTAssertEqual(status, 2, output, file: file, line: line)
        for text in expected { XCTAssertTrue(output.contains(text), "\(text) in:\n\(output)", file: file, line: line) }
        XCTAssertFalse(output.contains("WARNING") || output.contains("CRITICAL"), output, file: file, line: line)
    }

    func testASignalHandlerIsRefusedNotCalledOnAClick() throws {
        let driver = try WindowDriver()
        // Before: the window opened, and a click on Go called libc's abort.
        try assertRefused(scene("signal", #"        <child><object class="GtkButton"><signal name="clicked" handler="abort"/></object></child>"#),
                          ["signal.ui:7:", #"<signal name="clicked" handler="abort">"#, "remove the <signal> element"],
                          driver: driver)
        // The file's text reaches the message on one line: no line of its own.
        let (_, output) = try driver.runToTheEnd(scene("forge", #"        <child><object class="GtkButton"><signal name="clicked" handler="a&#10;[0s] forged&#27;[2J"/></object></child>"#))
        XCTAssertTrue(output.contains(#"handler="a\n[0s] forged\27[2J">"#), output)
        XCTAssertFalse(output.contains("\n[0s] forged") || output.contains("\u{1B}"), output)
        // So do the scene's own names, as `behave run` prints them.
        let named = try scene("named", "", ui: #""a\n[0s] forged\e[2J""#)
        let (_, printed) = try driver.runToTheEnd(named)
        XCTAssertTrue(printed.contains(#"not `a\n[0s] forged\27[2J`"#), printed)
        XCTAssertFalse(printed.contains("\n[0s] forged") || printed.contains("\u{1B}"), printed)
        try assertRefused(scene("closure", """
                    <child><object class="GtkLabel"><binding name="label">
                      <closure type="gchararray" function="getenv"><constant type="gchararray">HOME</constant></closure>
                    </binding></object></child>
            """), ["closure.ui:8:", #"<closure function="getenv">"#], driver: driver)
    }

    func testATypeFunctionIsRefusedNotCalledWhileLoading() throws {
        let driver = try WindowDriver()
        // Before: GtkBuilder called abort() while reading the file.
        try assertRefused(scene("typefunc", #"        <child><object class="GtkButton" type-func="abort"/></child>"#),
                          ["typefunc.ui:7:", #"type-func="abort""#, "remove the attribute"], driver: driver)
        // A class name is not guessed into a `*_get_type` symbol either.
        try assertRefused(scene("guess", #"        <child><object class="GModule"/></child>"#),
                          ["guess.ui:7:", "no GTK class is named `GModule`"], driver: driver)
    }

    func testAUiFileOutsideTheScenesFolderIsNotRead() throws {
        let driver = try WindowDriver()
        // The .ui file beside the scene's folder calls abort() when loaded:
        // before, GTK loaded it before the scene's paths were checked.
        _ = try scene("outside", #"        <child><object class="GtkButton" type-func="abort"/></child>"#)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("scene/outside.ui"),
                                         to: folder.appendingPathComponent("outside.ui"))
        let inside = try scene("inside", "", ui: "../outside.ui")
        try assertRefused(inside, ["inside.scene.yaml:2: ../outside.ui: outside the folders the scene may read"], driver: driver)
    }

    func testPropertiesThatReadHostFilesAreRefused() throws {
        let driver = try WindowDriver()
        // Before: /etc/hostname was read as an image (and /dev/zero until
        // the memory ran out).
        try assertRefused(scene("image", #"        <child><object class="GtkImage"><property name="file">/etc/hostname</property></object></child>"#),
                          ["image.ui:7:", "the property `file` of GtkImage reads a file", "images: folder"], driver: driver)
        try assertRefused(scene("picture", #"        <child><object class="GtkPicture"><property name="paintable">/etc/hostname</property></object></child>"#),
                          ["picture.ui:7:", "`paintable` of GtkPicture"], driver: driver)
        try assertRefused(scene("icon", #"        <child><object class="GtkImage"><property name="gicon">/etc/hostname</property></object></child>"#),
                          ["icon.ui:7:", "the icon `/etc/hostname` names a file"], driver: driver)
        // Before: a click handed the link to the desktop (xdg-open), which
        // opens files and runs any scheme's handler.
        try assertRefused(scene("link", #"        <child><object class="GtkLinkButton"><property name="uri">file:///etc/hostname</property></object></child>"#),
                          ["link.ui:7:", "`uri` is `file:///etc/hostname`; a link opens a web page or mail"], driver: driver)
        try assertRefused(scene("anchor", #"        <child><object class="GtkLabel"><property name="use-markup">1</property><property name="label">&lt;a href="ssh://host"&gt;go&lt;/a&gt;</property></object></child>"#),
                          ["anchor.ui:7:", "the label (use-markup is on) links to `ssh://host`"], driver: driver)
        // A web link, in markup GTK reads (Pango alone has no <a>), is fine.
        try driver.open(scene("web", #"        <child><object class="GtkLabel"><property name="use-markup">1</property><property name="label">See &lt;a href="https://example.com"&gt;&lt;b&gt;the site&lt;/b&gt;&lt;/a&gt;</property></object></child>"#))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
        // An object that reads files or builds more objects from text with
        // GTK's usual scope (its own <signal>s included).
        try assertRefused(scene("factory", "", extra: #"  <object class="GtkBuilderListItemFactory" id="f"><property name="bytes">x</property></object>"#),
                          ["factory.ui:", "`GtkBuilderListItemFactory` is neither a widget nor one of the objects"], driver: driver)
        try assertRefused(scene("bookmarks", "", extra: #"  <object class="GtkDirectoryList" id="d"/>"#),
                          ["`GtkDirectoryList` is neither a widget"], driver: driver)
        // Before: a file chooser listed the computer's folders (and its
        // dialog as the screen was shown).
        try assertRefused(scene("chooser", #"        <child><object class="GtkFileChooserWidget"/></child>"#),
                          ["chooser.ui:7:", "`GtkFileChooserWidget` lists the computer's folders and files, as a directory list does",
                           "remove it (Behave shows images from the scene's images: folder)"], driver: driver)
        // Before: a custom layout, which lays out by functions of the
        // program, crashed GTK 4.8 without them.
        try assertRefused(scene("custom", #"        <child><object class="GtkLabel"><property name="layout-manager"><object class="GtkCustomLayout"/></property></object></child>"#),
                          ["custom.ui:7:", "`GtkCustomLayout` lays a widget out by functions of the program, which a file cannot give",
                           "remove it (a widget's own layout, or a GtkBoxLayout, GtkGridLayout or GtkConstraintLayout, lays it out)"], driver: driver)
        let dialog = try scene("dialog", "")
        let ui = folder.appendingPathComponent("scene/dialog.ui")
        try String(contentsOf: ui, encoding: .utf8)
            .replacingOccurrences(of: #"<object class="GtkWindow" id="window">"#, with: #"<object class="GtkFileChooserDialog" id="window">"#)
            .write(to: ui, atomically: true, encoding: .utf8)
        try assertRefused(dialog, ["dialog.ui:4:1:", "`GtkFileChooserDialog` lists the computer's folders and files"], driver: driver)
    }

    func testAValueGtkWouldWarnAboutRefusesTheFile() throws {
        let driver = try WindowDriver()
        // Before: GLib warned on stderr and the window opened without it.
        try assertRefused(scene("range", #"        <child><object class="GtkLabel"><property name="width-chars">-7</property></object></child>"#),
                          ["range.ui: value \"-7\"", "width-chars"], driver: driver)
    }

    func testNumbersAndTextSizesPastWhatGtkLaysOutAreRefused() throws {
        let driver = try WindowDriver()
        // Before: GtkBoxLayout aborted on its assertion at the first frame.
        try assertRefused(scene("spacing", #"        <child><object class="GtkBox"><property name="spacing">0x7fffffff</property><child><object class="GtkLabel"/></child><child><object class="GtkLabel"/></child></object></child>"#),
                          ["spacing.ui:7:", "`spacing` is 0x7fffffff", "at most 65535"], driver: driver)
        // Before: GTK 4.8 hung on a fixed child's angle past about 8.6e9 degrees.
        try assertRefused(scene("angle", #"        <child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">rotate(1e10)</property></layout></object></child></object></child>"#),
                          ["angle.ui:7:", "`transform` is `rotate(1e10)`, but GTK lays a screen out in C ints, and the numbers of a transform "
                            + "here are at most 65535", "give smaller ones"], driver: driver)
        // GTK reads 0e400 as NaN (0 × 10^400) and wraps a long exponent: before, behave window
        // stopped on GTK's assertion (an angle of NaN), and hung on the wrapped one.
        for (name, angle) in [("nan", "0e400"), ("wrapped", "1e-10000000000000000000")] {
            try assertRefused(scene(name, #"        <child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">rotate(\#(angle))</property></layout></object></child></object></child>"#),
                              ["\(name).ui:7:", "`transform` is `rotate(\(angle))`", "stops the program on one it reads as no number",
                               "give smaller ones"], driver: driver)
        }
        // Before: Pango's criticals and warnings on stderr, and no text.
        try assertRefused(scene("span", #"        <child><object class="GtkLabel"><property name="label">&lt;span size="2147483647"&gt;X&lt;/span&gt;</property><property name="use-markup">yes</property></object></child>"#),
                          ["span.ui:7:", "the label (use-markup is on) gives a size past what Pango lays out"], driver: driver)
        try assertRefused(scene("scale", #"        <child><object class="GtkLabel"><attributes><attribute name="scale" value="1e9"/></attributes></object></child>"#),
                          ["scale.ui:7:", "the attribute `scale` gives a scale"], driver: driver)
        // Before: a wrapping label of 5 MB made each frame take seconds.
        let long = String(repeating: "word ", count: 2001)
        try assertRefused(scene("long", #"        <child><object class="GtkLabel"><property name="wrap">true</property><property name="label">\#(long)</property></object></child>"#),
                          ["long.ui:7:", "`label` holds 10005 characters; a label shows at most 10000"], driver: driver)
        // Before: GTK warned that it could not set the text, and showed none.
        try assertRefused(scene("markup", #"        <child><object class="GtkLabel"><property name="use-markup">true</property><property name="label">&lt;b&gt;open</property></object></child>"#),
                          ["markup.ui:7:", "the label (use-markup is on) is not Pango markup"], driver: driver)
    }

    func testOneWindowIsTheScreenAndControlsAreInsideIt() throws {
        let driver = try WindowDriver()
        // Before: the second window could be the one shown (GtkBuilder's
        // objects have no order), and a control bound in it was never seen.
        try assertRefused(scene("second", "", extra: """
              <object class="GtkWindow" id="other"><property name="visible">true</property></object>
            """), ["second.ui:", "a second window (GtkWindow)"], driver: driver)
        // A drag icon is a root of its own, as a window is. Before: GTK 4.8
        // stopped the program on one holding a child in a box (an assertion).
        try assertRefused(scene("drag", #"        <child><object class="GtkDragIcon"><child><object class="GtkLabel"/></child></object></child>"#),
                          ["drag.ui:7:45:", "`GtkDragIcon` is the surface GTK makes for a drag, which a screen does not hold", "remove it"],
                          driver: driver)
        let path = try scene("apart", "", extra: #"  <object class="GtkButton" id="loose"/>"#)
        try "screen: S\nui: apart.ui\ncontrols:\n  loose: { type: Button }\n".write(toFile: path, atomically: true, encoding: .utf8)
        try assertRefused(path, ["apart.scene.yaml:4: control `loose`: `loose` in apart.ui is not inside the screen's window"],
                          driver: driver)
    }

    /// An abstract class (GtkWidget, a cell renderer) is refused at its
    /// line. Before: GtkBuilder asked GObject for one, and behave window
    /// crashed.
    func testAnAbstractClassIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        try assertRefused(scene("abstract", #"        <child><object class="GtkWidget" id="plain"/></child>"#),
                          ["abstract.ui:7:", "`GtkWidget` is a kind of object GTK cannot make on its own"], driver: driver)
        try assertRefused(scene("renderer", #"        <child><object class="GtkCellRenderer"/></child>"#),
                          ["renderer.ui:7:", "`GtkCellRenderer` is a kind of object"], driver: driver)
    }

    /// A list or tree store's <data> before any <column> of its <columns>
    /// is refused at its line. Before: GTK 4.8 stopped the program on it
    /// ("Cannot append data to an empty model", a g_error), and behave
    /// window died of a trap.
    func testAStoresDataWithoutItsColumnsIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        try assertRefused(scene("store", "", extra: #"  <object class="GtkListStore"><data/></object>"#),
                          ["store.ui:11:", "a GtkListStore's <data> comes before any <column> of its <columns>",
                           "give the store its <columns> before its <data>"], driver: driver)
        try assertRefused(scene("tree", "", extra: #"  <object class="GtkTreeStore"><columns/><data><row><col id="0">a</col></row></data><columns><column type="gchararray"/></columns></object>"#),
                          ["tree.ui:11:", "a GtkTreeStore's <data> comes before any <column>"], driver: driver)
    }

    /// Grids whose rows and columns, first to last, number more than GTK
    /// lays out on its stack are refused at the outer object. Before: a
    /// grid's children at columns -150,000 and 150,000 overflowed the
    /// stack, and at -2,000,000,000 and 2,000,000,000 GTK read past it, and
    /// behave window crashed.
    func testGridsPastWhatGtkLaysOutAreRefusedNotACrash() throws {
        let driver = try WindowDriver()
        let grid = { (from: Int, to: Int) in
            #"        <child><object class="GtkGrid"><child><object class="GtkLabel"><layout><property name="column">\#(from)</property></layout></object></child><child><object class="GtkLabel"><layout><property name="column">\#(to)</property></layout></object></child></object></child>"#
        }
        try assertRefused(scene("wide", grid(-150_000, 150_000)),
                          ["wide.ui:7:", "the grids from this object in span 300002 rows and columns",
                           "place the children at smaller columns and rows (at most 50000 in all)"], driver: driver)
        try assertRefused(scene("far", grid(-2_000_000_000, 2_000_000_000)),
                          ["far.ui:7:", "span 4000000002 rows and columns"], driver: driver)
    }

    /// A notebook's tab before any page is refused at its line. Before:
    /// GTK 4.8 asserted a page to give it to, and behave window aborted.
    func testANotebooksTabBeforeAnyPageIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        try assertRefused(scene("tab", #"        <child><object class="GtkNotebook"><child type="tab"><object class="GtkLabel"/></child><child><object class="GtkLabel"/></child></object></child>"#),
                          ["tab.ui:7:", #"a GtkNotebook's <child type="tab"> comes before any page"#,
                           "give the page's <child> before its tab"], driver: driver)
    }

    /// A stack page without its child, or whose child is not a widget, is
    /// refused at its line. Before: GTK 4.8 stopped the program ("is
    /// missing a child widget"), and behave window died of a trap.
    func testAStackPageWithoutAWidgetIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        let page = { (properties: String) in
            #"        <child><object class="GtkStack"><child><object class="GtkStackPage"><property name="name">a</property>\#(properties)</object></child></object></child>"#
        }
        try assertRefused(scene("page", page("")),
                          ["page.ui:7:", "a GtkStackPage without its `child`",
                           #"give it a <property name="child"> holding the page's widget"#], driver: driver)
        try assertRefused(scene("adjusted", page(#"<property name="child">range</property>"#), extra: #"  <object class="GtkAdjustment" id="range"/>"#),
                          ["adjusted.ui:7:", "a page's child is `range`, which is a GtkAdjustment, not a widget"], driver: driver)
    }

    /// A constraint whose target or source is an object that is not a
    /// widget (nor a guide) is refused at its line. Before: GTK 4.8 made
    /// no constraint of it and crashed on that.
    func testAConstraintOnAnObjectThatIsNotAWidgetIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        let constrained = { (target: String, source: String) in
            #"        <child><object class="GtkBox"><child><object class="GtkLabel" id="text"/></child><property name="layout-manager"><object class="GtkConstraintLayout"><constraints><constraint target="\#(target)" target-attribute="width" relation="eq" source="\#(source)" source-attribute="width" constant="10"/></constraints></object></property></object></child>"#
        }
        let range = #"  <object class="GtkAdjustment" id="range"/>"#
        try assertRefused(scene("source", constrained("text", "range"), extra: range),
                          ["source.ui:7:", "a <constraint>'s source is `range`, which is a GtkAdjustment, not a widget or a guide",
                           "name a widget"], driver: driver)
        try assertRefused(scene("target", constrained("range", "super"), extra: range),
                          ["target.ui:7:", "a <constraint>'s target is `range`"], driver: driver)
    }

    /// A combo box with an entry whose entry-text-column is not a text
    /// column of its model (none given: -1) is refused at its line. Before:
    /// GTK 4.8 read the row's text from it as a string, and behave window
    /// crashed as the row was chosen.
    func testAComboEntryOnAColumnThatIsNotTextIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        let choices = #"  <object class="GtkListStore" id="choices"><columns><column type="gchararray"/><column type="gint"/></columns><data><row><col id="0">Tea</col><col id="1">1</col></row></data></object>"#
        let combo = { (column: String) in
            #"        <child><object class="GtkComboBox"><property name="has-entry">True</property><property name="model">choices</property>\#(column)<property name="active">0</property></object></child>"#
        }
        try assertRefused(scene("unset", combo(""), extra: choices),
                          ["unset.ui:7:", "a GtkComboBox with an entry (has-entry) takes each row's text from its entry-text-column, -1,",
                           "give entry-text-column the number of a gchararray column of its model"], driver: driver)
        try assertRefused(scene("number", combo(#"<property name="entry-text-column">1</property>"#), extra: choices),
                          ["number.ui:7:", "its entry-text-column, 1, which is not a text column"], driver: driver)
    }

    /// A widget given by id as its own child, or as the child of a widget
    /// inside it, is refused at its line. Before: GTK 4.8 crashed on a
    /// window that is its own title bar, and looped forever on a scrolled
    /// window given the box it is in.
    func testAWidgetInsideItselfIsRefusedNotACrashNorAHang() throws {
        let driver = try WindowDriver()
        let own = try scene("own", "")
        let ui = folder.appendingPathComponent("scene/own.ui")
        try String(contentsOf: ui, encoding: .utf8)
            .replacingOccurrences(of: #"id="window">"#, with: #"id="window"><property name="titlebar">window</property>"#)
            .write(to: ui, atomically: true, encoding: .utf8)
        try assertRefused(own, ["own.ui:3:", "`titlebar` is `window`, which is this object or one it is inside",
                                "give it a widget of its own"], driver: driver)
        try assertRefused(scene("loop", #"        <child><object class="GtkBox" id="outer"><child><object class="GtkScrolledWindow"><property name="child">outer</property></object></child></object></child>"#),
                          ["loop.ui:7:", "`child` is `outer`, which is this object or one it is inside"], driver: driver)
        // Before: GTK 4.8 refused a widget another object holds already
        // with a critical on stderr, and a tree expander looped on it.
        try assertRefused(scene("held", #"        <child><object class="GtkFrame"><property name="child">go</property></object></child>"#),
                          ["held.ui:7:65:", "`child` is `go`, which another object holds already (a widget has one parent), on which GTK "
                            + "fails an assertion (a critical)", "give it a widget of its own"], driver: driver)
        try assertRefused(scene("expander", #"        <child><object class="GtkTreeExpander"><property name="child">go</property></object></child>"#),
                          ["expander.ui:7:", "`child` is `go`, which another object holds already"], driver: driver)
    }

    /// A child GTK 4.8 cannot add is refused at its line: any in an
    /// object that takes none (not GtkBuildable), one in a multi filter
    /// that is not a filter (in a multi sorter, not a sorter), a widget
    /// in a text view or an emoji chooser, a flow box child outside a
    /// flow box. Before: behave window aborted on GtkBuilder's assertion
    /// (`GTK_IS_BUILDABLE (parent)`), or crashed.
    func testAChildGtkCannotAddIsRefusedNotACrash() throws {
        let driver = try WindowDriver()
        try assertRefused(scene("adjusted", "", extra: #"  <object class="GtkAdjustment"><child><object class="GtkLabel"/></child></object>"#),
                          ["adjusted.ui:11:66:", "a GtkLabel in a <child> of a GtkAdjustment, which takes no children",
                           "remove the <child>, or give the object to one that takes it"], driver: driver)
        for filter in ["GtkAnyFilter", "GtkEveryFilter"] {
            try assertRefused(scene(filter, "", extra: #"  <object class="\#(filter)"><child><object class="GtkCellRendererText"/></child></object>"#),
                              ["\(filter).ui:11:", "a GtkCellRendererText in a <child> of a \(filter), which takes only a GtkFilter",
                               "give it a GtkFilter, or remove the <child>"], driver: driver)
        }
        try assertRefused(scene("sorter", "", extra: #"  <object class="GtkMultiSorter"><child><object class="GtkCellRendererText"/></child></object>"#),
                          ["sorter.ui:11:78:", "which takes only a GtkSorter", "give it a GtkSorter"], driver: driver)
        // Before: GTK 4.8 looped for ever (the window never read its
        // SIGTERM), or crashed, on a widget in a text view or an emoji
        // chooser, and on a flow box child outside a flow box.
        try assertRefused(scene("text", #"        <child><object class="GtkTextView"><child><object class="GtkLabel"/></child></object></child>"#),
                          ["text.ui:7:77:", "a GtkLabel in a <child> of a GtkTextView, on which GTK loops for ever", "remove the <child>"],
                          driver: driver)
        let chooser = #"        <child><object class="GtkMenuButton"><property name="popover"><object class="GtkEmojiChooser">"#
        try assertRefused(scene("emoji", chooser + #"<child><object class="GtkLabel"/></child></object></property></object></child>"#),
                          ["emoji.ui:7:136:", "a GtkLabel in a <child> of a GtkEmojiChooser, on which GTK crashes"], driver: driver)
        try assertRefused(scene("emojiChild", chooser + #"<property name="child"><object class="GtkLabel"/></property></object></property></object></child>"#),
                          ["emojiChild.ui:7:127:", "`child` of GtkEmojiChooser, on which GTK crashes", "remove the property"], driver: driver)
        let flowBoxChild = #"<object class="GtkFlowBoxChild"><child><object class="GtkLabel"/></child></object>"#
        try assertRefused(scene("flow", "        <child>\(flowBoxChild)</child>"),
                          ["flow.ui:7:49:", "a GtkFlowBoxChild outside a GtkFlowBox (not in a <child> of one), on which GTK crashes as it takes the focus",
                           "give it in a <child> of a GtkFlowBox, or give its child in place of it"], driver: driver)
        // What each takes opens.
        try driver.open(scene("taken", #"        <child><object class="GtkFlowBox"><child>\#(flowBoxChild)</child></object></child>"#
                                + #"<child><object class="GtkTextView"><child><object class="GtkGestureClick"/></child></object></child>"#,
                              extra: #"  <object class="GtkAnyFilter"><child><object class="GtkBoolFilter"/></child></object>"#
                                + #"<object class="GtkMultiSorter"><child><object class="GtkStringSorter"/></child></object>"#))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A list box row outside a list box, a link button without its uri,
    /// an overlay's layout on another widget (another's on an overlay) are
    /// refused at their lines. Before: behave window opened, and GTK 4.8
    /// failed an assertion (a critical on stderr) as the row took the
    /// focus, as the link button was clicked, as the widget was laid out.
    func testWhatGtkFailsAnAssertionOnIsRefusedNotACritical() throws {
        let driver = try WindowDriver()
        try assertRefused(scene("row", #"        <child><object class="GtkListBoxRow"><child><object class="GtkLabel"/></child></object></child>"#),
                          ["row.ui:7:47:", "a GtkListBoxRow outside a GtkListBox (not in a <child> of one), on which GTK fails an "
                            + "assertion (a critical) as it takes the focus",
                           "give it in a <child> of a GtkListBox, or give its child in place of it"], driver: driver)
        try assertRefused(scene("link", #"        <child><object class="GtkLinkButton"><property name="label">Site</property></object></child>"#),
                          ["link.ui:7:", "a GtkLinkButton without its `uri`, on which GTK fails an assertion (a critical) when it is clicked",
                           #"give it a <property name="uri"> (a web page or mail: http, https, mailto)"#], driver: driver)
        // Before: GTK 4.8 cast an overlay's layout to another widget, or an
        // overlay's children's layout to another layout's, and failed (criticals).
        try assertRefused(scene("overlaid", #"        <child><object class="GtkLabel"><property name="layout-manager"><object class="GtkOverlayLayout"/></property></object></child>"#),
                          ["overlaid.ui:7:", "a GtkOverlayLayout as the `layout-manager` of a GtkLabel, on which GTK fails an assertion (a critical) "
                            + "as it lays it out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else)", "remove the property"], driver: driver)
        try assertRefused(scene("overlay", #"        <child><object class="GtkOverlay"><property name="layout-manager"><object class="GtkBoxLayout"/></property><child><object class="GtkLabel"/></child></object></child>"#),
                          ["overlay.ui:7:", "a GtkBoxLayout as the `layout-manager` of a GtkOverlay"], driver: driver)
        // In a list box, and with its uri, each opens.
        try driver.open(scene("taken", #"        <child><object class="GtkListBox"><child><object class="GtkListBoxRow"/></child></object></child>"#
                                + #"<child><object class="GtkLinkButton"><property name="uri">https://example.com</property></object></child>"#))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A tree store's row with neither a value nor a row in it, and a
    /// shortcut's action that names no signal or action, are refused at
    /// their lines. Before: GTK 4.8 crashed on the row as it read the
    /// file, and stopped the program on the action (an assertion).
    func testAnEmptyTreeRowAndANamelessShortcutActionAreRefusedNotACrash() throws {
        let driver = try WindowDriver()
        let store = { (data: String) in
            #"  <object class="GtkTreeStore"><columns><column type="gchararray"/></columns><data>\#(data)</data></object>"#
        }
        try assertRefused(scene("row", "", extra: store("<row/>")),
                          ["row.ui:11:91:", "a GtkTreeStore's <row> holds neither a <col> nor a <row>, on which GTK crashes",
                           #"give it its values (<col id="0">…</col>), or remove it"#], driver: driver)
        try assertRefused(scene("inner", "", extra: store(#"<row><col id="0">a</col><row> </row></row>"#)),
                          ["inner.ui:11:121:", "a GtkTreeStore's <row> holds neither"], driver: driver)
        let shortcut = { (action: String) in
            #"        <child><object class="GtkShortcutController"><child><object class="GtkShortcut"><property name="trigger">Tab</property>"#
                + #"<property name="action">\#(action)</property></object></child></object></child>"#
        }
        try assertRefused(scene("signal", shortcut("signal()")),
                          ["signal.ui:7:", "`action` of GtkShortcut is `signal()`, which names no signal, on which GTK stops the program (an assertion)",
                           "name the signal, as in signal(activate)"], driver: driver)
        try assertRefused(scene("action", shortcut("action()")),
                          ["action.ui:7:", "`action` of GtkShortcut is `action()`, which names no action", "name the action, as in action(window.close)"],
                          driver: driver)
        // Rows nested without values of their own, and named actions, open.
        try driver.open(scene("taken", shortcut("signal(activate)"), extra: store(#"<row><row><col id="0">a</col></row></row>"#)))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A dialog's title bar that is not a header bar, a widget other than
    /// a section in a shortcuts window, an assistant without a page (the
    /// screen, each), are refused at their lines. Before: GTK 4.8 crashed
    /// on the title bar (the dialog packs into it as into a header bar),
    /// and failed an assertion (a critical on stderr) as the shortcuts
    /// window closed, and as the assistant's Back button was clicked.
    func testAScreenGtkCrashesOrFailsAnAssertionOnIsRefused() throws {
        let driver = try WindowDriver()
        // The file's window as `window`, `inside` first in it.
        let screen = { (name: String, window: String, inside: String) throws -> String in
            let path = try self.scene(name, "")
            let ui = self.folder.appendingPathComponent("scene/\(name).ui")
            try String(contentsOf: ui, encoding: .utf8)
                .replacingOccurrences(of: #"<object class="GtkWindow" id="window">"#, with: #"<object class="\#(window)" id="window">\#(inside)"#)
                .write(to: ui, atomically: true, encoding: .utf8)
            return path
        }
        try assertRefused(screen("dialog", "GtkDialog", #"<child type="titlebar"><object class="GtkLabel"/></child>"#),
                          ["dialog.ui:3:90:", #"a GtkLabel as the <child type="titlebar"> of a GtkDialog, which takes it for a header bar, on which GTK crashes"#,
                           #"give a GtkHeaderBar, or give it as the dialog's <property name="titlebar">"#], driver: driver)
        try assertRefused(screen("message", "GtkMessageDialog", #"<child type="titlebar"><object class="GtkBox"/></child>"#),
                          ["message.ui:3:", "a GtkBox as the <child type=\"titlebar\"> of a GtkMessageDialog"], driver: driver)
        try assertRefused(screen("shortcuts", "GtkShortcutsWindow", ""),
                          ["shortcuts.ui:6:1:", "a GtkBox in a <child> of a GtkShortcutsWindow, on which GTK fails an assertion (a critical) "
                            + "as it closes (the child takes the place of the window's own sections)", "remove the <child>"], driver: driver)
        // Before: an assistant without a page showed its Back button, and
        // GTK 4.8 failed an assertion (a critical) when it was clicked.
        let assistant = try screen("assistant", "GtkAssistant", "")
        let ui = folder.appendingPathComponent("scene/assistant.ui")
        try String(contentsOf: ui, encoding: .utf8).replacingOccurrences(of: "    <child>\n", with: "    <child internal-child=\"action_area\">\n")
            .write(to: ui, atomically: true, encoding: .utf8)
        try assertRefused(assistant, ["assistant.ui:11:1:", "a GtkAssistant without a page (a <child> of it), on which GTK fails an assertion "
                                        + "(a critical) when its Back button is clicked", "give it its pages, each in a <child>"], driver: driver)
        // A header bar as a dialog's title bar opens, and an assistant with a page.
        try driver.open(screen("header", "GtkDialog", #"<child type="titlebar"><object class="GtkHeaderBar"/></child>"#))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
        try driver.open(screen("paged", "GtkAssistant", ""))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    func testBytesThatAreNotMarkupAreRefused() throws {
        let driver = try WindowDriver()
        // GTK's precompiled format would pass by the scan: not read at all.
        let path = try scene("binary", "")
        try Data([0x47, 0x42, 0x55, 0x00, 0x01, 0x02]).write(to: folder.appendingPathComponent("scene/binary.ui"))
        try assertRefused(path, ["binary.ui:"], driver: driver)
        // Nesting deeper than a screen needs (GTK's layout recurses).
        let deep = String(repeating: "<child><object class=\"GtkBox\">", count: 300) + String(repeating: "</object></child>", count: 300)
        try assertRefused(scene("deep", deep), ["deep.ui:", "nested more than 256 deep"], driver: driver)
    }
}
