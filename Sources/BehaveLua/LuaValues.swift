import BehaveCore
import CLuaShim

/// Values between Lua and Swift, with raw accessors only: the host never
/// runs a script's metamethods.
extension LuaRuntime {
    func string(at index: Int32, in S: OpaquePointer) -> String? {
        guard lua_type(S, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = bh_tolstring_raw(S, index, &length) else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    func pushString(_ text: String, on S: OpaquePointer) {
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(S, $0.baseAddress, $0.count) }
        }
    }

    func number(at index: Int32, in S: OpaquePointer) -> Double? {
        guard lua_type(S, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(S, index, nil)
    }

    func pushNumber(_ n: Double, on S: OpaquePointer) {
        // Whole numbers read as integers in scripts: `tostring(3)` is "3".
        if n == n.rounded(), abs(n) < 9.0e15 {
            lua_pushinteger(S, lua_Integer(n))
        } else {
            lua_pushnumber(S, n)
        }
    }

    /// Pushes a value as scripts see it: images as image tables, colours as
    /// `"#RRGGBB"`, points, sizes and rects as tables of numbers.
    func push(_ value: Value, on S: OpaquePointer) {
        switch value {
        case .null: lua_pushnil(S)
        case .bool(let b): lua_pushboolean(S, b ? 1 : 0)
        case .number(let n): pushNumber(n, on: S)
        case .string(let s): pushString(s, on: S)
        case .color(let c): pushString(c.written, on: S)
        case .image(let image): pushImage(image, on: S)
        case .point(let p): pushFields([("x", p.x), ("y", p.y)], on: S)
        case .size(let s): pushFields([("width", s.width), ("height", s.height)], on: S)
        case .rect(let r): pushFields([("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)], on: S)
        }
    }

    /// Pushes JSON as Lua tables: objects by key, arrays as lists; null is
    /// nil (a hole in a list). Each level makes room on the stack first
    /// (nil where there is none).
    func push(_ json: JSON, on S: OpaquePointer) {
        guard lua_checkstack(S, 4) != 0 else { return lua_pushnil(S) }
        switch json {
        case .null: lua_pushnil(S)
        case .bool(let b): lua_pushboolean(S, b ? 1 : 0)
        case .number(let n): pushNumber(n, on: S)
        case .string(let s): pushString(s, on: S)
        case .array(let items):
            lua_createtable(S, Int32(clamping: items.count), 0)
            for (i, item) in items.enumerated() {
                push(item, on: S)
                lua_rawseti(S, -2, lua_Integer(i + 1))
            }
        case .object(let pairs):
            lua_createtable(S, 0, Int32(clamping: pairs.count))
            for (key, value) in pairs {
                pushString(key, on: S)
                push(value, on: S)
                lua_rawset(S, -3)
            }
        }
    }

    /// Pushes the arguments of an event, action or delegate message (at most
    /// `maximumArguments`, the room `runHandler` keeps); how many.
    func push(_ arguments: [Value], on S: OpaquePointer) -> Int32 {
        if arguments.isEmpty { return 0 }
        let count = min(arguments.count, Int(LuaRuntime.maximumArguments))
        for argument in arguments.prefix(count) { push(argument, on: S) }
        return Int32(count)
    }

    private func pushFields(_ fields: [(String, Double)], on S: OpaquePointer) {
        lua_createtable(S, 0, Int32(fields.count))
        for (key, n) in fields {
            pushNumber(n, on: S)
            setField(key, in: S)
        }
    }

    func pushImage(_ image: Image, on S: OpaquePointer) {
        lua_createtable(S, 0, 3)
        pushString(image.name, on: S)
        lua_setfield(S, -2, "name")
        if let width = image.width, let height = image.height {
            lua_pushinteger(S, lua_Integer(width))
            lua_setfield(S, -2, "width")
            lua_pushinteger(S, lua_Integer(height))
            lua_setfield(S, -2, "height")
        }
        pushRef(imageMetatableRef, on: S)
        lua_setmetatable(S, -2)
    }

    /// Sets field `key` of the table below the top to the value on top
    /// (popped), raw, as `lua_setfield(S, -2, key)` sets a table with no
    /// `__newindex`; a Swift string makes no C copy on the way.
    func setField(_ key: String, in S: OpaquePointer) {
        pushString(key, on: S)
        lua_rotate(S, -2, 1)
        lua_rawset(S, -3)
    }

    /// A raw field of the table at `index`.
    func field(_ key: String, of index: Int32, in S: OpaquePointer) -> Int32 {
        let table = lua_absindex(S, index)
        pushString(key, on: S)
        return lua_rawget(S, table)
    }

    func isImage(at index: Int32, in S: OpaquePointer) -> Bool {
        guard lua_type(S, index) == LUA_TTABLE, lua_getmetatable(S, index) != 0 else { return false }
        pushRef(imageMetatableRef, on: S)
        let same = lua_rawequal(S, -1, -2) != 0
        bh_pop(S, 2)
        return same
    }

    /// The value at `index` with no declared type to guide it (event
    /// arguments, results): nil when it has no `Value` form.
    func value(at index: Int32, in S: OpaquePointer) -> Value? {
        switch lua_type(S, index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(S, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(S, index, nil))
        case LUA_TSTRING: return string(at: index, in: S).map(Value.string)
        case LUA_TTABLE:
            if isImage(at: index, in: S) { return image(at: index, in: S).map(Value.image) }
            return structure(at: index, in: S)
        default: return nil
        }
    }

    /// The value at `index` for a property or inspectable of type `spec`,
    /// checked; or the error a script should see.
    func value(at index: Int32, for spec: PropertySpec, in S: OpaquePointer) throws(ValueError) -> Value {
        let type = lua_type(S, index)
        if type == LUA_TTABLE, isImage(at: index, in: S) {
            guard let image = image(at: index, in: S) else { throw ValueError("\(spec.name): this image has no name") }
            return try spec.validate(.image(image))
        }
        if type == LUA_TTABLE {
            let numbers = arrayNumbers(at: index, in: S)
            switch (spec.type, numbers.count) {
            case (.point, 2): return try spec.validate(.point(Point(x: numbers[0], y: numbers[1])))
            case (.size, 2): return try spec.validate(.size(Size(width: numbers[0], height: numbers[1])))
            case (.rect, 4):
                return try spec.validate(.rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
            default: break
            }
        }
        guard let value = value(at: index, in: S) else {
            throw ValueError("\(spec.name) takes \(spec.typeDescription), not a \(String(cString: lua_typename(S, type)))")
        }
        if case .number(let n) = value, spec.type == .string {
            return .string(formatNumber(n))
        }
        return try spec.validate(value)
    }

    func image(at index: Int32, in S: OpaquePointer) -> Image? {
        // Absolute: the pushes below move relative indices (`-1`).
        let index = lua_absindex(S, index)
        defer { bh_pop(S, 3) }
        _ = field("name", of: index, in: S)
        _ = field("width", of: index, in: S)
        _ = field("height", of: index, in: S)
        guard let name = string(at: -3, in: S) else { return nil }
        let width = number(at: -2, in: S).flatMap { Int(exactly: $0.rounded()) }
        let height = number(at: -1, in: S).flatMap { Int(exactly: $0.rounded()) }
        return Image(name: name, width: width, height: height)
    }

    /// `{x=, y=}`, `{width=, height=}`, `{x=, y=, width=, height=}`.
    private func structure(at index: Int32, in S: OpaquePointer) -> Value? {
        func read(_ key: String) -> Double? {
            _ = field(key, of: index, in: S)
            defer { bh_pop(S, 1) }
            return number(at: -1, in: S)
        }
        let x = read("x"), y = read("y"), width = read("width"), height = read("height")
        if let x, let y, let width, let height { return .rect(Rect(x: x, y: y, width: width, height: height)) }
        if let x, let y { return .point(Point(x: x, y: y)) }
        if let width, let height { return .size(Size(width: width, height: height)) }
        return nil
    }

    /// The numbers of an array table (`{1024, 1024}`); empty if it is not one.
    private func arrayNumbers(at index: Int32, in S: OpaquePointer) -> [Double] {
        let length = lua_rawlen(S, index)
        guard length > 0, length <= 4 else { return [] }
        var numbers: [Double] = []
        for i in 1...length {
            lua_rawgeti(S, index, lua_Integer(i))
            defer { bh_pop(S, 1) }
            guard let n = number(at: -1, in: S) else { return [] }
            numbers.append(n)
        }
        return numbers
    }

    func typeName(at index: Int32, in S: OpaquePointer) -> String {
        return String(cString: lua_typename(S, lua_type(S, index)))
    }

    /// A value as the state shows a behaviour's field (tables in brief).
    func fieldJSON(at index: Int32, in S: OpaquePointer, depth: Int = 0) -> JSON? {
        switch lua_type(S, index) {
        case LUA_TBOOLEAN: return .bool(lua_toboolean(S, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(S, index, nil))
        case LUA_TSTRING: return string(at: index, in: S).map(JSON.string)
        case LUA_TTABLE:
            if isImage(at: index, in: S) { return image(at: index, in: S).map { Value.image($0).json } }
            guard depth < 2 else { return .string("table") }
            return tableJSON(at: index, in: S, depth: depth + 1)
        case LUA_TUSERDATA:
            guard let found = view(at: index, in: S), let view = found else { return nil }
            return .string(view.name)
        default: return nil
        }
    }

    /// The raw fields of a table (non-function values), keys sorted; arrays
    /// as arrays. At most `maximumTableEntries` entries; a table with more
    /// ends in a note of how many more it has (`JSON.leftOut`), so the
    /// state never passes a cut table off as whole.
    func tableJSON(at index: Int32, in S: OpaquePointer, depth: Int = 0) -> JSON {
        let table = lua_absindex(S, index)
        bh_fill_env(S, table)  // a behaviour's environment shows every name
        let rawLength = Int(lua_rawlen(S, table))
        if rawLength > 0 {
            var array: [JSON] = []
            for i in 1...min(rawLength, LuaRuntime.maximumTableEntries) {
                lua_rawgeti(S, table, lua_Integer(i))
                array.append(fieldJSON(at: -1, in: S, depth: depth) ?? .null)
                bh_pop(S, 1)
            }
            if rawLength > LuaRuntime.maximumTableEntries {
                array.append(JSON.leftOut(rawLength - LuaRuntime.maximumTableEntries, of: "items"))
            }
            return .array(array)
        }
        var fields: [(name: FieldName, value: JSON)] = []
        var more = 0
        lua_pushnil(S)
        while lua_next(S, table) != 0 {
            if fields.count < LuaRuntime.maximumTableEntries {
                if lua_type(S, -2) == LUA_TSTRING, let name = fieldName(at: -2, in: S),
                   let json = fieldJSON(at: -1, in: S, depth: depth) {
                    fields.append((name, json))
                }
            } else if lua_type(S, -2) == LUA_TSTRING, lua_type(S, -1) != LUA_TFUNCTION {
                more += 1  // counted, not read
            }
            bh_pop(S, 1)
        }
        var pairs = FieldName.distinct(fields)
        if more > 0 { pairs.append(("…", JSON.leftOut(more, of: "fields"))) }
        return .object(pairs)
    }

    /// Entries of one table the state holds, at most.
    static let maximumTableEntries = JSON.longestStateTable

    /// A string key as the state names a field: its text, each byte that
    /// is not UTF-8 written `\xFF` (decoded, two such keys both read
    /// U+FFFD and printed as one key).
    func fieldName(at index: Int32, in S: OpaquePointer) -> FieldName? {
        var length = 0
        guard lua_type(S, index) == LUA_TSTRING, let pointer = bh_tolstring_raw(S, index, &length) else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            FieldName(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

/// A field's name as the state shows it: a name that is not UTF-8 is
/// written with `\xFF` for each byte that is not, and keeps its bytes to
/// tell it apart from a name that reads the same (`distinct`).
struct FieldName {
    let text: String
    let bytes: [UInt8]?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let text = String(validating: bytes, as: UTF8.self) {
            self.text = text
            self.bytes = nil
            return
        }
        var text = "", i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
            if length > 0, i + length <= bytes.count,
               let scalar = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
                text += scalar
                i += length
            } else {
                text += "\\x" + String(lead, radix: 16, uppercase: true).leftPadded(to: 2)
                i += 1
            }
        }
        self.text = text
        self.bytes = Array(bytes)
    }

    /// The fields sorted by name, each name shown once: a name that reads
    /// as another (a script's own `"\\xFF"`) gets its bytes after it.
    static func distinct(_ fields: [(name: FieldName, value: JSON)]) -> [(String, JSON)] {
        let sorted = fields.sorted { a, b in
            a.name.text != b.name.text ? a.name.text < b.name.text : (a.name.bytes ?? []).lexicographicallyPrecedes(b.name.bytes ?? [])
        }
        var taken = Set(sorted.map(\.name.text)), previous: String?
        return sorted.map { field in
            defer { previous = field.name.text }
            guard field.name.text == previous else { return (field.name.text, field.value) }
            let hex = (field.name.bytes ?? Array(field.name.text.utf8)).map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
            var name = "\(field.name.text) (bytes \(hex.joined(separator: " ")))"
            while taken.contains(name) { name += "'" }
            taken.insert(name)
            return (name, field.value)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
