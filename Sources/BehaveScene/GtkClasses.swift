import BehaveCore

/// GTK 4.8's classes as GtkBuilder knows them, for reading a `.ui` file
/// headless without GTK: each class's parent, whether it is abstract, the
/// properties it has that its parent lacks (its own and its interfaces'),
/// and which of the tags GTK's classes read for themselves (`<style>`,
/// `<items>` …) GtkBuilder reads in an object of it. Read from
/// `Data/gtk-classes.txt`, which Hosts/GTK's `gtk-class-table` writes from
/// GTK itself (a GTK test compares the two), once, when a `.ui` file is
/// first checked: a scene without one never reads it.
struct GtkClasses: Sendable {
    struct Class: Sendable {
        let parent: String?
        let isAbstract: Bool
        /// Whether it is GtkBuildable: GtkBuilder adds a `<child>`'s
        /// object only to one (it asserts it, and the program stops).
        let isBuildable: Bool
        let properties: Set<String>
        /// The class's tags as the table writes them, GtkBuilder asked of
        /// each (GTK 4.8's, not inherited: a class may read another's):
        /// `<style>` read in an object of it, `<child><attributes>` in a
        /// `<child>` of one after the child's object, a tag after
        /// `<child-before-object>` before it; `<?data>` untried, and `<?>`
        /// (`<child><?>`) all untried there, GTK having stopped the
        /// program on the probe (a `#` line says why).
        let tags: Set<String>
    }

    /// Where a class's own tag stands in an object of the class: right
    /// inside it, or in a `<child>` of it after or before the child's
    /// object (GtkBuilder hands it to the outer object's reader); each
    /// as the table writes it before the tag.
    enum TagPlace: String, Sendable {
        case object = ""
        case child = "<child>"
        case childBeforeObject = "<child-before-object>"
    }

    /// Every class, by name.
    let classes: [String: Class]

    /// The table the build embeds.
    static let gtk = GtkClasses(String(decoding: EmbeddedFiles.bytes("Data/gtk-classes.txt") ?? [], as: UTF8.self))

    /// The table in `text`: a line a class, `Name[*][!] Parent property… <tag>…`
    /// (`*`: abstract; `!`: not GtkBuildable; `-`: no parent; a tag in
    /// `<>`), `#` lines aside.
    init(_ text: String) {
        var classes: [String: Class] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard words.count >= 2 else { continue }
            let buildable = !words[0].hasSuffix("!")
            let marked = buildable ? words[0] : words[0].dropLast()
            let abstract = marked.hasSuffix("*")
            let name = String(abstract ? marked.dropLast() : marked)
            var properties: Set<String> = [], tags: Set<String> = []
            for word in words.dropFirst(2) {
                if word.hasPrefix("<") { tags.insert(String(word)) } else { properties.insert(String(word)) }
            }
            classes[name] = Class(parent: words[1] == "-" ? nil : String(words[1]), isAbstract: abstract, isBuildable: buildable,
                                  properties: properties, tags: tags)
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

    /// Whether GtkBuilder adds a `<child>`'s object to an object of the
    /// class (it is GtkBuildable); true for a class the table lacks.
    func takesChildren(_ className: String) -> Bool { classes[className]?.isBuildable != false }

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

    /// Whether GtkBuilder reads `tag`, one of the tags GTK's classes read
    /// for themselves, in `place` in an object of `className`. True where
    /// the table cannot say: a class it lacks or that is abstract (each
    /// told of itself), a probe GTK stopped the program on.
    func reads(tag: String, in className: String, at place: TagPlace = .object) -> Bool {
        guard let found = classes[className], !found.isAbstract else { return true }
        let prefix = place.rawValue
        return found.tags.contains("\(prefix)<\(tag)>") || found.tags.contains("\(prefix)<?\(tag)>")
            || found.tags.contains("\(prefix)<?>")
    }

    /// The classes GtkBuilder reads `tag` in, in `place` in an object of
    /// one, in name order, each given by the highest class all of whose
    /// classes GTK makes read it (GtkWidget for `<style>`).
    func readers(of tag: String, at place: TagPlace = .object) -> [String] {
        let word = "\(place.rawValue)<\(tag)>"
        var children: [String: [String]] = [:]
        for (name, found) in classes { if let parent = found.parent { children[parent, default: []].append(name) } }
        // For each class from which GTK makes some: whether all it makes read the tag.
        var allRead: [String: Bool] = [:]
        func settle(_ name: String) {
            var all: Bool? = classes[name].flatMap { $0.isAbstract ? nil : $0.tags.contains(word) }
            for child in children[name] ?? [] {
                settle(child)
                if let below = allRead[child] { all = (all ?? true) && below }
            }
            allRead[name] = all
        }
        for (name, found) in classes where found.parent.flatMap({ classes[$0] }) == nil { settle(name) }
        return allRead.filter { $0.value && allRead[classes[$0.key]?.parent ?? ""] != true }.keys.sorted()
    }

    /// The GTK class nearest `name` (among those named Gtk…), when near
    /// enough to be its typo.
    func nearestClass(to name: String) -> String? {
        Suggestions.nearest(to: name, in: classes.keys.filter { $0.hasPrefix("Gtk") }.sorted())
    }
}
