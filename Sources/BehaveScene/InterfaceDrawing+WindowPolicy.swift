import CInterfaceLimits
import Foundation

/// What `behave window`'s pre-scan (Hosts/GTK's builder_scan.c) refuses in
/// a `.ui` file though GtkBuilder would read it: what would call into the
/// program, a second window, what reads host files or URIs or follows a
/// link off the web, markup Pango cannot read, and numbers and text past
/// what GTK lays out. Headless refuses the same file the same way, in the
/// words of the window and at its line and column (where GMarkup, the
/// window's reader, stands when it finds it: past the start tag, or past
/// the end tag for what a value or an object's end shows), before the
/// window opens. Found in the one pass over the elements that finds the
/// other refusals (`mistakes(of:…)`), with what it keeps in `Watch`.
extension InterfaceDrawing {
    /// The limits behave window lays a screen out within, from the one
    /// header its pre-scan includes too (interface_limits.h, which says
    /// why each is where it is).
    enum WindowLimits {
        static let depth = Int(UI_MAX_DEPTH)
        static let objects = Int(UI_MAX_OBJECTS)
        static let integer = Int64(UI_MAX_INTEGER)
        static let label = Int(UI_MAX_LABEL)
        static let points = Int64(UI_MAX_POINTS)
        static let scale = Double(UI_MAX_SCALE)
    }

    /// One thing the window's pre-scan refuses: what it is and the fix,
    /// as the window words them (`what; fix`).
    enum WindowRefusal: Equatable {
        case typeFunction(String)
        case signal(name: String, handler: String)
        case closure(function: String)
        case tooDeep
        case tooManyObjects
        case secondWindow(className: String)
        /// A drag icon, a root of its own as a window is: GTK 4.8 asserts
        /// it is no other widget's child once it holds one.
        case dragIcon(className: String)
        case readsAFile(property: String, className: String)
        case iconFile(String)
        case largeInteger(property: String, value: String)
        /// A fixed child's transform with a number past the limit: GTK
        /// hangs on an angle past about 8.6e9 degrees.
        case largeTransform(value: String)
        case longLabel(property: String, characters: Int)
        case link(property: String, uri: String)
        case markupLink(where: String, uri: String)
        case notPangoMarkup(where: String, why: String)
        case pastPango(where: String, what: String)
        /// A value GtkBuilder cannot read for its property (it would fail
        /// without a line, or warn and leave the property be).
        case unreadable(property: String, className: String, value: String, expected: String)
        /// A value of a type GtkBuilder reads from no text: it warns, and
        /// leaves the property be.
        case textless(property: String, className: String, value: String, type: String)
        /// A value of a type GtkBuilder reads some texts as (a transform,
        /// a GVariant, a colour of a name that is no CSS colour's) that
        /// headless cannot judge: a warning, not a refusal (the window
        /// refuses it if GTK cannot read it), with the window's fix.
        case unchecked(property: String, className: String, value: String, type: String, expected: String)
        /// A `<child type>` its parent does not take (it takes `taken`,
        /// as GtkBuilder answered: `GtkChildTypes`): GTK warns, and leaves
        /// the child out.
        case childType(type: String, parent: String, taken: [String])
        /// An object in a `<child>` of one that is not GtkBuildable:
        /// GtkBuilder asserts it is, and the program stops.
        case childOfUnbuildable(className: String, parent: String)
        /// An object in a `<child>` of one that takes only a `kind` as a
        /// child (a multi filter a filter): GTK crashes on any other.
        case childOfAnotherKind(className: String, parent: String, kind: String)
        /// A widget in a `<child>` of an object that cannot hold one (a
        /// text view, an emoji chooser), or as its `child`: GTK's `fate`.
        case widgetChild(className: String, parent: String, fate: String)
        case childProperty(className: String, fate: String)
        /// An object other than a header bar as a dialog's `<child
        /// type="titlebar">`: the dialog takes it for a header bar, and
        /// GTK crashes.
        case dialogTitlebar(className: String, dialog: String)
        /// An overlay layout as the layout manager of a widget but an
        /// overlay, or another as an overlay's: GTK casts one to the other.
        case overlayLayout(className: String, owner: String)
        /// A flow box child outside a flow box, a list box row outside a
        /// list box: GTK's `fate` as it takes the focus (`boxedChildren`).
        case childOutsideItsBox(className: String, box: String, fate: String)
        /// A shortcut's action `signal()` or `action()`: GTK makes a
        /// `kind` action of no name, and asserts it has one.
        case namelessAction(property: String, className: String, value: String, kind: String)
        /// A tree store's `<row>` with neither a `<col>` nor a `<row>` in
        /// it: GTK crashes.
        case emptyTreeRow
        /// A link button without its `uri`: a click hands GTK's
        /// `gtk_show_uri` none, and it fails an assertion (a critical).
        case linkWithoutURI(className: String)
        /// An assistant without a page: its Back button shows, and GTK
        /// fails an assertion going back from none.
        case assistantWithoutPages(className: String)
        /// A property GtkBuilder sets as it makes the object given to it
        /// again (its first on `firstLine`): GObject keeps the first, with
        /// a critical, where GtkBuilder keeps the last of another.
        case givenTwice(property: String, className: String, firstLine: Int)

