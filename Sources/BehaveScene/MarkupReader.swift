import CInterfaceLimits

/// A small reader of the XML a GtkBuilder `.ui` file is written in (and
/// of Pango's markup in a label), our own so that `behave` links no XML
/// library (Foundation's `XMLParser` brings libxml2 into the static
/// executable). It reads what GLib's `GMarkup`, GtkBuilder's reader,
/// reads: elements, attributes, text, CDATA, the five named entities and
/// character references; it skips comments, processing instructions and a
/// DOCTYPE, whose entity declarations it never expands (GMarkup knows
/// none either). As GMarkup, it reads elements after the first at the top
/// (a second `<interface>`, whose objects GtkBuilder builds too), and
/// refuses a byte-order mark (GMarkup's document must begin with an
/// element: GtkBuilder refuses a file saved with one).
///
/// Hostile input is refused, never trapped on: anything malformed (a tag
/// left open, a stray `&`, an entity it does not know, text that is not
/// UTF-8) makes `read` return nil, as GtkBuilder refuses the file. It
/// works over bytes with no recursion and keeps the elements in one flat
/// list, so depth costs no stack, and every step moves forward: time and
/// memory are linear in the input. Elements nested deeper than
/// `maximumDepth`, or more than `maximumElements`, are refused at once
/// (`behave window` refuses a screen far shallower, of far fewer objects).
struct MarkupDocument {
    /// One element: its name, attributes and what it holds, in order.
    struct Element {
        let name: String
        let attributes: [(name: String, value: String)]
        /// The element it is in; -1 at the top.
        let parent: Int
        /// Where its start tag's `<` is, in bytes from the start.
        let start: Int
        /// Where its start tag ends (the byte after its `>`), and its end
        /// tag (its start tag's, for `<name/>`): where GMarkup, and so
        /// `behave window`'s pre-scan, places what it finds of the element.
        let opened: Int
        var end: Int
        var content: [Content] = []

        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    enum Content {
        case element(Int)
        case text(String)
    }

    private(set) var elements: [Element] = []

    /// The text directly inside element `index`, joined.
    func text(of index: Int) -> String {
        var joined = ""
        for case .text(let piece) in elements[index].content { joined += piece }
        return joined
    }

    /// All the text inside element `index`, its elements' too, in order:
    /// what Pango shows of a label's markup.
    func allText(of index: Int) -> String {
        var joined = "", pending: [Content] = elements[index].content.reversed()
        while let next = pending.popLast() {
            switch next {
            case .text(let piece): joined += piece
            case .element(let inner): pending.append(contentsOf: elements[inner].content.reversed())
            }
        }
        return joined
    }

    /// The elements directly inside element `index` (-1: the top).
    func children(of index: Int) -> [Int] {
        let content = index < 0 ? topLevel : elements[index].content
        return content.compactMap { if case .element(let inner) = $0 { inner } else { nil } }
    }

    private var topLevel: [Content] = []

    /// The elements in the order their end tags come (an element's after
    /// all it holds).
    func endOrder() -> [Int] {
        var order: [Int] = [], open: [Int] = []
        for (index, element) in elements.enumerated() {
            while let innermost = open.last, innermost != element.parent { order.append(open.removeLast()) }
            open.append(index)
        }
        order.append(contentsOf: open.reversed())
        return order
    }

    /// How deeply elements may nest: four times as deep as `behave
    /// window` takes (256: it refuses a file past that, and so does
    /// headless, `InterfaceDrawing.WindowLimits`).
    static let maximumDepth = 4 * Int(UI_MAX_DEPTH)
    /// How many elements a file may hold: a hundred for each of the
    /// 10,000 objects `behave window` opens a screen of at most.
    static let maximumElements = 100 * Int(UI_MAX_OBJECTS)

