/// The values a command line gave a command's parameters, read back by
/// name and type; a parameter not given has its declared default.
public struct ParsedArguments: Sendable {
    public let parameters: [Parameter]
    /// Every value given, by parameter name, in order (flags: "true" or "false").
    public var values: [String: [String]] = [:]

    public init(parameters: [Parameter]) { self.parameters = parameters }

    private func parameter(_ name: String) -> Parameter {
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            preconditionFailure("no parameter `\(name)` is declared")
        }
        return parameter
    }

    /// The value given last, or the default (nil when there is neither).
    public func string(_ name: String) -> String? {
        values[name]?.last ?? parameter(name).defaultValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Every value given (a repeatable option or argument).
    public func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// `--json`: given or not.
    public func flag(_ name: String) -> Bool { values[name]?.last == "true" }

    /// `--shuffle` true, `--no-shuffle` false, neither nil.
    public func choice(_ name: String) -> Bool? { values[name]?.last.map { $0 == "true" } }

    /// The value as a number (or any type read from text); text that is
    /// not one is bad usage.
    public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws(ArgumentError) -> Value? {
        guard let text = string(name) else { return nil }
        guard let value = Value(text) else {
            throw ArgumentError("The value '\(text)' is invalid for '\(parameter(name).display)'.")
        }
        return value
    }

    /// The value of a parameter that has a default.
    public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type, or fallback: Value) throws(ArgumentError) -> Value {
        try value(name, as: type) ?? fallback
    }
}
