@testable import BehaveScene
import BehaveCore
import Foundation
import XCTest

/// What behave window's pre-scan refuses in a `.ui` file though GtkBuilder
/// would read it (what calls into the program, a second window, what reads
/// host files or follows a link off the web, markup Pango cannot read,
/// numbers and text past what GTK lays out) is warned of headless, as
/// `behave check` shows it, in the window's words, at its line and column,
/// with its fix; the controls take nothing of the file. Before: headless
/// took each file's values with no word, and only the window refused it.
final class InterfaceWindowPolicyTests: XCTestCase {
    private var loaded: [LoadedScene] = []

    /// The coffee file with `from` written as `to`: the warnings `behave
    /// check` gives of its scene, and the volume's maximum headless.
    private func check(_ from: String, _ to: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> (warnings: [String], maximum: Value?) {
        let coffee = InterfaceDrawingTests.coffee
        XCTAssertTrue(coffee.contains(from), from, file: file, line: line)
        let ui = coffee.replacingOccurrences(of: from, with: to)
        let fixture = try SceneFixture(["coffee.scene.yaml": "screen: Coffee\nui: coffee.ui\ncontrols:\n  volume: { type: Slider }\n",
                                        "coffee.ui": ui])
        let warnings = SceneLoader.inspect(file: fixture.path("coffee.scene.yaml")).filter(\.isWarning)
        XCTAssertEqual(warnings.map(\.line), warnings.isEmpty ? [] : [2], file: file, line: line)
        let scene = try SceneLoader.load(file: fixture.path("coffee.scene.yaml"))
        loaded.append(scene)
        return (warnings.map(\.message), try scene.scene.control(named: "volume")?.value("maximumValue"))
    }

    /// Refused: one warning, `told` (the window's words, at its line and
    /// column), then why headless takes nothing, then `fix`.
    private func assertRefused(_ from: String, _ to: String, _ told: String, fix: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let (warnings, maximum) = try check(from, to, file: file, line: line)
        XCTAssertEqual(maximum, .number(1), told, file: file, line: line)
        XCTAssertEqual(warnings.count, 1, "\(warnings)", file: file, line: line)
        let message = warnings.first ?? ""
        XCTAssertTrue(message.hasPrefix(told + ", which behave window refuses, so behave window cannot open it, and headless its "
                                        + "controls keep their own values; ") && message.hasSuffix(fix),
                      message, file: file, line: line)
    }

    private let switchChild = #"<child><object class="GtkSwitch""#
    private func before(_ child: String) -> String { child + switchChild }

    /// What would call a C function of the program, as GtkBuilder's usual
    /// scope would (a click on the switch would run `system`).
    func testWhatCallsIntoTheProgramIsRefused() throws {
        try assertRefused(#"<object class="GtkSwitch" id="decaf">"#,
                          #"<object class="GtkSwitch" id="decaf"><signal name="notify::active" handler="system"/>"#,
                          #"coffee.ui:18:101: <signal name="notify::active" handler="system"> would call a C function of the program"#,
                          fix: "Behave wires events in the scene file (connections:, or control:on in a behaviour): remove the <signal> element")
        try assertRefused(#"<property name="active">true</property>"#,
                          #"<binding name="active"><closure type="gboolean" function="abort"/></binding>"#,
                          #"coffee.ui:18:119: <closure function="abort"> would call a C function of the program"#,
                          fix: "remove it (a behaviour computes the value and sets it)")
        // At the start of the next line, as GMarkup counts past a tag that ends one.
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox" type-func="abort">"#,
                          #"coffee.ui:12:1: type-func="abort" names a C function for GTK to call"#,
                          fix: "remove the attribute (the class names the type)")
    }

