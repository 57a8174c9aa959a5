import Foundation

/// A value that crosses between the core, scripts, scene files and the trace:
/// the types of inspectables (README: "Write a behaviour") and of control
/// properties (Docs/controls.md).
public enum Value: Equatable, Sendable {
    /// Characters of a text a trace entry shows; past them it is cut, with
    /// its length (`state` gives it whole).
    public static let longestTracedText = 200

    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case image(Image)
    case color(Color)
    case point(Point)
    case size(Size)
    case rect(Rect)

    public var typeName: String {
        switch self {
        case .null: "nil"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .image: "image"
        case .color: "color"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        }
    }

    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var imageValue: Image? { if case .image(let i) = self { i } else { nil } }
    public var colorValue: Color? { if case .color(let c) = self { c } else { nil } }
    public var pointValue: Point? { if case .point(let p) = self { p } else { nil } }
    public var sizeValue: Size? { if case .size(let s) = self { s } else { nil } }
    public var rectValue: Rect? { if case .rect(let r) = self { r } else { nil } }

    /// Equal, and read back the same way: `"red"` and `"#FF3B30"` are equal
    /// colours, not identical values.
    public func isIdentical(to other: Value) -> Bool {
        if case .color(let a) = self, case .color(let b) = other { return a == b && a.name == b.name }
        return self == other
    }
}

public struct Image: Equatable, Sendable {
    public var name: String
    public var width: Int?
    public var height: Int?

    public init(name: String, width: Int? = nil, height: Int? = nil) {
        self.name = name
        self.width = width
        self.height = height
    }

    /// The image scaled to fit inside `maxWidth`×`maxHeight`, keeping its
    /// aspect ratio and never enlarging. Unknown sizes stay unknown.
    public func fitting(width maxWidth: Int, height maxHeight: Int) -> Image {
        guard let width, let height, width > 0, height > 0 else { return self }
        let scale = min(1, min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height)))
        guard scale < 1 else { return self }
        return Image(name: name,
                     width: max(1, Int((Double(width) * scale).rounded())),
                     height: max(1, Int((Double(height) * scale).rounded())))
    }
}

/// An opaque colour. A colour written by name keeps the name, so it reads
/// back as it was written (`"red"`); colours are equal when their channels
/// are, whatever their names.
public struct Color: Equatable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// The name it was written with, if any.
    public var name: String?

    public init(red: UInt8, green: UInt8, blue: UInt8, name: String? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.name = name
    }

    public static func == (a: Color, b: Color) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue
    }

    /// The names scripts and scene files may use, with their values (the
    /// system colours of iOS in light mode). Both spellings of grey are
    /// taken.
    public static let names: [(name: String, color: Color)] = [
        ("black", Color(red: 0, green: 0, blue: 0)),
        ("white", Color(red: 255, green: 255, blue: 255)),
        ("red", Color(red: 255, green: 59, blue: 48)),
        ("orange", Color(red: 255, green: 149, blue: 0)),
        ("yellow", Color(red: 255, green: 204, blue: 0)),
        ("green", Color(red: 52, green: 199, blue: 89)),
        ("teal", Color(red: 48, green: 176, blue: 199)),
        ("blue", Color(red: 0, green: 122, blue: 255)),
        ("indigo", Color(red: 88, green: 86, blue: 214)),
        ("purple", Color(red: 175, green: 82, blue: 222)),
        ("pink", Color(red: 255, green: 45, blue: 85)),
        ("brown", Color(red: 162, green: 132, blue: 94)),
        ("gray", Color(red: 142, green: 142, blue: 147)),
        ("grey", Color(red: 142, green: 142, blue: 147)),
        ("lightGray", Color(red: 209, green: 209, blue: 214)),
        ("lightGrey", Color(red: 209, green: 209, blue: 214)),
        ("darkGray", Color(red: 72, green: 72, blue: 74)),
        ("darkGrey", Color(red: 72, green: 72, blue: 74)),
        // Behave's colours are opaque: "clear" reads as black.
        ("clear", Color(red: 0, green: 0, blue: 0)),
    ]

    /// Each name's colour, keeping its name (it reads back as the name).
    public static let named: [String: Color] = Dictionary(uniqueKeysWithValues: names.map { entry in
        var color = entry.color
        color.name = entry.name
        return (entry.name, color)
    })

    /// The colour of exactly `name`, keeping its name, found in `names`
    /// without building `named`: a control type's default reads one, and
    /// building the table cost a cold start about 29 K instructions.
    public static func named(_ name: String) -> Color? {
        guard let entry = names.first(where: { $0.name == name }) else { return nil }
        var color = entry.color
        color.name = entry.name
        return color
    }

    /// Names matched without regard to case.
    private static let lowercasedNames: [String: String] =
        Dictionary(uniqueKeysWithValues: names.map { ($0.name.lowercased(), $0.name) })

    /// `"#RRGGBB"` or one of `Color.names` (in any case; it keeps the name).
    public init?(parsing text: String) {
        if let name = Color.lowercasedNames[text.lowercased()], let color = Color.named[name] {
            self = color
            return
        }
        let digits = text.dropFirst()
        guard text.count == 7, text.first == "#", digits.allSatisfy(\.isHexDigit),
              let rgb = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// As it reads back in scripts, `show` and the trace: its name if it
    /// was written with one, otherwise `#RRGGBB`.
    public var written: String { name ?? hex }

    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for byte in [red, green, blue] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text
    }
}

