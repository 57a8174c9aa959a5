import Synchronization

/// One control type, declared once: everything Behave knows of `Button` or
/// of a host's own `Knob` comes from here.
///
/// * its schema: properties (types, ranges, defaults), events, delegate
///   messages, which scenes, scripts, `check`, `inspect`, `behave types`
///   and the state read;
/// * the methods scripts call on its controls, with their Lua signatures;
/// * the user's commands it takes (`step NAME +`), which the command
///   language, specs (`s:step(name, "+")`), the studio and exploration use;
/// * its `show` picture, its row in the docs' table and the studio widget
///   that draws it.
///
/// The built-in types are declared this way (`ControlType.button`…); a host
/// declares its own and registers it (`ControlTypes.register`). A test walks
/// every type and fails when any part is missing.
public final class ControlType: Sendable {
    public let name: String
    public let parent: ControlType?
    /// One sentence: the docs' table and `behave types` say it of the type.
    public let summary: String
    /// Its own properties and events (the parent's come first in `schema`).
    public var ownProperties: [PropertySpec] { parts.ownProperties }
    public let ownEvents: [String]
    /// Delegate messages its controls send their `delegate`: its own.
    public let ownDelegateMessages: [String]
    /// Properties whose sets always need the control's own code (a range
    /// kept by siblings), never set by the Lua bridge's C alone.
    let hostProperties: [String]
    /// Methods scripts call on its controls (`knob:spin(2)`).
    public var ownMethods: [ControlMethod] { parts.ownMethods }
    /// What a person does to its controls, as commands (`step NAME +`).
    public var ownCommands: [UserCommand] { parts.ownCommands }
    /// The `show` picture of a control of this type (one line); nil takes
    /// the parent's.
    let pictureBody: (@Sendable (View) -> String)?
    /// The studio's widget that draws it (a kind the page knows, such as
    /// `Button` or `Generic`); nil takes the parent's.
    let widget: String?
    /// Makes the headless control of a given name.
    let make: @Sendable (String, ControlType) -> View

    private let built = Mutex<ControlSchema?>(nil)

    /// Its properties, methods and commands, the costly part of a
    /// declaration: made the first time any is read, so that a start
    /// builds only the types its scene uses, though the registry lists
    /// every type.
    private struct Parts: Sendable {
        let ownProperties: [PropertySpec]
        let ownMethods: [ControlMethod]
        let ownCommands: [UserCommand]
        let methods: [ControlMethod]
        let commands: [UserCommand]
    }
    private let declare: @Sendable () -> (properties: [PropertySpec], methods: [ControlMethod], commands: [UserCommand])
    private let declared = Mutex<Parts?>(nil)

    private var parts: Parts {
        if let parts = declared.withLock({ $0 }) { return parts }
        // Made outside the lock: the parent's parts take its own lock.
        let (properties, methods, commands) = declare()
        let ownVerbs = Set(commands.map(\.verb)), ownNames = Set(methods.map(\.name))
        let made = Parts(ownProperties: properties, ownMethods: methods, ownCommands: commands,
                         methods: (parent?.methods ?? []).filter { !ownNames.contains($0.name) } + methods,
                         commands: (parent?.commands ?? []).filter { !ownVerbs.contains($0.verb) } + commands)
        return declared.withLock { parts in
            if parts == nil { parts = made }
            return parts ?? made
        }
    }

    /// A control type. `make` makes its headless control (a `View`
    /// subclass of the host's own, or the plain `View` when nil).
    /// `picture` draws it for `show` in one line (the parent's when nil);
    /// `widget` names the studio widget that draws it (the parent's when
    /// nil; `Generic` shows any control's properties as text and fields).
    public convenience init(name: String, inheriting parent: ControlType? = .view, summary: String,
                properties: [PropertySpec] = [], events: [String] = [], delegateMessages: [String] = [],
                methods: [ControlMethod] = [], commands: [UserCommand] = [],
                picture: (@Sendable (View) -> String)? = nil, widget: String? = nil,
                make: (@Sendable (String, ControlType) -> View)? = nil) {
        self.init(name: name, parent: parent, summary: summary, properties: properties, events: events,
                  delegateMessages: delegateMessages, hostProperties: [], methods: methods, commands: commands,
                  picture: picture, widget: widget, make: make ?? { View(name: $0, type: $1) })
    }

