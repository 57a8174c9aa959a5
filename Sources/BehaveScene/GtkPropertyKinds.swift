/// The kinds of GTK 4.8's properties whose values `behave window`'s
/// pre-scan checks (Hosts/GTK's builder_scan.c), by their type: a property
/// read as a file or a URI (a `GFile`, a paintable, a pixbuf, bytes), an
/// icon, a whole number, a type GtkBuilder reads from no text (a font
/// description, tab stops), a type GtkBuilder reads some texts as (a
/// colour, a transform, a GVariant, with what one is written as, and the
/// CSS colour names GTK reads), and the values GtkBuilder reads by rules of
/// its own (booleans, numbers, enums and flags, with their values), and
/// the properties GtkBuilder sets as it makes an object. Read from `Data/gtk-property-kinds.txt`, which Hosts/GTK's
/// `gtk-class-table --kinds` writes from GTK itself (a GTK test compares
/// the two), when a `.ui` file is first checked.
struct GtkPropertyKinds: Sendable {
    enum Kind: Equatable, Sendable {
        case file, icon, int, uint, bool, double
        /// An enum's or flags' type, whose values `values` holds.
        case enumeration(String), flags(String)
        /// A type GtkBuilder reads from no text (`PangoTabArray`): it warns
        /// of any, and leaves the property be.
        case textless(String)
        /// A type GtkBuilder reads some texts as, not every one (a
        /// `GdkRGBA`, a `GVariant`): it warns of another, and leaves the
        /// property be.
        case parsed(String)

        init?(_ written: Substring) {
            let parts = written.split(separator: ":", maxSplits: 1)
            switch (parts.first, parts.count) {
            case ("enum", 2): self = .enumeration(String(parts[1]))
            case ("flags", 2): self = .flags(String(parts[1]))
            case ("file", 1): self = .file
            case ("icon", 1): self = .icon
            case ("int", 1): self = .int
            case ("uint", 1): self = .uint
            case ("textless", 2): self = .textless(String(parts[1]))
            case ("parsed", 2): self = .parsed(String(parts[1]))
            case ("bool", 1): self = .bool
            case ("double", 1): self = .double
            default: return nil
            }
        }
    }

    /// Each class's properties of a kind that its parent lacks.
    let kinds: [String: [String: Kind]]
    /// Each enum's or flags' values in order: a nick and a name
    /// (`vertical`, `GTK_ORIENTATION_VERTICAL`).
    let values: [String: [(nick: String, name: String)]]
    /// What a value of each parsed type is written as, as the window's fix
    /// words it (`a transform, such as rotate(45)…`).
    let forms: [String: String]
    /// The CSS colour names GTK reads as a `GdkRGBA` (Pango knows more).
    let colourNames: Set<String>
    /// Each class's properties that GtkBuilder sets as it makes the
    /// object (construct and construct-only) and its parent lacks: GObject
    /// keeps the first of one given twice, with a critical.
    let constructed: [String: Set<String>]

    static let gtk = GtkPropertyKinds(String(decoding: EmbeddedFiles.bytes("Data/gtk-property-kinds.txt") ?? [], as: UTF8.self))

    /// The table in `text`: a line a class, `Name property=kind…`, then a
    /// line a type of values, `@Type nick=NAME…`, a line a parsed type's
    /// form, `%Type words…`, the colour names, `&GdkRGBA name…`, and a
    /// line a class of the properties set as it is made, `^Class name…`;
    /// `#` lines aside.
    init(_ text: String) {
        var kinds: [String: [String: Kind]] = [:], values: [String: [(nick: String, name: String)]] = [:]
        var forms: [String: String] = [:], colourNames: Set<String> = [], constructed: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            if first.hasPrefix("^") {
                constructed[String(first.dropFirst())] = Set(words.dropFirst().map(String.init))
                continue
            }
            if first.hasPrefix("%") {
                forms[String(first.dropFirst())] = words.dropFirst().joined(separator: " ")
                continue
            }
            if first == "&GdkRGBA" {
                colourNames.formUnion(words.dropFirst().map(String.init))
                continue
            }
            for word in words.dropFirst() {
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                if first.hasPrefix("@") {
                    values[String(first.dropFirst()), default: []].append((String(parts[0]), String(parts[1])))
                } else if let kind = Kind(parts[1]) {
                    kinds[String(first), default: [:]][String(parts[0])] = kind
                }
            }
        }
        self.kinds = kinds
        self.values = values
        self.forms = forms
        self.colourNames = colourNames
        self.constructed = constructed
    }

    /// Whether GtkBuilder sets `className`'s property `name` (`-` and `_`
    /// alike) as it makes the object, as GObject finds the property.
    func isSetAtConstruction(_ name: String, in className: String, classes: GtkClasses = .gtk) -> Bool {
        let wanted = InterfaceDrawing.propertyName(name)
        var next: String? = className
        while let current = next, let found = classes.classes[current] {
            if found.properties.contains(wanted) { return constructed[current]?.contains(wanted) ?? false }
            next = found.parent
        }
        return false
    }

    /// The kind of `className`'s property `name` (`-` and `_` alike), as
    /// GObject finds the property: the class's own, an ancestor's or an
    /// interface's, in `classes`; nil for one of no kind the pre-scan checks.
    func kind(of name: String, in className: String, classes: GtkClasses = .gtk) -> Kind? {
        let wanted = InterfaceDrawing.propertyName(name)
        var next: String? = className
        while let current = next, let found = classes.classes[current] {
            if found.properties.contains(wanted) { return kinds[current]?[wanted] }
            next = found.parent
        }
        return nil
    }
}
