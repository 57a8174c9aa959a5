import BehaveCore
import BehaveLua
import BehaveSyntax

/// `behave types`: annotations for lua-language-server (`---@class`,
/// `---@field`, `---@param`…), so an editor completes and checks Behave's
/// API and a script's `self`. Controls, events, declaration keys and the
/// types scripts hold (their fields, methods, signatures and docs:
/// `ScriptAPI.types`) come from the runtime's own tables; the rest (the
/// geometry classes, the lifecycle methods, the globals' stubs and the
/// spec API) is in Lua files of its own (`Lua/`), written out as it is,
/// and a test checks that they define every global the runtime has and
/// nothing else.
public enum TypeAnnotations {
    /// The whole API, then a class per script (`scripts`: path and source).
    public static func text(scripts: [(path: String, source: String, declaration: BehaviourDeclaration?)]) -> String {
        var out = """
            ---@meta
            -- Behave's API for lua-language-server, written by `behave types`.
            -- Regenerate it when Behave or a script's declaration changes.


            """
        out += values + controls + behaviour + behaviourAPI + appModules + specAPI
        for script in scripts {
            out += self.script(path: script.path, source: script.source, declaration: script.declaration)
        }
        return out
    }

    /// `text` as a Lua string literal on one line: a script's enum values
    /// may hold quotes, line breaks and escape sequences, which would end
    /// the annotation's line or reach the terminal.
    static func luaLiteral(_ text: String) -> String {
        let quoted = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + DisplayText.line(quoted) + "\""
    }

    /// The Lua type of a value type.
    static func luaType(_ type: ValueType) -> String {
        switch type {
        case .bool: "boolean"
        case .number: "number"
        case .integer: "integer"
        case .string, .color: "string"
        case .enumeration(let cases): cases.isEmpty ? "string" : cases.map(luaLiteral).joined(separator: "|")
        case .image: "Behave.Image"
        case .point: "Behave.Point"
        case .size: "Behave.Size"
        case .rect: "Behave.Rect"
        }
    }

    static func union(_ names: [String]) -> String {
        names.isEmpty ? "string" : names.map { "\"\($0)\"" }.joined(separator: "|")
    }

    /// A type scripts hold, as a class: its doc, its fields, `local Name =
    /// {}`, then its methods (`narrowing` gives parameters, by name, a
    /// narrower type than the type's own signature says).
    static func annotation(of type: LuaTypeDescription, narrowing: [String: String] = [:]) -> String {
        let table = String(type.className.split(separator: ".").last ?? "")
        var out = comment(type.doc)
        out += "---@class \(type.className)\n"
        for field in type.fields { out += fieldLine(field) }
        out += "local \(table) = {}\n\n"
        for method in type.methods {
            out += self.method(method.name, method.signature.narrowing(narrowing), table: table)
        }
        return out
    }

    /// `---@field name type doc`.
    static func fieldLine(_ field: LuaField) -> String {
        "---@field \(field.name) \(field.type)\(field.doc.map { " \($0)" } ?? "")\n"
    }

    /// `function Table:name(…) end` (`.` for a function of a module) with
    /// its doc, parameters and result.
    static func method(_ name: String, _ signature: LuaSignature, table: String, separator: String = ":") -> String {
        var out = comment(signature.doc)
        for parameter in signature.parameters { out += "---@param \(parameter.name) \(parameter.type)\n" }
        if let returns = signature.returns { out += "---@return \(returns)\n" }
        return out + "function \(table)\(separator)\(name)(\(signature.parameters.map(\.name).joined(separator: ", "))) end\n\n"
    }

    /// A doc as `---` lines, one per line of it ("" for none).
    static func comment(_ doc: String?) -> String {
        guard let doc, !doc.isEmpty else { return "" }
        return doc.split(separator: "\n", omittingEmptySubsequences: false).map { "---\($0)\n" }.joined()
    }

    /// A type of `ScriptAPI.types` by name (every one this file names is there).
    static func hostType(_ name: String) -> LuaTypeDescription {
        guard let type = ScriptAPI.type(name) else { preconditionFailure("no Lua type \(name)") }
        return type
    }

    // MARK: Values

    static var values: String {
        """
        ---@alias Behave.ControlType \(union(ControlTypes.names.sorted()))
        ---@alias Behave.Curve \(union(Curve.allCases.map { $0.rawValue }))
        ---@alias Behave.Capability \(union(ScriptAPI.capabilities))


        """ + ["image", "connection", "timer"].map { annotation(of: hostType($0)) }.joined() + "\n"
    }

    // MARK: Controls

    /// Every control type with its own properties (and the `is…` names of
    /// boolean ones), its events for `on`/`once`, and `delegate` when it
    /// has delegate messages; then the keyboard.
    static var controls: String {
        var out = ""
        for type in ControlTypes.all {
            let schema = type.schema
            let inherited = Set(schema.parent?.properties.map(\.name) ?? [])
            out += "---\(type.summary)\n"
            out += "---@class Behave.\(type.name)\(type.parent.map { ": Behave.\($0.name)" } ?? "")\n"
            if type.parent == nil {
                for field in hostType("control").fields { out += fieldLine(field) }
            }
            for property in schema.properties where !inherited.contains(property.name) {
                out += field(property)
            }
            if !type.ownDelegateMessages.isEmpty, type.parent?.delegateMessages.isEmpty ?? true {
                out += "---@field delegate Behave.Behaviour? receives \(type.delegateMessages.joined(separator: ", "))\n"
            }
            out += "local \(type.name) = {}\n\n"
            // Each type says its own events (a subtype of View narrows `on`).
            if type.parent == nil || !type.ownEvents.isEmpty {
                out += connect(type: "Behave.\(type.name)", table: type.name, events: schema.events)
            }
            for method in type.ownMethods {
                let signature = LuaSignature(method.doc, parameters: method.parameters.map { (name: $0.name, type: $0.luaType) },
                                             returns: method.returns)
                out += self.method(method.name, signature, table: type.name)
            }
        }
        let keyboard = hostType("keyboard")
        return out + annotation(of: keyboard, narrowing: connectTypes(type: keyboard.className, events: ScriptAPI.keyboardEvents,
                                                                      arguments: ", frame: Behave.Rect"))
    }

