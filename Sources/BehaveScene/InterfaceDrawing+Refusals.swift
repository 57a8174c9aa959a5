import BehaveCore

/// What in a `.ui` file keeps GTK 4.8's GtkBuilder from opening it though
/// its markup reads: headless (`behave run`, specs, the studio, `behave
/// check`) takes no values from a file `behave window` cannot open, and
/// says why at the scene's `ui:` line, as it does for a file that is not
/// XML. A `<requires lib="gtk">` of a GTK newer than the one Behave's GTK
/// host is built for is told, but its values are taken: a newer GTK opens
/// the file.
extension InterfaceDrawing {
    /// The GTK 4 minor version Behave's GTK host is built for (Debian 12's
    /// GTK 4.8): GtkBuilder refuses a file that requires a newer one.
    static let supportedMinorVersion = 8

    /// One thing GtkBuilder refuses, or warns of, where it is in the file.
    enum Mistake: Equatable {
        /// Not XML that GMarkup reads.
        case notMarkup
        /// The file ends with the element `name`, whose start tag is on
        /// `line`, still open (a `</interface>` left out).
        case unclosed(name: String, line: Int)
        /// A byte-order mark before the first element.
        case byteOrderMark
        /// A second object with the id of the one on `firstLine`.
        case duplicateID(String, firstLine: Int)
        /// A `<requires>` without its `lib` or its `version`.
        case requirementIncomplete(missing: String)
        /// A `<requires lib="gtk">` whose version GtkBuilder cannot read
        /// as two numbers, or of a GTK other than 4.
        case notGTK4(version: String)
        /// A `<requires lib="gtk">` of a GTK 4 newer than the host's.
        case newerGTK(version: String)
        /// A property GTK's class lacks, with the class's nearest.
        case notAProperty(className: String, property: String, nearest: String?)
        /// An `<object>` of a class GTK does not have, with its nearest.
        case unknownClass(String, nearest: String?)
        /// An `<object>` of an abstract class, which GTK cannot make.
        case abstractClass(String)
        /// An `<object>` that is neither a widget nor one of `drawnWith`,
        /// which behave window refuses (GtkBuilder would build it).
        case notDrawnWith(String)
        /// A tag GtkBuilder does not read where it is, with the nearest
        /// it would read there.
        case unknownTag(String, reader: TagReader, nearest: String?)
        /// A class's own tag in `place` in an object of `className`, where
        /// GtkBuilder does not read it; `childObject`, the class of the
        /// object of the `<child>` it is in.
        case unreadClassTag(String, className: String, place: GtkClasses.TagPlace, childObject: String?)
        /// One of GtkBuilder's own tags in an element where it refuses it.
        case misplacedTag(String, parent: String)
        /// A `<template>`, which GtkBuilder reads only for the widget
        /// class a program defines, never in a file it opens.
        case template(className: String)
        /// An attribute GtkBuilder does not take on the element, which
        /// takes only `taken`.
        case unknownAttribute(element: String, attribute: String, taken: [String])
        /// An element without an attribute GtkBuilder needs of it (an
        /// `<object>`'s `class`, a `<property>`'s `name`).
        case missingAttribute(element: String, attribute: String)
        /// A list or tree store's `<data>` before any `<column>` of its
        /// `<columns>`: GTK 4.8 stops the program on it (g_error).
        case dataWithoutColumns(className: String)
        /// A notebook's `<child type="tab">` before any page: GTK 4.8
        /// asserts a page to give it to.
        case tabBeforePage
        /// A `GtkStackPage` without its `child`: GTK 4.8 stops the program.
        case pageWithoutChild(className: String)
        /// An id that must name a widget (or a constraint's guide) naming
        /// an object of another class: GTK 4.8 crashes on it.
        case notAWidget(id: String, className: String, namedBy: String, guide: Bool)
        /// A combo box with an entry whose `entry-text-column` is not a
        /// text column of its model: GTK 4.8 crashes reading a row's text.
        case comboTextColumn(Int64)
        /// A widget given by id as the child of itself or of a widget
        /// inside it: GTK 4.8 loops forever or crashes.
        case insideItself(property: String, id: String)
        /// A widget given by id as a child that another object holds
        /// already: GTK 4.8 fails an assertion (a widget has one parent).
        case heldAlready(property: String, id: String)
        /// More widgets given by id as a child than `maximumAdoptions`.
        case manyAdoptions
        /// Grids, from an object in, of more rows and columns (each grid's
        /// first to last) than GTK 4.8 lays out on its stack.
        case gridTooLarge(lines: Int64)
        /// What behave window's pre-scan refuses though GtkBuilder reads
        /// it, at `place` (a byte of the file), where the window tells it.
        case window(WindowRefusal, place: Int)
        /// No screen behave window can find in the file, which has no
        /// place in it.
        case screen(ScreenRefusal)

