import CInterfaceLimits

/// The rows and columns of a `.ui` file's grids, as GTK 4.8 lays them
/// out: a grid keeps its lines, first to last, on the stack (about 32
/// bytes each) while what is inside it is laid out, so grids placed far
/// apart or inside one another overflowed it (300,000 lines, a child at
/// column 2,000,000,000) and behave window crashed. behave window refuses
/// such a file, and headless refuses it the same way.
extension InterfaceDrawing {
    /// The most rows and columns of grids inside one another, each counted
    /// first to last.
    static let maximumGridLines = Int64(UI_MAX_GRID_LINES)

    /// The innermost `<object>` whose grids, from it in, have more lines
    /// than `maximumGridLines`, with their count; nil when none has.
    static func oversizedGrid(in document: MarkupDocument) -> (element: Int, lines: Int64)? {
        let elements = document.elements
        // Each object's place in its parent's grid, four to an object:
        // column, row, and their spans.
        var cells = [Int64](repeating: 0, count: elements.count * 4)
        for object in elements.indices { (cells[object * 4 + 2], cells[object * 4 + 3]) = (1, 1) }
        let placing = ["column", "row", "column-span", "row-span"]
        for (index, element) in elements.enumerated() where element.name == "property" {
            guard let layout = parentIndex(of: index, in: document), elements[layout].name == "layout",
                  let object = parentIndex(of: layout, in: document), elements[object].name == "object",
                  let axis = placing.firstIndex(of: propertyName(element.attribute("name") ?? "")) else { continue }
            // GtkBuilder reads a C int: anything past one is as far.
            let far = Int64(Int32.max) * 4
            cells[object * 4 + axis] = min(max(wholeNumber(document.text(of: index)) ?? 0, -far), far)
        }
        // Inner objects end first: each folds its cell into the object it
        // is in, and the most lines of its grids. Two to an object: the
        // first and last column, row of what is placed in it.
        var first = [Int64](repeating: .max, count: elements.count * 2)
        var last = [Int64](repeating: .min, count: elements.count * 2)
        var inner = [Int64](repeating: 0, count: elements.count)
        var found: (element: Int, lines: Int64)?
        // The object each element is in (-1: none), found in one pass.
        var owners = [Int](repeating: -1, count: elements.count)
        for (index, element) in elements.enumerated() where element.parent >= 0 {
            owners[index] = elements[element.parent].name == "object" ? element.parent : owners[element.parent]
        }
        for index in elements.indices.reversed() where elements[index].name == "object" {
            var lines = inner[index]
            for axis in 0..<2 where first[index * 2 + axis] <= last[index * 2 + axis] {
                lines += last[index * 2 + axis] - first[index * 2 + axis]
            }
            if lines > maximumGridLines, inner[index] <= maximumGridLines { found = (index, lines) }
            let parent = owners[index]
            guard parent >= 0 else { continue }
            for axis in 0..<2 {
                first[parent * 2 + axis] = min(first[parent * 2 + axis], cells[index * 4 + axis])
                last[parent * 2 + axis] = max(last[parent * 2 + axis], cells[index * 4 + axis] + cells[index * 4 + axis + 2])
            }
            inner[parent] = max(inner[parent], lines)
        }
        return found
    }

    private static func parentIndex(of index: Int, in document: MarkupDocument) -> Int? {
        document.elements[index].parent >= 0 ? document.elements[index].parent : nil
    }
}