        /// Whether headless takes nothing from the file for it (all but a
        /// value it cannot judge, which it warns of).
        var refusesTheFile: Bool {
            if case .unchecked = self { return false }
            return true
        }

        /// Whether the window tells it before anything else of its element
        /// (what calls into the program, and depth, it checks first).
        var isToldFirst: Bool {
            switch self {
            case .typeFunction, .signal, .closure, .tooDeep: true
            default: false
            }
        }

        static let web = "a link opens a web page or mail (http, https, mailto)"
        static let pango = "past what Pango lays out (sizes of 0 to \(WindowLimits.points) points, scales of 0 to \(Int(WindowLimits.scale)))"

        var what: String {
            switch self {
            case .typeFunction(let name): "type-func=\"\(name)\" names a C function for GTK to call"
            case .signal(let name, let handler): "<signal name=\"\(name)\" handler=\"\(handler)\"> would call a C function of the program"
            case .closure(let function): "<closure function=\"\(function)\"> would call a C function of the program"
            case .tooDeep: "elements are nested more than \(WindowLimits.depth) deep"
            case .tooManyObjects: "more than \(WindowLimits.objects) objects"
            case .secondWindow(let className): "a second window (\(className))"
            case .dragIcon(let className):
                "`\(className)` is the surface GTK makes for a drag, which a screen does not hold (GTK stops the program on one in "
                    + "a widget, an assertion)"
            case .readsAFile(let property, let className): "the property `\(property)` of \(className) reads a file or a URI of the computer"
            case .iconFile(let icon): "the icon `\(icon)` names a file or a URI of the computer"
            case .largeInteger(let property, let value):
                "`\(property)` is \(value), but GTK lays a screen out in C ints, and its whole numbers here are at most \(WindowLimits.integer)"
            case .largeTransform(let value):
                "`transform` is `\(value)`, but GTK lays a screen out in C ints, and the numbers of a transform here are at most "
                    + "\(WindowLimits.integer) (GTK hangs on an angle past about 8,600,000,000 degrees, and stops the program on one it "
                    + "reads as no number, as 0e400)"
            case .longLabel(let property, let characters): "`\(property)` holds \(characters) characters"
            case .link(let property, let uri): "`\(property)` is `\(uri)`"
            case .markupLink(let place, let uri): "\(place) links to `\(uri)`"
            case .notPangoMarkup(let place, let why): "\(place) is not Pango markup: \(why)"
            case .pastPango(let place, let what): "\(place) gives \(what) \(WindowRefusal.pango)"
            case .unreadable(let property, let className, let value, _):
                "`\(property)` of \(className) is `\(value)`, which GTK cannot read as its value"
            case .textless(let property, let className, let value, let type):
                "`\(property)` of \(className) is `\(value)`, but GTK reads no \(type) from a file's text (it warns, and leaves "
                    + "the property be)"
            case .unchecked(let property, let className, let value, let type, _):
                "`\(property)` of \(className) is `\(value)`, a \(type), which headless Behave cannot check: behave window asks "
                    + "GTK to read it, and refuses the file if GTK cannot"
            case .childType(let type, let parent, let taken):
                "a <child type=\"\(type)\"> of a \(parent), which takes no child " + (taken.isEmpty ? "type" : "of that type")
                    + (InterfaceDrawing.widgetChildFate(parent, kind: type).map { ": GTK warns, keeps a widget there, and \($0)" }
                        ?? " (GTK warns, and leaves the child out)")
            case .childOfUnbuildable(let className, let parent):
                "a \(className) in a <child> of a \(parent), which takes no children (it is not GtkBuildable), on which "
                    + "GTK stops the program (an assertion)"
            case .childOfAnotherKind(let className, let parent, let kind):
                "a \(className) in a <child> of a \(parent), which takes only a \(kind) as a child, on which GTK crashes"
            case .widgetChild(let className, let parent, let fate): "a \(className) in a <child> of a \(parent), on which GTK \(fate)"
            case .childProperty(let className, let fate): "`child` of \(className), on which GTK \(fate)"
            case .dialogTitlebar(let className, let dialog):
                "a \(className) as the <child type=\"titlebar\"> of a \(dialog), which takes it for a header bar, on which GTK crashes"
            case .overlayLayout(let className, let owner):
                "a \(className) as the `layout-manager` of a \(owner), on which GTK fails an assertion (a critical) as it lays it "
                    + "out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else)"
            case .childOutsideItsBox(let className, let box, let fate):
                "a \(className) outside a \(box) (not in a <child> of one), on which GTK \(fate) as it takes the focus"
            case .namelessAction(let property, let className, let value, let kind):
                "`\(property)` of \(className) is `\(value)`, which names no \(kind), on which GTK stops the program (an assertion)"
            case .emptyTreeRow: "a GtkTreeStore's <row> holds neither a <col> nor a <row>, on which GTK crashes"
            case .linkWithoutURI(let className):
                "a \(className) without its `uri`, on which GTK fails an assertion (a critical) when it is clicked"
            case .assistantWithoutPages(let className):
                "a \(className) without a page (a <child> of it), on which GTK fails an assertion (a critical) when its Back button "
                    + "is clicked"
            case .givenTwice(let property, let className, let firstLine):
                "`\(property)` is given twice to a \(className) (first on line \(firstLine)), which GTK sets as it makes the object: "
                    + "it keeps the first, with a critical (\"cannot be set twice\")"
            }
        }

