import BehaveCore

/// What a `.ui` file drew that its controls take, read from the file
/// itself, for a run with no GTK window (`behave run`, specs, the studio):
/// the values `behave window` adopts from the widgets GtkBuilder built, so
/// that a scene reads the same either way. The classes and properties are
/// those of the GTK host's bindings, in `InterfaceDrawing.kinds`, the one
/// table of them (the GTK host's tests load the same files in a real
/// window and compare every one).
///
/// GtkBuilder's own rules are followed where they change a value: objects
/// are built in its order, one adjustment or buffer for all that name it
/// (`InterfaceDrawing+Building.swift`), a property set twice keeps the
/// last (one GTK sets as it makes the object is refused given twice, as
/// GTK keeps the first), an adjustment's value is kept within its range
/// as it stands when the value is set, numbers are read as
/// `g_ascii_strtod` reads them (what follows a number is passed over), and
/// a value GtkBuilder would not set (a word where a number goes, a number
/// too large) is not set. What the file cannot give is left to the
/// control; a file that is not well formed gives nothing (`behave window`
/// says why it cannot read it).
public struct InterfaceDrawing {
    /// A GTK class whose drawn values a control takes, the properties it
    /// gives and how they are read.
    struct Kind: Sendable {
        let className: String
        /// The control type the class stands behind here: the first that
        /// `WidgetClasses` fits it to, unless given (a GtkToggleButton is a
        /// `Button` first, but as a `Switch` it gives `on`).
        let controlType: String
        let properties: [String]
        let read: @Sendable (InterfaceDrawing, Int) -> [String: Value]

        init(className: String, as controlType: String? = nil, properties: [String],
             read: @escaping @Sendable (InterfaceDrawing, Int) -> [String: Value]) {
            self.className = className
            self.controlType = controlType ?? WidgetClasses.type(ofClass: className)
            self.properties = properties
            self.read = read
        }
    }

    /// Every class and property a control takes from a `.ui` file: the
    /// GTK host's bindings' `drawnValue(of:)`.
    static let kinds: [Kind] = [
        Kind(className: "GtkLabel", properties: ["text"]) { ["text": .string($0.labelText($1))] },
        // A switch's `state` and `active` follow each other: the last set wins.
        Kind(className: "GtkSwitch", properties: ["on"]) { drawing, object in
            drawing.switchState(object).map { ["on": .bool($0)] } ?? [:]
        },
        // A check button's or a toggle button's `active` (a Switch takes no label: it has no title).
        Kind(className: "GtkCheckButton", properties: ["on"]) { drawing, object in
            drawing.switchState(object).map { ["on": .bool($0)] } ?? [:]
        },
        Kind(className: "GtkToggleButton", as: "Switch", properties: ["on"]) { drawing, object in
            drawing.switchState(object).map { ["on": .bool($0)] } ?? [:]
        },
        // A scale that draws its value rounds a drag to its digits (no property: `Slider.dragDigits`).
        Kind(className: "GtkScale", properties: ["value", "minimumValue", "maximumValue"]) { drawing, object in
            var values = drawing.adjustment(of: object).values(isStepper: false)
            if let digits = drawing.built.dragDigits[object] { values[Slider.dragDigits.name] = .number(Double(digits)) }
            return values
        },
        Kind(className: "GtkSpinButton", properties: ["value", "minimumValue", "maximumValue", "stepValue"]) {
            $0.adjustment(of: $1).values(isStepper: true)
        },
        // A button's `label` is its title, unless a child drawn after it took its place.
        Kind(className: "GtkButton", properties: ["title"]) { drawing, object in
            drawing.buttonTitle(object).map { ["title": .string($0)] } ?? [:]
        },
        Kind(className: "GtkEntry", properties: ["text", "placeholder", "maxLength"]) { $0.entryValues($1) },
        Kind(className: "GtkPasswordEntry", properties: ["text", "placeholder", "maxLength"]) { $0.entryValues($1) },
        Kind(className: "GtkScrolledWindow", properties: ["contentOffset"]) { drawing, object in
            ["contentOffset": .point(Point(x: drawing.adjustment(of: object, "hadjustment").value,
                                           y: drawing.adjustment(of: object, "vadjustment").value))]
        },
    ]