    /// The built-in types' declaration: properties, methods and commands
    /// are made when first read.
    init(name: String, parent: ControlType?, summary: String,
         properties: @autoclosure @escaping @Sendable () -> [PropertySpec], events: [String] = [],
         delegateMessages: [String] = [], hostProperties: [String] = [],
         methods: @autoclosure @escaping @Sendable () -> [ControlMethod] = [],
         commands: @autoclosure @escaping @Sendable () -> [UserCommand] = [],
         picture: (@Sendable (View) -> String)?, widget: String?,
         make: @escaping @Sendable (String, ControlType) -> View) {
        self.name = name
        self.parent = parent
        self.summary = summary
        self.declare = { (properties(), methods(), commands()) }
        self.ownEvents = events
        self.ownDelegateMessages = delegateMessages
        self.hostProperties = hostProperties
        self.delegateMessages = (parent?.delegateMessages ?? []) + delegateMessages
        self.pictureBody = picture
        self.widget = widget
        self.make = make
    }

    /// The schema, built the first time a control of the type (or a tool)
    /// needs it: a run builds only the types its scene has.
    public var schema: ControlSchema {
        built.withLock { schema in
            if let schema { return schema }
            let made = ControlSchema(typeName: name, inheriting: parent?.schema, properties: ownProperties,
                                     events: ownEvents, delegateMessages: ownDelegateMessages,
                                     hostProperties: hostProperties)
            schema = made
            return made
        }
    }

    /// Its delegate messages, the parent's first, known without the schema.
    public let delegateMessages: [String]

    /// Its methods, the parent's first (a method of its own of the same
    /// name takes the parent's place).
    public var methods: [ControlMethod] { parts.methods }

    public func method(named name: String) -> ControlMethod? {
        ownMethods.first { $0.name == name } ?? parent?.method(named: name)
    }

    /// The commands its controls take, the parent's first.
    public var commands: [UserCommand] { parts.commands }

    public func command(_ verb: String) -> UserCommand? {
        ownCommands.first { $0.verb == verb } ?? parent?.command(verb)
    }

    /// The studio widget that draws it.
    public var studioWidget: String { widget ?? parent?.studioWidget ?? "Generic" }

    /// Whether it is `typeName` or inherits from it.
    public func isKind(of typeName: String) -> Bool {
        name == typeName || (parent?.isKind(of: typeName) ?? false)
    }

    /// A new headless control of this type.
    public func makeControl(named name: String) -> View { make(name, self) }

    /// The control drawn for `show`: its type's picture, or a generic one
    /// (the type's name and its own properties that differ from their
    /// defaults).
    public func picture(of view: View) -> String {
        var type: ControlType? = self
        while let current = type {
            if let body = current.pictureBody { return body(view) }
            type = current.parent
        }
        return genericPicture(of: view)
    }

    private func genericPicture(of view: View) -> String {
        let inherited = Set(ControlType.view.ownProperties.map(\.name))
        let shown = view.schema.properties.enumerated().compactMap { index, spec -> String? in
            guard !inherited.contains(spec.name) else { return nil }
            let value = view.value(at: index)
            guard value != spec.defaultValue else { return nil }
            return "\(spec.name)=\(value)"
        }
        return ([name] + shown).joined(separator: " ")
    }

