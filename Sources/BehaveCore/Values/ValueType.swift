import CBehaveCore

/// The declared type of an inspectable or a control property.
public enum ValueType: Equatable, Sendable {
    case bool
    case number
    case integer
    case string
    case enumeration([String])
    case image
    case color
    case point
    case size
    case rect

    /// Names as scripts and scene files write them.
    public static func named(_ name: String, values: [String] = []) -> ValueType? {
        switch name {
        case "bool", "boolean": .bool
        case "number": .number
        case "integer": .integer
        case "string": .string
        case "enum": .enumeration(values)
        case "image": .image
        case "color": .color
        case "point": .point
        case "size": .size
        case "rect": .rect
        default: nil
        }
    }

    public static let names = ["bool", "number", "integer", "string", "enum", "image", "color", "point", "size", "rect"]

    public var name: String {
        switch self {
        case .bool: "bool"
        case .number: "number"
        case .integer: "integer"
        case .string: "string"
        case .enumeration: "enum"
        case .image: "image"
        case .color: "color"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        }
    }

    /// The fields of a value of this type written as a mapping, in the
    /// order a list writes a point's, a size's or a rect's numbers
    /// (`[x, y, width, height]`); nil for a type with no fields.
    public var fieldNames: [String]? {
        switch self {
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["x", "y", "width", "height"]
        case .image: ["name", "width", "height"]
        default: nil
        }
    }

    /// Whether `animate` interpolates values of this type.
    public var isAnimatable: Bool {
        switch self {
        case .number, .point, .size, .rect, .color: true
        default: false
        }
    }

    /// The type a bare default declares (`animated = false` is a bool).
    public static func inferred(from value: Value) -> ValueType? {
        switch value {
        case .null: nil
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .image: .image
        case .color: .color
        case .point: .point
        case .size: .size
        case .rect: .rect
        }
    }

    /// The zero value of the type, for declarations without a default.
    public var zero: Value {
        switch self {
        case .bool: .bool(false)
        case .number, .integer: .number(0)
        case .string: .string("")
        case .enumeration(let values): values.first.map(Value.string) ?? .null
        case .image: .null
        case .color: .color(Color.named("black")!)
        case .point: .point(Point(x: 0, y: 0))
        case .size: .size(Size(width: 0, height: 0))
        case .rect: .rect(Rect(x: 0, y: 0, width: 0, height: 0))
        }
    }
}

/// One named, typed value of a control or a behaviour: a control property or
/// an inspectable. Every set goes through `validate`.
public struct PropertySpec: Sendable {
    public var name: String
    public var type: ValueType
    public var defaultValue: Value
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    public var isReadOnly: Bool
    /// Whether nil is a valid value (an image view without an image).
    public var isOptional: Bool
    /// A string's: the integer property of the same control that bounds
    /// its length in characters (a text field's `maxLength`; 0 there is
    /// no bound). A longer text is cut to it, as GTK cuts an entry's; and,
    /// whatever the bound, to `boundedTextBytes` and at its first NUL.
    public var lengthLimit: String?

    /// The most bytes of UTF-8 a text with a `lengthLimit` holds, as a
    /// GtkEntryBuffer holds no more (65,535 less its NUL): a longer text
    /// is cut before the character these bytes would split.
    public static let boundedTextBytes = Int(BH_BOUNDED_TEXT_BYTES)

    public init(_ name: String, _ type: ValueType, default defaultValue: Value? = nil,
                min: Double? = nil, max: Double? = nil, step: Double? = nil,
                readOnly: Bool = false, optional: Bool = false, lengthLimit: String? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue ?? type.zero
        self.minimum = min
        self.maximum = max
        self.step = step
        self.isReadOnly = readOnly
        self.isOptional = optional || (defaultValue ?? type.zero) == .null
        self.lengthLimit = lengthLimit
    }