public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

extension Value: CustomStringConvertible {
    /// How a value reads in the trace: `toggle-on`, `0.5`, `#FF0000`, `(0, 120)`.
    /// Text stays on one line, with control characters escaped (`DisplayText`).
    public var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return formatNumber(n)
        case .string(let s):
            // The trace stays readable: long text is cut (the state keeps it whole).
            guard let cut = Value.tracedCut(of: s) else { return "\"\(DisplayText.line(s))\"" }
            return "\"\(DisplayText.line(String(cut)))…\" (\(s.count) characters)"
        case .image(let i):
            let name = DisplayText.line(JSON.cutForReading(i.name))
            if let w = i.width, let h = i.height { return "\(name) (\(w)×\(h))" }
            return name
        case .color(let c): return c.written
        case .point(let p): return "(\(formatNumber(p.x)), \(formatNumber(p.y)))"
        case .size(let s): return "\(formatNumber(s.width))×\(formatNumber(s.height))"
        case .rect(let r):
            return "(\(formatNumber(r.x)), \(formatNumber(r.y)), \(formatNumber(r.width))×\(formatNumber(r.height)))"
        }
    }
}

extension Value {
    /// Unicode scalars of a text a trace entry shows at most, however few
    /// characters they make: a letter under 5,000 accents is one
    /// character, and 200 of them were a megabyte on the terminal.
    static let longestTracedScalars = 5 * longestTracedText

    /// A text's first `longestTracedText` characters when it has more,
    /// which is where the trace cuts it, or fewer when they hold more than
    /// `longestTracedScalars`; nil when it has no more. A character is
    /// split only when it alone passes that bound. Reads no further than
    /// the bound, whatever the text's length.
    public static func tracedCut(of text: String) -> Substring? {
        guard text.utf8.count > longestTracedText else { return nil }
        let scalars = text.unicodeScalars
        let bound = scalars.index(scalars.startIndex, offsetBy: longestTracedScalars, limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        var cut = Substring(scalars[..<bound]).prefix(longestTracedText)
        guard cut.endIndex < text.endIndex else { return nil }
        // The bound fell inside the last character: it is left out.
        if cut.endIndex == bound, String.Index(bound, within: text) == nil, cut.count > 1 { cut = cut.dropLast() }
        return cut
    }

    /// `description`, a cut text's length being `characters` when given
    /// (what the trace counted from the text before it).
    func described(characters: Int?) -> String {
        guard let characters, case .string(let s) = self, let cut = Value.tracedCut(of: s) else { return description }
        return "\"\(DisplayText.line(String(cut)))…\" (\(characters) characters)"
    }
}

/// Numbers as people write them: `1`, `0.5`, `0.333333`.
public func formatNumber(_ n: Double) -> String {
    if n.isNaN { return "nan" }
    if n.isInfinite { return n < 0 ? "-inf" : "inf" }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    if abs(n) >= 1e15 || abs(n) < 1e-6 { return String(format: "%g", n) }
    var text = String(format: "%.6f", n)
    while text.hasSuffix("0") { text.removeLast() }
    // `0.` (tiny values) and `1e20.` are not numbers in JSON.
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
