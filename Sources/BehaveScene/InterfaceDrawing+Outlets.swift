import BehaveCore

/// Headless, each control of a scene with a `.ui` file is checked against
/// the file's object of its id as behave window checks the widget it
/// binds (`GtkHost.check`): there must be one, a widget, inside the
/// screen's window, of a class that fits the control's type
/// (`WidgetClasses`). A scene the window refuses is refused headless too,
/// at the control's line, in the window's words, and nothing wakes.
extension InterfaceDrawing {
    /// What the window would make of the file's objects: which holds which
    /// (`<child>`, and the properties that adopt a widget), and which the
    /// window shows as its content.
    struct Outlets {
        /// Each object's holder, by element, and whether it holds it as
        /// its titlebar (not the window's content), or hides it (the child
        /// of a collapsed expander, which GTK parents as it opens).
        private var holders: [Int: (holder: Int, titlebar: Bool, hidden: Bool)] = [:]
        /// The screen's window, and its content (nil: the window's own
        /// child, a dialog's; the window itself is never shown).
        private var window: Int?
        private var content: Int?
        /// The ids GtkBuilder would suggest from, in the file's order.
        private var ids: [String] = []
        /// Why the window shows nothing of the file, when it does not.
        private(set) var screenRefusal: ScreenRefusal?

        init(_ drawing: InterfaceDrawing) {
            let document = drawing.document, elements = document.elements, classes = GtkClasses.gtk
            var childContent: Int?, propertyContent: Int?
            // The expanders the file leaves collapsed: none of its `expanded` is true (one opened
            // after its child was given parents it then, so the order is no matter).
            let collapsed = Set(elements.indices.filter { index in
                elements[index].name == "object" && classes.isA(elements[index].attribute("class") ?? "", "GtkExpander")
                    && !elements[index].content.contains { content in
                        guard case .element(let property) = content, elements[property].name == "property",
                              InterfaceDrawing.propertyName(elements[property].attribute("name") ?? "") == "expanded" else { return false }
                        return InterfaceDrawing.boolean(document.text(of: property).trimmingCharacters(in: .whitespacesAndNewlines)) == true
                    }
            })
            // `kind`: the child's `<child type>`, or the property that holds it.
            func hold(_ object: Int, by holder: Int, kind: String?, asChild: Bool) {
                guard holders[object] == nil else { return }
                let titlebar = kind == "titlebar"
                // An expander's child, not its label widget: it keeps it unparented while collapsed.
                let hidden = collapsed.contains(holder) && (asChild ? kind != "label" : kind == "child")
                holders[object] = (holder, titlebar, hidden)
                // A window takes a widget as its child; a controller it adds to itself.
                guard holder == window, !titlebar, drawing.isWidget(object) != false else { return }
                if asChild { childContent = object } else { propertyContent = object }
            }
            for (index, element) in elements.enumerated() {
                if element.name == "object", let id = element.attribute("id"), drawing.objects[id] == index,
                   classes.takesChildren(element.attribute("class") ?? "") {
                    ids.append(id)
                }
                if element.name == "object", window == nil, let className = element.attribute("class"),
                   classes.classes[className] != nil, !classes.isAbstract(className), InterfaceDrawing.isDrawnWith(className),
                   classes.isA(className, "GtkWindow") {
                    window = index
                }
                guard element.parent >= 0 else { continue }
                let outer = elements[element.parent]
                guard outer.parent >= 0, elements[outer.parent].name == "object" else { continue }
                let holder = outer.parent
                if element.name == "object", outer.name == "child" {
                    hold(index, by: holder, kind: outer.attribute("type"), asChild: true)
                } else if element.name == "object", outer.name == "property", let name = outer.attribute("name"),
                          InterfaceDrawing.adoptingProperties.contains(InterfaceDrawing.propertyName(name)) {
                    hold(index, by: holder, kind: InterfaceDrawing.propertyName(name), asChild: false)
                }
            }
            // A widget given by id to a property that adopts it.
            for (index, element) in elements.enumerated() where element.name == "property" && element.parent >= 0 {
                guard elements[element.parent].name == "object", let name = element.attribute("name"),
                      InterfaceDrawing.adoptingProperties.contains(InterfaceDrawing.propertyName(name)),
                      let child = drawing.objects[InterfaceDrawing.stripped(document.text(of: index))] else { continue }
                hold(child, by: element.parent, kind: InterfaceDrawing.propertyName(name), asChild: false)
            }
            if let window {
                // A `<child>` is added after the properties are set: it wins.
                content = childContent ?? propertyContent
                let className = elements[window].attribute("class") ?? ""
                if content == nil, !ScreenRefusal.windowsWithTheirOwnChild.contains(where: { classes.isA(className, $0) }) {
                    screenRefusal = .emptyWindow
                }
            } else {
                // Without a window, the one widget no other holds.
                let loose = elements.indices.filter { elements[$0].name == "object" && holders[$0] == nil && drawing.isWidget($0) == true }
                if loose.count == 1 { content = loose[0] } else { screenRefusal = .noScreen }
            }
        }

