import CBehaveCore

/// What a control type offers: its typed properties, the events it sends and
/// the delegate messages it passes to its `delegate`. Looked up by index on
/// hot paths, by name at the edges.
public final class ControlSchema: Sendable {
    public let typeName: String
    public let properties: [PropertySpec]
    public let events: [String]
    public let delegateMessages: [String]
    public let parent: ControlSchema?
    private let indexByName: [String: Int]
    /// The properties that decide whether a touch reaches the control:
    /// `hidden`, `userInteractionEnabled`, `enabled`.
    let touchGates: [Int]
    /// The index of `enabled`, when the type has it (asked at every touch
    /// and scroll).
    let enabledIndex: Int?
    /// The C half: what the Lua bridge reads and checks without calling
    /// the host (`bh_schema`).
    public let c: CSchema
    /// The names of its events as the trace keeps them (immortal texts).
    let eventTexts: [CSchema.Text]
    /// Each string bounded by another property (`lengthLimit`) and that
    /// property, by index: a text field's `text` and `maxLength`.
    let lengthLimits: [(text: Int, limit: Int)]

    /// `hostProperties`: properties whose sets need the control's own code
    /// (a range kept by siblings, a delegate to tell), never set by the
    /// bridge's C alone.
    public init(typeName: String, inheriting parent: ControlSchema? = nil, properties: [PropertySpec] = [],
                events: [String] = [], delegateMessages: [String] = [], hostProperties: [String] = []) {
        self.typeName = typeName
        self.parent = parent
        self.properties = (parent?.properties ?? []) + properties
        self.events = (parent?.events ?? []) + events
        self.delegateMessages = (parent?.delegateMessages ?? []) + delegateMessages
        // Sized for every name at once: grown step by step, it rehashed
        // its names four times for a button.
        var index = [String: Int](minimumCapacity: self.properties.count
                                  + self.properties.count { $0.type == .bool })
        for (i, spec) in self.properties.enumerated() { index[spec.name] = i }
        // UIKit's Swift names of boolean properties read as well (`isOn`,
        // `isHidden`): in Lua `control.on` is the event method, so a
        // switch's state is `isOn` there.
        for (i, spec) in self.properties.enumerated() where spec.type == .bool {
            index[ControlSchema.swiftName(of: spec.name)] = i
        }
        self.indexByName = index
        self.touchGates = ["hidden", "userInteractionEnabled", "enabled"].compactMap { index[$0] }
        self.enabledIndex = index["enabled"]
        // A bound on a text's length cuts the text when it is set: its
        // control's code.
        let host = Set((parent?.hostProperties ?? []) + hostProperties + ["hidden", "userInteractionEnabled", "enabled"]
                       + self.properties.compactMap(\.lengthLimit))
        self.hostProperties = Array(host)
        self.lengthLimits = self.properties.enumerated().compactMap { text, spec in
            spec.lengthLimit.flatMap { index[$0] }.map { (text, $0) }
        }
        self.c = CSchema(typeName: typeName, properties: self.properties, host: host, lengthLimits: lengthLimits)
        self.eventTexts = self.events.map { CSchema.Text($0) }
    }

