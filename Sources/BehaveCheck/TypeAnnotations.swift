import BehaveCore
import BehaveLua
import BehaveSyntax

/// `behave types`: annotations for lua-language-server (`---@class`,
/// `---@field`, `---@param`…), so an editor completes and checks Behave's
/// API and a script's `self`. Controls, events, declaration keys, the
/// list of globals and the types scripts hold (their fields, methods,
/// signatures and docs: `ScriptAPI.types`) come from the runtime's own
/// tables; the signatures of the globals and the spec API are written
/// here, and a test checks that every name the runtime has is described
/// and nothing else.
public enum TypeAnnotations {
    /// The whole API, then a class per script (`scripts`: path and source).
    public static func text(scripts: [(path: String, source: String, declaration: BehaviourDeclaration?)]) -> String {
        var out = """
            ---@meta
            -- Behave's API for lua-language-server, written by `behave types`.
            -- Regenerate it when Behave or a script's declaration changes.


            """
        out += values + controls + behaviour + functions + spec
        for script in scripts {
            out += self.script(path: script.path, source: script.source, declaration: script.declaration)
        }
        return out
    }

    /// The Lua type of a value type.
    static func luaType(_ type: ValueType) -> String {
        switch type {
        case .bool: "boolean"
        case .number: "number"
        case .integer: "integer"
        case .string, .color: "string"
        case .enumeration(let cases): cases.isEmpty ? "string" : cases.map { "\"\($0)\"" }.joined(separator: "|")
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
        var out = type.doc.map { "---\($0)\n" } ?? ""
        out += "---@class \(type.className)\n"
        for field in type.fields { out += "---@field \(field.name) \(field.type)\(field.doc.map { " \($0)" } ?? "")\n" }
        out += "local \(table) = {}\n\n"
        for method in type.methods {
            out += self.method(method.name, method.signature.narrowing(narrowing), table: table)
        }
        return out
    }

    /// `function Table:name(…) end` with its doc, parameters and result.
    static func method(_ name: String, _ signature: LuaSignature, table: String) -> String {
        var out = signature.doc.map { "---\($0)\n" } ?? ""
        for parameter in signature.parameters { out += "---@param \(parameter.name) \(parameter.type)\n" }
        if let returns = signature.returns { out += "---@return \(returns)\n" }
        return out + "function \(table):\(name)(\(signature.parameters.map(\.name).joined(separator: ", "))) end\n\n"
    }

    /// A type of `ScriptAPI.types` by name (every one this file names is there).
    static func hostType(_ name: String) -> LuaTypeDescription {
        guard let type = ScriptAPI.type(name) else { preconditionFailure("no Lua type \(name)") }
        return type
    }

    // MARK: Values

    static var values: String {
        """
        ---@alias Behave.ControlType \(union(ControlTypes.all.keys.sorted()))
        ---@alias Behave.Curve \(union(Curve.allCases.map { $0.rawValue }))
        ---@alias Behave.Capability \(union(ScriptAPI.capabilities))

        ---@class Behave.Point
        ---@field x number
        ---@field y number

        ---@class Behave.Size
        ---@field width number
        ---@field height number

        ---@class Behave.Rect
        ---@field x number
        ---@field y number
        ---@field width number
        ---@field height number


        """ + ["image", "connection", "timer"].map { annotation(of: hostType($0)) }.joined() + "\n"
    }

    // MARK: Controls

    /// Every control type with its own properties (and the `is…` names of
    /// boolean ones), its events for `on`/`once`, and `delegate` when it
    /// has delegate messages; then the keyboard.
    static var controls: String {
        var out = ""
        let schemas = ControlTypes.all.values.map(\.schema).sorted { ($0.parent == nil ? 0 : 1, $0.typeName) < ($1.parent == nil ? 0 : 1, $1.typeName) }
        for schema in schemas {
            let inherited = Set(schema.parent?.properties.map(\.name) ?? [])
            out += "---@class Behave.\(schema.typeName)\(schema.parent.map { ": Behave.\($0.typeName)" } ?? "")\n"
            if schema.parent == nil { out += "---@field type Behave.ControlType the control's type name\n" }
            for property in schema.properties where !inherited.contains(property.name) {
                let type = luaType(property.type) + (property.isOptional ? "?" : "")
                out += "---@field \(property.name) \(type)\(property.isReadOnly ? " (read-only)" : "")\n"
                if property.type == .bool {
                    out += "---@field is\(property.name.prefix(1).uppercased() + property.name.dropFirst()) boolean same as `\(property.name)`\n"
                }
            }
            if !schema.delegateMessages.isEmpty, schema.parent?.delegateMessages.isEmpty ?? true {
                out += "---@field delegate Behave.Behaviour? receives \(schema.delegateMessages.joined(separator: ", "))\n"
            }
            out += "local \(schema.typeName) = {}\n\n"
            // Each type says its own events (a subtype of View narrows `on`).
            if schema.parent == nil || !schema.events.isEmpty {
                out += connect(type: "Behave.\(schema.typeName)", table: schema.typeName, events: schema.events)
            }
        }
        let keyboard = hostType("keyboard")
        return out + annotation(of: keyboard, narrowing: connectTypes(type: keyboard.className, events: ScriptAPI.keyboardEvents,
                                                                      arguments: ", frame: Behave.Rect"))
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
        return declaration + "\n" + annotation(of: hostType("behaviour")) + """
            ---Lifecycle: called once, when outlets and inspectables are set.
            function Behaviour:awake() end

            ---Lifecycle: called after an inspectable changes.
            ---@param name string
            ---@param old any
            ---@param new any
            function Behaviour:changed(name, old, new) end

            ---Lifecycle: called when the owner goes; nothing of the behaviour runs after it.
            function Behaviour:destroy() end


            """
    }

    // MARK: Globals

    /// The signature of each of Behave's globals, by name.
    static let globalSignatures: [String: String] = [
        "behaviour": """
            ---Declares the script's behaviour and returns its class; the script ends with `return` of it.
            ---@param declaration Behave.Declaration
            ---@return table
            function behaviour(declaration) end
            """,
        "animate": """
            ---Animates the numeric property changes `changes` makes, over `duration` seconds; returns when done.
            ---@param duration number
            ---@param changes fun()
            ---@param curve? Behave.Curve
            function animate(duration, changes, curve) end
            """,
        "wait": """
            ---Pauses the handler for `seconds` of the scene's clock.
            ---@param seconds number
            function wait(seconds) end
            """,
        "after": """
            ---Calls `fn` once after `seconds`.
            ---@param seconds number
            ---@param fn fun()
            ---@return Behave.Timer
            function after(seconds, fn) end
            """,
        "now": """
            ---The scene clock's time, in seconds.
            ---@return number
            function now() end
            """,
        "ask": """
            ---@class Behave.Dialog
            ---@field style? "actionSheet"|"alert"
            ---@field title? string
            ---@field message? string
            ---@field options string[]
            ---@field cancel? string

            ---Presents a dialog and returns the chosen option, nil for cancel (pauses the handler).
            ---@param dialog Behave.Dialog
            ---@return string?
            function ask(dialog) end
            """,
        "platform": """
            ---@class Behave.Platform
            platform = {}

            ---@param source Behave.Capability
            ---@return boolean
            function platform.available(source) end

            ---@param capability Behave.Capability
            ---@return "authorized"|"denied"|"notDetermined"|"restricted"
            function platform.permission(capability) end

            ---Asks the user (pauses the handler).
            ---@param capability Behave.Capability
            ---@return "authorized"|"denied"|"notDetermined"|"restricted"
            function platform.requestPermission(capability) end

            ---Lets the user pick an image (pauses the handler); nil when cancelled.
            ---@param source Behave.Capability
            ---@return Behave.Image?
            function platform.pickImage(source) end

            function platform.openSettings() end
            """,
        "require": """
            ---Loads a module: `name.lua` beside the script (dots are folders:
            ---"ui.colors" is ui/colors.lua), else among the bundled scripts. It
            ---runs once per scene; every script gets the same value, read-only.
            ---@param name string
            ---@return any
            function require(name) end
            """,
        "keyboard": """
            ---The system keyboard.
            ---@type Behave.Keyboard
            keyboard = nil
            """,
        "StateMachine": """
            ---@class Behave.StateMachineDefinition
            ---@field initial string
            ---@field states table<string, table<string, function>>
            ---@field transitions table<string, string[]>
            ---@field invariants? table<string, fun(self: any, state: string): boolean>
            local StateMachineDefinition = {}

            ---Makes a machine for `owner` and enters the initial state.
            ---@param owner any
            ---@return Behave.StateMachine
            function StateMachineDefinition:start(owner) end

            ---@class Behave.StateMachine
            ---@field state string the current state's name (read it; do not set it)
            local Machine = {}
            ---@param event string
            ---@param ... any
            function Machine:fire(event, ...) end
            ---@param state string
            function Machine:go(state) end
            ---@param state string
            ---@return boolean
            function Machine:can(state) end
            ---@param state string
            ---@return boolean
            function Machine:is(state) end
            function Machine:check() end

            ---Modes: states with enter/exit and handlers, declared transitions, invariants.
            ---@param definition Behave.StateMachineDefinition
            ---@return Behave.StateMachineDefinition
            function StateMachine(definition) end
            """,
        "log": """
            ---Writes to the trace, tagged with the behaviour (as `print` does).
            ---@param ... any
            function log(...) end
            """,
        "print": """
            ---Writes to the trace, tagged with the behaviour.
            ---@param ... any
            function print(...) end
            """,
    ]

    static var functions: String {
        ScriptAPI.behaviourGlobals.map { name in
            (globalSignatures[name] ?? "---@type any\n\(name) = nil") + "\n\n"
        }.joined()
    }

    // MARK: Specs

    /// Assertions (`assert.equals`…), as busted spells them.
    static let assertions: [(name: String, parameters: String)] = [
        ("equals", "expected: any, actual: any, message?: string"), ("same", "expected: any, actual: any, message?: string"),
        ("near", "expected: number, actual: number, tolerance: number, message?: string"),
        ("is_true", "actual: any, message?: string"), ("is_false", "actual: any, message?: string"),
        ("is_nil", "actual: any, message?: string"), ("is_not_nil", "actual: any, message?: string"),
        ("truthy", "actual: any, message?: string"), ("falsy", "actual: any, message?: string"),
        ("matches", "pattern: string, actual: string, message?: string"),
        ("has_error", "fn: fun(), expected?: string, message?: string"),
        ("error_matches", "fn: fun(), pattern: string, message?: string"),
        ("has_no_error", "fn: fun(), message?: string"),
        ("not_equals", "unexpected: any, actual: any, message?: string"), ("not_same", "unexpected: any, actual: any, message?: string"),
        ("is_number", "actual: any, message?: string"), ("is_string", "actual: any, message?: string"),
        ("is_table", "actual: any, message?: string"), ("is_function", "actual: any, message?: string"),
        ("is_boolean", "actual: any, message?: string"), ("is_userdata", "actual: any, message?: string"),
        ("is_thread", "actual: any, message?: string"), ("fail", "message?: string"),
        ("unique", "list: table, deep?: boolean, message?: string"),
        ("returned_arguments", "count: integer, ...: any"),
    ]

    /// A scene's methods in a spec (`s:tap("button")`).
    static let sceneMethods: [(name: String, parameters: String, returns: String?)] = [
        ("tap", "name: string", nil), ("press", "name: string", nil),
        ("drag", "name: string, direction: \"outside\"|\"inside\"", nil), ("release", "name: string, outside?: \"outside\"", nil),
        ("send", "name: string, event: string", nil), ("call", "action: string, ...: any", nil),
        ("set", "target: string, property: any, value?: any", nil), ("step", "name: string, direction: \"+\"|\"-\"", nil),
        ("type", "name: string, text: string", nil), ("keys", "name: string, text: string", nil),
        ("backspace", "name: string, count?: integer", nil), ("pressReturn", "name: string", nil), ("scroll", "name: string, y: number", nil),
        ("keyboard", "action: \"show\"|\"hide\", height?: number", nil), ("advance", "seconds: number", nil),
        ("choose", "option: string?", nil), ("remove", "name: string", nil), ("dismiss", "", nil), ("show", "", "string"),
        ("state", "", "table"), ("command", "line: string", "any"), ("record", "what: string", "table"),
        ("errors", "", "string[]"), ("trace", "", "string[]"), ("dialog", "", "table?"), ("now", "", "number"),
        ("exists", "name: string", "boolean"), ("control", "name: string", "table"), ("behaviour", "name: string", "table"),
        ("explore", "options?: Behave.ExploreOptions", nil),
    ]

    static var spec: String {
        var out = """
            -- The spec API (*_spec.lua files only).

            ---@param name string
            ---@param body fun()
            function describe(name, body) end
            context = describe

            ---@param name string
            ---@param body? fun()
            function it(name, body) end
            test = it
            spec = it

            ---@param name string
            function pending(name) end

            ---@param fn fun()
            function before_each(fn) end
            ---@param fn fun()
            function after_each(fn) end
            ---@param fn fun()
            function setup(fn) end
            ---@param fn fun()
            function teardown(fn) end
            lazy_setup = setup
            strict_setup = setup
            lazy_teardown = teardown
            strict_teardown = teardown

            ---Runs `fn` when the spec ends, passed or failed.
            ---@param fn fun()
            function finally(fn) end

            ---busted's insulate and expose blocks: describe blocks in Behave.
            insulate = describe
            expose = describe

            ---@class Behave.Assert
            ---@overload fun(value: any, message?: string): any

            """
        for assertion in assertions {
            out += "---@field \(assertion.name) fun(\(assertion.parameters))\n"
        }
        out += """
            ---@field spy fun(s: Behave.Spy): table
            ---@field stub fun(s: Behave.Spy): table
            ---@field message fun(text: string): Behave.Assert
            ---@field is_not Behave.Assert
            ---@field are Behave.Assert
            ---@field is Behave.Assert
            ---@field has Behave.Assert
            ---@field has_no Behave.Assert
            ---Adds an assertion, a modifier or a matcher (luassert's `assert:register`).
            ---@field register fun(self: Behave.Assert, namespace: "assertion"|"modifier"|"matcher", name: string, callback: function, positive?: string, negative?: string)
            ---@field unregister fun(self: Behave.Assert, namespace: string, name: string)
            ---@field add_formatter fun(self: Behave.Assert, formatter: fun(value: any): string?)
            ---@field remove_formatter fun(self: Behave.Assert, formatter: function)
            ---@field set_parameter fun(self: Behave.Assert, name: string, value: any)
            ---@field get_parameter fun(self: Behave.Assert, name: string): any
            ---@field snapshot fun(self: Behave.Assert): { revert: fun(self: table) }
            assert = {}

            ---@class Behave.Spy
            ---@overload fun(...: any): any
            ---@field calls any[][]
            ---@field returnvals any[][]
            ---@field call_count integer
            ---@field called_with fun(...: any): boolean
            ---@field returned_with fun(...: any): boolean
            ---@field called fun(self: Behave.Spy, times?: integer): boolean, integer
            ---@field clear fun()
            ---@field revert fun()
            ---@field returns fun(self: Behave.Spy, ...: any): Behave.Spy
            ---@field invokes fun(self: Behave.Spy, fn: function): Behave.Spy
            ---@field on_call_with fun(...: any): { returns: fun(...: any): Behave.Spy, invokes: fun(fn: function): Behave.Spy }

            ---@class Behave.SpyModule
            ---@overload fun(fn?: function): Behave.Spy
            ---@field new fun(fn?: function): Behave.Spy
            ---@field on fun(t: table, key: string): Behave.Spy
            ---@field is_spy fun(value: any): boolean
            spy = {}

            ---@class Behave.Stub
            ---@overload fun(t: table, key: string, ...: any): Behave.Spy
            ---@field new fun(t: table, key: string, ...: any): Behave.Spy
            stub = {}

            ---@class Behave.Mock
            ---@overload fun(t: table, dostub?: boolean, fn?: function): table
            ---@field new fun(t: table, dostub?: boolean, fn?: function): table
            ---@field revert fun(t: table): table
            ---@field clear fun(t: table): table
            mock = {}

            ---A matcher (`match.is_string()`), for called_with, returned_with and on_call_with.
            ---@class Behave.Matcher

            ---@class Behave.Match
            ---@field _ Behave.Matcher
            ---@field is_matcher fun(value: any): boolean
            ---@field [string] fun(...: any): Behave.Matcher
            match = {}

            ---What `s:explore` takes: steps a run (100), the first seed (1), runs (1), and rules that hold after every step.
            ---@class Behave.ExploreOptions
            ---@field steps? integer
            ---@field seed? integer
            ---@field runs? integer
            ---@field invariants? table<string, fun(s: any): (boolean, any)>

            ---A scene in a spec: the commands of `behave run` as methods; `s.name` is a control or behaviour.
            ---@class Behave.SpecScene
            ---@field [string] table
            local SpecScene = {}


            """
        for method in sceneMethods {
            let names = method.parameters.split(separator: ",").map {
                $0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "?", with: "")
            }
            for parameter in method.parameters.split(separator: ",") where !parameter.isEmpty {
                let parts = parameter.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                out += "---@param \(parts[0]) \(parts[1])\n"
            }
            if let returns = method.returns { out += "---@return \(returns)\n" }
            out += "function SpecScene:\(method.name)(\(names.joined(separator: ", "))) end\n\n"
        }
        out += """
            ---@class Behave.SceneModule
            scene = {}

            ---The default scene of one behaviour, as `behave run script.lua` builds it.
            ---@param path string
            ---@param inspectables? table<string, any>
            ---@param options? table
            ---@return Behave.SpecScene
            function scene.script(path, inspectables, options) end

            ---A scene file.
            ---@param path string
            ---@return Behave.SpecScene
            function scene.load(path) end

            ---A scene described as a Lua table.
            ---@param description table
            ---@return Behave.SpecScene
            function scene.new(description) end


            """
        return out
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