    /// The document in `bytes`, or nil when it is not well formed (or
    /// holds more than `maximumElements`).
    static func read(_ bytes: [UInt8], maximumElements: Int = maximumElements) -> MarkupDocument? {
        var reader = MarkupReader(bytes: bytes, maximumElements: maximumElements)
        return reader.read()
    }

    /// Where reading `bytes` stops when they are not well formed: the
    /// line and the column (in characters) of the first byte the reader
    /// could not take; nil when they are.
    static func mistake(in bytes: [UInt8], maximumElements: Int = maximumElements) -> (line: Int, column: Int)? {
        failure(in: bytes, maximumElements: maximumElements).map { position(of: $0.stop, in: bytes) }
    }

    /// Where reading `bytes` stops when they are not well formed, and
    /// where GMarkup stands at the first element nested deeper than
    /// `behave window` takes (`UI_MAX_DEPTH`), if one came before: the
    /// window refuses the file there first. When the bytes end with
    /// elements still open, `unclosed` is the innermost one's name and
    /// where its start tag begins. Nil when they are well formed.
    static func failure(in bytes: [UInt8], maximumElements: Int = maximumElements)
        -> (stop: Int, deep: Int?, unclosed: (name: String, start: Int)?)? {
        var reader = MarkupReader(bytes: bytes, maximumElements: maximumElements)
        guard case .none = reader.read() else { return nil }
        let unclosed = reader.at >= bytes.count ? reader.open.last.map { reader.document.elements[$0] } : nil
        return (reader.at, reader.firstTooDeep, unclosed.map { ($0.name, $0.start) })
    }

    /// The line and the column (in characters) of byte `offset` of `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                column += 1
            }
        }
        return (line, column)
    }

    fileprivate mutating func open(_ name: String, _ attributes: [(name: String, value: String)], in parent: Int, at start: Int,
                                   to opened: Int) -> Int {
        elements.append(Element(name: name, attributes: attributes, parent: parent, start: start, opened: opened, end: opened))
        add(.element(elements.count - 1), to: parent)
        return elements.count - 1
    }

    fileprivate mutating func close(_ index: Int, at end: Int) {
        elements[index].end = end
    }

    fileprivate mutating func add(_ content: Content, to parent: Int) {
        if parent < 0 { topLevel.append(content) } else { elements[parent].content.append(content) }
    }
}

private struct MarkupReader {
    let bytes: [UInt8]
    var at = 0
    var document = MarkupDocument()
    /// The open elements, innermost last.
    var open: [Int] = []

    let maximumElements: Int
    /// Where GMarkup stands at the first element nested deeper than
    /// `UI_MAX_DEPTH` (at an empty one's `>`, else past its start tag).
    var firstTooDeep: Int?

    init(bytes: [UInt8], maximumElements: Int) {
        self.bytes = bytes
        self.maximumElements = maximumElements
    }

    mutating func read() -> MarkupDocument? {
        var sawRoot = false
        while at < bytes.count {
            if bytes[at] == UInt8(ascii: "<") {
                if starts("<!--") {
                    guard skip(past: "-->", from: at + 4) else { return nil }
                } else if starts("<![CDATA[") {
                    guard !open.isEmpty, let end = find("]]>", from: at + 9),
                          let text = String(validating: bytes[(at + 9)..<end], as: UTF8.self) else { return nil }
                    document.add(.text(text), to: open[open.count - 1])
                    at = end + 3
                } else if starts("<?") {
                    guard skip(past: "?>", from: at + 2) else { return nil }
                } else if starts("<!") {
                    guard skipDeclaration() else { return nil }
                } else if starts("</") {
                    guard closeTag() else { return nil }
                } else {
                    guard openTag() else { return nil }
                    sawRoot = true
                }
            } else {
                let end = find("<", from: at) ?? bytes.count
                if open.isEmpty {
                    // Only blanks outside the root.
                    guard bytes[at..<end].allSatisfy(MarkupReader.isBlank) else { return nil }
                } else {
                    guard let text = decode(at..<end) else {
                        at = unreadable(in: at..<end) ?? at
                        return nil
                    }
                    document.add(.text(text), to: open[open.count - 1])
                }
                at = end
            }
        }
        return open.isEmpty && sawRoot ? document : nil
    }

