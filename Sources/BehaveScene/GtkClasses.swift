import BehaveCore

/// GTK 4.8's classes as GtkBuilder knows them, for reading a `.ui` file
/// headless without GTK: each class's parent, whether it is abstract, and
/// the properties it has that its parent lacks (its own and its
/// interfaces'). Read from `Data/gtk-classes.txt`, which Hosts/GTK's
/// `gtk-class-table` writes from GTK itself (a GTK test compares the two),
/// once, when a `.ui` file is first checked: a scene without one never
/// reads it.
struct GtkClasses: Sendable {
    struct Class: Sendable {
        let parent: String?
        let isAbstract: Bool
        let properties: Set<String>
    }

    /// Every class, by name.
    let classes: [String: Class]

    /// The table the build embeds.
    static let gtk = GtkClasses(String(decoding: EmbeddedFiles.bytes("Data/gtk-classes.txt") ?? [], as: UTF8.self))

    /// The table in `text`: a line a class, `Name[*] Parent property…`
    /// (`*`: abstract; `-`: no parent), `#` lines aside.
    init(_ text: String) {
        var classes: [String: Class] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard words.count >= 2 else { continue }
            let abstract = words[0].hasSuffix("*")
            let name = String(abstract ? words[0].dropLast() : words[0])
            classes[name] = Class(parent: words[1] == "-" ? nil : String(words[1]), isAbstract: abstract,
                                  properties: Set(words.dropFirst(2).map(String.init)))
        }
        self.classes = classes
    }

    /// Whether GTK has a class of that name (any, for a table that holds
    /// none: a build without it refuses nothing).
    func has(_ className: String) -> Bool { classes.isEmpty || classes[className] != nil }

    /// Whether `className` is `ancestor` or one of its classes.
    func isA(_ className: String, _ ancestor: String) -> Bool {
        var next: String? = className
        while let current = next {
            if current == ancestor { return true }
            next = classes[current]?.parent
        }
        return false
    }

    /// Whether the class is abstract (GTK makes none of it).
    func isAbstract(_ className: String) -> Bool { classes[className]?.isAbstract == true }

    /// Whether a `className` has the property `name` (read as GTK reads
    /// a property's name: `InterfaceDrawing.propertyName`), its own, an
    /// ancestor's or an interface's, as `g_object_class_find_property`
    /// finds it. True for a class the table lacks, which is told of itself.
    func has(property name: String, in className: String) -> Bool {
        guard classes[className] != nil else { return true }
        let wanted = InterfaceDrawing.propertyName(name)
        var next: String? = className
        while let current = next, let found = classes[current] {
            if found.properties.contains(wanted) { return true }
            next = found.parent
        }
        return false
    }

    /// Every property of `className`, its ancestors' too.
    func properties(of className: String) -> [String] {
        var all: [String] = []
        var next: String? = className
        while let current = next, let found = classes[current] {
            all += found.properties.sorted()
            next = found.parent
        }
        return all
    }

    /// The GTK class nearest `name` (among those named Gtk…), when near
    /// enough to be its typo.
    func nearestClass(to name: String) -> String? {
        Suggestions.nearest(to: name, in: classes.keys.filter { $0.hasPrefix("Gtk") }.sorted())
    }
}
