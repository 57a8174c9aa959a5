import BehaveCore
import CLuaShim

/// `behaviour { … }`: reads a script's declaration (raw reads only) into a
/// `BehaviourDeclaration`, and gives the script its class table.
extension LuaRuntime {
    static let declarationKeys = ["name", "outlets", "outletCollections", "inspectables", "events", "requires"]
    static let capabilities = ["camera", "photoLibrary"]
    /// Fields of `self` every behaviour has, and its lifecycle methods.
    static let reservedFields = Set(ScriptAPI.behaviourFields + LuaBehaviour.lifecycleMethods)

    /// `behaviour { … }` as a behaviour script's top level calls it.
    static let declare = HostFunction("declare") { runtime, S throws(ValueError) in try runtime.declare(S) }

    func declare(_ S: OpaquePointer) throws(ValueError) -> Int32 {
        guard let script = scripts.loading else {
            throw ValueError("behaviour { … } can only be called at the top level of a behaviour script")
        }
        guard scripts.pendingClass == nil else {
            throw ValueError("behaviour { … } is called twice; a script declares one behaviour")
        }
        guard lua_type(S, 1) == LUA_TTABLE else {
            throw ValueError("behaviour takes a table: behaviour { name = \"…\", outlets = { … }, inspectables = { … } }")
        }
        let declaration: BehaviourDeclaration
        var tables: (TypeTables, Int)?
        if let cached = scripts.declared(script) {
            declaration = cached.declaration
            tables = (cached.tables, scripts.declarationsChanged)
        } else {
            let description = declarationDescription(at: 1, in: S)
            if let description, let kept = DeclarationCache.declaration(of: script, describedAs: description) {
                declaration = kept
            } else {
                declaration = try DeclarationReader(runtime: self, script: script, S: S).read(at: 1)
                if let description { DeclarationCache.keep(declaration, of: script, describedAs: description) }
            }
        }
        lua_createtable(S, 0, 8)
        lua_pushvalue(S, -1)
        scripts.pendingClass = (declaration, luaL_ref(S, bh_registryindex()), tables)
        return 1
    }
}

/// Reads the declaration table; every error names the line of the key it
/// is about and suggests the nearest valid name.
struct DeclarationReader {
    let runtime: LuaRuntime
    let script: LuaScript
    /// The thread calling `behaviour { … }`.
    let S: OpaquePointer

    /// Names a list declares at most (`events`, `requires`, an enum's
    /// `values`, and the names of `outlets`, `outletCollections` and
    /// `inspectables`): a longer one is refused whole, never cut to its
    /// first. A scene finds each outlet by name, so a hundred thousand
    /// took an hour to bind.
    static let maximumListLength = 1000

    /// An error at the line of `key` when the source shows it (else the
    /// host adds the line of the `behaviour` call).
    func fail(_ message: String, at key: String? = nil) -> ValueError {
        guard let key, let line = script.line(ofKey: key) else { return ValueError(message) }
        return ValueError(file: script.displayName, line: line, text: message)
    }