        var fix: String {
            switch self {
            case .typeFunction: "remove the attribute (the class names the type)"
            case .signal: "Behave wires events in the scene file (connections:, or control:on in a behaviour): remove the <signal> element"
            case .closure: "remove it (a behaviour computes the value and sets it)"
            case .tooDeep, .tooManyObjects: "a screen needs far fewer"
            case .secondWindow:
                "Behave shows one window, the screen, drawn as the file's GtkWindow (a behaviour's ask shows dialogs): remove it"
            case .readsAFile:
                "Behave shows images from the scene's images: folder (bind the widget to an ImageView or a Button and set its image): "
                    + "remove the property"
            case .iconFile: "name a themed icon (document-open), or show an image from the scene's images: folder"
            case .largeInteger, .pastPango: "give a smaller one"
            case .largeTransform: "give smaller ones"
            case .unreadable(_, _, _, let expected): "give \(expected)"
            case .unchecked(_, _, _, _, let expected): "if it does, give \(expected)"
            case .longLabel: "a label shows at most \(WindowLimits.label) (a text view holds long text)"
            case .link, .markupLink: WindowRefusal.web
            case .notPangoMarkup: "write it as Pango markup (`&amp;` for `&`, `&lt;` for `<`), or turn use-markup off"
            case .childType(let type, let parent, let taken):
                // A text view's child is refused whatever its type.
                InterfaceDrawing.widgetChildFate(parent, kind: type) != nil ? "remove the <child>"
                    : taken.isEmpty ? "remove the type"
                    : (taken.count == 1 ? "make it type=\"\(taken[0])\"" : "give one of " + taken.joined(separator: ", ")) + ", or remove the type"
            case .childOfUnbuildable: "remove the <child>, or give the object to one that takes it"
            case .childOfAnotherKind(_, _, let kind): "give it a \(kind), or remove the <child>"
            case .widgetChild: "remove the <child>"
            case .dragIcon: "remove it"
            case .childProperty, .textless: "remove the property"
            case .overlayLayout: "remove the property"
            case .dialogTitlebar: "give a GtkHeaderBar, or give it as the dialog's <property name=\"titlebar\">"
            case .childOutsideItsBox(_, let box, _): "give it in a <child> of a \(box), or give its child in place of it"
            case .namelessAction(_, _, _, let kind): "name the \(kind), as in " + (kind == "signal" ? "signal(activate)" : "action(window.close)")
            case .emptyTreeRow: "give it its values (<col id=\"0\">…</col>), or remove it"
            case .linkWithoutURI: "give it a <property name=\"uri\"> (a web page or mail: http, https, mailto)"
            case .assistantWithoutPages: "give it its pages, each in a <child>"
            case .givenTwice: "remove one of them"
            }
        }
    }

    /// What the pass keeps of the elements before the one being checked.
    struct Watch {
        /// Each element's depth (1: at the top).
        var depths: [Int] = []
        /// The `<object>` each element is in or is (-1: none).
        var objects: [Int] = []
        var objectCount = 0, windowCount = 0
        /// Each object's properties given so far (by the object's index),
        /// each with its place.
        var given: [Int: [String: Int]] = [:]

        /// Where `object` was given `property` before (nil: not yet),
        /// noting it given at `place`.
        mutating func give(_ property: String, at place: Int, to object: Int) -> Int? {
            if let first = given[object]?[property] { return first }
            given[object, default: [:]][property] = place
            return nil
        }
    }