    /// The value converted to this property's type (a name becomes an image,
    /// `"#FF0000"` a colour, `[w, h]` a size), or an error that says what fits.
    public func validate(_ value: Value) throws(ValueError) -> Value {
        if value == .null {
            if isOptional { return .null }
            throw ValueError("\(name) cannot be nil; it takes \(typeDescription)")
        }
        switch (type, value) {
        case (.point, .point(let p)):
            try checkFinite([p.x, p.y])
            return value
        case (.size, .size(let s)):
            try checkFinite([s.width, s.height])
            guard s.width >= 0, s.height >= 0 else { throw ValueError("\(name) cannot have a negative width or height") }
            return value
        case (.rect, .rect(let r)):
            try checkFinite([r.x, r.y, r.width, r.height])
            guard r.width >= 0, r.height >= 0 else { throw ValueError("\(name) cannot have a negative width or height") }
            return value
        case (.image, .image(let image)):
            for dimension in [image.width, image.height].compactMap({ $0 }) where !(1...1_000_000).contains(dimension) {
                throw ValueError("\(name): an image's width and height are whole numbers from 1 to 1000000, not \(dimension)")
            }
            return value
        case (.bool, .bool), (.color, .color), (.string, .string):
            return value
        case (.number, .number(let n)):
            try checkRange(n)
            return value
        case (.integer, .number(let n)):
            guard n == n.rounded(), n.isFinite else {
                throw ValueError("\(name) takes an integer, not \(formatNumber(n))")
            }
            try checkRange(n)
            return value
        case (.enumeration(let values), .string(let s)):
            guard values.contains(s) else {
                throw ValueError("\(name) takes one of \(values.map { "\"\($0)\"" }.joined(separator: ", ")), not \"\(s)\"\(Suggestions.hint(for: s, in: values))")
            }
            return value
        case (.image, .string(let s)):
            return .image(Image(name: s))
        case (.color, .string(let s)):
            guard let color = Color(parsing: s) else {
                throw ValueError("\(name) takes a colour as \"#RRGGBB\" or a name (\(Color.named.keys.sorted().joined(separator: ", "))), not \"\(s)\"")
            }
            return .color(color)
        default:
            throw ValueError("\(name) takes \(typeDescription), not \(value.typeName) \(value)")
        }
    }

    private func checkRange(_ n: Double) throws(ValueError) {
        guard n.isFinite else {
            throw ValueError("\(name) must be a finite number, not \(formatNumber(n))")
        }
        if let minimum, n < minimum {
            throw ValueError("\(name) must be at least \(formatNumber(minimum)), not \(formatNumber(n))\(rangeHint)")
        }
        if let maximum, n > maximum {
            throw ValueError("\(name) must be at most \(formatNumber(maximum)), not \(formatNumber(n))\(rangeHint)")
        }
        if let step, step > 0 {
            let steps = (n - (minimum ?? 0)) / step
            guard abs(steps - steps.rounded()) < 1e-9 else {
                throw ValueError("\(name) moves in steps of \(formatNumber(step))\(minimum.map { " from \(formatNumber($0))" } ?? ""), not \(formatNumber(n))")
            }
        }
    }

    private func checkFinite(_ numbers: [Double]) throws(ValueError) {
        guard numbers.allSatisfy(\.isFinite) else { throw ValueError("\(name) takes finite numbers only") }
    }

    private var rangeHint: String {
        guard let minimum, let maximum else { return "" }
        return " (range \(formatNumber(minimum))…\(formatNumber(maximum)))"
    }

    public var typeDescription: String {
        switch type {
        case .bool: "a bool (true or false)"
        case .number: "a number"
        case .integer: "an integer"
        case .string: "a string"
        case .enumeration(let values): "one of \(values.joined(separator: ", "))"
        case .image: "an image (a name)"
        case .color: "a colour (\"#RRGGBB\" or a name)"
        case .point: "a point (\(type.fieldNames!.joined(separator: ", ")))"
        case .size: "a size (\(type.fieldNames!.joined(separator: ", ")))"
        case .rect: "a rect (\(type.fieldNames!.joined(separator: ", ")))"
        }
    }
}

/// A value that does not fit where it was put: a `ScriptError`, which the
/// host raises at the line of script code that gave the value.
public typealias ValueError = ScriptError
