import Foundation

/// A value before it is given the type of the property it is for: as
/// people write it in scene files and on the command line (text), or as a
/// script or spec passes it (numbers and booleans as they are). The one
/// untyped tree the layers above share.
public indirect enum LooseValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// Scalar text; `quoted` when written in quotes (then never a number).
    case text(String, quoted: Bool)
    case list([LooseValue])
    /// Fields in order; the first of duplicate keys is the one read.
    case map([Entry])
    /// A value with no place in a tree (a Lua function): its type's name,
    /// for the message that refuses it.
    case other(String)

    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: LooseValue

        public init(key: String, value: LooseValue) {
            self.key = key
            self.value = value
        }
    }

    /// The field `key` of a map.
    public subscript(key: String) -> LooseValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// A scalar as it is written: text as it is, `true`/`false`, a number
    /// in digits that read back exactly.
    public var written: String? {
        switch self {
        case .text(let text, _): text
        case .bool(let b): b ? "true" : "false"
        case .number(let n): LooseValue.digits(n)
        default: nil
        }
    }

    /// The value as a command line writes it (`200`, `true`, `"a b"`,
    /// `[10, 20]`): a command a spec gives as values (`s:set`), named in
    /// its message as if it were typed. A mapping, which only a scene file
    /// writes, is written `{x: 1, y: 2}` as there.
    public var typed: String { typed(inList: false) }

    private func typed(inList: Bool) -> String {
        switch self {
        case .null: "nil"
        case .text(let text, quoted: true): LooseValue.typedText(text, inList: inList)
        case .bool, .number, .text: written ?? ""
        case .list(let items): "[" + items.map { $0.typed(inList: true) }.joined(separator: ", ") + "]"
        case .map(let entries): "{" + entries.map { "\($0.key): \($0.value.typed)" }.joined(separator: ", ") + "}"
        case .other(let typeName): typeName
        }
    }

    /// Text in the quotes that read it back: `"…"`, or `'…'` when it holds
    /// a `"`. A quote ends at the next of its kind, with no escapes, so
    /// text that holds both (`He said "it's"`) has no quotes that read it
    /// back: it is written bare when that reads it back, as it does unless
    /// it starts with a quote or a `[`, or in a list holds a `,` or `]`;
    /// otherwise in `'…'`, the nearest there is.
    static func typedText(_ text: String, inList: Bool) -> String {
        if !text.contains("\"") { return "\"\(text)\"" }
        if !text.contains("'") { return "'\(text)'" }
        let read = try? LooseValue.parse(inList ? "[\(text)]" : text)
        let item: LooseValue? = inList ? read.flatMap { if case .list(let items) = $0, items.count == 1 { items[0] } else { nil } } : read
        return item == .text(text, quoted: false) ? text : "'\(text)'"
    }

    /// A number as text that reads back exactly (`formatNumber` rounds).
    public static func digits(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// Lists nest at most this deep in command-line text (a point is one level).
    public static let maximumNesting = 32

    /// Parses command-line text: `true`, `0.5`, `"a b"`, `[1024, 1024]`,
    /// `#FF0000`, `10,20`, `nil`. Text is read once, left to right, so a long
    /// value costs time in proportion to its length; lists nesting deeper
    /// than `maximumNesting` are an error. Text that starts with `[` and ends
    /// with `]` but is no well-formed list (`[draft] notes [2]`) is text.
    public static func parse(_ text: String) throws(ValueError) -> LooseValue {
        var reader = LooseValueReader(bytes: Array(text.utf8))
        return try reader.topLevel()
    }
}

