/// JSON with ordered keys, for the state object and `--json` traces: the
/// output must read the same on every run.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// Compact, one line.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// One member or item a line, indented two spaces a level (what a
    /// transcript keeps, so that a diff names the value that changed).
    /// Empty arrays and objects, and arrays of scalars, stay on one line.
    public var lines: [String] {
        var out: [String] = []
        writeLines(into: &out, indent: "", prefix: "", suffix: "")
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private func writeLines(into out: inout [String], indent: String, prefix: String, suffix: String) {
        switch self {
        case .array(let items) where !items.isEmpty && !items.allSatisfy(\.isScalar):
            out.append(indent + prefix + "[")
            for (i, item) in items.enumerated() {
                item.writeLines(into: &out, indent: indent + "  ", prefix: "", suffix: i < items.count - 1 ? "," : "")
            }
            out.append(indent + "]" + suffix)
        case .object(let pairs) where !pairs.isEmpty:
            out.append(indent + prefix + "{")
            for (i, (key, value)) in pairs.enumerated() {
                var name = ""
                JSON.quote(key, into: &name)
                value.writeLines(into: &out, indent: indent + "  ", prefix: name + ": ",
                                 suffix: i < pairs.count - 1 ? "," : "")
            }
            out.append(indent + "}" + suffix)
        default:
            out.append(indent + prefix + text + suffix)
        }
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSON.number(n)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// The shortest text that reads back as exactly `n`: whole numbers as
    /// integers (`9007199254740992`, `-0`), others as Swift writes a Double
    /// (`0.3333333333333333`, `1e-07`, `1e+300`). JSON has no form for NaN and
    /// the infinities: they are written `null`, as JavaScript writes them.
    static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(.towardZero), abs(n) < 0x1p63 {
            return n == 0 && n.sign == .minus ? "-0" : String(Int64(n))
        }
        return n.description
    }

    /// A JSON string that reads back as exactly `s`. Besides what JSON
    /// requires, the characters that could drive a terminal or reorder a line
    /// (`DisplayText`) are written as `\u` escapes: JSON Lines go to
    /// terminals too.
    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where DisplayText.needsEscape(scalar, keepingLineBreaks: false):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension Value {
    /// As the state prints them: images as `{ "name", "width", "height" }`, colours as `"#RRGGBB"`.
    public var json: JSON {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .image(let i):
            var pairs: [(String, JSON)] = [("name", .string(i.name))]
            if let w = i.width { pairs.append(("width", .number(Double(w)))) }
            if let h = i.height { pairs.append(("height", .number(Double(h)))) }
            return .object(pairs)
        case .color(let c): return .string(c.hex)
        case .point(let p): return .object([("x", .number(p.x)), ("y", .number(p.y))])
        case .size(let s): return .object([("width", .number(s.width)), ("height", .number(s.height))])
        case .rect(let r):
            return .object([("x", .number(r.x)), ("y", .number(r.y)),
                            ("width", .number(r.width)), ("height", .number(r.height))])
        }
    }
}