        /// Whether the window shows `object`: its content, or inside it.
        /// True when the file gives no screen (the window refuses it whole,
        /// and where a widget is drawn counts once the screen is drawn).
        func isShown(_ object: Int) -> Bool {
            guard screenRefusal == nil, window != nil || content != nil else { return true }
            var current = object, titlebar = false
            // Bounded: a file that gives a widget inside itself is refused
            // whole, but a walk must end on any file.
            for _ in 0...holders.count {
                if current == content { return true }
                if content == nil, current == window { return current != object && !titlebar }
                guard let up = holders[current], !up.hidden else { return false }
                (current, titlebar) = (up.holder, up.titlebar)
            }
            return false
        }

        /// Why the window would not bind `control` to the file's object of
        /// its id (`file` the file's name), in the window's words; nil
        /// when it binds it.
        func refusal(for control: View, in drawing: InterfaceDrawing, file: String) -> String? {
            guard let object = drawing.objects[control.name] else {
                if drawing.namesAnotherObject(control.name) { return WidgetClasses.notAWidget(control.name, in: file) }
                return WidgetClasses.missing(control.name, in: file, nearest: Suggestions.nearest(to: control.name, in: ids))
            }
            if drawing.isWidget(object) == false { return WidgetClasses.notAWidget(control.name, in: file) }
            // Where a refused file draws a widget is told once the file is mended.
            if drawing.isBuilt, !isShown(object) { return WidgetClasses.outsideTheWindow(control.name, in: file) }
            let kind = WidgetClasses.kind(of: control.controlType)
            guard let className = drawing.document.elements[object].attribute("class"), GtkClasses.gtk.classes[className] != nil
            else { return nil }
            guard WidgetClasses.classes(of: kind).contains(where: { GtkClasses.gtk.isA(className, $0) }) else {
                return WidgetClasses.mismatch(control.name, in: file, className: className, typeName: control.typeName, kind: kind,
                                              fitting: WidgetClasses.type(ofClass: className))
            }
            if kind == "Switch", GtkClasses.gtk.isA(className, "GtkCheckButton"), drawing.isGrouped(object) {
                return WidgetClasses.inRadioGroup(control.name, in: file, typeName: control.typeName)
            }
            return nil
        }
    }

    /// Whether `object` is in a group (GTK's `group`, which a check
    /// button draws as a radio button): it names another, or another names it.
    func isGrouped(_ object: Int) -> Bool {
        let id = document.elements[object].attribute("id")
        for element in document.elements.indices where document.elements[element].name == "property" {
            let parent = document.elements[element].parent
            guard parent >= 0, document.elements[parent].name == "object",
                  document.elements[element].attribute("name").map(InterfaceDrawing.propertyName) == "group" else { continue }
            let named = InterfaceDrawing.stripped(document.text(of: element))
            if parent == object ? objects[named] != nil && named != id : named == id { return true }
        }
        return false
    }

    /// A file whose screen behave window cannot find, in the window's
    /// words, which it refuses whole (`GtkHost`), and headless warns of.
    public enum ScreenRefusal: Equatable, Sendable {
        /// No GtkWindow, and no lone widget at the top (none, or several).
        case noScreen
        /// The file's window holds no widget as its child.
        case emptyWindow

        /// The windows that hold a child of their own however drawn (a
        /// dialog its content box): the window takes it, never empty.
        static let windowsWithTheirOwnChild = ["GtkDialog", "GtkAboutDialog", "GtkAssistant", "GtkShortcutsWindow"]

        public var what: String {
            switch self {
            case .noScreen: "no GtkWindow, nor one widget at the top, to show"
            case .emptyWindow: "its GtkWindow is empty"
            }
        }

        public var fix: String {
            switch self {
            case .noScreen: "draw the screen inside a GtkWindow, or as one widget (a GtkBox) at the file's top level"
            case .emptyWindow: "draw the screen inside it"
            }
        }

        /// What behave window says of `file` (its name).
        public func message(file: String) -> String { "\(file): \(what); \(fix)" }
    }

    /// Whether `object` is a widget, by its class; nil when the class
    /// table cannot say (an internal child given no class).
    func isWidget(_ object: Int) -> Bool? {
        guard let className = document.elements[object].attribute("class"), GtkClasses.gtk.classes[className] != nil else {
            return nil
        }
        return GtkClasses.gtk.isA(className, "GtkWidget")
    }

    /// Whether `id` names a menu of the file (`<menu>`, and a `<section>`
    /// or `<submenu>` given an id), which GtkBuilder makes as a GMenu.
    func namesAnotherObject(_ id: String) -> Bool {
        document.elements.contains { ["menu", "section", "submenu"].contains($0.name) && $0.attribute("id") == id }
    }
}