        /// Whether GtkBuilder refuses the file for it on every GTK 4
        /// (headless then takes nothing from the file).
        var refusesTheFile: Bool {
            switch self {
            case .newerGTK: false
            case .window(let refusal, _): refusal.refusesTheFile
            default: true
            }
        }

        /// What the warning says of it and the fix, after `file:line:column: `.
        func message(file: String) -> String {
            let refused = "so behave window cannot open it, and headless its controls keep their own values"
            switch self {
            case .notMarkup:
                return "Behave cannot read the file as XML from here, so its controls keep their own values (headless, "
                    + "the scene runs without what the file drew); fix the markup there (a tag left open, a stray `&` "
                    + "or `<`): `behave window` names what GTK finds"
            case .unclosed(let name, let line):
                return "the file ends with <\(name)> (line \(line)) still open (GtkBuilder passes over it, behave window does not: "
                    + "\"Document ended unexpectedly with elements still open\"), \(refused); end it with </\(name)>"
            case .byteOrderMark:
                return "the file starts with a byte-order mark, which GTK's reader refuses (\"Document must begin "
                    + "with an element\"), \(refused); save \(file) as UTF-8 without a byte-order mark"
            case .duplicateID(let id, let firstLine):
                return "a second object has the id `\(id)` (the first is on line \(firstLine)), which GtkBuilder "
                    + "refuses (\"Duplicate object ID\"), \(refused); give each object an id of its own"
            case .requirementIncomplete(let missing):
                return "a <requires> without its `\(missing)`, which GtkBuilder refuses, \(refused); "
                    + "write it as <requires lib=\"gtk\" version=\"4.0\"/>"
            case .notGTK4(let version):
                return "<requires lib=\"gtk\" version=\"\(version)\"/> is not a GTK 4 version (major.minor, such as 4.0), "
                    + "which GtkBuilder refuses, \(refused); write the GTK 4 version the file needs"
            case .newerGTK(let version):
                return "<requires lib=\"gtk\" version=\"\(version)\"/> needs a GTK newer than 4.\(supportedMinorVersion), "
                    + "which Behave's GTK host is built for: behave window refuses the file where GTK is "
                    + "4.\(supportedMinorVersion) (headless, its controls take what it drew); require "
                    + "4.\(supportedMinorVersion) if the file uses nothing newer"
            case .notAProperty(let className, let property, let nearest):
                return "a \(className) has no property `\(property)`, which GtkBuilder refuses (\"Invalid property: "
                    + "\(className).\(property)\"), \(refused); "
                    + (propertyName(property) == "max-length" ? "remove it and give the field's `maxLength` in the scene file"
                        : nearest.map { "did you mean `\($0)`?" } ?? "remove it")
            case .unknownClass(let className, let nearest):
                return "no GTK class is named `\(className)`, which GtkBuilder refuses (\"Invalid object type '\(className)'\"), "
                    + "\(refused); " + (nearest.map { "did you mean `\($0)`?" } ?? "name a GTK class, such as GtkButton or GtkBox")
            case .abstractClass(let className):
                return "`\(className)` is an abstract class, of which GTK makes no object (GtkBuilder fails on it), \(refused); "
                    + "name one of its classes, such as GtkButton or GtkBox"
            case .notDrawnWith(let className) where listsFiles(className):
                return "`\(className)` lists the computer's folders and files, as a directory list does, which behave "
                    + "window refuses, \(refused); remove it (Behave shows images from the scene's images: folder)"
            case .notDrawnWith(let className) where listsApplications(className):
                return "`\(className)` lists the applications installed on the computer, which behave window refuses, "
                    + "\(refused); remove it (a screen opens no other application)"
            case .notDrawnWith(let className) where needsFunctions(className):
                return "`\(className)` lays a widget out by functions of the program, which a file cannot give (GTK crashes on "
                    + "one without them), which behave window refuses, \(refused); remove it (a widget's own layout, or a "
                    + "GtkBoxLayout, GtkGridLayout or GtkConstraintLayout, lays it out)"
            case .notDrawnWith(let className):
                return "`\(className)` is neither a widget nor one of the objects a screen is drawn with (adjustments, "
                    + "buffers, list models, event controllers, layouts, size groups), which behave window refuses, "
                    + "\(refused); remove it"
            case .unknownTag(let tag, let reader, let nearest):
                let words: String, place: String
                switch reader {
                case .builder(let parent) where parent.isEmpty:
                    (words, place) = ("Unhandled tag: <\(tag)>", "as the file's top element (GtkBuilder reads only <interface> there)")
                case .builder(let parent):
                    (words, place) = ("Unhandled tag: <\(tag)>", "in a <\(parent)>")
                case .owner(let owner):
                    (words, place) = ("Unsupported tag for …: <\(tag)>", "inside a <\(owner)>")
                case .menu:
                    (words, place) = ("Element <\(tag)> not allowed inside …", "inside a <menu>")
                }
                return "a <\(tag)> \(place), which GtkBuilder refuses (\"\(words)\"), \(refused); "
                    + (nearest.map { "did you mean <\($0)>?" } ?? "remove it")
            case .unreadClassTag(let tag, let className, let place, let childObject):
                // In a <child>, GTK's reader of a tag the outer object reads
                // for itself says it cannot be used there.
                let words = place != .object && GtkClasses.gtk.reads(tag: tag, in: className)
                    ? "Can't use <\(tag)> here" : "Unhandled tag: <\(tag)>"
                let spot: String
                switch place {
                case .object: spot = "in \(article(className)) \(className)"
                case .child: spot = "in a <child> of \(article(className)) \(className)"
                case .childBeforeObject: spot = "in a <child> of \(article(className)) \(className), before the child's object"
                }
                return "\(article(tag)) <\(tag)> \(spot), which GtkBuilder refuses (\"\(words)\"), \(refused); "
                    + classTagFix(tag, childObject: childObject)
            case .misplacedTag(let tag, let parent):
                let fix: String
                switch tag {
                case "object": fix = "give it inside a <child> of that object (or a <property> that takes an object)"
                case "constant", "lookup", "closure": fix = "give it inside a <binding>"
                default: fix = "give it right inside the <object> it is of"
                }
                return "\(article(tag)) <\(tag)> right inside \(article(parent)) <\(parent)>, which GtkBuilder refuses (\"<\(tag)> is not a "
                    + "valid tag here\"), \(refused); \(fix)"
            case .template(let className):
                return "a <template> of class `\(className)`, which GtkBuilder refuses in a file it opens (\"Template "
                    + "declaration … where templates aren't supported\": a template defines a program's widget class), "
                    + "\(refused); draw the screen as objects inside a GtkWindow"
            case .missingAttribute(let element, let attribute):
                return "a <\(element)> without its `\(attribute)`, which GtkBuilder refuses (\"element '\(element)' "
                    + "requires attribute '\(attribute)'\"), \(refused); give it its \(attribute)"
            case .dataWithoutColumns(let className):
                return "a \(className)'s <data> comes before any <column> of its <columns>, on which GTK 4.8 stops the "
                    + "program (\"Cannot append data to an empty model\"), \(refused); give the store its <columns> "
                    + "before its <data>"
            case .tabBeforePage:
                return "a GtkNotebook's <child type=\"tab\"> comes before any page (a <child> without a type), on which "
                    + "GTK 4.8 stops the program (an assertion), \(refused); give the page's <child> before its tab"
            case .pageWithoutChild(let className):
                return "a \(className) without its `child`, on which GTK 4.8 stops the program (\"is missing a child "
                    + "widget\"), \(refused); give it a <property name=\"child\"> holding the page's widget"
            case .notAWidget(let id, let className, let namedBy, let guide):
                return "\(namedBy) `\(id)`, which is a \(className), not a widget\(guide ? " or a guide" : ""), on which "
                    + "GTK 4.8 crashes, \(refused); name a widget"
            case .comboTextColumn(let column):
                return "a GtkComboBox with an entry (has-entry) takes each row's text from its entry-text-column, "
                    + "\(column), which is not a text column of its model (a GtkListStore or GtkTreeStore of the file), "
                    + "on which GTK 4.8 crashes, \(refused); give entry-text-column the number of a gchararray column "
                    + "of its model"
            case .insideItself(let property, let id):
                return "`\(property)` is `\(id)`, which is this object or one it is inside, on which GTK 4.8 loops or "
                    + "crashes (a widget inside itself), \(refused); give it a widget of its own"
            case .heldAlready(let property, let id):
                return "`\(property)` is `\(id)`, which another object holds already (a widget has one parent), on which "
                    + "GTK 4.8 fails an assertion (a critical), \(refused); give it a widget of its own"
            case .manyAdoptions:
                return "more than \(maximumAdoptions) widgets are given by id as an object's child, \(refused); a screen "
                    + "needs far fewer (give each inside the object)"
            case .gridTooLarge(let lines):
                return "the grids from this object in span \(lines) rows and columns, first to last, and GTK 4.8 lays "
                    + "a grid out on its stack (past about 250,000 it overflowed, and behave window crashed), \(refused); "
                    + "place the children at smaller columns and rows (at most \(maximumGridLines) in all)"
            case .window(let refusal, _) where !refusal.refusesTheFile:
                return "\(refusal.what); \(refusal.fix)"
            case .window(let refusal, _):
                return "\(refusal.what), which behave window refuses, \(refused); \(refusal.fix)"
            case .screen(let refusal):
                return "\(refusal.what), which behave window refuses, \(refused); \(refusal.fix)"
            case .unknownAttribute(let element, let attribute, let taken):
                let takes = taken.isEmpty ? "takes none" : "takes only " + taken.map { "`\($0)`" }.joined(separator: ", ")
                return "a <\(element)> has an attribute `\(attribute)`, which GtkBuilder refuses (\"attribute '\(attribute)' "
                    + "invalid for element '\(element)'\"), \(refused); remove it (a <\(element)> \(takes))"
            }
        }
    }