    /// UIKit's Swift name of a boolean property (`isHidden`).
    static func swiftName(of property: String) -> String {
        // A Lua name's first letter is raised by arithmetic: `uppercased()`
        // went through Unicode's tables, about 1 K instructions a name,
        // and a cold start asks for each boolean property's twice.
        guard let first = property.utf8.first, first < 0x80 else {
            return "is" + property.prefix(1).uppercased() + String(property.dropFirst())
        }
        var bytes: [UInt8] = [UInt8(ascii: "i"), UInt8(ascii: "s")]
        bytes.reserveCapacity(property.utf8.count + 2)
        bytes.append(contentsOf: property.utf8)
        if first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { bytes[2] = first - 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The properties whose sets always go through the host (see `init`).
    let hostProperties: [String]

    /// The trace's text of event `name`, if the type sends it.
    func eventText(_ name: String) -> CText? {
        for (i, event) in events.enumerated() where event == name { return eventTexts[i].pointer }
        return nil
    }

    /// Whether this type is `typeName` or inherits from it.
    public func isKind(of typeName: String) -> Bool {
        var schema: ControlSchema? = self
        while let current = schema {
            if current.typeName == typeName { return true }
            schema = current.parent
        }
        return false
    }

    public func index(of property: String) -> Int? { indexByName[property] }

    public func spec(_ property: String) -> PropertySpec? { index(of: property).map { properties[$0] } }

    /// The error for a property this type does not have.
    public func unknownProperty(_ property: String) -> ValueError {
        ValueError("\(typeName) has no property `\(property)`\(propertyFix(property).map { " (\($0))" } ?? "")")
    }

    /// The error for a name a script reads on a control, which may be on
    /// its way to being called (`self.field:textAlignment()`): a read
    /// reaches the control's methods as well as its properties.
    public func unknownMember(_ name: String) -> ValueError {
        ValueError("\(typeName) has no property or method `\(name)`\(propertyFix(name).map { " (\($0))" } ?? "")")
    }

    /// `did you mean `title`? `setTitle` is UIKit's method for it; …` for
    /// a UIKit method that sets a property this type has; nil otherwise.
    public func setterFix(_ method: String) -> String? {
        guard Suggestions.toolkitPropertyMethods.word(method) != nil else { return nil }
        return Suggestions.fix(for: method, among: [], words: Suggestions.toolkitPropertyMethods, has: { self.index(of: $0) != nil })
    }

    /// `did you mean `title`? `label` is GTK's name for it` for a property
    /// this type does not have, also among `members` (what else the
    /// control answers to), or how to hear an event another engine reads
    /// as a field (Roblox's `Activated`) or hears with a method of its own
    /// (UIKit's `addTarget`); nil when nothing is near.
    public func propertyFix(_ property: String, members: [String] = []) -> String? {
        Suggestions.eventFieldFix(for: property, in: events)
            // `addTarget`, read as a field on its way to being called.
            ?? Suggestions.toolkitEventMethods.word(property).flatMap { _ in
                Suggestions.fix(for: property, among: [], words: Suggestions.toolkitEventMethods, has: { $0 == "on" })
            }
            ?? setterFix(property)
            ?? Suggestions.fix(for: property, among: properties.map(\.name) + members, words: Suggestions.toolkitProperties,
                               has: { self.index(of: $0) != nil })
    }
}

/// A control type's C half (`bh_schema`), made once and never freed:
/// immutable after it is made, so threads may share it.
public struct CSchema: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<bh_schema>

    /// An immortal text, shared by threads.
    struct Text: @unchecked Sendable {
        let pointer: CText
        init(_ text: String) { pointer = text.makeText(immortal: true)! }
    }

    init(typeName: String, properties: [PropertySpec], host: Set<String>, lengthLimits: [(text: Int, limit: Int)]) {
        pointer = bh_schema_new(typeName, Int32(properties.count))!
        for (i, spec) in properties.enumerated() {
            var flags: Int32 = 0
            if spec.isReadOnly { flags |= BH_PREADONLY | BH_PHOST }
            if spec.isOptional { flags |= BH_POPTIONAL }
            if host.contains(spec.name) || spec.step != nil { flags |= BH_PHOST }
            if spec.minimum != nil { flags |= BH_PMIN }
            if spec.maximum != nil { flags |= BH_PMAX }
            let type: Int32
            switch spec.type {
            case .bool: type = BH_VBOOL
            case .number: type = BH_VNUMBER
            case .integer:
                type = BH_VNUMBER
                flags |= BH_PHOST
            case .string, .enumeration: type = BH_VSTRING
            case .image: type = BH_VIMAGE
            case .color:
                type = BH_VCOLOR
                flags |= BH_PHOST
            case .point: type = BH_VPOINT
            case .size: type = BH_VSIZE
            case .rect: type = BH_VRECT
            }
            bh_schema_define(pointer, Int32(i), spec.name, type, flags, spec.minimum ?? 0, spec.maximum ?? 0)
            if case .enumeration(let choices) = spec.type {
                for choice in choices {
                    var bytes = Array(choice.utf8)
                    bytes.withUnsafeMutableBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { bh_schema_add_choice(pointer, Int32(i), $0.baseAddress, $0.count) }
                    }
                }
            }
            var value = spec.defaultValue.makeC(immortal: true)
            bh_schema_set_default(pointer, Int32(i), &value)
            if spec.type == .bool { bh_schema_alias(pointer, Int32(i), ControlSchema.swiftName(of: spec.name)) }
        }
        for (text, limit) in lengthLimits { bh_schema_limit(pointer, Int32(text), Int32(limit)) }
    }
}
