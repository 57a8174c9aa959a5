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
    /// Which class reads which is GTK's table's (`GtkClasses.reads`),
    /// whose writer tries these tags.
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

    /// Who reads the tags inside each element of `document`, in one pass
    /// (an element's reader is its parent's, or one its own tag starts:
    /// the outermost class tag or menu above decides, as it reads every
    /// tag inside it).
    static func tagReaders(in document: MarkupDocument) -> [TagReader] {
        var readers: [TagReader] = []
        readers.reserveCapacity(document.elements.count)
        for element in document.elements {
            let parent = element.parent >= 0 ? document.elements[element.parent].name : ""
            switch element.parent >= 0 ? readers[element.parent] : .builder(in: "") {
            case .owner(let owner): readers.append(.owner(owner))
            case .menu: readers.append(.menu)
            case .builder:
                if element.name == "menu", element.parent >= 0 {
                    readers.append(.menu)
                } else if classTags[element.name] != nil, parent == "object" || parent == "child" {
                    readers.append(.owner(element.name))
                } else {
                    readers.append(.builder(in: element.name))
                }
            }
        }
        return readers
    }

    /// Whether `reader` takes `element`'s tag: nil when GtkBuilder 4.8
    /// reads it there, else the tags that reader would take.
    static func tagMistake(of element: MarkupDocument.Element, readBy reader: TagReader) -> Set<String>? {
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
        return taken.contains(element.name) ? nil : taken
    }

    /// A class's own tag (`<items>`, `<style>` …) right inside an
    /// `<object>` of a class GtkBuilder 4.8 does not read it in, or inside
    /// a `<child>` of one that does not read it there (after the child's
    /// object, of class `objectBefore`, or before it): GtkBuilder refuses
    /// the file ("Unhandled tag"). Nil where it reads it, or the table
    /// cannot say.
    static func unreadClassTag(_ element: MarkupDocument.Element, in document: MarkupDocument,
                               objectBefore: String?) -> Mistake? {
        guard classTags[element.name] != nil, element.parent >= 0 else { return nil }
        let holder = document.elements[element.parent]
        let object: MarkupDocument.Element, place: GtkClasses.TagPlace
        switch holder.name {
        case "object":
            (object, place) = (holder, .object)
        case "child":
            guard holder.parent >= 0, document.elements[holder.parent].name == "object" else { return nil }
            (object, place) = (document.elements[holder.parent], objectBefore == nil ? .childBeforeObject : .child)
        default:
            return nil
        }
        guard let className = object.attribute("class"), !GtkClasses.gtk.reads(tag: element.name, in: className, at: place) else {
            return nil
        }
        // The child's object, for the fix: the one before, else the first after.
        let childObject = place == .object ? nil : objectBefore ?? holder.content.lazy.compactMap { content -> String? in
            guard case .element(let index) = content, document.elements[index].name == "object" else { return nil }
            return document.elements[index].attribute("class") ?? ""
        }.first
        return .unreadClassTag(element.name, className: className, place: place, childObject: childObject)
    }

    /// The parent of GtkBuilder's own tag, where it reads it, in which
    /// GtkBuilder 4.8 refuses it ("<child> is not a valid tag here"; tried
    /// with GTK 4.8.3 in `<interface>`, `<object>`, `<child>`,
    /// `<property>`, `<placeholder>`, `<requires>`, `<signal>` and
    /// `<binding>`): a `<child>`, `<property>`, `<signal>` or `<binding>`
    /// outside an `<object>`, an `<object>` right inside another, an
    /// expression's `<constant>`, `<lookup>` or `<closure>` outside a
    /// binding. Nil where it reads it (or was not seen to refuse it).
    static func misplacement(of element: MarkupDocument.Element, readBy reader: TagReader) -> String? {
        guard case .builder(let parent) = reader, !parent.isEmpty else { return nil }
        switch element.name {
        case "child", "property", "signal", "binding":
            return parent == "object" || parent == "template" ? nil : parent
        case "object":
            return parent == "object" ? parent : nil
        case "constant", "lookup", "closure":
            let refusing: Set<String> = ["interface", "object", "child", "property", "placeholder", "requires", "signal"]
            return refusing.contains(parent) ? parent : nil
        default:
            return nil
        }
    }
}