    /// What the window's pre-scan refuses of `element` (the `index`th),
    /// and where: the byte GMarkup stands at then.
    static func windowRefusals(of element: MarkupDocument.Element, at index: Int, in document: MarkupDocument,
                               watch: inout Watch, _ bytes: [UInt8]) -> [(refusal: WindowRefusal, at: Int)] {
        let depth = element.parent >= 0 ? watch.depths[element.parent] + 1 : 1
        watch.depths.append(depth)
        let object = element.name == "object" ? index : element.parent >= 0 ? watch.objects[element.parent] : -1
        watch.objects.append(object)
        var found: [(refusal: WindowRefusal, at: Int)] = []
        // GMarkup calls on an element `<name/>` at its `>` as it opens and past it as it ends, else past its start
        // tag and past its end tag.
        let empty = element.end == element.opened
        let opened = empty ? element.opened - 1 : element.opened, ended = element.end
        if depth > WindowLimits.depth { return [(.tooDeep, opened)] }
        if let function = element.attribute("type-func") { found.append((.typeFunction(function), opened)) }
        switch element.name {
        case "signal":
            found.append((.signal(name: element.attribute("name") ?? "", handler: element.attribute("handler") ?? ""), opened))
        case "closure":
            found.append((.closure(function: element.attribute("function") ?? ""), opened))
        case "object":
            watch.objectCount += 1
            let className = element.attribute("class") ?? ""
            if watch.objectCount > WindowLimits.objects {
                found.append((.tooManyObjects, opened))
            } else if GtkClasses.gtk.classes[className] != nil, !GtkClasses.gtk.isAbstract(className), isDrawnWith(className),
                      GtkClasses.gtk.isA(className, "GtkWindow") {
                watch.windowCount += 1
                if watch.windowCount > 1 { found.append((.secondWindow(className: className), opened)) }
            }
            if found.isEmpty, GtkClasses.gtk.classes[className] != nil, GtkClasses.gtk.isA(className, "GtkDragIcon") {
                found.append((.dragIcon(className: className), opened))
            } else if found.isEmpty, let refusal = childRefusal(of: element, className: className, in: document) {
                found.append((refusal, opened))
            } else if found.isEmpty, let owner = layoutOwner(of: element, in: document),
                      GtkClasses.gtk.classes[className] != nil, GtkClasses.gtk.classes[owner] != nil,
                      GtkClasses.gtk.isA(className, "GtkOverlayLayout") != GtkClasses.gtk.isA(owner, "GtkOverlay") {
                found.append((.overlayLayout(className: className, owner: owner), opened))
            }
            if let refusal = labelMarkup(of: index, in: document) { found.append((refusal, ended)) }
            if GtkClasses.gtk.classes[className] != nil, GtkClasses.gtk.isA(className, "GtkLinkButton"),
               !document.children(of: index).contains(where: {
                   document.elements[$0].name == "property" && document.elements[$0].attribute("name") == "uri"
               }) {
                found.append((.linkWithoutURI(className: className), ended))
            }
            if GtkClasses.gtk.classes[className] != nil, GtkClasses.gtk.isA(className, "GtkAssistant"),
               !document.children(of: index).contains(where: {
                   document.elements[$0].name == "child" && document.elements[$0].attribute("internal-child") == nil
               }) {
                found.append((.assistantWithoutPages(className: className), ended))
            }
        case "attribute":
            if let name = element.attribute("name"), let value = element.attribute("value") {
                // A text attribute of a label (a menu's gives its value as text).
                if let what = pastPango(attribute: name, value: value) {
                    found.append((.pastPango(where: "the attribute `\(name)`", what: what), opened))
                }
            } else if let name = element.attribute("name") {
                // A menu's attribute: its icon, its label.
                let text = document.text(of: index)
                if name == "icon" || name == "verb-icon", namesAFile(text) {
                    found.append((.iconFile(text), ended))
                } else if let refusal = longLabel(name, text) {
                    found.append((refusal, ended))
                }
            }
        case "child":
            // Told past its start tag, before anything in it.
            if let type = element.attribute("type"), element.attribute("internal-child") == nil, object >= 0, object == element.parent,
               let parent = document.elements[object].attribute("class"),
               let taken = GtkChildTypes.gtk.refusal(of: type, in: parent) {
                found.append((.childType(type: type, parent: parent, taken: taken), opened))
            }
        case "row":
            if isTreeStoreRow(element, in: document),
               !document.children(of: index).contains(where: { ["col", "row"].contains(document.elements[$0].name) }) {
                found.append((.emptyTreeRow, ended))
            }
        case "property":
            guard let name = element.attribute("name") else { break }
            let className = object >= 0 ? document.elements[object].attribute("class") ?? "" : ""
            let kind = GtkPropertyKinds.gtk.kind(of: name, in: className), text = document.text(of: index)
            if object >= 0, object == element.parent, element.attribute("bind-source") == nil,
               GtkPropertyKinds.gtk.isSetAtConstruction(name, in: className),
               let first = watch.give(propertyName(name), at: opened, to: object) {
                // Told at the second's start tag, before what else it holds.
                found.append((.givenTwice(property: name, className: className, firstLine: windowPosition(of: first, in: bytes).line),
                              opened))
            } else if object >= 0, object == element.parent, name == "child", GtkClasses.gtk.has(property: name, in: className),
               let fate = widgetChildFate(className) {
                found.append((.childProperty(className: className, fate: fate), opened))
            } else if name == "transform", element.parent >= 0, document.elements[element.parent].name == "layout",
                      transformPastLimits(text) {
                found.append((.largeTransform(value: stripped(text)), ended))
            } else if name == "transform", element.parent >= 0, document.elements[element.parent].name == "layout",
                      parsedVerdict(text, as: "GskTransform") == .unjudged {
                // A fixed child's (GtkFixedLayoutChild's), told at its start tag as the window tells it.
                found.append((.unchecked(property: name, className: "the <layout>", value: stripped(text), type: "GskTransform",
                                         expected: form(of: "GskTransform")), opened))
            } else if object >= 0, object == element.parent, name == "action", GtkClasses.gtk.isA(className, "GtkShortcut"),
                      text == "signal()" || text == "action()" {
                // GTK reads the text as it is: `signal() ` is no action at all.
                let kind = text == "signal()" ? "signal" : "action"
                found.append((.namelessAction(property: name, className: className, value: text, kind: kind), ended))
            } else if name == "file" || name == "filename" || kind == .file {
                found.append((.readsAFile(property: name, className: className), opened))
            } else if let refusal = valueRefusal(name, kind: kind, text) {
                found.append((refusal, ended))
            } else if case .textless(let type) = kind, element.attribute("bind-source") == nil, document.children(of: index).isEmpty {
                // Told at its start tag, where GtkBuilder tells its own; one
                // given as elements (an expression's <lookup>) is read so.
                found.append((.textless(property: name, className: className, value: stripped(text), type: type), opened))
            } else if case .parsed(let type) = kind, element.attribute("bind-source") == nil, document.children(of: index).isEmpty {
                // Told at its start tag, where the window tells it.
                let verdict = parsedVerdict(text, as: type)
                let value = stripped(text), expected = form(of: type)
                if verdict == .refused {
                    found.append((.unreadable(property: name, className: className, value: value, expected: expected), opened))
                } else if verdict == .unjudged {
                    found.append((.unchecked(property: name, className: className, value: value, type: type, expected: expected), opened))
                }
            } else if let kind, element.attribute("bind-source") == nil, let expected = unread(text, as: kind) {
                // Told at its start tag, where GtkBuilder tells its own.
                found.append((.unreadable(property: name, className: className, value: stripped(text), expected: expected), opened))
            }
        default:
            break
        }
        return found
    }

