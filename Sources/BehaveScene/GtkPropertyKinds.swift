/// The kinds of GTK 4.8's properties whose values `behave window`'s
/// pre-scan checks (Hosts/GTK's builder_scan.c), by their type: a property
/// read as a file or a URI (a `GFile`, a paintable, a pixbuf, bytes), an
/// icon, a whole number, a list of text attributes. Read from
/// `Data/gtk-property-kinds.txt`, which Hosts/GTK's `gtk-class-table
/// --kinds` writes from GTK itself (a GTK test compares the two), when a
/// `.ui` file is first checked.
struct GtkPropertyKinds: Sendable {
    enum Kind: String, Sendable {
        case file, icon, int, uint, attributes
    }

    /// Each class's properties of a kind that its parent lacks.
    let kinds: [String: [String: Kind]]

    static let gtk = GtkPropertyKinds(String(decoding: EmbeddedFiles.bytes("Data/gtk-property-kinds.txt") ?? [], as: UTF8.self))

    /// The table in `text`: a line a class, `Name property=kind…`, `#`
    /// lines aside.
    init(_ text: String) {
        var kinds: [String: [String: Kind]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard let className = words.first else { continue }
            for word in words.dropFirst() {
                let parts = word.split(separator: "=")
                if parts.count == 2, let kind = Kind(rawValue: String(parts[1])) {
                    kinds[String(className), default: [:]][String(parts[0])] = kind
                }
            }
        }
        self.kinds = kinds
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