/// The one-pass reader of `LooseValue.parse`, over UTF-8 bytes: brackets,
/// commas and quotes are ASCII, and no byte of a longer character is.
private struct LooseValueReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let open = UInt8(ascii: "["), close = UInt8(ascii: "]"), comma = UInt8(ascii: ",")
    private static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")

    private func isSpace(_ byte: UInt8) -> Bool { byte == Self.space || byte == Self.tab }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The range without the spaces and tabs around it.
    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// A bare word: `nil`/`null`, or unquoted text.
    private func bare(_ range: Range<Int>) -> LooseValue {
        let word = text(range)
        return word == "nil" || word == "null" ? .null : .text(word, quoted: false)
    }

    mutating func topLevel() throws(ValueError) -> LooseValue {
        let range = trimmed(0..<bytes.count)
        guard range.count >= 2 else { return bare(range) }
        let first = bytes[range.lowerBound], last = bytes[range.upperBound - 1]
        // A whole value in quotes is the text between them, whatever quotes
        // it holds (`"He said "hi""`): there are no escapes, so this is how
        // any text is typed (the studio quotes a dialog's option so). In a
        // list a quote ends at the next of its kind.
        if (first == Self.doubleQuote || first == Self.singleQuote) && last == first {
            return .text(text(range.lowerBound + 1..<range.upperBound - 1), quoted: true)
        }
        if first == Self.open && last == Self.close {
            index = range.lowerBound
            if let list = try list(depth: 1), index == range.upperBound { return list }
        }
        return bare(range)
    }

    /// The list that starts at `index` (its `[`), leaving `index` after its
    /// `]`; nil when it is not well formed.
    private mutating func list(depth: Int) throws(ValueError) -> LooseValue? {
        guard depth <= LooseValue.maximumNesting else {
            throw ValueError("a value nests lists more than \(LooseValue.maximumNesting) levels deep")
        }
        index += 1
        var items: [LooseValue] = []
        while true {
            skipSpaces()
            guard index < bytes.count else { return nil }
            if bytes[index] == Self.close {
                // `[]`, or after a trailing comma: `[1, 2, ]`.
                index += 1
                return .list(items)
            }
            guard let item = try item(depth: depth) else { return nil }
            items.append(item)
            skipSpaces()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case Self.comma: index += 1
            case Self.close: index += 1; return .list(items)
            default: return nil
            }
        }
    }

    /// One item of a list: a list, a quoted text, or a bare word up to the
    /// next `,` or `]`.
    private mutating func item(depth: Int) throws(ValueError) -> LooseValue? {
        let byte = bytes[index]
        if byte == Self.open { return try list(depth: depth + 1) }
        if byte == Self.doubleQuote || byte == Self.singleQuote {
            let start = index + 1
            guard let end = bytes[start...].firstIndex(of: byte) else { return nil }
            index = end + 1
            return .text(text(start..<end), quoted: true)
        }
        let start = index
        while index < bytes.count, bytes[index] != Self.comma, bytes[index] != Self.close { index += 1 }
        let range = trimmed(start..<index)
        return range.isEmpty ? nil : bare(range)
    }

    private mutating func skipSpaces() {
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    }
}