    /// GTK 4's classes that inherit one whose values a control takes
    /// (`kinds`), by the class they inherit it through, from GTK's class
    /// tree (`GtkClasses`): to GTK, and so to a control bound to one, a
    /// GtkToggleButton is a GtkButton, its label a title (the GTK host's
    /// tests check each against GTK's own types).
    public static let parents: [String: String] = {
        let drawn = kinds.map(\.className), classes = GtkClasses.gtk
        var parents: [String: String] = [:]
        for name in classes.classes.keys where !drawn.contains(name) {
            if let parent = drawn.first(where: { classes.isA(name, $0) }) { parents[name] = parent }
        }
        return parents
    }()

    /// The class `object` is drawn as, as this reading knows it: its own,
    /// or the class of `parents` it inherits.
    func drawnClass(of object: Int) -> String? {
        document.elements[object].attribute("class").map { InterfaceDrawing.parents[$0] ?? $0 }
    }

    /// Each GTK class a control takes drawn values from, with the control
    /// type it stands behind and the properties it gives.
    public static var drawnClasses: [(className: String, controlType: String, properties: [String])] {
        kinds.map { ($0.className, $0.controlType, $0.properties) }
    }

    let document: MarkupDocument
    /// The `<object>` elements by id, the first of each.
    private(set) var objects: [String: Int] = [:]
    /// False for a file GtkBuilder refuses: its objects are read, not
    /// where the window would draw them nor their values.
    let isBuilt: Bool

    /// The drawing in a `.ui` file's bytes; nil when it is not well formed.
    init?(_ bytes: [UInt8]) {
        guard let document = MarkupDocument.read(bytes) else { return nil }
        self.init(document)
    }

    /// The drawing in a well-formed document; `builds` false for one
    /// GtkBuilder refuses, of which only the objects are read (its ids
    /// and classes, which the controls are checked against), never the
    /// values GtkBuilder would have set.
    init(_ document: MarkupDocument, builds: Bool = true) {
        self.document = document
        isBuilt = builds
        for (index, element) in document.elements.enumerated() where element.name == "object" {
            if let id = element.attribute("id"), objects[id] == nil { objects[id] = index }
        }
        if builds { build() }
    }

    /// The file's adjustments and entry buffers as GtkBuilder leaves them
    /// (`build()`), and which each widget ends with.
    var built = Built()

    /// The values drawn for `control` (its object of the same id, of a
    /// class that fits its type), and its adjustment for a slider or a
    /// stepper; nil when the file draws none. A class that fits two types
    /// is read as the control's: a GtkToggleButton's `active` for a
    /// `Switch`, its label for a `Button`.
    func drawn(for control: View) -> (values: [String: Value], adjustment: DrawnAdjustment?)? {
        guard let object = objects[control.name], let className = document.elements[object].attribute("class") else { return nil }
        let fits = { (kind: Kind) in control.controlType.isKind(of: kind.controlType) }
        guard let kind = InterfaceDrawing.kinds.first(where: { $0.className == className && fits($0) })
                ?? InterfaceDrawing.kinds.first(where: { GtkClasses.gtk.isA(className, $0.className) && fits($0) }) else { return nil }
        let ranged = kind.controlType == "Slider" || kind.controlType == "Stepper"
        return (kind.read(self, object), ranged ? adjustment(of: object) : nil)
    }

