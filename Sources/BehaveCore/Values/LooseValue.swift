import Foundation

/// A value as people write it in scene files and on the command line,
/// before it is given the type of the property it is for.
public indirect enum LooseValue: Equatable, Sendable {
    case null
    /// Scalar text; `quoted` when written in quotes (then never a number).
    case text(String, quoted: Bool)
    case list([LooseValue])
    case map([String: LooseValue])

    /// Parses command-line text: `true`, `0.5`, `"a b"`, `[1024, 1024]`,
    /// `#FF0000`, `10,20`, `nil`.
    public static func parse(_ text: String) -> LooseValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "nil" || trimmed == "null" { return .null }
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return .text(String(trimmed.dropFirst().dropLast()), quoted: true)
        }
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            let inner = trimmed.dropFirst().dropLast()
            if inner.trimmingCharacters(in: .whitespaces).isEmpty { return .list([]) }
            return .list(inner.split(separator: ",").map { parse(String($0)) })
        }
        return .text(trimmed, quoted: false)
    }
}

extension PropertySpec {
    /// Converts a loosely written value to this property's type, then checks it.
    public func convert(_ loose: LooseValue) throws(ValueError) -> Value {
        try validate(try looseValue(loose))
    }

    private func looseValue(_ loose: LooseValue) throws(ValueError) -> Value {
        switch loose {
        case .null: return .null
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
                    throw ValueError("\(name) takes a number, not \(quoted ? "the text " : "")`\(text)`")
                }
                return .number(n)
            case .string, .enumeration, .image, .color:
                return .string(text)
            case .point, .size, .rect:
                let separators: Set<Character> = [",", "x", "×", " "]
                let parts = text.split(whereSeparator: { separators.contains($0) }).map { LooseValue.text(String($0), quoted: false) }
                guard parts.count > 1 else { throw ValueError("\(name) takes \(typeDescription), not `\(text)`") }
                return try looseValue(.list(parts))
            }
        case .list(let items):
            let numbers = items.compactMap { item -> Double? in
                if case .text(let t, false) = item { return Double(t.trimmingCharacters(in: .whitespaces)) }
                return nil
            }
            guard numbers.count == items.count else { throw ValueError("\(name) takes \(typeDescription), not a list of \(items.count) items") }
            switch (type, numbers.count) {
            case (.point, 2): return .point(Point(x: numbers[0], y: numbers[1]))
            case (.size, 2): return .size(Size(width: numbers[0], height: numbers[1]))
            case (.rect, 4): return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            default: throw ValueError("\(name) takes \(typeDescription), not a list of \(items.count) numbers")
            }
        case .map(let fields):
            func number(_ key: String) throws(ValueError) -> Double {
                guard case .text(let t, false)? = fields[key], let n = Double(t) else {
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
                guard case .text(let imageName, _)? = fields["name"] else { throw ValueError("\(name): an image needs a `name`") }
                func dimension(_ key: String) throws(ValueError) -> Int? {
                    guard let field = fields[key] else { return nil }
                    guard case .text(let t, _) = field, let n = Int(t) else {
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