    /// The classes whose objects take only one kind of child, each with
    /// that kind: GTK 4.8 hands any other to GtkBuildable's add_child,
    /// which they lack, and crashes.
    static let childKinds: [(parent: String, kind: String)] = [("GtkMultiFilter", "GtkFilter"), ("GtkMultiSorter", "GtkSorter")]

    /// The classes whose objects take their box for granted as they take
    /// the focus, each with the box and what GTK 4.8 does outside one.
    static let boxedChildren: [(child: String, box: String, fate: String)] = [
        ("GtkFlowBoxChild", "GtkFlowBox", "crashes"), ("GtkListBoxRow", "GtkListBox", "fails an assertion (a critical)"),
    ]

    /// The class of the object whose `layout-manager` `object` is given as.
    private static func layoutOwner(of object: MarkupDocument.Element, in document: MarkupDocument) -> String? {
        guard object.parent >= 0, case let property = document.elements[object.parent], property.name == "property",
              propertyName(property.attribute("name") ?? "") == "layout-manager", property.parent >= 0,
              document.elements[property.parent].name == "object" else { return nil }
        return document.elements[property.parent].attribute("class")
    }

    /// The first widget's `layout-manager` given by id (the property's
    /// element) that is an overlay layout of a widget but an overlay, or
    /// another of an overlay, as the window's pre-scan finds it at the
    /// file's end (an id may be given after it is named); `classes`, each
    /// id's class.
    static func overlayLayoutByID(in document: MarkupDocument, classes: [String: String]) -> (element: Int, refusal: WindowRefusal)? {
        for (index, element) in document.elements.enumerated() where element.name == "property" && element.parent >= 0 {
            guard propertyName(element.attribute("name") ?? "") == "layout-manager", element.attribute("bind-source") == nil,
                  case let object = document.elements[element.parent], object.name == "object",
                  let owner = object.attribute("class"), GtkClasses.gtk.classes[owner] != nil,
                  let layout = classes[stripped(document.text(of: index))], GtkClasses.gtk.classes[layout] != nil,
                  GtkClasses.gtk.isA(layout, "GtkLayoutManager"),
                  GtkClasses.gtk.isA(layout, "GtkOverlayLayout") != GtkClasses.gtk.isA(owner, "GtkOverlay") else { continue }
            return (index, .overlayLayout(className: layout, owner: owner))
        }
        return nil
    }

    /// Whether `row` is a tree store's: in its `<data>`, or in a row of it.
    private static func isTreeStoreRow(_ row: MarkupDocument.Element, in document: MarkupDocument) -> Bool {
        var parent = row.parent
        while parent >= 0, document.elements[parent].name == "row" { parent = document.elements[parent].parent }
        guard parent >= 0, document.elements[parent].name == "data", document.elements[parent].parent >= 0 else { return false }
        let store = document.elements[document.elements[parent].parent]
        return store.name == "object" && GtkClasses.gtk.isA(store.attribute("class") ?? "", "GtkTreeStore")
    }