    /// Its row in the docs' table of control types (Docs/controls.md):
    /// type, properties, events and delegate messages, the commands of a
    /// person's hands, what it is.
    public var docsRow: String {
        let properties = ownProperties.map { spec in "`\(spec.name)`" + (spec.isReadOnly ? " (read-only)" : "") }
        let delegate = ownDelegateMessages.isEmpty ? [] : ["delegate " + ownDelegateMessages.map { "`\($0)`" }.joined(separator: ", ")]
        let events = [ownEvents.map { "`\($0)`" }.joined(separator: ", ")].filter { !$0.isEmpty } + delegate
        let type = parent == nil ? "every view (`\(name)`)" : "`\(name)`"
        let commands = ownCommands.map { "`\($0.usage)`" }.joined(separator: ", ")
        return "| \(type) | \(properties.joined(separator: ", ")) | \(events.joined(separator: "; ")) | \(commands) | \(summary) |"
    }
}

/// A method scripts call on a control (`knob:spin(2)`), with its Lua
/// signature and doc, which `behave types` and the linter read. Only
/// Behave's values cross: the body gets the control and the arguments and
/// returns one value or nil; a thrown error is raised at the script's line.
public struct ControlMethod: Sendable {
    public let name: String
    public let doc: String
    /// Parameter names and Lua types (`("turns", "number")`), after `self`.
    public let parameters: [(name: String, luaType: String)]
    /// The Lua type of the result, nil when it returns nothing.
    public let returns: String?
    public let body: @Sendable (View, [Value]) throws(ValueError) -> Value?

    public init(_ name: String, _ doc: String, parameters: [(name: String, luaType: String)] = [], returns: String? = nil,
                body: @escaping @Sendable (View, [Value]) throws(ValueError) -> Value?) {
        self.name = name
        self.doc = doc
        self.parameters = parameters
        self.returns = returns
        self.body = body
    }
}

/// The registry of control types: the built-in ones and those a host
/// registered. Scene files, outlets, `check`, `inspect`, `types`, the
/// command language and the studio look types up here.
public enum ControlTypes {
    /// The built-in types, in the docs' order.
    public static let builtIn: [ControlType] = [
        .view, .button, .label, .stepper, .switch, .slider, .textField, .imageView, .scrollView, .stack,
    ]

    /// The types, and every command by verb (the first type that declares
    /// it), kept together; the commands are gathered when first asked for,
    /// as gathering them makes every type's declaration.
    private struct Registry {
        var types: [ControlType]
        private var gathered: [UserCommand]?

        init(_ types: [ControlType]) {
            self.types = types
        }

        var commands: [UserCommand] {
            mutating get {
                if let gathered { return gathered }
                var seen: Set<String> = []
                let commands = types.flatMap(\.ownCommands).filter { seen.insert($0.verb).inserted }
                gathered = commands
                return commands
            }
        }
    }

    private static let registered = Mutex(Registry(builtIn))

    /// Registers a host's control type, so that scenes, scripts and every
    /// tool know it. Its name must be new, and a Lua name (scripts and
    /// outlets write it); its parent must be registered already.
    /// Registering the same declaration again does nothing, as UIKit's
    /// `register(_:forCellReuseIdentifier:)` again does: each window of an
    /// app may register what it uses, without a once-per-process guard.
    /// Another declaration under a taken name is refused.
    public static func register(_ type: ControlType) throws(ValueError) {
        guard isTypeName(type.name) else {
            throw ValueError("`\(type.name)` cannot name a control type: use letters, digits and _, starting with a capital letter")
        }
        if let parent = type.parent, named(parent.name) !== parent {
            throw ValueError("control type `\(type.name)` inherits from `\(parent.name)`, which is not registered; register it first")
        }
        try checkProperties(of: type)
        let clash = registered.withLock { registry -> Bool in
            if let taken = registry.types.first(where: { $0.name == type.name }) { return taken !== type }
            registry = Registry(registry.types + [type])
            return false
        }
        guard clash else { return }
        if builtIn.contains(where: { $0.name == type.name }) {
            throw ValueError("`\(type.name)` is one of Behave's control types; give yours a name of its own, or make it a kind of \(type.name) (`inheriting: .\(type.name.prefix(1).lowercased() + type.name.dropFirst())`)")
        }
        throw ValueError("another control type named `\(type.name)` is already registered; register one declaration under a name (a `static let` of yours, registered again as often as you like), or `ControlTypes.unregister(\"\(type.name)\")` first to replace it")
    }

