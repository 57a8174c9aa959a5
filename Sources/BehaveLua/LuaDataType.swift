import BehaveCore

/// The type of a value that crosses between scripts and the app (an app
/// function's parameter), written in lua-language-server's notation so
/// that the same text is the function's annotation in `behave types` and
/// the check Behave makes of each argument before the app sees it.
///
/// Only data crosses, so only data types are written: `any`, `nil`,
/// `boolean`, `number`, `integer`, `string`, `table`, a literal
/// (`"light"`, `true`), a list (`string[]`), a map (`table<string,
/// number>`), a record (`{ name: string, count?: integer }`; other keys
/// are allowed, as lua-language-server allows them), a union (`A|B`) and
/// an optional (`T?`, the same as `T|nil`), with parentheses for grouping
/// (`("a"|"b")[]`). A function, userdata or class name is refused when the
/// app registers the function, with the list above.
public indirect enum LuaDataType: Sendable, Equatable, CustomStringConvertible {
    /// Any data (`any`, `unknown`).
    case any
    /// `nil`.
    case null
    /// `true` or `false`.
    case boolean
    /// Any number.
    case number
    /// A number with no fractional part.
    case integer
    /// Any string.
    case string
    /// Any table.
    case table
    /// One string (`"light"`).
    case literal(String)
    /// `true` or `false`.
    case truth(Bool)
    /// A list of `T` (`T[]`).
    case list(LuaDataType)
    /// `table<K, V>`.
    case map(key: LuaDataType, value: LuaDataType)
    /// `{ name: T, other?: U }`.
    case record([Field])
    /// `A|B|…`; `T?` is `T|nil`.
    case union([LuaDataType])

    /// A field of a record type.
    public struct Field: Sendable, Equatable {
        /// The key (a Lua name).
        public let name: String
        /// The value's type.
        public let type: LuaDataType
        /// `name?: T`: the field may be absent (nil).
        public let isOptional: Bool

        /// `name: type`, or `name?: type` when `isOptional`.
        public init(name: String, type: LuaDataType, isOptional: Bool = false) {
            self.name = name
            self.type = type
            self.isOptional = isOptional
        }
    }

    /// Types are written in at most this many bytes, nested at most this deep.
    static let maximumText = 1000
    static let maximumNesting = 16

    /// Reads `text`, or says what Behave cannot check in it and what it
    /// can.
    public init(parsing text: String) throws(LuaError) {
        guard text.utf8.count <= LuaDataType.maximumText else {
            throw LuaError("a type of \(text.utf8.count) bytes; write one of at most \(LuaDataType.maximumText)")
        }
        var reader = LuaDataTypeReader(text: text)
        self = try reader.whole()
    }

    /// Whether nil (an argument left out) is accepted.
    public var acceptsNil: Bool { check(.null) == nil }

    /// The string literals it accepts (`"light"|"heavy"` gives both), for
    /// "did you mean".
    public var literals: [String] {
        switch self {
        case .literal(let text): [text]
        case .union(let members): members.flatMap(\.literals)
        default: []
        }
    }

    /// Whether some value of Lua type `luaType` (`"table"`, `"function"`,
    /// `"string"`…) could be accepted, for a value whose contents are not
    /// known (a table built at run time).
    public func admits(luaType: String) -> Bool {
        switch self {
        case .any: true
        case .null: luaType == "nil"
        case .boolean, .truth: luaType == "boolean"
        case .number, .integer: luaType == "number"
        case .string, .literal: luaType == "string"
        case .table, .list, .map, .record: luaType == "table"
        case .union(let members): members.contains { $0.admits(luaType: luaType) }
        }
    }

    // MARK: Checking values

    /// Where a value and its type part: the path into the value (`[3]`,
    /// `.name`, empty for the value itself), the type expected there and
    /// the value found.
    public struct Mismatch: Error, Sendable, Equatable {
        /// `[3]`, `["count"]`, `.name`: where in the value; empty for the
        /// value itself.
        public var path: String
        /// The type expected there.
        public var expected: LuaDataType
        /// The value found there.
        public var found: JSON

        /// `["count"]: string expected, got table`.
        public var text: String {
            "\(path.isEmpty ? "" : path + ": ")\(expected) expected, got \(LuaDataType.describe(found))"
        }
    }

    /// The first place where `value` is not of this type; nil when it is.
    public func check(_ value: JSON) -> Mismatch? {
        switch conform(value) {
        case .success: nil
        case .failure(let mismatch): mismatch
        }
    }

    /// `value` as this type reads it (an empty table is an empty list
    /// where a list is expected, an empty object elsewhere), or where it
    /// is not of this type.
    func conform(_ value: JSON, path: String = "") -> Result<JSON, Mismatch> {
        let mismatch = Result<JSON, Mismatch>.failure(Mismatch(path: path, expected: self, found: value))
        switch (self, value) {
        case (.any, _), (.null, .null), (.boolean, .bool), (.number, .number), (.string, .string):
            return .success(value)
        case (.integer, .number(let n)):
            return n == n.rounded() && n.isFinite ? .success(value) : mismatch
        case (.literal(let expected), .string(let found)):
            return expected == found ? .success(value) : mismatch
        case (.truth(let expected), .bool(let found)):
            return expected == found ? .success(value) : mismatch
        case (.table, .array), (.table, .object):
            return .success(value)
        case (.list(let element), .array(let items)):
            var conformed: [JSON] = []
            for (i, item) in items.enumerated() {
                switch element.conform(item, path: "\(path)[\(i + 1)]") {
                case .success(let item): conformed.append(item)
                case .failure(let inner): return .failure(inner)
                }
            }
            return .success(.array(conformed))
        case (.list, .object(let pairs)) where pairs.isEmpty:
            return .success(.array([]))
        case (.map(let key, let element), .object(let pairs)):
            var conformed: [(String, JSON)] = []
            for (name, item) in pairs {
                let keyPath = "\(path)[\(LuaDataType.describe(.string(name)))]"
                if case .failure = key.conform(.string(name)), case .failure = key.conform(.number(Double(name) ?? .nan)) {
                    return .failure(Mismatch(path: keyPath, expected: key, found: .string(name)))
                }
                switch element.conform(item, path: keyPath) {
                case .success(let item): conformed.append((name, item))
                case .failure(let inner): return .failure(inner)
                }
            }
            return .success(.object(conformed))
        case (.map(let key, let element), .array(let items)):
            // A list is a map from 1…n; an empty table, an empty map.
            if items.isEmpty { return .success(.object([])) }
            guard key.check(.number(1)) == nil else { return mismatch }
            return LuaDataType.list(element).conform(value, path: path)
        case (.record(let fields), .object(let pairs)):
            var conformed = pairs
            for field in fields {
                let index = pairs.firstIndex { $0.0 == field.name }
                let fieldPath = "\(path).\(field.name)"
                guard let index else {
                    if field.isOptional || field.type.acceptsNil { continue }
                    return .failure(Mismatch(path: fieldPath, expected: field.type, found: .null))
                }
                switch field.type.conform(pairs[index].1, path: fieldPath) {
                case .success(let item): conformed[index].1 = item
                case .failure(let inner): return .failure(inner)
                }
            }
            return .success(.object(conformed))
        case (.record(let fields), .array(let items)) where items.isEmpty:
            return LuaDataType.record(fields).conform(.object([]), path: path)
        case (.union(let members), _):
            var deeper: [Mismatch] = []
            for member in members {
                switch member.conform(value, path: path) {
                case .success(let conformed): return .success(conformed)
                case .failure(let inner): if inner.path != path { deeper.append(inner) }
                }
            }
            // One table type that failed inside says where.
            return deeper.count == 1 ? .failure(deeper[0]) : mismatch
        default:
            return mismatch
        }
    }

    /// A value as a message shows it: `"soft"`, `3`, `true`, `nil`, `table`.
    static func describe(_ value: JSON) -> String {
        switch value {
        case .null: "nil"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): formatNumber(n)
        case .string(let s):
            s.count <= 40 ? "\"\(DisplayText.line(s))\"" : "\"\(DisplayText.line(String(s.prefix(40))))…\""
        case .array, .object: "table"
        }
    }

    // MARK: Writing

    /// As lua-language-server reads it.
    public var description: String {
        switch self {
        case .any: "any"
        case .null: "nil"
        case .boolean: "boolean"
        case .number: "number"
        case .integer: "integer"
        case .string: "string"
        case .table: "table"
        case .literal(let text): text.contains("\"") ? "'\(text)'" : "\"\(text)\""
        case .truth(let b): b ? "true" : "false"
        case .list(let element):
            if case .union = element { "(\(element))[]" } else { "\(element)[]" }
        case .map(let key, let value): "table<\(key), \(value)>"
        case .record(let fields):
            fields.isEmpty ? "{}" : "{ " + fields.map { "\($0.name)\($0.isOptional ? "?" : ""): \($0.type)" }.joined(separator: ", ") + " }"
        case .union(let members):
            // Unions are flat: `(A|B)?` is `A|B|nil`.
            if members.count == 2, members.contains(.null), let other = members.first(where: { $0 != .null }) {
                "\(other)?"
            } else {
                members.map(\.description).joined(separator: "|")
            }
        }
    }
}