    /// Whether a number of a transform given as text (`rotate(1e10)`) is
    /// past `WindowLimits.integer`, or no number, as GTK's CSS tokenizer
    /// reads it: its whole part and its exponent in 64-bit integers that
    /// wrap, 18 digits of its fraction, then (whole + fraction) ×
    /// 10^exponent, so that 0e400 is NaN and 1e-10000000000000000000
    /// infinite (the window's pre-scan reads it so too).
    static func transformPastLimits(_ text: String) -> Bool {
        let bytes = Array(text.utf8), n = bytes.count
        let digit = { (i: Int) in i < n && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) }
        let value = { (i: Int) in Int64(bytes[i] - UInt8(ascii: "0")) }
        var i = 0
        while i < n {
            let j = i + (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") ? 1 : 0)
            guard digit(j) || j < n && bytes[j] == UInt8(ascii: ".") && digit(j + 1) else {
                i += 1
                continue
            }
            let sign: Double = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            var whole: Int64 = 0, fraction: Int64 = 0, scale: Int64 = 1, exponent: Int64 = 0
            i = j
            while digit(i) {
                whole = whole &* 10 &+ value(i)
                i += 1
            }
            if i < n, bytes[i] == UInt8(ascii: "."), digit(i + 1) {
                i += 1
                while digit(i) {
                    if scale < Int64.max / 10 { (fraction, scale) = (fraction * 10 + value(i), scale * 10) }
                    i += 1
                }
            }
            if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                let signed = i + 1 < n && (bytes[i + 1] == UInt8(ascii: "+") || bytes[i + 1] == UInt8(ascii: "-"))
                if digit(i + 1 + (signed ? 1 : 0)) {
                    let negative = bytes[i + 1] == UInt8(ascii: "-")
                    i += 1 + (signed ? 1 : 0)
                    while digit(i) {
                        exponent = exponent &* 10 &+ value(i)
                        i += 1
                    }
                    if negative { exponent = 0 &- exponent }
                }
            }
            let number = sign * (Double(whole) + Double(fraction) / Double(scale)) * pow(10, Double(exponent))
            if !(abs(number) <= Double(WindowLimits.integer)) { return true }
        }
        return false
    }

    /// What GTK 4.8 does with a widget of class `child` in a `<child>` of
    /// type `kind` of an object of `className` that cannot hold one, or as
    /// its `child` (`child` nil); nil when it holds one. A text view lays
    /// it over its text, and loops; an emoji chooser, a popover, takes it
    /// in place of its own content; a shortcuts window does too, unless it
    /// is a section (or its title bar), and fails an assertion as it closes.
    static func widgetChildFate(_ className: String, child: String? = nil, kind: String? = nil) -> String? {
        if GtkClasses.gtk.isA(className, "GtkTextView") { return "loops for ever (the child laid over the text)" }
        if GtkClasses.gtk.isA(className, "GtkEmojiChooser") {
            return "crashes (the child takes the place of the chooser's own content)"
        }
        if GtkClasses.gtk.isA(className, "GtkShortcutsWindow"), !GtkClasses.gtk.isA(child ?? "", "GtkShortcutsSection"),
           kind != "titlebar" {
            return "fails an assertion (a critical) as it closes (the child takes the place of the window's own sections)"
        }
        return nil
    }

    /// What the window refuses of an object of `className` where it is:
    /// in a `<child>` of one that takes no children, or not of its kind,
    /// or no widget; a dialog's title bar that is no header bar; a flow
    /// box child outside a flow box, a list box row outside a list box.
    private static func childRefusal(of element: MarkupDocument.Element, className: String,
                                     in document: MarkupDocument) -> WindowRefusal? {
        guard GtkClasses.gtk.classes[className] != nil else { return nil }
        let holder = element.parent >= 0 ? document.elements[element.parent] : nil
        let outer = holder.flatMap { $0.name == "child" && $0.parent >= 0 ? document.elements[$0.parent] : nil }
        let parent = outer.flatMap { $0.name == "object" ? $0.attribute("class") : nil }.flatMap {
            GtkClasses.gtk.classes[$0] != nil ? $0 : nil
        }
        if let parent {
            if !GtkClasses.gtk.takesChildren(parent) { return .childOfUnbuildable(className: className, parent: parent) }
            if let (_, kind) = childKinds.first(where: { GtkClasses.gtk.isA(parent, $0.parent) }), !GtkClasses.gtk.isA(className, kind) {
                return .childOfAnotherKind(className: className, parent: parent, kind: kind)
            }
            let kind = holder?.attribute("type")
            if GtkClasses.gtk.isA(className, "GtkWidget"), let fate = widgetChildFate(parent, child: className, kind: kind) {
                return .widgetChild(className: className, parent: parent, fate: fate)
            }
            if GtkClasses.gtk.isA(parent, "GtkDialog"), kind == "titlebar", !GtkClasses.gtk.isA(className, "GtkHeaderBar") {
                return .dialogTitlebar(className: className, dialog: parent)
            }
        }
        if let (_, box, fate) = boxedChildren.first(where: { GtkClasses.gtk.isA(className, $0.child) }),
           !GtkClasses.gtk.isA(parent ?? "", box) {
            return .childOutsideItsBox(className: className, box: box, fate: fate)
        }
        return nil
    }

    /// The line and column GMarkup gives at byte `offset` of `bytes`, as
    /// the window tells them: its columns count bytes, from 1 on the first
    /// line and from 2 on the others (at a line feed it has counted a new
    /// line, and column 1).
    static func windowPosition(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, start = 0
        for (index, byte) in bytes[..<min(offset, bytes.count)].enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            start = index + 1
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { return (line + 1, 1) }
        return (line, offset - start + (line > 1 ? 2 : 1))
    }

    /// What the window refuses of a property's text, in the pre-scan's order.
    private static func valueRefusal(_ name: String, kind: GtkPropertyKinds.Kind?, _ text: String) -> WindowRefusal? {
        if kind == .icon, namesAFile(text) { return .iconFile(text) }
        if kind == .int || kind == .uint, isLarge(stripped(text), signed: kind == .int) {
            return .largeInteger(property: name, value: stripped(text))
        }
        if let refusal = longLabel(name, text) { return refusal }
        if name == "uri" || name == "website", !isWebLink(stripped(text)) { return .link(property: name, uri: stripped(text)) }
        if name == "tooltip-markup" { return markupRefusal(text, where: "the tooltip-markup") }
        return nil
    }

    /// What a value of `kind` is written as, when GtkBuilder cannot read
    /// `text` as one (as `gtk_builder_value_from_string_type` reads it:
    /// the text as it is, blanks and all); nil when it can, or reads it by
    /// no rule of its own.
    static func unread(_ text: String, as kind: GtkPropertyKinds.Kind) -> String? {
        switch kind {
        case .bool:
            return boolean(text) == nil ? "True or False" : nil
        case .int, .uint:
            return wholeNumber(text) == nil ? "a whole number" : nil
        case .double:
            // strtod's words for infinities and NaN read too.
            let words = String(String.UnicodeScalarView(signed(text).rest)).lowercased()
            return number(text) == nil && !["inf", "nan"].contains(where: words.hasPrefix) ? "a number, such as 0.5" : nil
        case .enumeration(let type):
            let values = GtkPropertyKinds.gtk.values[type] ?? []
            guard wholeNumber(text) == nil, !values.contains(where: { $0.nick == text || $0.name == text }) else { return nil }
            return "one of " + values.map(\.nick).joined(separator: ", ")
        case .flags(let type):
            let values = GtkPropertyKinds.gtk.values[type] ?? []
            let known = { (flag: Substring) in values.contains { $0.nick == flag || $0.name == flag } }
            let flags = text.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines)[...] }.filter { !$0.isEmpty }
            guard wholeNumber(text) == nil, !known(text[...]), !flags.allSatisfy(known) else { return nil }
            return "one or more, joined by |, of " + values.map(\.nick).joined(separator: ", ")
        case .file, .icon, .textless, .parsed:
            return nil
        }
    }

    /// What a value of the parsed `type` is written as, in the window's words.
    private static func form(of type: String) -> String {
        GtkPropertyKinds.gtk.forms[type] ?? "a \(type) as GTK reads one from text"
    }

    private static func longLabel(_ name: String, _ text: String) -> WindowRefusal? {
        guard name == "label" || name.hasPrefix("tooltip-") else { return nil }
        let characters = text.unicodeScalars.count
        return characters > WindowLimits.label ? .longLabel(property: name, characters: characters) : nil
    }

    /// A label's markup, checked at its object's end (its `use-markup`
    /// may come after its `label`): the last of each right inside it.
    private static func labelMarkup(of object: Int, in document: MarkupDocument) -> WindowRefusal? {
        var markup = false, label: String?
        for child in document.children(of: object) where document.elements[child].name == "property" {
            switch document.elements[child].attribute("name") {
            case "use-markup":
                let value = stripped(document.text(of: child)).lowercased()
                markup = ["true", "yes", "t", "y", "1"].contains(value)
            case "label": label = document.text(of: child)
            default: break
            }
        }
        guard markup, let label else { return nil }
        return markupRefusal(label, where: "the label (use-markup is on)")
    }

    // MARK: Files and links

    /// An icon given as text is a themed icon's name, unless it is a path,
    /// a URI or a serialized icon (a leading dot), which GIO reads as a file.
    static func namesAFile(_ text: String) -> Bool {
        let rest = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        return rest.first == "." || rest.first == "~" || rest.contains("/") || rest.contains(":")
    }

    /// Whether a link may be followed: web pages and mail (a scheme as
    /// `g_uri_parse_scheme` reads one). GTK hands any other URI to the
    /// desktop, which opens files and runs the handler of any scheme.
    static func isWebLink(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        let scheme = uri[..<colon].unicodeScalars
        let letter = { (scalar: Unicode.Scalar) in ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scheme.first, letter(first),
              scheme.allSatisfy({ letter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }) else { return false }
        return ["http", "https", "mailto"].contains(String(scheme).lowercased())
    }

    // MARK: Numbers and Pango's sizes

    /// A whole number past `WindowLimits.integer`, read as GtkBuilder reads
    /// it (any base, as strtoll); for an unsigned one, any negative.
    private static func isLarge(_ text: String, signed: Bool) -> Bool {
        if !signed, text.first == "-" { return true }
        guard let value = wholeNumber(text) else { return false }
        return value == .min || abs(value) > WindowLimits.integer
    }

    private static func isLargeSize(_ size: Double) -> Bool { !(size >= 0 && size <= Double(WindowLimits.points * 1024)) }

    /// What of one text attribute, as `pango_attr_list_from_string` reads
    /// `name value`, is past Pango's sizes: "a size", "a spacing or rise",
    /// "a scale"; nil otherwise, or when Pango cannot read it.
    static func pastPango(attribute name: String, value: String) -> String? {
        switch name {
        case "size", "absolute-size":
            return wholeNumber(value).map { isLargeSize(Double($0)) } == true ? "a size" : nil
        case "letter-spacing", "rise":
            return wholeNumber(value).map { isLargeSize(Double($0 == .min ? .max : abs($0))) } == true ? "a spacing or rise" : nil
        case "scale":
            guard let scale = number(value) else { return nil }
            return !(scale >= 0 && scale <= WindowLimits.scale) ? "a scale" : nil
        default:
            return nil
        }
    }

    // MARK: Pango markup

    /// The tags Pango's markup reads, and the attributes of a `<span>`
    /// (each with `-` or `_`).
    private static let pangoTags: Set<String> = ["markup", "span", "b", "big", "i", "s", "sub", "sup", "small", "tt", "u"]
    private static let spanAttributes: Set<String> = [
        "font", "font_desc", "font_family", "face", "font_size", "size", "font_style", "style", "font_weight", "weight",
        "font_variant", "variant", "font_stretch", "stretch", "font_features", "foreground", "fgcolor", "color",
        "background", "bgcolor", "alpha", "fgalpha", "background_alpha", "bgalpha", "underline", "underline_color",
        "overline", "overline_color", "rise", "baseline_shift", "font_scale", "strikethrough", "strikethrough_color",
        "fallback", "lang", "letter_spacing", "gravity", "gravity_hint", "show", "insert_hyphens", "allow_breaks",
        "line_height", "text_transform", "segment",
    ]

    /// Markup as GTK reads a label's: its `<a href>` links (GTK's own)
    /// checked first, then the rest as Pango reads it: its tags, a
    /// `<span>`'s attributes, and sizes past Pango's.
    static func markupRefusal(_ markup: String, where place: String) -> WindowRefusal? {
        // Text without a tag or a reference is Pango markup as it is.
        guard markup.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return nil }
        guard let document = MarkupDocument.read(Array("<markup>\(markup)</markup>".utf8)) else {
            return .notPangoMarkup(where: place, why: "it is not well-formed XML (a tag left open, a stray `&` or `<`)")
        }
        if let link = document.elements.first(where: { $0.name == "a" && $0.attribute("href").map(isWebLink) == false }) {
            return .markupLink(where: place, uri: link.attribute("href") ?? "")
        }
        // How many times each element is made larger (<big>, size="larger") or smaller.
        var levels: [Int] = []
        for element in document.elements {
            var level = element.parent >= 0 ? levels[element.parent] : 0
            defer { levels.append(level) }
            guard element.name != "a" else { continue }
            guard pangoTags.contains(element.name) else { return .notPangoMarkup(where: place, why: "Unknown tag '\(element.name)'") }
            if element.name == "big" { level += 1 }
            if element.name == "small" { level -= 1 }
            if element.name != "span", let attribute = element.attributes.first {
                return .notPangoMarkup(where: place, why: "Tag '\(element.name)' does not support attribute '\(attribute.name)'")
            }
            for (name, value) in element.name == "span" ? element.attributes : [] {
                let spelt = name.replacingOccurrences(of: "-", with: "_")
                guard spanAttributes.contains(spelt) else {
                    return .notPangoMarkup(where: place, why: "Attribute '\(name)' is not allowed on the <span> tag")
                }
                switch spelt {
                case "size", "font_size":
                    if value == "larger" { level += 1 } else if value == "smaller" { level -= 1 } else if isLargeSize(pangoSize(value) ?? 0) {
                        return .pastPango(where: place, what: "a size")
                    }
                case "letter_spacing", "rise", "baseline_shift":
                    if let size = pangoSize(value), isLargeSize(abs(size)) { return .pastPango(where: place, what: "a spacing or rise") }
                case "font", "font_desc":
                    if let size = fontSize(value), isLargeSize(size) { return .pastPango(where: place, what: "a font's size") }
                default:
                    break
                }
            }
            var scale = 1.0
            for _ in 0..<min(abs(level), 100) { scale = level > 0 ? scale * 1.2 : scale / 1.2 }
            if scale > WindowLimits.scale { return .pastPango(where: place, what: "a scale") }
        }
        return nil
    }

    /// A size in Pango's units (1024 a point): a whole number of them, or
    /// points (`12pt`, `12.5pt`); nil for a name (`x-large`).
    private static func pangoSize(_ value: String) -> Double? {
        let text = stripped(value)
        if text.hasSuffix("pt") { return number(String(text.dropLast(2))).map { $0 * 1024 } }
        return wholeNumber(text).map { Double($0) }
    }

    /// The size at a font description's end (`Sans Bold 12`, `Sans 12px`),
    /// in Pango's units; nil where Pango reads no size (its last word is
    /// part of the family then, as past a million).
    private static func fontSize(_ description: String) -> Double? {
        guard var last = description.split(separator: " ").last.map(String.init) else { return nil }
        if last.hasSuffix("px") { last.removeLast(2) }
        guard let first = last.first, first.isNumber || first == "." , let size = number(last), size <= 1_000_000 else { return nil }
        return size * 1024
    }
}