    /// "an" before a word that starts with a vowel, else "a".
    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// The fix for a class's tag where GtkBuilder does not read it: into
    /// the object of the `<child>` it is in when that reads it, else out,
    /// naming the classes that read it (in an object, else in a `<child>`
    /// of one).
    private static func classTagFix(_ tag: String, childObject: String?) -> String {
        if let childObject, GtkClasses.gtk.classes[childObject] != nil, GtkClasses.gtk.reads(tag: tag, in: childObject) {
            return "give it inside the child's <object> (\(article(childObject)) \(childObject), which reads it)"
        }
        let inObjects = GtkClasses.gtk.readers(of: tag), inChildren = GtkClasses.gtk.readers(of: tag, at: .child)
        let (readers, place) = inObjects.isEmpty ? (inChildren, "in a <child> of") : (inObjects, "in")
        guard !readers.isEmpty else { return "remove it" }
        let named = readers.map { "\(article($0)) \($0)" }
        let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " or " + named[named.count - 1]
        return "remove it (GtkBuilder reads <\(tag)> \(place) \(list))"
    }

    /// The drawing in a `.ui` file's bytes, nil when its markup does not
    /// read, unbuilt (its objects, no values) when GtkBuilder refuses the
    /// file; and its first mistake GtkBuilder refuses it for, else the
    /// first it warns of, with its line and column.
    static func read(_ bytes: [UInt8]) -> (drawing: InterfaceDrawing?, mistake: (mistake: Mistake, line: Int, column: Int)?) {
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return (nil, (.byteOrderMark, 1, 1)) }
        guard let document = MarkupDocument.read(bytes) else {
            guard let failure = MarkupDocument.failure(in: bytes) else { return (nil, nil) }
            if let deep = failure.deep {
                // Deeper than Behave's reader reads: the window has refused the file by then.
                let (line, column) = windowPosition(of: deep, in: bytes)
                return (nil, (.window(.tooDeep, place: deep), line, column))
            }
            let (line, column) = MarkupDocument.position(of: failure.stop, in: bytes)
            if let unclosed = failure.unclosed {
                return (nil, (.unclosed(name: unclosed.name, line: MarkupDocument.position(of: unclosed.start, in: bytes).line), line, column))
            }
            return (nil, (.notMarkup, line, column))
        }
        let mistake = mistake(in: document, bytes)
        return (InterfaceDrawing(document, builds: mistake?.mistake.refusesTheFile != true), mistake)
    }

    /// The first mistake GtkBuilder refuses the file for ends the search:
    /// it is the one told, and its place is counted once (counted for
    /// each of 20,000 ids given twice, a 1.7 MB file took five minutes).
    private static func mistake(in document: MarkupDocument, _ bytes: [UInt8]) -> (mistake: Mistake, line: Int, column: Int)? {
        // At the window's line and column: where GMarkup, its reader and GtkBuilder's, stands as it finds it.
        func located(_ mistake: Mistake, at place: Int) -> (mistake: Mistake, line: Int, column: Int) {
            let (line, column) = windowPosition(of: place, in: bytes)
            return (mistake, line, column)
        }
        func opened(_ index: Int) -> Int {
            let element = document.elements[index]
            return element.end == element.opened ? element.opened - 1 : element.opened
        }
        var warning: (mistake: Mistake, at: Int)?
        var seen = Seen()
        for (index, element) in document.elements.enumerated() where element.name == "object" {
            if let id = element.attribute("id"), let className = element.attribute("class"), seen.classesByID[id] == nil {
                seen.classesByID[id] = className
                seen.objectsByID[id] = index
            }
        }
        let readers = tagReaders(in: document)
        for (index, element) in document.elements.enumerated() {
            let reader = element.parent >= 0 ? readers[element.parent] : .builder(in: "")
            var found = mistakes(of: element, readBy: reader, in: document, seen: &seen, bytes)
            for (refusal, place) in windowRefusals(of: element, at: index, in: document, watch: &seen.window, bytes) {
                found.insert((.window(refusal, place: place), place), at: refusal.isToldFirst ? 0 : found.count)
            }
            for (mistake, place) in found {
                if mistake.refusesTheFile { return located(mistake, at: place) }
                if warning == nil { warning = (mistake, place) }
            }
        }
        // What the window's pre-scan weighs once the file is read (an id
        // may be named before it is given), as it does: the ids named
        // where a widget must be, in the file's order, then the combo boxes,
        // each as it ends.
        if let named = seen.namedWidgets.min(by: { $0.at < $1.at }) { return located(named.mistake, at: named.at) }
        if let combo = seen.combos.min(by: { $0.end < $1.end }) { return located(combo.mistake, at: combo.at) }
        if let (element, refusal) = overlayLayoutByID(in: document, classes: seen.classesByID) {
            // Told past the property's end tag, where GtkBuilder reads its id.
            return located(.window(refusal, place: document.elements[element].end), at: document.elements[element].end)
        }
        if let loop = parentLoop(in: document) { return located(loop.mistake, at: opened(loop.element)) }
        if let grid = oversizedGrid(in: document) { return located(.gridTooLarge(lines: grid.lines), at: opened(grid.element)) }
        return warning.map { located($0.mistake, at: $0.at) }
    }

    /// What the elements before the one being checked gave, as GtkBuilder
    /// reads them in order.
    private struct Seen {
        /// Where each id was first given.
        var firsts: [String: Int] = [:]
        /// The stores (their elements' indices) given a column so far.
        var storesWithColumns: Set<Int> = []
        /// The notebooks (their elements' indices) given a page so far.
        var notebooksWithPages: Set<Int> = []
        /// Each id's class, all the file's (an id may be named before it
        /// is given).
        var classesByID: [String: String] = [:]
        /// The class of each `<child>`'s object (the child's element's
        /// index), once it is read.
        var childObjects: [Int: String] = [:]
        /// Each id's `<object>` element.
        var objectsByID: [String: Int] = [:]
        /// What the window's pre-scan keeps (`windowRefusals`).
        var window = Watch()
        /// The ids named where a widget must be that are not one, and
        /// the combo boxes (their ends) whose entry column is no text
        /// column: told once the file is read.
        var namedWidgets: [(mistake: Mistake, at: Int)] = []
        var combos: [(mistake: Mistake, at: Int, end: Int)] = []
    }

    /// The classes that read `<columns>` and `<data>` (GTK has none of
    /// theirs, so no other class reads them).
    private static let stores: Set<String> = ["GtkListStore", "GtkTreeStore"]

    /// The objects other than widgets a screen is drawn with (models,
    /// buffers, adjustments, controllers, layouts, factories that build
    /// from signals), with all their classes: `behave window` refuses any
    /// other. The window's pre-scan (Hosts/GTK's builder_scan.c) keeps the
    /// same list, and a GTK test checks the two agree on every class.
    static let drawnWith: [String] = [
        "GtkAdjustment", "GtkSizeGroup", "GtkEntryBuffer", "GtkTextBuffer", "GtkTextTag", "GtkTextTagTable",
        "GtkEventController", "GtkLayoutManager", "GtkConstraint", "GtkConstraintGuide", "GtkStringList",
        "GtkStringObject", "GtkListStore", "GtkTreeStore", "GtkTreeModelFilter", "GtkTreeModelSort", "GtkCellRenderer",
        "GtkCellArea", "GtkTreeViewColumn", "GtkFileFilter", "GtkShortcut", "GtkSingleSelection", "GtkNoSelection",
        "GtkMultiSelection", "GtkSortListModel", "GtkFilterListModel", "GtkSorter", "GtkFilter", "GtkColumnViewColumn",
        "GtkSignalListItemFactory", "GtkStackPage", "GtkAssistantPage",
    ]

    /// The widgets that list the computer's folders and files, as a
    /// directory list does, with all their classes: `behave window`
    /// refuses them (its pre-scan: each class that is a GtkFileChooser).
    static let listingFiles: [String] = ["GtkFileChooserWidget", "GtkFileChooserDialog"]

    static func listsFiles(_ className: String) -> Bool {
        listingFiles.contains { GtkClasses.gtk.isA(className, $0) }
    }

    /// The widgets that list the applications installed on the computer
    /// (to open a file or a link with), with all their classes: `behave
    /// window` refuses them, as it does what lists files (its pre-scan:
    /// each class that is a GtkAppChooser).
    static let listingApplications: [String] = ["GtkAppChooserButton", "GtkAppChooserWidget", "GtkAppChooserDialog"]

    static func listsApplications(_ className: String) -> Bool {
        listingApplications.contains { GtkClasses.gtk.isA(className, $0) }
    }

    /// The helpers that do their work by functions of the program, which a
    /// file cannot give (GTK 4.8 crashed on a custom layout without them),
    /// with all their classes: `behave window` refuses them.
    static let needingFunctions: [String] = ["GtkCustomLayout"]

    static func needsFunctions(_ className: String) -> Bool {
        needingFunctions.contains { GtkClasses.gtk.isA(className, $0) }
    }

    /// Whether `behave window` takes an object of `className`: a widget
    /// but one of `listingFiles` or `listingApplications`, or one of
    /// `drawnWith`'s but one of `needingFunctions` (any, for a class the
    /// table lacks, which is told of itself).
    static func isDrawnWith(_ className: String) -> Bool {
        GtkClasses.gtk.classes[className] == nil || GtkClasses.gtk.isA(className, "GtkWidget") && !listsFiles(className)
            && !listsApplications(className)
            || drawnWith.contains { GtkClasses.gtk.isA(className, $0) } && !needsFunctions(className)
    }

    /// What GtkBuilder refuses or warns of in `element`, whose tag
    /// `reader` reads, after what `seen` holds of the elements before it.
    private static func mistakes(of element: MarkupDocument.Element, readBy reader: TagReader, in document: MarkupDocument,
                                 seen: inout Seen, _ bytes: [UInt8]) -> [(mistake: Mistake, at: Int)] {
        var found: [(mistake: Mistake, at: Int)] = []
        // Where the window tells each: GMarkup stands past the start tag (at an empty element's `>`).
        let opened = element.end == element.opened ? element.opened - 1 : element.opened
        if let (taken, required) = attributes(of: element, in: document) {
            if let unknown = element.attributes.first(where: { !taken.contains($0.name) }) {
                found.append((.unknownAttribute(element: element.name, attribute: unknown.name, taken: taken), opened))
            } else if let missing = required.first(where: { element.attribute($0) == nil }) {
                found.append((.missingAttribute(element: element.name, attribute: missing), opened))
            }
        }
        switch element.name {
        case "object":
            guard let id = element.attribute("id") else { break }
            if let first = seen.firsts[id] {
                found.append((.duplicateID(id, firstLine: MarkupDocument.position(of: first, in: bytes).line), opened))
            } else {
                seen.firsts[id] = element.start
            }
        case "template":
            found.append((.template(className: element.attribute("class") ?? ""), opened))
        case "requires":
            guard let mistake = requirement(element) else { break }
            // GtkBuilder weighs a version of two parts past the element's end; refuses any other at its start.
            let weighed = element.attribute("lib") != nil && element.attribute("version")?.contains(".") == true
            found.append((mistake, weighed ? element.end : opened))
        case "property":
            guard element.parent >= 0, document.elements[element.parent].name == "object", let name = element.attribute("name"),
                  let className = document.elements[element.parent].attribute("class"),
                  !GtkClasses.gtk.has(property: name, in: className) else { break }
            let nearest = Suggestions.nearest(to: propertyName(name), in: GtkClasses.gtk.properties(of: className))
            found.append((.notAProperty(className: className, property: name, nearest: nearest), opened))
        case "column":
            // A store's column is one in a <columns> right inside it.
            guard let columns = parent(of: element, in: document), columns.name == "columns",
                  let store = parent(of: columns, in: document), store.name == "object",
                  stores.contains(store.attribute("class") ?? "") else { break }
            seen.storesWithColumns.insert(columns.parent)
        case "child":
            guard let notebook = parent(of: element, in: document), notebook.name == "object",
                  GtkClasses.gtk.isA(notebook.attribute("class") ?? "", "GtkNotebook") else { break }
            if element.attribute("type") == nil {
                seen.notebooksWithPages.insert(element.parent)
            } else if element.attribute("type") == "tab", !seen.notebooksWithPages.contains(element.parent) {
                found.append((.tabBeforePage, opened))
            }
        case "constraint":
            guard let layout = parent(of: element, in: document).flatMap({ parent(of: $0, in: document) }),
                  GtkClasses.gtk.isA(layout.attribute("class") ?? "", "GtkConstraintLayout") else { break }
            for (end, namedBy) in [("target", "a <constraint>'s target is"), ("source", "a <constraint>'s source is")] {
                if let id = element.attribute(end), id != "super",
                   let mistake = notAWidget(id, namedBy: namedBy, guide: true, classes: seen.classesByID) {
                    seen.namedWidgets.append((mistake, opened))
                }
            }
        case "data":
            guard let store = parent(of: element, in: document), store.name == "object",
                  let className = store.attribute("class"), stores.contains(className),
                  !seen.storesWithColumns.contains(element.parent) else { break }
            found.append((.dataWithoutColumns(className: className), opened))
        default:
            break
        }
        if element.name == "object", let className = element.attribute("class"), GtkClasses.gtk.isA(className, "GtkComboBox"),
           let column = comboTextColumn(element, of: className, in: document, objects: seen.objectsByID) {
            seen.combos.append((.comboTextColumn(column), opened, element.end))
        }
        if element.name == "object", let className = element.attribute("class"), GtkClasses.gtk.isA(className, "GtkStackPage") {
            // Its child, an object in it or an id, which must be a widget.
            let child = element.content.compactMap { content -> Int? in
                guard case .element(let index) = content, document.elements[index].name == "property",
                      document.elements[index].attribute("name") == "child" else { return nil }
                return index
            }.first
            if let child {
                let id = document.text(of: child).trimmingCharacters(in: .whitespacesAndNewlines)
                if !id.isEmpty, let mistake = notAWidget(id, namedBy: "a page's child is", guide: false, classes: seen.classesByID) {
                    // Told past the property's end tag, where its id is read.
                    seen.namedWidgets.append((mistake, document.elements[child].end))
                }
            } else {
                found.append((.pageWithoutChild(className: className), opened))
            }
        }
        if element.name == "object", let className = element.attribute("class") {
            if !GtkClasses.gtk.has(className) {
                found.append((.unknownClass(className, nearest: GtkClasses.gtk.nearestClass(to: className)), opened))
            } else if GtkClasses.gtk.isAbstract(className) {
                found.append((.abstractClass(className), opened))
            } else if !isDrawnWith(className) {
                found.append((.notDrawnWith(className), opened))
            }
        }
        if case .builder = reader,
           let mistake = unreadClassTag(element, in: document, objectBefore: seen.childObjects[element.parent]) {
            found.insert((mistake, opened), at: 0)
        }
        if element.name == "object", element.parent >= 0, document.elements[element.parent].name == "child",
           seen.childObjects[element.parent] == nil {
            seen.childObjects[element.parent] = element.attribute("class") ?? ""
        }
        if let parent = misplacement(of: element, readBy: reader), !givesAnExpression(element, in: document) {
            found.insert((.misplacedTag(element.name, parent: parent), opened), at: 0)
        }
        if let taken = tagMistake(of: element, readBy: reader) {
            // A short name's nearest is a guess (`foo`, `col`), not its typo.
            let nearest = element.name.count > 3 ? Suggestions.nearest(to: element.name, in: taken.sorted()) : nil
            found.insert((.unknownTag(element.name, reader: reader, nearest: nearest), opened), at: 0)
        }
        return found
    }

    /// Whether `element` is an expression (`<lookup>`, `<constant>`,
    /// `<closure>`) right inside a `<property>` of a GtkExpression, which
    /// GtkBuilder reads there as in a `<binding>` (a drop down's
    /// `expression`), and refuses in any other property.
    private static func givesAnExpression(_ element: MarkupDocument.Element, in document: MarkupDocument) -> Bool {
        guard ["lookup", "constant", "closure"].contains(element.name), let property = parent(of: element, in: document),
              property.name == "property", let object = parent(of: property, in: document), object.name == "object",
              let className = object.attribute("class") else { return false }
        return GtkPropertyKinds.gtk.kind(of: property.attribute("name") ?? "", in: className) == .textless("GtkExpression")
    }

    /// `id` named where a widget (or, where `guide`, a constraint's
    /// guide) must be, when it is an object of the file of another class.
    private static func notAWidget(_ id: String, namedBy: String, guide: Bool, classes: [String: String]) -> Mistake? {
        guard let className = classes[id], GtkClasses.gtk.classes[className] != nil, !GtkClasses.gtk.isA(className, "GtkWidget"),
              !(guide && GtkClasses.gtk.isA(className, "GtkConstraintGuide")) else { return nil }
        return .notAWidget(id: id, className: className, namedBy: namedBy, guide: guide)
    }

    /// A combo box's `entry-text-column` when it has an entry and a model
    /// whose column that is not text (GtkComboBoxText's is 0 unless
    /// given, another's -1): GTK reads each row's text from it as a string.
    private static func comboTextColumn(_ combo: MarkupDocument.Element, of className: String, in document: MarkupDocument,
                                        objects: [String: Int]) -> Int64? {
        var entry = false, column: Int64 = GtkClasses.gtk.isA(className, "GtkComboBoxText") ? 0 : -1, model: Int?
        for case .element(let index) in combo.content where document.elements[index].name == "property" {
            let text = document.text(of: index).trimmingCharacters(in: .whitespacesAndNewlines)
            switch propertyName(document.elements[index].attribute("name") ?? "") {
            case "has-entry": entry = boolean(text) ?? false
            case "entry-text-column": column = wholeNumber(text) ?? 0
            case "model":
                let inline = document.elements[index].content.compactMap { content -> Int? in
                    guard case .element(let inner) = content, document.elements[inner].name == "object" else { return nil }
                    return inner
                }.first
                model = inline ?? (text.isEmpty ? nil : objects[text])
                if model == nil, !text.isEmpty { model = -1 }   // an id of no object
            default: break
            }
        }
        guard entry, let model else { return nil }
        let types = model >= 0 ? storeColumns(document.elements[model], in: document) : nil
        if let types, column >= 0, column < types.count, types[Int(column)] == "gchararray" { return nil }
        return column
    }

    /// The column types a store's `<columns>` give, in order; nil for an
    /// object that is not a list or tree store.
    private static func storeColumns(_ store: MarkupDocument.Element, in document: MarkupDocument) -> [String]? {
        guard stores.contains(store.attribute("class") ?? "") else { return nil }
        var types: [String] = []
        for case .element(let columns) in store.content where document.elements[columns].name == "columns" {
            for case .element(let column) in document.elements[columns].content where document.elements[column].name == "column" {
                types.append(document.elements[column].attribute("type") ?? "")
            }
        }
        return types
    }

    /// The element `element` is in; nil at the top.
    private static func parent(of element: MarkupDocument.Element, in document: MarkupDocument) -> MarkupDocument.Element? {
        element.parent >= 0 ? document.elements[element.parent] : nil
    }

    /// The attributes GtkBuilder 4.8 takes on an element that it, or a
    /// widget's reader of what Cambalache writes (`<layout>`, `<style>`),
    /// reads, and those it needs; it refuses the file for any other (`xmlns`
    /// on `<interface>` too) or without one it needs (a `<requires>`'s are
    /// told by `requirement`). nil for the elements of other readers, left
    /// to them.
    private static func attributes(of element: MarkupDocument.Element, in document: MarkupDocument)
        -> (taken: [String], required: [String])? {
        let parent = element.parent >= 0 ? document.elements[element.parent].name : ""
        switch (element.name, parent) {
        case ("interface", ""): return (["domain"], [])
        case ("requires", _): return (["lib", "version"], [])
        case ("object", "interface"), ("object", "child"), ("object", "property"):
            return (["class", "id", "type-func", "constructor"], ["class"])
        case ("property", "object"):
            return (["name", "translatable", "comments", "context", "bind-source", "bind-property", "bind-flags"], ["name"])
        case ("child", "object"): return (["type", "internal-child"], [])
        case ("layout", "object"), ("style", "object"): return ([], [])
        case ("property", "layout"): return (["name", "translatable", "context"], ["name"])
        case ("class", "style"): return (["name"], ["name"])
        default: return nil
        }
    }

    /// A `<requires>` as GtkBuilder reads it: a `lib` and a `version` of
    /// two numbers at least (`4.8`, `4.10.1`; each read as C's `strtoll`
    /// reads it), and for GTK, its major version 4.
    private static func requirement(_ element: MarkupDocument.Element) -> Mistake? {
        guard let library = element.attribute("lib") else { return .requirementIncomplete(missing: "lib") }
        guard let version = element.attribute("version") else { return .requirementIncomplete(missing: "version") }
        guard library == "gtk" else { return nil }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard !version.isEmpty, parts.count >= 2 else { return .notGTK4(version: version) }
        guard integer(String(parts[0])) == 4 else { return .notGTK4(version: version) }
        // As gtk_check_version weighs it: 100 × the minor version in a C
        // unsigned int, read back as an int, must be at least 0 (no GTK 4
        // opens `4.-1`, and 4.8 opens `4.2147483648`, 0 so weighed) and
        // at most this GTK's.
        let weight = Int32(bitPattern: UInt32(bitPattern: integer(String(parts[1]))) &* 100)
        guard weight >= 0 else { return .notGTK4(version: version) }
        return weight > supportedMinorVersion * 100 ? .newerGTK(version: version) : nil
    }

    /// A whole number as C's `strtoll` of base 10 reads it, then kept in a
    /// C int as GtkBuilder keeps it: after blanks, a sign and the digits
    /// (0 without any), past a long long's range its end.
    static func integer(_ text: String) -> Int32 {
        let (negative, rest) = signed(text)
        var value: Int64 = 0
        for scalar in rest {
            guard let digit = digit(scalar), digit < 10 else { break }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, past) = times.addingReportingOverflow(Int64(digit))
            guard !overflow, !past else {
                value = negative ? Int64.min : Int64.max
                return Int32(truncatingIfNeeded: value)
            }
            value = sum
        }
        return Int32(truncatingIfNeeded: negative ? -value : value)
    }
}