/// Reads a type's text once, left to right (see `LuaDataType`).
private struct LuaDataTypeReader {
    let bytes: [UInt8]
    let text: String
    var index = 0
    var depth = 0

    init(text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    static let allowed = "any, nil, boolean, number, integer, string, table, a \"literal\", true, false, T[], table<K, V>, { name: T, other?: U }, A|B and T?"

    func failure(_ what: String) -> LuaError {
        LuaError("`\(DisplayText.line(text))`: \(what); a type here is one of \(LuaDataTypeReader.allowed)")
    }

    mutating func whole() throws(LuaError) -> LuaDataType {
        let type = try union()
        skipSpace()
        guard index == bytes.count else { throw failure("unexpected `\(String(decoding: bytes[index...].prefix(20), as: UTF8.self))`") }
        return type
    }

    mutating func skipSpace() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
    }

    /// Whether the next symbol is `symbol` (consumed if so).
    mutating func take(_ symbol: Character) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == symbol.asciiValue else { return false }
        index += 1
        return true
    }

    mutating func expect(_ symbol: Character) throws(LuaError) {
        guard take(symbol) else { throw failure("`\(symbol)` expected") }
    }

    mutating func union() throws(LuaError) -> LuaDataType {
        depth += 1
        defer { depth -= 1 }
        guard depth <= LuaDataType.maximumNesting else { throw failure("nested more than \(LuaDataType.maximumNesting) deep") }
        var members = [try postfix()]
        while take("|") { members.append(try postfix()) }
        return LuaDataTypeReader.union(members)
    }

    /// A union without repeats, flattened; one member is itself.
    static func union(_ members: [LuaDataType]) -> LuaDataType {
        var flat: [LuaDataType] = []
        for member in members {
            let parts: [LuaDataType]
            if case .union(let inner) = member { parts = inner } else { parts = [member] }
            for part in parts where !flat.contains(part) { flat.append(part) }
        }
        return flat.count == 1 ? flat[0] : .union(flat)
    }

    mutating func postfix() throws(LuaError) -> LuaDataType {
        var type = try primary()
        while true {
            if take("[") {
                try expect("]")
                type = .list(type)
            } else if take("?") {
                type = LuaDataTypeReader.union([type, .null])
            } else {
                return type
            }
        }
    }

    mutating func name() -> String? {
        skipSpace()
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: ".")
                || (bytes[index] < 128 && Character(UnicodeScalar(bytes[index])).isLetter)
                || (index > start && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) {
            index += 1
        }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    mutating func primary() throws(LuaError) -> LuaDataType {
        if take("(") {
            let inner = try union()
            try expect(")")
            return inner
        }
        if take("{") { return try record() }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            let start = index + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { throw failure("a literal without its closing quote") }
            let literal = bytes[start..<end]
            guard !literal.contains(where: { $0 < 32 }) else { throw failure("a literal with a control character") }
            index = end + 1
            return .literal(String(decoding: literal, as: UTF8.self))
        }
        guard let name = name() else {
            throw failure(index < bytes.count ? "unexpected `\(Character(UnicodeScalar(bytes[index])))`" : "a type expected")
        }
        switch name {
        case "any", "unknown": return .any
        case "nil": return .null
        case "boolean": return .boolean
        case "true": return .truth(true)
        case "false": return .truth(false)
        case "number": return .number
        case "integer": return .integer
        case "string": return .string
        case "table":
            guard take("<") else { return .table }
            let key = try union()
            try expect(",")
            let value = try union()
            try expect(">")
            return .map(key: key, value: value)
        case "function", "fun", "userdata", "thread", "lightuserdata":
            throw failure("a \(name == "fun" ? "function" : name) cannot cross between scripts and the app, only data")
        default:
            throw failure("`\(name)` is not a type Behave can check")
        }
    }

    /// `{ name: T, other?: U }`, after its `{`.
    mutating func record() throws(LuaError) -> LuaDataType {
        var fields: [LuaDataType.Field] = []
        while !take("}") {
            guard let name = name(), !name.contains(".") else { throw failure("a field name expected in `{ … }`") }
            let optional = take("?")
            try expect(":")
            let type = try union()
            guard !fields.contains(where: { $0.name == name }) else { throw failure("the field `\(name)` twice") }
            fields.append(LuaDataType.Field(name: name, type: type, isOptional: optional))
            if !take(",") {
                try expect("}")
                break
            }
        }
        return .record(fields)
    }
}