    /// A control property as a field: its Lua type, and the `is…` name of
    /// a boolean.
    private static func field(_ property: PropertySpec) -> String {
        let type = luaType(property.type) + (property.isOptional ? "?" : "")
        var out = "---@field \(property.name) \(type)\(property.isReadOnly ? " (read-only)" : "")\n"
        if property.type == .bool {
            out += "---@field is\(property.name.prefix(1).uppercased() + property.name.dropFirst()) boolean same as `\(property.name)`\n"
        }
        return out
    }

    /// A control's `on` and `once` (the control type's methods), for its events.
    static func connect(type: String, table: String, events: [String]) -> String {
        hostType("control").methods.map { method in
            self.method(method.name, method.signature.narrowing(connectTypes(type: type, events: events)), table: table)
        }.joined()
    }

    /// `on`'s event among the control's, its handler given the control.
    static func connectTypes(type: String, events: [String], arguments: String = ", ...: any") -> [String: String] {
        ["event": union(events), "handler": "fun(control: \(type)\(arguments))"]
    }

    // MARK: Behaviours

    static var behaviour: String {
        let keys = ScriptAPI.declarationKeys
        var declaration = "---What a behaviour declares: `behaviour { \(keys.joined(separator: ", ")) }`.\n---@class Behave.Declaration\n"
        let types: [String: String] = [
            "name": "string?", "outlets": "table<string, Behave.ControlType>?",
            "outletCollections": "table<string, Behave.ControlType>?",
            "inspectables": "table<string, any>? a default value, or { type =, default =, min =, max =, step =, values = }",
            "events": "string[]?", "requires": "Behave.Capability[]?",
        ]
        for key in keys { declaration += "---@field \(key) \(types[key] ?? "any")\n" }
        return declaration + "\n" + annotation(of: hostType("behaviour"))
    }

    // MARK: The app's modules

    /// The modules the app registered in this process
    /// (`ScriptAPI.appModules`): each a global table of its functions,
    /// with their docs and signatures.
    static var appModules: String {
        let modules = ScriptAPI.appModules
        guard !modules.isEmpty else { return "" }
        var out = "-- The app's modules, as registered in the process that wrote this file.\n\n"
        for module in modules {
            out += comment(module.doc) + "---@class App.\(module.name)\n\(module.name) = {}\n\n"
            for function in module.functions {
                var signature = function.signature
                if function.answersLater {
                    signature = signature.documented((signature.doc.map { $0 + " " } ?? "") + "(Pauses the handler until the app answers.)")
                }
                out += method(function.name, signature, table: module.name, separator: ".")
            }
        }
        return out
    }

    // MARK: Written in Lua

    /// Point, Size and Rect, a behaviour's lifecycle methods and the stubs
    /// of Behave's globals (`Lua/behaviour_api.lua`); it adds to the
    /// `Behaviour` class above.
    static let behaviourAPI = String(decoding: EmbeddedFiles.lua("Lua/behaviour_api.lua"), as: UTF8.self)

    /// The spec API: busted's blocks, assertions, spies, the scenes a spec
    /// makes (`Lua/spec_api.lua`).
    static var specAPI: String {
        String(decoding: EmbeddedFiles.lua("Lua/spec_api.lua"), as: UTF8.self) + "\n" + controlCommands
    }

    /// The scene methods of what a person does to controls (`s:tap`,
    /// `s:step`…), from the control types' commands.
    static var controlCommands: String {
        ControlTypes.commands.map { command in
            let parameters = [(name: "name", type: "string")] + command.parameters.map { (name: $0.name, type: $0.luaType) }
            return method(command.specMethod, LuaSignature(command.help.prefix(1).uppercased() + command.help.dropFirst() + ".",
                                                           parameters: parameters, returns: nil), table: "SpecScene")
        }.joined()
    }

    // MARK: Scripts

    /// A class for the script's `self`, named as its local (`---@class
    /// Like` above `local Like = behaviour { … }` ties them together).
    static func script(path: String, source: String, declaration: BehaviourDeclaration?) -> String {
        guard let name = ScriptOutline.className(in: Array(source.utf8)) else {
            return "-- \(path): no `local Name = behaviour { … }` found\n\n"
        }
        var out = "-- \(path)\n---@class \(name): Behave.Behaviour\n"
        guard let declaration else { return out + "\n" }
        for outlet in declaration.outlets {
            out += "---@field \(outlet.name) Behave.\(outlet.type)\(outlet.isOptional ? "?" : "") outlet\n"
        }
        for collection in declaration.outletCollections {
            out += "---@field \(collection.name) Behave.\(collection.type)[] outlet collection\n"
        }
        for inspectable in declaration.inspectables {
            out += "---@field \(inspectable.name) \(luaType(inspectable.type))\(inspectable.isOptional ? "?" : "") inspectable\n"
        }
        return out + "\n"
    }
}
