import CInterfaceLimits

/// Widgets a `.ui` file gives by id as an object's child (`<property
/// name="child">frame</property>`): GTK 4.8 looped forever, or crashed,
/// on one given as its own child or as the child of a widget inside it,
/// and failed an assertion (a critical, and looped in a tree expander) on
/// one another object holds already.
/// behave window refuses such a file, and headless refuses it the same way.
extension InterfaceDrawing {
    /// The properties that make the widget they name a child of their
    /// object, GTK 4.8's, as Hosts/GTK's `gtk-class-table --adopting`
    /// finds them (a GTK test compares the two): a tree view column's
    /// header `widget` among them.
    static let adoptingProperties: Set<String> = [
        "child", "titlebar", "start-child", "end-child", "label-widget", "title-widget", "popover", "widget",
    ]

    /// The most widgets given by id as an object's child (each is checked
    /// for a loop through the others).
    static let maximumAdoptions = Int(UI_MAX_ADOPTIONS)

    /// The first property that gives, by id, its object itself or one its
    /// object is inside (through the file's nesting and the other such
    /// properties), as its child, or a widget another object holds already
    /// (in a `<child>`, in such a property, or by id before); or the first
    /// past `maximumAdoptions`.
    static func parentLoop(in document: MarkupDocument) -> (element: Int, mistake: Mistake)? {
        let elements = document.elements
        // Each object's node, in the file's order, and its parent's.
        var nodes = [Int](repeating: -1, count: elements.count)
        var parents: [Int] = [], nodesByID: [String: Int] = [:], held: [Bool] = []
        var adoptions: [(parent: Int, id: String, property: String, element: Int)] = []
        // The object each element is in (-1: none), found in one pass.
        var owners = [Int](repeating: -1, count: elements.count)
        for (index, element) in elements.enumerated() {
            if element.parent >= 0 {
                owners[index] = elements[element.parent].name == "object" ? element.parent : owners[element.parent]
            }
            let outer = owners[index]
            if element.name == "object" {
                nodes[index] = parents.count
                parents.append(outer >= 0 ? nodes[outer] : -1)
                // In a <child>, or in a property that makes it a child, of an object.
                let holder = element.parent >= 0 ? elements[element.parent] : nil
                let holds = holder.map {
                    $0.parent >= 0 && elements[$0.parent].name == "object"
                        && ($0.name == "child" || $0.name == "property" && adoptingProperties.contains(propertyName($0.attribute("name") ?? "")))
                } ?? false
                held.append(holds && GtkClasses.gtk.isA(element.attribute("class") ?? "", "GtkWidget"))
                if let id = element.attribute("id") { nodesByID[id] = nodes[index] }
            } else if element.name == "property", element.parent >= 0, elements[element.parent].name == "object",
                      let name = element.attribute("name"), adoptingProperties.contains(propertyName(name)) {
                let id = document.text(of: index).trimmingCharacters(in: .whitespacesAndNewlines)
                if !id.isEmpty { adoptions.append((nodes[element.parent], id, name, index)) }
            }
        }
        if adoptions.count > maximumAdoptions { return (adoptions[maximumAdoptions].element, .manyAdoptions) }
        // Each node's adopters.
        var adopters = [[Int]](repeating: [], count: parents.count)
        for adoption in adoptions { if let child = nodesByID[adoption.id] { adopters[child].append(adoption.parent) } }
        var adopted = Set<Int>()
        for adoption in adoptions {
            guard let child = nodesByID[adoption.id] else { continue }
            var seen = Set<Int>(), pending = [adoption.parent]
            while let node = pending.popLast() {
                guard node >= 0, seen.insert(node).inserted else { continue }
                if node == child { return (adoption.element, .insideItself(property: adoption.property, id: adoption.id)) }
                pending.append(parents[node])
                pending += adopters[node]
            }
            if held[child] || !adopted.insert(child).inserted {
                return (adoption.element, .heldAlready(property: adoption.property, id: adoption.id))
            }
        }
        return nil
    }
}
