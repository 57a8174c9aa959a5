import BehaveCore
import BehaveSyntax

/// The `behaviour { … }` table as the source writes it, read without
/// running anything: what `self.<name>` can be. `isComplete` is false when
/// some part is computed (then the linter does not judge `self` fields).
struct StaticDeclaration {
    static let keys = ["name", "outlets", "outletCollections", "inspectables", "events", "requires"]

    /// Outlet name → control type name.
    var outlets: [String: String] = [:]
    var outletCollections: [String: String] = [:]
    var inspectables: Set<String> = []
    var events: [String] = []
    /// The declared `name`, as the runtime's messages call the behaviour.
    var name: String?
    var isComplete = true

    init(_ items: [LuaTableItem]) {
        for item in items {
            guard case .named(let key, let value) = item else {
                isComplete = false
                continue
            }
            switch key.name {
            case "name":
                if case .string(let declared, _) = value { name = declared }
            case "outlets": outlets = controlTypes(value)
            case "outletCollections": outletCollections = controlTypes(value)
            case "inspectables":
                guard case .table(let entries, _) = value else {
                    isComplete = false
                    continue
                }
                for entry in entries {
                    if let name = StaticDeclaration.key(of: entry) { inspectables.insert(name) } else { isComplete = false }
                }
            case "events":
                guard case .table(let entries, _) = value else {
                    isComplete = false
                    continue
                }
                for case .positional(.string(let event, _)) in entries { events.append(event) }
            default:
                continue
            }
        }
    }

    private mutating func controlTypes(_ value: LuaExpression) -> [String: String] {
        guard case .table(let entries, _) = value else {
            isComplete = false
            return [:]
        }
        var result: [String: String] = [:]
        for entry in entries {
            guard let name = StaticDeclaration.key(of: entry) else {
                isComplete = false
                continue
            }
            switch entry {
            case .named(_, .string(let type, _)), .keyed(_, .string(let type, _)):
                result[name] = BehaviourDeclaration.Outlet.parseType(type).type
            default: result[name] = ""
            }
        }
        return result
    }

    /// `name = …` or `["name"] = …`.
    private static func key(of item: LuaTableItem) -> String? {
        switch item {
        case .named(let key, _): return key.name
        case .keyed(.string(let key, _), _): return key
        default: return nil
        }
    }

    var names: [String] { Array(outlets.keys) + Array(outletCollections.keys) + Array(inspectables) }
}