    func read(at index: Int32) throws(ValueError) -> BehaviourDeclaration {
        let table = lua_absindex(S, index)
        for key in stringKeys(of: table) ?? [] where !LuaRuntime.declarationKeys.contains(key) {
            throw fail("behaviour { … } has no key `\(key)`\(Suggestions.hint(for: key, in: LuaRuntime.declarationKeys)); keys: \(LuaRuntime.declarationKeys.joined(separator: ", "))", at: key)
        }
        var declaration = BehaviourDeclaration(name: script.defaultBehaviourName)
        if runtime.field("name", of: table, in: S) != LUA_TNIL {
            guard let name = runtime.string(at: -1, in: S), !name.isEmpty else { throw fail("`name` must be a string", at: "name") }
            declaration.name = name
        }
        bh_pop(S, 1)
        declaration.outlets = try outlets("outlets", of: table)
        declaration.outletCollections = try outlets("outletCollections", of: table)
        declaration.inspectables = try inspectables(of: table)
        declaration.events = try strings("events", of: table)
        declaration.requires = try strings("requires", of: table)
        for capability in declaration.requires where !LuaRuntime.capabilities.contains(capability) {
            throw fail("requires: unknown capability `\(capability)`\(Suggestions.hint(for: capability, in: LuaRuntime.capabilities)); capabilities: \(LuaRuntime.capabilities.joined(separator: ", "))", at: "requires")
        }
        let names = declaration.outlets.map(\.name) + declaration.outletCollections.map(\.name) + declaration.inspectables.map(\.name)
        // `self.<name>` must be able to reach each, and not hide what
        // every behaviour has.
        for name in names {
            // ASCII letters, digits and _, not starting with a digit (by
            // bytes: Character's properties are slow to ask).
            let isIdentifier = name.utf8.first.map { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
                && name.utf8.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                         UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
                    default: false
                    }
                }
            guard isIdentifier else {
                throw fail("`\(name)` is not a Lua name (letters, digits and _, not starting with a digit)", at: name)
            }
            guard !LuaRuntime.reservedFields.contains(name) else {
                throw fail("`\(name)` is taken by every behaviour (\(LuaRuntime.reservedFields.sorted().joined(separator: ", "))); choose another name", at: name)
            }
        }
        if let duplicate = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw fail("`\(duplicate)` is declared twice (outlets and inspectables share one namespace)", at: duplicate)
        }
        return declaration
    }

    /// String keys of a table, in the order the source writes them.
    /// The table's string keys in the order the source writes them; nil
    /// past `limit` keys of any kind, before the rest are read.
    func stringKeys(of table: Int32, atMost limit: Int = .max) -> [String]? {
        var keys: [String] = []
        var count = 0
        lua_pushnil(S)
        while lua_next(S, table) != 0 {
            count += 1
            guard count <= limit else {
                bh_pop(S, 2)
                return nil
            }
            if let key = runtime.string(at: -2, in: S) { keys.append(key) }
            bh_pop(S, 1)
        }
        return script.sortedBySource(keys)
    }

    /// The names `key` declares (its string keys), at most `maximumListLength`.
    private func declaredNames(_ key: String, of table: Int32) throws(ValueError) -> [String] {
        guard let names = stringKeys(of: table, atMost: DeclarationReader.maximumListLength) else {
            throw fail("`\(key)` declares more than \(DeclarationReader.maximumListLength) names; a behaviour declares at most \(DeclarationReader.maximumListLength)", at: key)
        }
        return names
    }

    private func outlets(_ key: String, of table: Int32) throws(ValueError) -> [BehaviourDeclaration.Outlet] {
        let type = runtime.field(key, of: table, in: S)
        defer { bh_pop(S, 1) }
        if type == LUA_TNIL { return [] }
        guard type == LUA_TTABLE else { throw fail("`\(key)` must be a table of name = \"ControlType\"", at: key) }
        let outlets = lua_absindex(S, -1)
        var result: [BehaviourDeclaration.Outlet] = []
        for name in try declaredNames(key, of: outlets) {
            _ = runtime.field(name, of: outlets, in: S)
            let declared = runtime.string(at: -1, in: S)
            bh_pop(S, 1)
            guard let declared else { throw fail("outlet `\(name)` needs a control type name, e.g. \"Button\"", at: name) }
            let (typeName, isOptional) = BehaviourDeclaration.Outlet.parseType(declared)
            guard ControlTypes.named(typeName) != nil else {
                throw fail("outlet `\(name)`: \(ControlTypes.unknown(typeName).message)", at: name)
            }
            result.append(.init(name: name, type: typeName, isOptional: isOptional))
        }
        return result
    }

    private func strings(_ key: String, of table: Int32) throws(ValueError) -> [String] {
        let type = runtime.field(key, of: table, in: S)
        defer { bh_pop(S, 1) }
        if type == LUA_TNIL { return [] }
        guard type == LUA_TTABLE else { throw fail("`\(key)` must be a list of strings: { \"a\", \"b\" }", at: key) }
        var result: [String] = []
        let length = lua_rawlen(S, -1)
        guard length <= DeclarationReader.maximumListLength else {
            throw fail("`\(key)` lists \(length) names; a behaviour declares at most \(DeclarationReader.maximumListLength)", at: key)
        }
        if length > 0 {
            for i in 1...length {
                lua_rawgeti(S, -1, lua_Integer(i))
                let item = runtime.string(at: -1, in: S)
                bh_pop(S, 1)
                guard let item else { throw fail("`\(key)` must be a list of strings", at: key) }
                result.append(item)
            }
        }
        return result
    }

    private func inspectables(of table: Int32) throws(ValueError) -> [PropertySpec] {
        let type = runtime.field("inspectables", of: table, in: S)
        defer { bh_pop(S, 1) }
        if type == LUA_TNIL { return [] }
        guard type == LUA_TTABLE else { throw fail("`inspectables` must be a table", at: "inspectables") }
        let inspectables = lua_absindex(S, -1)
        var result: [PropertySpec] = []
        for name in try declaredNames("inspectables", of: inspectables) {
            _ = runtime.field(name, of: inspectables, in: S)
            defer { bh_pop(S, 1) }
            result.append(try inspectable(name, at: lua_absindex(S, -1)))
        }
        return result
    }

    private func inspectable(_ name: String, at index: Int32) throws(ValueError) -> PropertySpec {
        var isSpecTable = false
        if lua_type(S, index) == LUA_TTABLE, !runtime.isImage(at: index, in: S) {
            for key in ["type", "default", "min", "max", "step", "values"] {
                let present = runtime.field(key, of: index, in: S) != LUA_TNIL
                bh_pop(S, 1)
                if present { isSpecTable = true }
            }
        }
        guard isSpecTable else {
            // A bare default declares its type by its value.
            guard let value = runtime.value(at: index, in: S), let type = ValueType.inferred(from: value) else {
                throw fail("inspectable `\(name)` needs a default value or { type = \"…\", default = … }", at: name)
            }
            return PropertySpec(name, type, default: value)
        }
        var type: ValueType
        var values: [String] = []
        if runtime.field("values", of: index, in: S) == LUA_TTABLE {
            let length = lua_rawlen(S, -1)
            guard length <= DeclarationReader.maximumListLength else {
                bh_pop(S, 1)
                throw fail("inspectable `\(name)`: `values` lists \(length) values; an enum has at most \(DeclarationReader.maximumListLength)", at: name)
            }
            if length > 0 {
                for i in 1...length {
                    // A hole (`{ "a", nil, "c" }`) holds nothing to drop.
                    let kind = lua_rawgeti(S, -1, lua_Integer(i))
                    let value = runtime.string(at: -1, in: S)
                    bh_pop(S, 1)
                    if kind == LUA_TNIL { continue }
                    guard let value else {
                        bh_pop(S, 1)
                        throw fail("inspectable `\(name)`: `values` must be a list of strings: { \"a\", \"b\" }", at: name)
                    }
                    values.append(value)
                }
            }
        }
        bh_pop(S, 1)
        if runtime.field("type", of: index, in: S) != LUA_TNIL {
            guard let typeName = runtime.string(at: -1, in: S) else { throw fail("inspectable `\(name)`: `type` must be a string", at: name) }
            guard let named = ValueType.named(typeName, values: values) else {
                throw fail("inspectable `\(name)`: unknown type `\(typeName)`\(Suggestions.hint(for: typeName, in: ValueType.names)); types: \(ValueType.names.joined(separator: ", "))", at: name)
            }
            type = named
            bh_pop(S, 1)
        } else {
            bh_pop(S, 1)
            _ = runtime.field("default", of: index, in: S)
            let inferred = runtime.value(at: -1, in: S).flatMap(ValueType.inferred(from:))
            bh_pop(S, 1)
            guard let inferred else { throw fail("inspectable `\(name)` needs a `type`", at: name) }
            type = inferred
        }
        if case .enumeration(let cases) = type, cases.isEmpty {
            throw fail("inspectable `\(name)`: an enum needs values = { \"a\", \"b\" }", at: name)
        }
        func optionalNumber(_ key: String) throws(ValueError) -> Double? {
            let kind = runtime.field(key, of: index, in: S)
            defer { bh_pop(S, 1) }
            if kind == LUA_TNIL { return nil }
            guard let n = runtime.number(at: -1, in: S), n.isFinite else {
                throw fail("inspectable `\(name)`: `\(key)` must be a number", at: name)
            }
            return n
        }
        let minimum = try optionalNumber("min"), maximum = try optionalNumber("max"), step = try optionalNumber("step")
        if let minimum, let maximum, minimum > maximum {
            throw fail("inspectable `\(name)`: min \(formatNumber(minimum)) is above max \(formatNumber(maximum))", at: name)
        }
        var spec = PropertySpec(name, type, min: minimum, max: maximum, step: step, optional: type == .image)
        if runtime.field("default", of: index, in: S) != LUA_TNIL {
            do {
                spec.defaultValue = try runtime.value(at: -1, for: spec, in: S)
            } catch {
                bh_pop(S, 1)
                throw fail("inspectable `\(name)`: bad default: \(error.message)", at: name)
            }
        } else if let minimum, case .number(let zero) = type.zero, zero < minimum {
            spec.defaultValue = .number(minimum)
        }
        bh_pop(S, 1)
        return spec
    }
}