    /// Properties that read a host file or URI, by name or by type (a
    /// GFile, a paintable), an icon given as a path, and links that are
    /// not to the web, in a property or in markup.
    func testWhatReadsHostFilesOrFollowsOtherLinksIsRefused() throws {
        let images = "Behave shows images from the scene's images: folder (bind the widget to an ImageView or a Button and set its "
            + "image): remove the property"
        try assertRefused(switchChild, before(#"<child><object class="GtkImage"><property name="file">/etc/passwd</property></object></child>"#),
                          "coffee.ui:18:64: the property `file` of GtkImage reads a file or a URI of the computer", fix: images)
        try assertRefused(switchChild, before(#"<child><object class="GtkPicture"><property name="paintable">/etc/passwd</property></object></child>"#),
                          "coffee.ui:18:71: the property `paintable` of GtkPicture reads a file or a URI of the computer", fix: images)
        try assertRefused(switchChild, before(#"<child><object class="GtkImage"><property name="gicon">/etc/hostname</property></object></child>"#),
                          "coffee.ui:18:89: the icon `/etc/hostname` names a file or a URI of the computer",
                          fix: "name a themed icon (document-open), or show an image from the scene's images: folder")
        let web = "a link opens a web page or mail (http, https, mailto)"
        try assertRefused(switchChild, before(#"<child><object class="GtkLinkButton"><property name="uri">file:///etc/hostname</property></object></child>"#),
                          "coffee.ui:18:99: `uri` is `file:///etc/hostname`", fix: web)
        // Checked at the label's end, where its use-markup is known.
        try assertRefused("&lt;b&gt;_Milk&lt;/b&gt;", #"&lt;a href="ssh://host"&gt;_Milk&lt;/a&gt;"#,
                          "coffee.ui:17:19: the label (use-markup is on) links to `ssh://host`", fix: web)
        try assertRefused(#"<property name="active">true</property>"#,
                          #"<property name="active">true</property><property name="tooltip-markup">&lt;a href="smb://x/y"&gt;x&lt;/a&gt;</property>"#,
                          "coffee.ui:18:173: the tooltip-markup links to `smb://x/y`", fix: web)
    }

    /// A second window: Behave shows one, the screen.
    func testASecondWindowIsRefused() throws {
        try assertRefused("</interface>", "  <object class=\"GtkWindow\" id=\"other\"/>\n</interface>",
                          "coffee.ui:36:41: a second window (GtkWindow)",
                          fix: "Behave shows one window, the screen, drawn as the file's GtkWindow (a behaviour's ask shows dialogs): remove it")
        // A drag icon, a root of its own as a window is (GTK 4.8 asserted on one holding a child in a box).
        try assertRefused(switchChild, before(#"<child><object class="GtkDragIcon"><child><object class="GtkLabel"/></child></object></child>"#),
                          "coffee.ui:18:45: `GtkDragIcon` is the surface GTK makes for a drag, which a screen does not hold (GTK stops "
                            + "the program on one in a widget, an assertion)", fix: "remove it")
    }

    /// A child GTK 4.8 cannot add, on which it stops the program, crashes
    /// or loops: any in an object that takes none (not GtkBuildable), one
    /// that is not a filter in a multi filter (not a sorter in a multi
    /// sorter), a widget in a text view or an emoji chooser, a flow box
    /// child outside a flow box. Before: headless took the file, and
    /// behave window aborted on GtkBuilder's assertion, crashed or hung.
    func testAChildGtkCannotAddIsRefused() throws {
        try assertRefused("</interface>", #"  <object class="GtkAdjustment"><child><object class="GtkLabel"/></child></object>"# + "\n</interface>",
                          "coffee.ui:36:66: a GtkLabel in a <child> of a GtkAdjustment, which takes no children (it is not GtkBuildable), "
                            + "on which GTK stops the program (an assertion)",
                          fix: "remove the <child>, or give the object to one that takes it")
        try assertRefused("</interface>", #"  <object class="GtkAnyFilter"><child><object class="GtkCellRendererText"/></child></object>"# + "\n</interface>",
                          "coffee.ui:36:76: a GtkCellRendererText in a <child> of a GtkAnyFilter, which takes only a GtkFilter as a child, "
                            + "on which GTK crashes", fix: "give it a GtkFilter, or remove the <child>")
        try assertRefused("</interface>", #"  <object class="GtkMultiSorter"><child><object class="GtkLabel"/></child></object>"# + "\n</interface>",
                          "coffee.ui:36:67: a GtkLabel in a <child> of a GtkMultiSorter, which takes only a GtkSorter as a child, "
                            + "on which GTK crashes", fix: "give it a GtkSorter, or remove the <child>")
        // A widget a text view or an emoji chooser would hold (GTK looped, crashed).
        try assertRefused(switchChild, before(#"<child><object class="GtkTextView"><child><object class="GtkLabel"/></child></object></child>"#),
                          "coffee.ui:18:77: a GtkLabel in a <child> of a GtkTextView, on which GTK loops for ever (the child laid over the text)",
                          fix: "remove the <child>")
        let chooser = #"<child><object class="GtkMenuButton"><property name="popover"><object class="GtkEmojiChooser">"#
        try assertRefused(switchChild, before(chooser + #"<child><object class="GtkLabel"/></child></object></property></object></child>"#),
                          "coffee.ui:18:136: a GtkLabel in a <child> of a GtkEmojiChooser, on which GTK crashes (the child takes the place "
                            + "of the chooser's own content)", fix: "remove the <child>")
        try assertRefused(switchChild, before(chooser + #"<property name="child">title</property></object></property></object></child>"#),
                          "coffee.ui:18:127: `child` of GtkEmojiChooser, on which GTK crashes (the child takes the place of the chooser's "
                            + "own content)", fix: "remove the property")
        // A flow box child outside a flow box (GTK crashed as it took the focus).
        try assertRefused(switchChild, before(#"<child><object class="GtkFlowBoxChild"/></child>"#),
                          "coffee.ui:18:49: a GtkFlowBoxChild outside a GtkFlowBox (not in a <child> of one), on which GTK crashes as it "
                            + "takes the focus", fix: "give it in a <child> of a GtkFlowBox, or give its child in place of it")
        // A list box row outside a list box (GTK failed an assertion as it took the focus).
        try assertRefused(switchChild, before(#"<child><object class="GtkListBoxRow"/></child>"#),
                          "coffee.ui:18:47: a GtkListBoxRow outside a GtkListBox (not in a <child> of one), on which GTK fails an "
                            + "assertion (a critical) as it takes the focus",
                          fix: "give it in a <child> of a GtkListBox, or give its child in place of it")
        // A dialog's title bar that is no header bar (GTK crashed), a shortcuts window's widget that is no section (a critical).
        try assertRefused(#"<object class="GtkWindow" id="window">"#,
                          #"<object class="GtkDialog" id="window"><child type="titlebar"><object class="GtkLabel"/></child>"#,
                          #"coffee.ui:9:90: a GtkLabel as the <child type="titlebar"> of a GtkDialog, which takes it for a header bar, "#
                            + "on which GTK crashes", fix: #"give a GtkHeaderBar, or give it as the dialog's <property name="titlebar">"#)
        try assertRefused(#"<object class="GtkWindow" id="window">"#, #"<object class="GtkShortcutsWindow" id="window">"#,
                          "coffee.ui:12:1: a GtkBox in a <child> of a GtkShortcutsWindow, on which GTK fails an assertion (a critical) as "
                            + "it closes (the child takes the place of the window's own sections)", fix: "remove the <child>")
        // What each takes is read.
        let (warnings, maximum) = try check("</interface>", #"  <object class="GtkEveryFilter"><child><object class="GtkBoolFilter"/></child></object>"#
                                                + #"<object class="GtkMultiSorter"><child><object class="GtkStringSorter"/></child></object>"#
                                                + #"<object class="GtkFlowBox"><child><object class="GtkFlowBoxChild"/></child></object>"#
                                                + #"<object class="GtkListBox"><child><object class="GtkListBoxRow"/></child></object>"#
                                                + #"<object class="GtkTextView"><child><object class="GtkGestureClick"/></child></object>"# + "\n</interface>")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(maximum, .number(100))
    }

    /// What GTK 4.8 crashes on, stops the program on, or fails an
    /// assertion on as it reads a value: a tree store's row with neither
    /// a value nor a row in it, a shortcut's action of no name, a link
    /// button without its uri (when it is clicked). Before: headless took
    /// each file, and behave window crashed, aborted, or printed a critical.
    func testWhatGtkStopsOnInAValueIsRefused() throws {
        let store = #"<object class="GtkTreeStore"><columns><column type="gint"/></columns><data>"#
        try assertRefused("</interface>", "  " + store + "<row/></data></object>\n</interface>",
                          "coffee.ui:36:85: a GtkTreeStore's <row> holds neither a <col> nor a <row>, on which GTK crashes",
                          fix: #"give it its values (<col id="0">…</col>), or remove it"#)
        try assertRefused("</interface>", "  " + store + #"<row><row></row><col id="0">1</col></row></data></object>"# + "\n</interface>",
                          "coffee.ui:36:95: a GtkTreeStore's <row> holds neither a <col> nor a <row>, on which GTK crashes",
                          fix: #"give it its values (<col id="0">…</col>), or remove it"#)
        let shortcut = #"<object class="GtkShortcut"><property name="action">"#
        try assertRefused("</interface>", "  " + shortcut + "signal()</property></object>\n</interface>",
                          "coffee.ui:36:75: `action` of GtkShortcut is `signal()`, which names no signal, on which GTK stops the "
                            + "program (an assertion)", fix: "name the signal, as in signal(activate)")
        try assertRefused("</interface>", "  " + shortcut + "action()</property></object>\n</interface>",
                          "coffee.ui:36:75: `action` of GtkShortcut is `action()`, which names no action, on which GTK stops the "
                            + "program (an assertion)", fix: "name the action, as in action(window.close)")
        try assertRefused(switchChild, before(#"<child><object class="GtkLinkButton"></object></child>"#),
                          "coffee.ui:18:56: a GtkLinkButton without its `uri`, on which GTK fails an assertion (a critical) when it "
                            + "is clicked", fix: #"give it a <property name="uri"> (a web page or mail: http, https, mailto)"#)
        // An overlay's layout on another widget, another layout on an overlay (GTK cast one to the other: criticals).
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox"><property name="layout-manager"><object class="GtkOverlayLayout"/></property>"#,
                          "coffee.ui:11:96: a GtkOverlayLayout as the `layout-manager` of a GtkBox, on which GTK fails an assertion (a "
                            + "critical) as it lays it out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else)",
                          fix: "remove the property")
        // Given by id, as inside (before: headless took it).
        try assertRefused("</interface>", #"  <object class="GtkOverlayLayout" id="o"/><object class="GtkButton"><property name="layout-manager">o</property>"#
                            + "\n  </object>\n</interface>",
                          "coffee.ui:37:1: a GtkOverlayLayout as the `layout-manager` of a GtkButton, on which GTK fails an assertion (a "
                            + "critical) as it lays it out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else)",
                          fix: "remove the property")
        try assertRefused("</interface>", #"  <object class="GtkOverlay"><property name="layout_manager"> grid </property></object>"#
                            + #"<object class="GtkGridLayout" id="grid"/>"# + "\n</interface>",
                          "coffee.ui:36:80: a GtkGridLayout as the `layout-manager` of a GtkOverlay, on which GTK fails an assertion (a "
                            + "critical) as it lays it out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else)",
                          fix: "remove the property")
        // An assistant without a page (GTK failed an assertion as its Back button was clicked).
        try assertRefused("<object class=\"GtkWindow\" id=\"window\">\n    <child>", "<object class=\"GtkAssistant\" id=\"window\">\n    <child internal-child=\"action_area\">",
                          "coffee.ui:36:1: a GtkAssistant without a page (a <child> of it), on which GTK fails an assertion (a critical) "
                            + "when its Back button is clicked", fix: "give it its pages, each in a <child>")
        // Rows nested without values of their own, named actions, a link button's uri.
        let (warnings, maximum) = try check("</interface>", "  " + store + #"<row><row><col id="0">1</col></row></row></data></object>"#
                                                + shortcut + "signal(activate)</property></object>"
                                                + #"<object class="GtkLinkButton"><property name="uri">https://example.com</property></object>"#
                                                + #"<object class="GtkOverlay"><property name="layout-manager"><object class="GtkOverlayLayout"/></property></object>"#
                                                + #"<object class="GtkOverlay"><property name="layout-manager">ol</property></object>"#
                                                + #"<object class="GtkOverlayLayout" id="ol"/><object class="GtkBoxLayout" id="bl"/>"#
                                                + #"<object class="GtkBox"><property name="layout-manager">bl</property></object>"#
                                                + "\n</interface>")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(maximum, .number(100))
    }

    /// Numbers, text and markup past what GTK and Pango lay out, and
    /// markup Pango cannot read.
    func testWhatGtkCannotLayOutIsRefused() throws {
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox"><property name="spacing">0x7fffffff</property>"#,
                          "coffee.ui:12:1: `spacing` is 0x7fffffff, but GTK lays a screen out in C ints, and its whole numbers here are at most 65535",
                          fix: "give a smaller one")
        // A fixed child's transform (GTK 4.8 hung on rotate(1e10)).
        let fixed = { (transform: String) in
            #"<child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">\#(transform)</property></layout></object></child></object></child>"#
        }
        try assertRefused(switchChild, before(fixed(" rotate(1e10) ")),
                          "coffee.ui:18:134: `transform` is `rotate(1e10)`, but GTK lays a screen out in C ints, and the numbers of a "
                            + "transform here are at most 65535 (GTK hangs on an angle past about 8,600,000,000 degrees, and stops the "
                            + "program on one it reads as no number, as 0e400)",
                          fix: "give smaller ones")
        // GTK reads 0e400 as NaN (0 × 10^400), on which a rotation stops the program, and wraps a
        // long exponent (e-10000000000000000000 is e+8446744073709551616), on which it hangs.
        for transform in ["translate(-65536px, 0)", "rotate3d(0, 0, 1, .5e9)", "scale(1E+99)", "rotate(0e400)", "rotate(0.0e309)",
                          "rotate(1e-10000000000000000000)", "rotate(18446744073709551616e309)"] {
            let (warnings, _) = try check(switchChild, before(fixed(transform)))
            XCTAssertEqual(warnings.count, 1, transform)
        }
        // GTK 4.8 reads a transform's numbers without units (`45deg` is no angle to it).
        let (fine, _) = try check(switchChild, before(fixed("rotate(-720.5) translate(+65535, 1e3) scale(2, 2) rotate(0e308) "
                                                                + "rotate(1e-400) rotate(18446744073709551617)")))
        XCTAssertEqual(fine, [])
        try assertRefused("Coffee &amp; tea", String(repeating: "x", count: 10_001), "coffee.ui:12:10107: `label` holds 10001 characters",
                          fix: "a label shows at most 10000 (a text view holds long text)")
        let markupFix = "write it as Pango markup (`&amp;` for `&`, `&lt;` for `<`), or turn use-markup off"
        try assertRefused("&lt;b&gt;_Milk&lt;/b&gt;", "&lt;b&gt;_Milk", "coffee.ui:17:19: the label (use-markup is on) is not Pango markup: it is not well-formed XML (a tag left open, a stray `&` or `<`)",
                          fix: markupFix)
        try assertRefused("&lt;b&gt;_Milk&lt;/b&gt;", "&lt;blink&gt;_Milk&lt;/blink&gt;",
                          "coffee.ui:17:19: the label (use-markup is on) is not Pango markup: Unknown tag 'blink'", fix: markupFix)
        let pango = "past what Pango lays out (sizes of 0 to 1000 points, scales of 0 to 100)"
        try assertRefused("&lt;b&gt;_Milk&lt;/b&gt;", #"&lt;span size="2147483647"&gt;_Milk&lt;/span&gt;"#,
                          "coffee.ui:17:19: the label (use-markup is on) gives a size \(pango)", fix: "give a smaller one")
        // Each <big> scales by 1.2: 26 of them past 100.
        let big = { (count: Int) in String(repeating: "&lt;big&gt;", count: count) + "_Milk" + String(repeating: "&lt;/big&gt;", count: count) }
        try assertRefused("&lt;b&gt;_Milk&lt;/b&gt;", big(26), "coffee.ui:17:19: the label (use-markup is on) gives a scale \(pango)",
                          fix: "give a smaller one")
        XCTAssertEqual(try check("&lt;b&gt;_Milk&lt;/b&gt;", big(25)).warnings, [])
        try assertRefused(#"translatable="yes">Coffee &amp; tea</property>"#,
                          #"translatable="yes">Coffee &amp; tea</property><attributes><attribute name="scale" value="1e9"/></attributes>"#,
                          "coffee.ui:12:170: the attribute `scale` gives a scale \(pango)", fix: "give a smaller one")
        try assertRefused(#"<object class="GtkBox">"#,
                          #"<object class="GtkBox">"# + String(repeating: "<placeholder>", count: 260) + String(repeating: "</placeholder>", count: 260),
                          "coffee.ui:11:3320: elements are nested more than 256 deep", fix: "a screen needs far fewer")
        // Deeper than Behave's reader reads (1,024) too, or left open there.
        for (depth, close) in [(2000, true), (300, false)] {
            try assertRefused(#"<object class="GtkBox">"#,
                              #"<object class="GtkBox">"# + String(repeating: "<placeholder>", count: depth)
                                + (close ? String(repeating: "</placeholder>", count: depth) : ""),
                              "coffee.ui:11:3320: elements are nested more than 256 deep", fix: "a screen needs far fewer")
        }
        try assertRefused("</interface>", String(repeating: #"<object class="GtkAdjustment"/>"#, count: 10_001) + "\n</interface>",
                          "coffee.ui:36:309629: more than 10000 objects", fix: "a screen needs far fewer")
    }

    /// A value GtkBuilder cannot read for its property (an enum's nick
    /// misspelt, a word where a number or a boolean goes), told at the
    /// property's start tag with what the property takes; GtkBuilder's
    /// other spellings (a flag's or an enum's C name, a number for an
    /// enum, blanks around flags) read.
    func testAValueGtkCannotReadIsRefused() throws {
        let unread = "which GTK cannot read as its value"
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox"><property name="orientation">verticl</property>"#,
                          "coffee.ui:11:60: `orientation` of GtkBox is `verticl`, \(unread)", fix: "give one of horizontal, vertical")
        try assertRefused(#"<property name="active">true</property>"#, #"<property name="active">Ture</property>"#,
                          "coffee.ui:18:78: `active` of GtkSwitch is `Ture`, \(unread)", fix: "give True or False")
        try assertRefused(#"<object class="GtkBox">"#, #"<object class="GtkBox"><property name="spacing">wide</property>"#,
                          "coffee.ui:11:56: `spacing` of GtkBox is `wide`, \(unread)", fix: "give a whole number")
        // A type GtkBuilder reads from no text, whatever it is (before: headless took it, and GTK warned).
        let textless = "but GTK reads no %@ from a file's text (it warns, and leaves the property be)"
        try assertRefused(#"translatable="yes">Coffee &amp; tea</property>"#,
                          #"translatable="yes">Coffee &amp; tea</property><property name="attributes">0 3 weight bold</property>"#,
                          "coffee.ui:12:150: `attributes` of GtkLabel is `0 3 weight bold`, " + String(format: textless, "PangoAttrList"),
                          fix: "remove the property")
        try assertRefused(#"translatable="yes">Coffee &amp; tea</property>"#,
                          #"translatable="yes">Coffee &amp; tea</property><property name="tabs">100</property>"#,
                          "coffee.ui:12:144: `tabs` of GtkLabel is `100`, " + String(format: textless, "PangoTabArray"), fix: "remove the property")
        try assertRefused("</interface>", #"  <object class="GtkTextTag"><property name="font_desc"> Sans 12 </property></object>"# + "\n</interface>",
                          "coffee.ui:36:58: `font_desc` of GtkTextTag is `Sans 12`, " + String(format: textless, "PangoFontDescription"),
                          fix: "remove the property")
        try assertRefused("</interface>", #"  <object class="GtkPopover"><property name="pointing-to"/></object>"# + "\n</interface>",
                          "coffee.ui:36:60: `pointing-to` of GtkPopover is ``, " + String(format: textless, "GdkRectangle"),
                          fix: "remove the property")
        let read = #"<object class="GtkBox"><property name="orientation">GTK_ORIENTATION_VERTICAL</property><property name="halign">1</property>"#
            + #"<property name="spacing">12px</property><property name="homogeneous">Y</property><property name="opacity">.5</property>"#
        XCTAssertEqual(try check(#"<object class="GtkBox">"#, read).warnings, [])
        // An expression given as a <lookup>, a font bound to another's, a colour, and strings are read.
        let given = #"  <object class="GtkDropDown"><property name="expression"><lookup type="GtkStringObject" name="string"/></property></object>"#
            + #"<object class="GtkTextTag" id="tag"><property name="foreground-rgba">red</property></object>"#
            + #"<object class="GtkTextTag"><property name="font-desc" bind-source="tag" bind-property="font-desc"/></object>"#
            + #"<object class="GtkLabel"><property name="css-classes">a b</property></object>"# + "\n</interface>"
        XCTAssertEqual(try check("</interface>", given).warnings, [])
        // In a property of another type, GtkBuilder refuses an expression (before: headless refused the drop down's too).
        let constant = try check("</interface>", #"  <object class="GtkLabel"><property name="label"><constant type="gchararray">x</constant></property></object>"#
                                    + "\n</interface>").warnings
        XCTAssertTrue(constant.count == 1 && constant[0].hasPrefix("coffee.ui:36:80: a <constant> right inside a <property>, which GtkBuilder "
                                                                    + "refuses (\"<constant> is not a valid tag here\")"), "\(constant)")
    }

    /// A value of a type GtkBuilder reads some texts as, not every one: a
    /// colour GTK cannot read is refused at the property's start tag, with
    /// what a colour is written as; what headless cannot judge (a name
    /// Pango may know, a transform, a GVariant, MIME types of another
    /// form than the plainest) is warned of there with the window's fix,
    /// and the file's values taken; the plainest forms read. Before:
    /// headless took each, and the window refused it without a line.
    func testAValueOfAParsedTypeIsRefusedOrWarnedOf() throws {
        let unread = "which GTK cannot read as its value"
        let colour = "give a colour: a name (red), #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b) or rgba(r, g, b, a)"
        let tag = { (property: String, value: String) in
            #"  <object class="GtkTextTag"><property name="\#(property)">\#(value)</property></object>"# + "\n</interface>"
        }
        try assertRefused("</interface>", tag("foreground-rgba", "#12345"),
                          "coffee.ui:36:64: `foreground-rgba` of GtkTextTag is `#12345`, \(unread)", fix: colour)
        try assertRefused("</interface>", tag("background-rgba", "rgba(1, 2, 3)"),
                          "coffee.ui:36:64: `background-rgba` of GtkTextTag is `rgba(1, 2, 3)`, \(unread)", fix: colour)
        try assertRefused("</interface>", tag("background-rgba", "red\n"),
                          "coffee.ui:36:64: `background-rgba` of GtkTextTag is `red`, \(unread)", fix: colour)
        // Not judged: warned of, and the file's values taken.
        let unchecked = { (from: String, to: String, told: String, fix: String) in
            let (warnings, maximum) = try self.check(from, to)
            XCTAssertNotEqual(maximum, .number(1), told)
            XCTAssertEqual(warnings, [told + ", which headless Behave cannot check: behave window asks GTK to read it, and refuses the "
                                      + "file if GTK cannot; if it does, " + fix])
        }
        try unchecked("</interface>", tag("foreground-rgba", "gray50"),
                      "coffee.ui:36:64: `foreground-rgba` of GtkTextTag is `gray50`, a GdkRGBA", colour)
        try unchecked(switchChild, #"<child><object class="GtkButton"><property name="action-target">(1, 2)</property></object></child>"# + switchChild,
                      "coffee.ui:18:74: `action-target` of GtkButton is `(1, 2)`, a GVariant",
                      "give a GVariant in GLib's text form, such as 'text', 42, true or (1, 2)")
        try unchecked("</interface>", #"  <object class="GtkDropTarget"><property name="formats">text</property></object>"# + "\n</interface>",
                      "coffee.ui:36:59: `formats` of GtkDropTarget is `text`, a GdkContentFormats",
                      "give MIME types, separated by spaces (text/plain image/png)")
        try unchecked("</interface>", #"  <object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">skew(10)</property></layout></object></child></object>"# + "\n</interface>",
                      "coffee.ui:36:96: `transform` of the <layout> is `skew(10)`, a GskTransform",
                      "give a transform, such as rotate(45), scale(2) or translate(10, 20)")
        let read = #"  <object class="GtkTextTag"><property name="foreground-rgba">light blue</property><property name="background-rgba">rgb(10%, 20, 30)</property>"#
            + #"<property name="underline-rgba">#3584e4cc</property></object><object class="GtkDropTarget"><property name="formats">text/plain image/png</property></object>"#
            + #"<object class="GtkFixed"><child><object class="GtkButton"><property name="action-target">'coffee'</property><layout><property name="transform">rotate(720) translate(-65535, .5)</property></layout></object></child></object>"#
            + "\n</interface>"
        XCTAssertEqual(try check("</interface>", read).warnings, [])
    }

    /// A `<child type>` its parent does not take, as GtkBuilder answered
    /// (`gtk-child-types.txt`), is refused at the `<child>` with the types
    /// the parent takes; a type it takes, or any of a parent that takes
    /// any (a box), is read. Before: headless took it, and the window
    /// refused it with GTK's warning and no line.
    func testAChildTypeItsParentDoesNotTakeIsRefused() throws {
        let bar = { (type: String) in self.before(#"<child><object class="GtkActionBar"><child type="\#(type)"><object class="GtkButton"/></child></object></child>"#) }
        try assertRefused(switchChild, bar("tab"),
                          #"coffee.ui:18:64: a <child type="tab"> of a GtkActionBar, which takes no child of that type (GTK warns, and leaves the child out)"#,
                          fix: "give one of center, end, start, or remove the type")
        try assertRefused(switchChild, before(#"<child><object class="GtkLabel"><child type="start"><object class="GtkButton"/></child></object></child>"#),
                          #"coffee.ui:18:62: a <child type="start"> of a GtkLabel, which takes no child type (GTK warns, and leaves the child out)"#,
                          fix: "remove the type")
        XCTAssertEqual(try check(switchChild, bar("end")).warnings, [])
        XCTAssertEqual(try check(switchChild, before(#"<child><object class="GtkBox"><child type="tab"><object class="GtkButton"/></child></object></child>"#)).warnings, [])
    }

    /// A file of 3,000 labels, each with markup, links and numbers to
    /// check, is read in the one pass, in time linear in its size (read on
    /// another thread, within a bound far past what it takes).
    func testALargeFileIsCheckedInOnePass() throws {
        let label = #"<child><object class="GtkLabel"><property name="label">&lt;b&gt;a&lt;/b&gt; &lt;a href="https://x"&gt;b&lt;/a&gt;"#
            + String(repeating: " text", count: 200) + #"</property><property name="use-markup">1</property>"#
            + #"<property name="width-chars">12</property><property name="tooltip-markup">&lt;i&gt;t&lt;/i&gt;</property></object></child>"#
        let ui = Array((#"<interface><object class="GtkWindow"><child><object class="GtkBox">"#
            + String(repeating: label + "\n", count: 3_000) + "</object></child></object></interface>").utf8)
        let done = expectation(description: "read")
        nonisolated(unsafe) var read = false
        nonisolated(unsafe) var told: (mistake: InterfaceDrawing.Mistake, line: Int, column: Int)?
        DispatchQueue.global().async {
            told = InterfaceDrawing.read(ui).mistake
            read = true
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        XCTAssertTrue(read)
        XCTAssertNil(told.map { "\($0)" })
    }

    /// What the window opens is read as before: web and mail links, themed
    /// icons, a whole number at the limit, markup Pango reads.
    func testWhatTheWindowOpensIsNotRefused() throws {
        let (warnings, maximum) = try check(switchChild, before(
            #"<child><object class="GtkLinkButton"><property name="uri">https://example.org</property>"#
                + #"<property name="tooltip-markup">&lt;a href="mailto:a@b.c"&gt;&lt;span size="12pt"&gt;x&lt;/span&gt;&lt;/a&gt;</property></object></child>"#
                + #"<child><object class="GtkImage"><property name="icon-name">document-open</property>"#
                + #"<property name="pixel-size">65535</property></object></child>"#))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(maximum, .number(100))
    }

    /// A file whose screen the window cannot find, which it refuses whole
    /// (an empty GtkWindow; no window and no lone widget at the top), is
    /// warned of headless in the window's words, at no place in the file.
    /// A dialog is never empty: the window takes its content box. Before:
    /// headless said nothing, and took the file's values.
    func testAFileWithoutAScreenIsRefused() throws {
        let window = #"<object class="GtkWindow" id="window">"#
        let empty = "coffee.ui: its GtkWindow is empty", emptyFix = "draw the screen inside it"
        try assertRefused(window, #"<object class="GtkWindow" id="window"/><object class="GtkBox" id="loose">"#, empty, fix: emptyFix)
        // A controller is no widget: the window adds it to itself, and holds no child.
        try assertRefused(window, #"<object class="GtkWindow" id="window"><child><object class="GtkEventControllerKey"/></child>"#
                            + #"<property name="titlebar"><object class="GtkHeaderBar"/></property></object><object class="GtkBox" id="loose">"#,
                          empty, fix: emptyFix)
        try assertRefused(window, #"<object class="GtkLabel" id="other"/><object class="GtkBox" id="window">"#,
                          "coffee.ui: no GtkWindow, nor one widget at the top, to show",
                          fix: "draw the screen inside a GtkWindow, or as one widget (a GtkBox) at the file's top level")
        // A tree view column's header widget, given by id, is the column's (before: headless counted it at the top).
        let column = #"<object class="GtkLabel" id="header"/><object class="GtkBox" id="window"><child><object class="GtkTreeView">"#
            + #"<child><object class="GtkTreeViewColumn"><property name="widget">header</property></object></child></object></child>"#
        for opened in [#"<object class="GtkBox" id="window">"#, #"<object class="GtkDialog" id="window">"#, column] {
            let (warnings, maximum) = try check(window, opened)
            XCTAssertEqual(warnings, [], opened)
            XCTAssertEqual(maximum, .number(100), opened)
        }
        // A controller after the window's child leaves the child its content.
        let end = "    </child>\n  </object>\n</interface>"
        let (warnings, maximum) = try check(end, end.replacingOccurrences(of: "</child>", with: #"</child><child><object class="GtkEventControllerKey"/></child>"#))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(maximum, .number(100))
    }
}
