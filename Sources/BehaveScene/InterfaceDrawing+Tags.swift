/// The tags GtkBuilder 4.8 reads in a `.ui` file, and where: it refuses
/// the file for any other tag wherever it reads tags, which is everywhere
/// (tried with GTK 4.8.3 itself: inside `<interface>`, `<object>`,
/// `<child>`, `<property>`, `<requires>`, `<binding>` and what a binding
/// holds, `<placeholder>`, a `<menu>`, and each class's own tags such as
/// `<style>`, `<layout>`, `<attributes>`, `<items>`).
extension InterfaceDrawing {
    /// The tags GtkBuilder's own reader takes wherever it reads (some only
    /// in certain places, which it tells itself).
    static let builderTags: Set<String> = [
        "interface", "requires", "object", "template", "child", "property", "signal", "binding", "closure",
        "lookup", "constant", "placeholder", "menu",
    ]

    /// The tags GTK 4.8's classes read inside an `<object>` or, for the
    /// object in it, a `<child>` (GtkWidget's `<style>`, `<layout>` and
    /// `<accessibility>`, a label's or an entry's `<attributes>`, a string
    /// list's `<items>` …), each with the tags its reader reads inside it
    /// (at any depth: one nested where it does not go is left to GTK).
    static let classTags: [String: Set<String>] = [
        "style": ["class"], "layout": ["property"], "accessibility": ["property", "relation", "state"],
        "attributes": ["attribute"], "cell-packing": ["property"], "items": ["item"], "columns": ["column"],
        "data": ["row", "col"], "widgets": ["widget"], "mime-types": ["mime-type"], "patterns": ["pattern"],
        "suffixes": ["suffix"], "marks": ["mark"], "offsets": ["offset"], "action-widgets": ["action-widget"],
        "constraints": ["constraint", "guide"],
    ]

    /// The tags GtkBuilder takes in an `<object>` or a `<child>`: its own
    /// and the classes'.
    static let objectTags = builderTags.union(classTags.keys)

    /// The tags a `<menu>` holds (GIO's menu reader's).
    static let menuTags: Set<String> = ["menu", "section", "submenu", "item", "attribute", "link"]

    /// Where a tag is read: by whom, and so which tags it takes there.
    enum TagReader: Equatable {
        /// GtkBuilder itself, in the element named `in` ("" at the top).
        case builder(in: String)
        /// A class's own reader, inside its tag `owner`.
        case owner(String)
        /// The menu reader.
        case menu
    }

    /// Who reads `element`'s own tag, and whether it takes it: nil when
    /// GtkBuilder 4.8 reads it, else the reader that refuses it and the
    /// tags that reader would take there.
    static func tagMistake(of element: MarkupDocument.Element, in document: MarkupDocument) -> (TagReader, Set<String>)? {
        let reader = self.reader(of: element.parent, in: document)
        let taken: Set<String>
        switch reader {
        case .builder(let parent) where parent == "":
            taken = ["interface"]
        case .builder(let parent) where parent == "object" || parent == "child":
            taken = objectTags
        case .builder:
            taken = builderTags
        case .owner(let owner):
            taken = classTags[owner] ?? []
        case .menu:
            taken = menuTags
        }
        return taken.contains(element.name) ? nil : (reader, taken)
    }

    /// Who reads the tags inside element `index` (-1: the document).
    private static func reader(of index: Int, in document: MarkupDocument) -> TagReader {
        var current = index
        var reader: TagReader = .builder(in: index >= 0 ? document.elements[index].name : "")
        // The outermost class tag or menu above decides: inside it, its reader reads every tag.
        while current >= 0 {
            let element = document.elements[current]
            let parent = element.parent >= 0 ? document.elements[element.parent].name : ""
            if element.name == "menu", parent != "" {
                reader = .menu
            } else if classTags[element.name] != nil, parent == "object" || parent == "child" {
                reader = .owner(element.name)
            }
            current = element.parent
        }
        return reader
    }
}