    /// The controls among `controls` whose widgets end with one
    /// adjustment (a slider and a spin button drawn on the same), in
    /// groups of two or more: in `behave window` the one adjustment moves
    /// them all.
    func sharingAdjustments(_ controls: [View]) -> [[View]] {
        var groups: [Int: [View]] = [:], order: [Int] = []
        for control in controls where control.controlType.isKind(of: "Slider") || control.controlType.isKind(of: "Stepper") {
            guard drawn(for: control) != nil, let object = objects[control.name],
                  let place = built.links[Link(object: object, property: "adjustment")] else { continue }
            if groups[place] == nil { order.append(place) }
            groups[place, default: []].append(control)
        }
        return order.compactMap { groups[$0] }.filter { $0.count > 1 }
    }

    // MARK: Properties

    /// A property's name as GTK reads it, which spells `-` and `_` alike
    /// (`max_length` is `max-length`).
    static func propertyName(_ written: String) -> String {
        written.utf8.contains(UInt8(ascii: "_")) ? written.replacingOccurrences(of: "_", with: "-") : written
    }

    /// The `<property>` elements of `object`, by name (`propertyName`), in
    /// the file's order: the text each gives, or the object inside it.
    func properties(of object: Int) -> [(name: String, element: Int)] {
        document.children(of: object).compactMap { index in
            let element = document.elements[index]
            guard element.name == "property", let name = element.attribute("name") else { return nil }
            return (InterfaceDrawing.propertyName(name), index)
        }
    }

    private func last(_ name: String, of object: Int) -> String? {
        properties(of: object).last { $0.name == name }.map { document.text(of: $0.element) }
    }

    /// The object a property names: the one inside it, or the one whose id
    /// its text gives (GtkBuilder strips the blanks around an id).
    func object(in property: Int, ofClass className: String) -> Int? {
        let inner = document.children(of: property).first { document.elements[$0].name == "object" }
        guard let found = inner ?? objects[InterfaceDrawing.stripped(document.text(of: property))],
              drawnClass(of: found) == className else { return nil }
        return found
    }

    /// `text` without C's blanks at either end (`g_strstrip`).
    static func stripped(_ text: String) -> String {
        let blank = { (scalar: Unicode.Scalar) in " \t\n\u{0B}\u{0C}\r".unicodeScalars.contains(scalar) }
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, blank(first) { scalars.removeFirst() }
        while let last = scalars.last, blank(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    // MARK: Values

    /// A label's text as GTK shows it: without markup's tags (`use-markup`)
    /// and mnemonics' underscores (`use-underline`).
    /// A switch's `active` or `state` (a check button's or a toggle
    /// button's `active`) as set last (a binding's last of all).
    func switchState(_ object: Int) -> Bool? {
        if case .bool(let on)? = built.bound[Link(object: object, property: "active")] { return on }
        return properties(of: object).filter { $0.name == "active" || $0.name == "state" }
            .compactMap { InterfaceDrawing.boolean(document.text(of: $0.element)) }.last
    }

    /// A label's `label` as set last (a binding's last of all).
    func labelProperty(_ label: Int) -> String? {
        if case .string(let text)? = built.bound[Link(object: label, property: "label")] { return text }
        return last("label", of: label)
    }

    private func labelText(_ label: Int) -> String {
        var text = labelProperty(label) ?? ""
        let flag = { (name: String) in self.last(name, of: label).flatMap(InterfaceDrawing.boolean) ?? false }
        if flag("use-markup") {
            // Pango reads markup as a document of its own.
            guard let markup = MarkupDocument.read(Array("<markup>\(text)</markup>".utf8)) else { return "" }
            text = markup.allText(of: 0)
        }
        return flag("use-underline") ? InterfaceDrawing.withoutMnemonics(text) : text
    }

    /// A button's title as GTK shows it: its `label` (without a mnemonic's
    /// underscore, with `use-underline`); nil when a `<child>` or an
    /// `icon-name` drawn after the label replaced it (an icon, a box), as
    /// `gtk_button_set_child` and `gtk_button_set_icon_name` do.
    private func buttonTitle(_ button: Int) -> String? {
        let drawn = document.children(of: button).last { index in
            let element = document.elements[index]
            return element.name == "child"
                || (element.name == "property" && ["label", "icon-name", "icon_name"].contains(element.attribute("name")))
        }
        guard let drawn, document.elements[drawn].name == "property", document.elements[drawn].attribute("name") == "label" else {
            return drawn == nil ? "" : nil
        }
        let text = document.text(of: drawn)
        let underlined = last("use-underline", of: button).flatMap(InterfaceDrawing.boolean) ?? false
        return underlined ? InterfaceDrawing.withoutMnemonics(text) : text
    }

    /// An entry's text (`entryText`), its `placeholder-text` and its
    /// buffer's `max-length`.
    private func entryValues(_ entry: Int) -> [String: Value] {
        ["text": .string(entryText(entry)), "placeholder": .string(last("placeholder-text", of: entry) ?? ""),
         "maxLength": .number(Double(entryLimit(entry)))]
    }

    /// `_F__ile` shows `F_ile`: an underscore marks the next character, two
    /// show one.
    private static func withoutMnemonics(_ text: String) -> String {
        var shown = "", marked = false
        for character in text {
            if character == "_", !marked {
                marked = true
                continue
            }
            marked = false
            shown.append(character)
        }
        return marked ? shown + "_" : shown
    }

    // MARK: Reading GtkBuilder's values

    /// A boolean as GtkBuilder reads one: `true`, `yes`, `false`, `no` in
    /// any case, or one of `1 y t 0 n f` (either case).
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1", "y", "t": return true
        case "false", "no", "0", "n", "f": return false
        default: return nil
        }
    }