    // MARK: Tags

    /// `<name attribute="value" …>` or `…/>`.
    mutating func openTag() -> Bool {
        let start = at
        at += 1
        guard let name = readName() else { return false }
        var attributes: [(name: String, value: String)] = []
        var names: Set<String> = []
        while true {
            let before = at
            skipBlanks()
            guard at < bytes.count else { return false }
            if bytes[at] == UInt8(ascii: ">") || starts("/>") {
                guard document.elements.count < maximumElements else { return false }
                let empty = bytes[at] == UInt8(ascii: "/")
                at += empty ? 2 : 1
                let index = document.open(name, attributes, in: open.last ?? -1, at: start, to: at)
                if open.count >= Int(UI_MAX_DEPTH), firstTooDeep == nil { firstTooDeep = empty ? at - 1 : at }
                if !empty {
                    guard open.count < MarkupDocument.maximumDepth else { return false }
                    open.append(index)
                }
                return true
            }
            // Attributes are set apart by blanks, or follow a quote (GMarkup
            // reads `translatable="yes"comments="…"`, as GTK does).
            guard at > before || bytes[at - 1] == UInt8(ascii: "\"") || bytes[at - 1] == UInt8(ascii: "'"),
                  let attribute = readName() else { return false }
            skipBlanks()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return false }
            at += 1
            skipBlanks()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return false }
            let quote = bytes[at]
            // A `<` in a value is GMarkup's to read, as GTK reads it (a
            // translator's comment of `volume < 10`).
            guard let end = bytes[(at + 1)...].firstIndex(of: quote) else { return false }
            guard let value = decode((at + 1)..<end, attribute: true) else {
                at = unreadable(in: (at + 1)..<end) ?? at
                return false
            }
            guard names.insert(attribute).inserted else { return false }
            attributes.append((attribute, value))
            at = end + 1
        }
    }

    /// `</name>`, which must close the innermost open element.
    mutating func closeTag() -> Bool {
        at += 2
        guard let name = readName(), let innermost = open.last, document.elements[innermost].name == name else { return false }
        skipBlanks()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { return false }
        at += 1
        document.close(innermost, at: at)
        open.removeLast()
        return true
    }

    /// A name: up to a blank or a character markup gives a meaning.
    mutating func readName() -> String? {
        let start = at
        while at < bytes.count, !MarkupReader.isBlank(bytes[at]),
              !"<>/=\"'&".utf8.contains(bytes[at]) { at += 1 }
        guard at > start else { return nil }
        return String(validating: bytes[start..<at], as: UTF8.self)
    }

    /// `<!DOCTYPE …>` and other declarations, with a bracketed internal
    /// subset: skipped whole (quoted text may hold `>`).
    mutating func skipDeclaration() -> Bool {
        var depth = 0, quote: UInt8? = nil
        at += 2
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return true
            }
        }
        return false
    }

    // MARK: Text

    /// Text with its entities and character references replaced; nil when
    /// one is malformed or unknown, or the text is not UTF-8. Its line
    /// ends are read as GMarkup reads them: `\r\n` and `\r` as `\n` (a
    /// file saved with Windows' line ends reads as one with Unix's), and in
    /// an attribute, as a tab and `\n`, as a space (a reference such as
    /// `&#13;` gives its character as written).
    func decode(_ range: Range<Int>, attribute: Bool = false) -> String? {
        var written = bytes[range]
        let isTurned = { (byte: UInt8) in byte == 0x0D || attribute && (byte == 0x09 || byte == 0x0A) }
        if written.contains(where: isTurned) {
            var normal: [UInt8] = []
            normal.reserveCapacity(written.count)
            var afterReturn = false
            for byte in written {
                defer { afterReturn = byte == 0x0D }
                if byte == 0x0A, afterReturn { continue }
                normal.append(!isTurned(byte) ? byte : attribute ? 0x20 : 0x0A)
            }
            written = normal[...]
        }
        guard let raw = String(validating: written, as: UTF8.self) else { return nil }
        guard written.contains(UInt8(ascii: "&")) else { return raw }
        var result = "", scalars = raw.unicodeScalars[...]
        while let ampersand = scalars.firstIndex(of: "&") {
            result.unicodeScalars.append(contentsOf: scalars[..<ampersand])
            scalars = scalars[scalars.index(after: ampersand)...]
            // Up to the next `;`, however far (GMarkup reads `&#0000065;`):
            // each is read once, so the text is read in linear time.
            guard let semicolon = scalars.firstIndex(of: ";") else { return nil }
            guard let replaced = MarkupReader.reference(String(String.UnicodeScalarView(scalars[..<semicolon]))) else { return nil }
            result.unicodeScalars.append(replaced)
            scalars = scalars[scalars.index(after: semicolon)...]
        }
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// Where text `decode` refuses goes wrong: its first reference that
    /// is not one (a stray `&`), or its first byte that is not UTF-8.
    func unreadable(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                guard let semicolon = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: ";")),
                      let name = String(validating: bytes[(index + 1)..<semicolon], as: UTF8.self),
                      MarkupReader.reference(name) != nil else { return index }
                index = semicolon + 1
            } else if byte < 0x80 {
                index += 1
            } else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= range.upperBound,
                      String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil else { return index }
                index += length
            }
        }
        return nil
    }

    /// What `&name;` stands for.
    static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        return character(Substring(name).unicodeScalars.dropFirst())
    }

    /// A character reference after its `#`, as GMarkup reads one with C's
    /// `strtoul`: `x` for hexadecimal, then after blanks a `+` (a `-`
    /// gives no character), a `0x` again in hexadecimal, and digits,
    /// any number of leading zeros too; a character XML 1.1 permits.
    static func character(_ written: Substring.UnicodeScalarView) -> Unicode.Scalar? {
        var rest = written, radix: UInt32 = 10
        if rest.first == "x" {
            radix = 16
            rest.removeFirst()
        }
        while let first = rest.first, " \t\n\u{0B}\u{0C}\r".unicodeScalars.contains(first) { rest.removeFirst() }
        if let sign = rest.first, sign == "+" || sign == "-" {
            guard sign == "+" else { return nil }
            rest.removeFirst()
        }
        if radix == 16, rest.starts(with: "0x".unicodeScalars) || rest.starts(with: "0X".unicodeScalars),
           rest.dropFirst(2).first?.properties.isASCIIHexDigit == true {
            rest.removeFirst(2)
        }
        guard !rest.isEmpty else { return nil }
        var code: UInt32 = 0
        for scalar in rest {
            guard scalar.isASCII, let digit = UInt32(String(scalar), radix: Int(radix)) else { return nil }
            // Past the last character: no character, however many digits follow.
            code = min(code * radix + digit, 0x110000)
        }
        switch code {
        case 1...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return Unicode.Scalar(code)
        default: return nil
        }
    }

    // MARK: Moving on

    func starts(_ text: String) -> Bool {
        var index = at
        for byte in text.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Where `text` next begins, from `start`.
    func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            guard let first = bytes[index...].firstIndex(of: pattern[0]), first + pattern.count <= bytes.count else { return nil }
            if bytes[first..<(first + pattern.count)].elementsEqual(pattern) { return first }
            index = first + 1
        }
        return nil
    }

    mutating func skip(past text: String, from start: Int) -> Bool {
        guard let end = find(text, from: start) else { return false }
        at = end + text.utf8.count
        return true
    }

    mutating func skipBlanks() {
        while at < bytes.count, MarkupReader.isBlank(bytes[at]) { at += 1 }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