extension LooseValue {
    /// The value as written, with no declared type to go by (arguments of
    /// `call`): `nil`, `true`/`false`, numbers, text; a list of two or four
    /// numbers is a point or a rect, a map of `x`/`y`/`width`/`height`
    /// numbers a point, a size or a rect. Anything else has no value an
    /// action can receive, and is an error.
    public func untypedValue() throws(ValueError) -> Value {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n):
            // As when written: a number that is not finite is its digits.
            return n.isFinite ? .number(n) : .string(LooseValue.digits(n))
        case .text(let text, let quoted):
            if !quoted {
                switch text {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "nil": return .null
                default: if let n = Double(text), n.isFinite { return .number(n) }
                }
            }
            return .string(text)
        case .list(let items):
            let numbers = items.compactMap(\.plainNumber)
            if numbers.count == items.count, numbers.count == 2 { return .point(Point(x: numbers[0], y: numbers[1])) }
            if numbers.count == items.count, numbers.count == 4 {
                return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
        case .map(let entries):
            // The first of duplicate keys is the one read.
            var numbers: [String: Double] = [:], seen: Set<String> = []
            for entry in entries where seen.insert(entry.key).inserted {
                if let n = entry.value.plainNumber { numbers[entry.key] = n }
            }
            if numbers.count == seen.count {
                switch Set(numbers.keys) {
                case ["x", "y"]: return .point(Point(x: numbers["x"]!, y: numbers["y"]!))
                case ["width", "height"]: return .size(Size(width: numbers["width"]!, height: numbers["height"]!))
                case ["x", "y", "width", "height"]:
                    return .rect(Rect(x: numbers["x"]!, y: numbers["y"]!, width: numbers["width"]!, height: numbers["height"]!))
                default: break
                }
            }
        case .other: break
        }
        throw ValueError("an action's argument is nil, true or false, a number, text, a point [x, y] or { x =, y = }, a size { width =, height = } or a rect [x, y, width, height]; a list or table of anything else is none of these")
    }

    /// The fields of text written as a mapping in braces, `{x: 1, y: 2}`
    /// or Lua's `{ x = 1, y = 2 }`, each trimmed; nil when the text is not
    /// in braces. A field without a key has an empty one.
    static func bracedFields(_ text: String) -> [(key: String, value: String)]? {
        let inner = text.trimmingCharacters(in: .whitespaces)
        guard inner.count >= 2, inner.first == "{", inner.last == "}" else { return nil }
        return inner.dropFirst().dropLast().split(separator: ",").map { part in
            guard let separator = part.firstIndex(where: { $0 == ":" || $0 == "=" }) else {
                return ("", part.trimmingCharacters(in: .whitespaces))
            }
            return (part[..<separator].trimmingCharacters(in: .whitespaces),
                    part[part.index(after: separator)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// An unquoted number, as a list item or a field.
    private var plainNumber: Double? {
        if case .number(let n) = self, n.isFinite { return n }
        if case .text(let text, false) = self, let n = Double(text), n.isFinite { return n }
        return nil
    }

    /// A number as a field of a point, a size or a rect in a mapping.
    fileprivate var mapNumber: Double? {
        switch self {
        case .number(let n): n
        case .text(let text, false): Double(text)
        default: nil
        }
    }

    /// A number as a list item of a point, a size or a rect.
    fileprivate var coordinate: Double? {
        switch self {
        case .number(let n): n
        case .text(let text, false): Double(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}

extension PropertySpec {
    /// Converts a loosely written value to this property's type, then checks it.
    public func convert(_ loose: LooseValue) throws(ValueError) -> Value {
        try validate(try looseValue(loose))
    }

    /// `{x: 1, y: 2}` where a mapping is text (a command line's value, a
    /// quoted one in a scene file): said as read, with the form to write in
    /// its place, not split at its commas and its `x` as `10,20` would be.
    private func bracesReadAsText(_ text: String) -> ValueError {
        let fields = LooseValue.bracedFields(text) ?? []
        let said = "\(name) takes \(typeDescription), and `\(text)` reads as text: only a scene file writes a mapping"
        func field(_ key: String) -> String? { fields.first { $0.key == key }?.value }
        if type == .image {
            let imageName = field("name").flatMap { $0.isEmpty ? nil : $0 }
            return ValueError(text: said, fix: imageName.map { "write the image's name alone, `\($0)`" } ?? "write the image's name alone")
        }
        let order = type.fieldNames ?? []
        let numbers = order.compactMap { field($0).flatMap { Double($0) } }
        let form = numbers.count == order.count && fields.count == order.count
            ? numbers.map(LooseValue.digits).joined(separator: ", ") : order.joined(separator: ", ")
        return ValueError(text: said, fix: "write its numbers in a list, `[\(form)]`")
    }

    private func looseValue(_ loose: LooseValue) throws(ValueError) -> Value {
        switch loose {
        case .null: return .null
        case .bool(let b) where type == .bool: return .bool(b)
        case .number(let n) where type == .number || type == .integer: return .number(n)
        case .bool, .number:
            // Any other property reads it as written (`5` for a string).
            return try looseValue(.text(loose.written ?? "", quoted: false))
        case .other(let typeName):
            throw ValueError("\(name) cannot be a \(typeName)")
        case .text(let text, let quoted):
            switch type {
            case .bool:
                switch text.lowercased() {
                case "true", "yes", "on": return .bool(true)
                case "false", "no", "off": return .bool(false)
                default: throw ValueError("\(name) takes true or false, not `\(text)`")
                }
            case .number, .integer:
                // A quoted number is still a number ("0.5" in YAML), as a quoted bool is a bool.
                guard let n = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    throw ValueError("\(name) takes \(typeDescription), not \(quoted ? "the text " : "")`\(text)`")
                }
                return .number(n)
            case .image where !quoted && LooseValue.bracedFields(text) != nil:
                throw bracesReadAsText(text)
            case .string, .enumeration, .image, .color:
                return .string(text)
            case .point, .size, .rect:
                if LooseValue.bracedFields(text) != nil { throw bracesReadAsText(text) }
                let separators: Set<Character> = [",", "x", "×", " "]
                let parts = text.split(whereSeparator: { separators.contains($0) }).map { LooseValue.text(String($0), quoted: false) }
                guard parts.count > 1 else { throw ValueError("\(name) takes \(typeDescription), not `\(text)`") }
                return try looseValue(.list(parts))
            }
        case .list(let items):
            let numbers = items.compactMap(\.coordinate)
            guard numbers.count == items.count else { throw ValueError("\(name) takes \(typeDescription), not a list of \(items.count) items") }
            switch (type, numbers.count) {
            case (.point, 2): return .point(Point(x: numbers[0], y: numbers[1]))
            case (.size, 2): return .size(Size(width: numbers[0], height: numbers[1]))
            case (.rect, 4): return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            default:
                // A point, a size or a rect takes exactly its numbers: none
                // is dropped, nor made up. An image is never a list.
                let order = type == .image ? nil : type.fieldNames
                throw ValueError(text: "\(name) takes \(typeDescription), not a list of \(items.count) numbers",
                                 fix: order.map { "write its \($0.count) numbers in this order: `[\($0.joined(separator: ", "))]`" })
            }
        case .map(let entries):
            let fields = loose
            // A field a value does not have (`depth` in a frame) is refused,
            // not left out unsaid.
            if let known = type.fieldNames, let extra = entries.first(where: { !known.contains($0.key) }) {
                let written = known.map { "\($0): …" }.joined(separator: ", ")
                throw ValueError(text: "\(name) takes \(typeDescription), which has no field `\(extra.key)`\(Suggestions.hint(for: extra.key, in: known))",
                                 fix: "write only its fields, `{\(written)}`")
            }
            func number(_ key: String) throws(ValueError) -> Double {
                guard let n = fields[key]?.mapNumber else {
                    throw ValueError("\(name) takes \(typeDescription): `\(key)` must be a number")
                }
                return n
            }
            switch type {
            case .point: return .point(Point(x: try number("x"), y: try number("y")))
            case .size: return .size(Size(width: try number("width"), height: try number("height")))
            case .rect:
                return .rect(Rect(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height")))
            case .image:
                guard let imageName = fields["name"]?.written else { throw ValueError("\(name): an image needs a `name`") }
                func dimension(_ key: String) throws(ValueError) -> Int? {
                    guard let field = fields[key] else { return nil }
                    guard let t = field.written, let n = Int(t) else {
                        throw ValueError("\(name): an image's `\(key)` is a whole number")
                    }
                    return n
                }
                return .image(Image(name: imageName, width: try dimension("width"), height: try dimension("height")))
            default:
                throw ValueError("\(name) takes \(typeDescription), not a mapping")
            }
        }
    }
}