    /// A number as GtkBuilder reads one (`g_ascii_strtod`): after blanks,
    /// the longest number at the start, decimal or hexadecimal (`0x1.8p3`);
    /// nil when there is none, or it is too large or too small for a
    /// double (GTK refuses those, and infinities and NaN).
    static func number(_ text: String) -> Double? {
        let (negative, scalars) = signed(text)
        let magnitude: Double?
        if scalars.starts(with: "0x".unicodeScalars) || scalars.starts(with: "0X".unicodeScalars) {
            magnitude = hexadecimal(scalars.dropFirst(2))
        } else {
            magnitude = decimal(scalars)
        }
        guard let magnitude, magnitude.isFinite, magnitude == 0 || magnitude >= Double.leastNormalMagnitude else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// After C's blanks, whether a `-` comes first, and what follows the sign.
    static func signed(_ text: String) -> (negative: Bool, rest: Substring.UnicodeScalarView) {
        let scalars = Substring(text).unicodeScalars.drop { " \t\n\u{0B}\u{0C}\r".unicodeScalars.contains($0) }
        guard let sign = scalars.first, sign == "-" || sign == "+" else { return (false, scalars) }
        return (sign == "-", scalars.dropFirst())
    }

    private static func digits(_ scalars: inout Substring.UnicodeScalarView, radix: Int) -> Substring.UnicodeScalarView {
        let taken = scalars.prefix { digit($0).map { $0 < radix } == true }
        scalars = scalars[taken.endIndex...]
        return taken
    }

    /// The value of a digit, hexadecimal's too.
    static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value) - 0x30
        case 0x41...0x46: Int(scalar.value) - 0x41 + 10
        case 0x61...0x66: Int(scalar.value) - 0x61 + 10
        default: nil
        }
    }

    /// A number's parts as written: its digits before and after the
    /// point, and its exponent's after `marker` (`e`, or `p` after `0x`),
    /// which is no part of the number when no digit follows it.
    private struct Written {
        var whole, fraction: Substring.UnicodeScalarView
        var exponent = Substring.UnicodeScalarView()
        var negativeExponent = false

        /// Nil without a digit.
        init?(_ start: Substring.UnicodeScalarView, radix: Int, marker: Character) {
            var rest = start
            whole = digits(&rest, radix: radix)
            fraction = Substring.UnicodeScalarView()
            if rest.first == "." {
                rest = rest.dropFirst()
                fraction = digits(&rest, radix: radix)
            }
            guard !whole.isEmpty || !fraction.isEmpty else { return nil }
            guard let found = rest.first, Character(found).lowercased() == String(marker) else { return }
            var after = rest.dropFirst()
            if let sign = after.first, sign == "+" || sign == "-" {
                negativeExponent = sign == "-"
                after = after.dropFirst()
            }
            exponent = digits(&after, radix: 10)
        }

        /// Whether a digit that is not 0 was written (a number that then
        /// reads as 0 was too small).
        var isNonzero: Bool { whole.contains { $0 != "0" } || fraction.contains { $0 != "0" } }
    }

    /// `12`, `1.5`, `.5e-3`: nil without a digit, or when too small.
    /// Handed to Swift's reader as at most 800 significant digits and an
    /// exponent of at most 6, whatever the file writes (a number of a
    /// million digits reads as quickly as `1e6`; the digits past 800 never
    /// change a double).
    private static func decimal(_ start: Substring.UnicodeScalarView) -> Double? {
        guard let number = Written(start, radix: 10, marker: "e") else { return nil }
        let whole = number.whole.drop { $0 == "0" }
        let fraction = whole.isEmpty ? number.fraction.drop { $0 == "0" } : number.fraction
        let count = whole.count + fraction.count
        guard count > 0 else { return 0 }
        // The power of ten of the last digit kept.
        var power = max(0, count - 800) - number.fraction.count
        let exponent = number.exponent.count > 7 ? 10_000_000 : Int(String(String.UnicodeScalarView(number.exponent))) ?? 0
        power += number.negativeExponent ? -exponent : exponent
        var written = ""
        written.unicodeScalars.append(contentsOf: [whole, fraction].joined().prefix(800))
        written += "e\(max(-100_000, min(100_000, power)))"
        guard let value = Double(written), value != 0 else { return nil }
        return value
    }

    /// `1F`, `1.8p3` (after `0x`): `0x` alone reads as the 0 before it;
    /// nil when too small.
    private static func hexadecimal(_ start: Substring.UnicodeScalarView) -> Double? {
        guard let number = Written(start, radix: 16, marker: "p") else { return 0 }
        // Beyond any double's range either way past 6 digits: kept bounded.
        var power = number.exponent.count > 6 ? 1_000_000 : Int(String(String.UnicodeScalarView(number.exponent))) ?? 0
        if number.negativeExponent { power = -power }
        var mantissa = 0.0
        for scalar in [number.whole, number.fraction].joined() { mantissa = mantissa * 16 + Double(digit(scalar) ?? 0) }
        let scale = max(-2000, min(2000, power - 4 * number.fraction.count))
        let value = mantissa * Double(sign: .plus, exponent: scale, significand: 1)
        guard value != 0 || !number.isNonzero else { return nil }
        return value
    }

    /// An entry's `max-length` as GtkBuilder reads an integer; GTK takes
    /// 0 to 65535.
    static func length(_ text: String) -> Int? {
        guard let value = wholeNumber(text), (0...65535).contains(value) else { return nil }
        return Int(value)
    }

    /// A whole number as GtkBuilder reads one (`g_ascii_strtoll` of base
    /// 0: `12`, `0x1F`, `017`), past an Int64's range its end; nil when
    /// no digit starts it.
    static func wholeNumber(_ text: String) -> Int64? {
        var (negative, scalars) = signed(text)
        var radix: Int64 = 10
        if scalars.starts(with: "0x".unicodeScalars) || scalars.starts(with: "0X".unicodeScalars),
           scalars.dropFirst(2).first.flatMap(digit) != nil {
            radix = 16
            scalars = scalars.dropFirst(2)
        } else if scalars.first == "0" {
            radix = 8
        }
        let written = digits(&scalars, radix: Int(radix))
        guard !written.isEmpty else { return nil }
        var value: Int64 = 0
        for scalar in written {
            let (times, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, past) = times.addingReportingOverflow(Int64(digit(scalar) ?? 0))
            guard !overflow, !past else { return negative ? .min : .max }
            value = sum
        }
        return negative ? -value : value
    }
}
