@testable import BehaveGTK
@testable import BehaveScene
import CGtk
import Foundation
import XCTest

/// The values of a type GtkBuilder reads some texts as, not every one (a
/// colour, a transform, a GVariant, MIME types): what headless judges of
/// one without GTK is GTK's verdict, and what it cannot judge it warns
/// of where the window refuses it, with the window's fix. Before: headless
/// took any such value, and the window refused it with a GTK warning and
/// no line.
final class ParsedValueAgreementTests: InProcessGtkTestCase {
    /// Each text, read as its property's type by GtkBuilder as it reads a
    /// property of that type: headless's `reads` GTK reads, its `refused`
    /// GTK refuses (its `unjudged` may be either).
    func testWhatHeadlessJudgesIsGtksVerdict() throws {
        let samples: [(className: String, property: String, texts: [String])] = [
            ("GtkTextTag", "foreground-rgba", [
                "red", "Red", "light blue", "LightBlue", " red", "red ", "red\n", "rebeccapurple", "transparent", "gray50",
                "notacolour", "red blue", "", "#fff", "#FFFF", "#3584e4", "#3584e4cc", "#fffffffff", "#ffffffffffff",
                "#ffffffffffffffff", "#fffff", "#fff ", "# fff", "rgb(1,2,3)", "rgb( 1 , 2 , 3 ) ", "rgb (1,2,3)", "rgb(1,2,3)\n",
                "rgb(1\t,2,3)", "rgb(1%,2%,3%)", "rgb(1 %,2,3)", "rgba(1,2,3,0.5)", "rgba(1,2,3)", "rgb(1,2,3,4)", "rgba(1,2,3,50%)",
                "rgb(inf,0,0)", "rgb(0x10,0,0)", "rgb(1e2,0,0)", "rgb(-1,.5,5.)", "rgb(1e,0,0)", "rgb(.,0,0)", " rgb(1,2,3)",
                "RGB(1,2,3)", "rgb(1,2,3)x", "rgb(1,2,3", "hsl(0,50%,50%)", "hsl(0,50,50)", "hsla(0,50%,50%,1)", "hsla(0,50%,50%,50%)",
                // strtod's edges: blanks it skips, numbers past a double's range.
                "rgb(\t1,2,3)", "rgb(\n1,2,3)", "rgba(1,2,3,\t1)", "hsl(\t1,50%,50%)", "rgb(1e400,0,0)", "rgb(1e309,0,0)",
                "rgb(1e-400,0,0)", "rgb(0e400,0,0)", "rgb(1e308,0,0)",
            ]),
            ("GtkFixedLayoutChild", "transform", [
                "rotate(45)", "scale(2, 3)", "matrix(1,0,0,1,0,0)", "rotate(720) translate(-65535, .5)", " rotate(+5) ", "none",
                "rotate(1e3)  scale(2)", "rotate(5.)", "rotate(45deg)", "translate(10px, 0)", "translate(1,2,3)", "scale()",
                "rotate(5)scale(2)", "skew(10)", "",
                // Numbers at a double's edges, and very long.
                "rotate(1e400)", "rotate(-1e400)", "scale(1e309, 1)", "translate(1e-400, 0)", "rotate(0e400)", "matrix(1e400,0,0,1,0,0)",
                "scale(nan)", "rotate(inf)", "rotate(-inf)", "scale(NaN, 1)", "rotate(1E3)", "rotate(+.5e+2)", "rotate(00001)",
                "rotate(1e)", "rotate(1e+)", "rotate(.)", "rotate(-)", "rotate(1.5.5)", "rotate(" + String(repeating: "9", count: 400) + ")",
                String(repeating: "rotate(1) ", count: 2000), "rotate(1)\t", "rotate(1)\n", "\trotate(1)", "rotate( 1 )", "rotate(1 )",
                "rotate(\t1)", "scale(2,)", "scale(,2)", "scale(2 3)", "translate(1, 2)  ", "none none", "NONE",
            ]),
            ("GtkButton", "action-target", [
                "'text'", "\"text\"", " 'a' ", "42", "-42", "123456789", "2147483648", "true", "false", "'it''s'", "'a\\'b'", "text",
                "(1, 2)", "",
                // Type annotations, arrays, nesting, numbers and strings at their edges.
                "@as []", "@as ['a']", "@i 5", "int32 5", "uint32 5", "byte 0x10", "@s 'a'", "[]", "['a', 'b']", "<5>", "nothing",
                "just 5", "@mi nothing", String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
                String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20),
                "'" + String(repeating: "a", count: 100_000) + "'", "'" + String(repeating: "é", count: 10_000) + "'",
                "'a\nb'", "'a\tb'", "'é'", "''", "\"\"", "' '", "'abc", "abc'", "0", "-0", "007", "-", "+5", "- 5", "1e3", "0x10",
                "999999999", "-999999999", "1234567890", "08", "-09", "010", "007", "00", "-0", "-2147483648", "TRUE", "True", "true ", " false", "\ttrue", "true\n",
                "5\n", "'a'\n", "'a' 'b'", "'a'b",
            ]),
            ("GtkDropTarget", "formats", [
                "text/plain", "text/plain image/png", "  text/plain  ", "image/svg+xml", "application/x-foo.bar", "text", "text/plain,image/png",
                "text/", "",
            ]),
        ]
        let builder = gtk_builder_new()
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var differences: [String] = [], judged = 0, pastLimits: [String] = []
        for (className, property, texts) in samples {
            let type = gtk_builder_get_type_from_name(builder, className)
            XCTAssertNotEqual(type, 0, className)
            guard case .parsed(let kind) = GtkPropertyKinds.gtk.kind(of: property, in: className) else {
                XCTFail("\(className).\(property) is not of a parsed kind")
                continue
            }
            let klass = g_type_class_ref(type)
            defer { g_type_class_unref(klass) }
            let spec = g_object_class_find_property(klass?.assumingMemoryBound(to: GObjectClass.self), property)
            for text in texts {
                // Past the window's limits a transform is refused by both before GTK reads it:
                // GTK hangs on rotate(1e10), and stops the program on rotate(0e400) (NaN).
                if kind == "GskTransform", InterfaceDrawing.transformPastLimits(text) {
                    pastLimits.append(text)
                    continue
                }
                var value = GValue()
                let read = gtk_builder_value_from_string(builder, spec, text, &value, nil) != 0
                if read { g_value_unset(&value) }
                let verdict = InterfaceDrawing.parsedVerdict(text, as: kind)
                if verdict != .unjudged { judged += 1 }
                if (verdict == .reads && !read) || (verdict == .refused && read) {
                    differences.append("\(className).\(property) `\(text)`: headless \(verdict), GTK \(read ? "reads" : "refuses")")
                }
            }
        }
        XCTAssertEqual(differences, [])
        // GTK wraps a long whole number in 64 bits: 400 nines are -1 to it, within the limits.
        XCTAssertEqual(pastLimits, ["rotate(1e400)", "rotate(-1e400)", "scale(1e309, 1)", "rotate(0e400)", "matrix(1e400,0,0,1,0,0)"])
        // Most are judged: the test is of headless's verdicts, not its silence.
        XCTAssertGreaterThan(judged, 60)
    }

    /// A value GTK cannot read: the window refuses it at the property's
    /// start tag, with what the type is written as; headless refuses a
    /// colour it knows GTK cannot read there in the window's words, and
    /// warns of a value it cannot judge there with the window's fix,
    /// taking the file's values.
    func testTheWindowRefusesAValueGtkCannotReadWhereHeadlessRefusesOrWarns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-parsed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ inside: String, _ after: String = "") -> String {
            "<interface>\n  <object class=\"GtkWindow\"><child><object class=\"GtkBox\">"
                + "<child><object class=\"GtkLabel\" id=\"title\"><property name=\"label\">Drawn</property></object></child>\n"
                + "    \(inside)</object></child></object>\n  \(after)\n</interface>\n"
        }
        // Each file, and whether headless refuses it (else it warns).
        let files: [(name: String, text: String, refusedHeadless: Bool)] = [
            ("colour", file("", #"<object class="GtkTextTag"><property name="foreground-rgba">#12345</property></object>"#), true),
            ("colourFunction", file(#"<child><object class="GtkColorButton"><property name="rgba">rgba(1, 2, 3)</property></object></child>"#), true),
            ("colourBlank", file(#"<child><object class="GtkColorButton"><property name="rgba">red </property></object></child>"#), true),
            ("colourName", file("", #"<object class="GtkTextTag"><property name="background-rgba">notacolour</property></object>"#), false),
            ("transform", file(#"<child><object class="GtkFixed"><child><object class="GtkLabel"><layout><property name="transform">rotate(45deg)</property></layout></object></child></object></child>"#), false),
            ("variant", file(#"<child><object class="GtkButton"><property name="action-target">text</property></object></child>"#), false),
            ("formats", file("", #"<object class="GtkDropTarget"><property name="formats">text plain</property></object>"#), false),
            ("arguments", file(#"<child><object class="GtkShortcutController"><child><object class="GtkShortcut"><property name="arguments">(1,</property></object></child></object></child>"#), false),
        ]
        for (name, text, refusedHeadless) in files {
            let (scene, told) = try windowVerdict(on: text, named: name, in: folder)
            guard let told else {
                XCTFail("\(name): the window opened")
                continue
            }
            let warnings = SceneLoader.inspect(file: scene).filter(\.isWarning).map(\.message)
            XCTAssertEqual(warnings.count, 1, "\(name): \(warnings)")
            guard let warning = warnings.first else { continue }
            // The window's place and fix.
            let place = { (message: String) in message.firstMatch(of: #/\.ui:[0-9]+:[0-9]+: /#).map { String($0.output) } }
            let fix = { (message: String) in message.range(of: "give ", options: .backwards).map { message[$0.upperBound...] } }
            XCTAssertNotNil(place(told), "\(name): \(told)")
            XCTAssertEqual(place(warning), place(told), "\(name): \(warning) / \(told)")
            XCTAssertEqual(fix(warning), fix(told), "\(name): \(warning) / \(told)")
            let headless = try SceneLoader.load(file: scene)
            XCTAssertEqual(try headless.scene.control(named: "title")?.value("text") == .string("Drawn"), !refusedHeadless, name)
            if refusedHeadless {
                let shown = warning.replacingOccurrences(
                    of: ", which behave window refuses, so behave window cannot open it, and headless its controls keep their own values;",
                    with: ";")
                XCTAssertEqual(shown, told, name)
            }
        }
    }
}