    /// A type's own properties are written in scripts (`self.knob.value`)
    /// and start at their defaults, so each name is a Lua name and each
    /// default one the property takes: a control is never made holding a
    /// value no set could give it.
    private static func checkProperties(of type: ControlType) throws(ValueError) {
        for spec in type.ownProperties {
            if LuaIdentifier.keywords.contains(spec.name) {
                throw ValueError("control type `\(type.name)`: `\(spec.name)` cannot name a property: it is a Lua keyword, so scripts could not write `control.\(spec.name)`; choose another name (`\(spec.name)Value`)")
            }
            guard LuaIdentifier.isValid(spec.name) else {
                throw ValueError("control type `\(type.name)`: `\(spec.name)` cannot name a property, as scripts write `control.\(spec.name)`: use letters, digits and _, not starting with a digit")
            }
            do throws(ValueError) {
                _ = try spec.validate(spec.defaultValue)
            } catch {
                throw ValueError("control type `\(type.name)`: the default of `\(spec.name)` is \(spec.defaultValue), which it does not take (\(error.message)); give `default:` a value within the property's type and range")
            }
        }
    }

    /// Takes a host's type away (a test that registered one, an app
    /// reloading its own). Controls made of it keep working; new scenes no
    /// longer know it. A built-in type, or a type another registered one
    /// inherits from, stays.
    public static func unregister(_ name: String) throws(ValueError) {
        let refusal = registered.withLock { registry -> String? in
            guard !builtIn.contains(where: { $0.name == name }) else { return "`\(name)` is a built-in control type" }
            if let child = registry.types.first(where: { $0.parent?.name == name }) {
                return "`\(child.name)` inherits from `\(name)`; unregister it first"
            }
            registry = Registry(registry.types.filter { $0.name != name })
            return nil
        }
        if let refusal { throw ValueError(refusal) }
    }

    /// Every registered type: the built-in ones, then the host's in the
    /// order they were registered.
    public static var all: [ControlType] { registered.withLock { $0.types } }

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> ControlType? {
        registered.withLock { registry in registry.types.first { $0.name == name } }
    }

    /// Every delegate message a control type sends, sorted, known without
    /// building the schemas (a script's actions are told from these at
    /// every load).
    public static var delegateMessages: [String] {
        Array(Set(all.flatMap(\.ownDelegateMessages))).sorted()
    }

    /// Every command a control takes, once by verb (the first type that
    /// declares it), in the types' order.
    public static var commands: [UserCommand] { registered.withLock { $0.commands } }

    /// The command of a verb (the first type that declares it), making only
    /// the declarations of the types up to that one.
    public static func command(_ verb: String) -> UserCommand? {
        for type in all {
            if let command = type.ownCommands.first(where: { $0.verb == verb }) { return command }
        }
        return nil
    }

    /// The error for an unknown type name.
    public static func unknown(_ name: String) -> ValueError {
        // A GTK class (`GtkEntry`) or a misspelling: the type meant; far
        // from every name, the names there are.
        let fix = Suggestions.fix(for: name, among: names, words: toolkitTypes).map { " (\($0))" }
            ?? "; types: " + names.sorted().joined(separator: ", ")
        return ValueError("unknown control type `\(name)`\(fix)")
    }

    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return false }
        return LuaIdentifier.isValid(name)
    }

    /// The docs' table of control types (Docs/controls.md holds the
    /// built-in ones', and a test keeps the two the same).
    public static func docsTable(of types: [ControlType] = all) -> String {
        (["| type | properties | events / delegate messages | commands | what it is |", "|---|---|---|---|---|"]
            + types.map(\.docsRow)).joined(separator: "\n")
    }
}
