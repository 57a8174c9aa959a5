/// What a person does to a control, declared with its control type
/// (`step NAME + | -` on a stepper): one declaration serves the command
/// language (`behave run`, transcripts), specs (`s:step("count", "+")`),
/// `help`, `behave types` and exploration, which asks each command what it
/// could do to a control now.
public struct UserCommand: Sendable {
    /// The word of the command language (`step`).
    public let verb: String
    /// The scene method specs call (`pressReturn` for `return`, a Lua keyword).
    public let specMethod: String
    /// What it does, for `help` and `behave types`.
    public let help: String
    /// What follows the control's name.
    public let parameters: [CommandParameter]
    let perform: @Sendable (View, [CommandArgument]) throws(ValueError) -> Void
    let explore: (@Sendable (View, inout ExplorationRandom) -> [String])?

    /// `perform` acts on the control with the parsed arguments (one per
    /// parameter, `.absent` for an optional one left out). `explore` gives
    /// the command lines a person could type on the control now (none
    /// when nil), each starting with the verb and the control's name.
    public init(_ verb: String, specMethod: String? = nil, help: String, parameters: [CommandParameter] = [],
                explore: (@Sendable (View, inout ExplorationRandom) -> [String])? = nil,
                perform: @escaping @Sendable (View, [CommandArgument]) throws(ValueError) -> Void) {
        self.verb = verb
        self.specMethod = specMethod ?? verb
        self.help = help
        self.parameters = parameters
        self.perform = perform
        self.explore = explore
    }

    /// `step NAME + | -`.
    public var usage: String { ([verb, "NAME"] + parameters.map(\.form)).joined(separator: " ") }

    /// The arguments of a typed line (the words after the control's name;
    /// `rest` is that part of the line as written, for text).
    func parse(words: [String], rest: String) throws(ValueError) -> [CommandArgument] {
        var arguments: [CommandArgument] = []
        var index = 0
        for parameter in parameters {
            if case .text = parameter.kind {
                arguments.append(.text(SceneCommand.unquote(rest)))
                index = words.count
                continue
            }
            guard index < words.count else {
                guard parameter.isOptional else { throw usageError }
                arguments.append(parameter.defaultArgument)
                continue
            }
            arguments.append(try parameter.argument(fromWord: words[index], verb: verb, usage: usage))
            index += 1
        }
        guard index >= words.count else { throw usageError }
        return arguments
    }

    /// The arguments of a spec's call (`s:step("count", "+")`): the values
    /// after the control's name.
    public func arguments(from values: [Value]) throws(ValueError) -> [CommandArgument] {
        var arguments: [CommandArgument] = []
        for (i, parameter) in parameters.enumerated() {
            let value = i < values.count ? values[i] : .null
            if value == .null {
                guard parameter.isOptional else { throw specError(parameter) }
                arguments.append(parameter.defaultArgument)
                continue
            }
            switch (parameter.kind, value) {
            case (.choice(let choices), .string(let word)) where choices.contains(word): arguments.append(.word(word))
            case (.number, .number(let n)) where n.isFinite: arguments.append(.number(n))
            case (.text, .string(let text)): arguments.append(.text(text))
            case (.count(let maximum), .number(let n)) where n >= 0 && n <= Double(maximum) && n == n.rounded():
                arguments.append(.count(Int(n)))
            default: throw specError(parameter)
            }
        }
        guard values.count <= parameters.count else {
            throw ValueError("\(specMethod) takes \(parameters.count + 1) arguments: \(specExample)")
        }
        return arguments
    }

    private var usageError: ValueError { ValueError("usage: \(usage)") }

    private func specError(_ parameter: CommandParameter) -> ValueError {
        ValueError("\(specMethod) takes \(parameter.specDescription): \(specExample)")
    }

    /// `s:step("name", "+")`.
    public var specExample: String {
        let examples = parameters.filter { !$0.isOptional }.map(\.example)
        return "s:\(specMethod)(" + (["\"name\""] + examples).joined(separator: ", ") + ")"
    }
}

/// What a command takes after the control's name.
public struct CommandParameter: Sendable {
    public enum Kind: Sendable, Equatable {
        /// One of these words.
        case choice([String])
        /// A finite number.
        case number
        /// The rest of the line, as written (quotes optional).
        case text
        /// A whole count from 0 to the maximum.
        case count(maximum: Int)
    }

    public let name: String
    public let kind: Kind
    public let isOptional: Bool
    /// What an optional parameter left out stands for (`.absent` unless told).
    public let defaultArgument: CommandArgument

    public init(_ name: String, _ kind: Kind, optional: Bool = false, default defaultArgument: CommandArgument = .absent) {
        self.name = name
        self.kind = kind
        self.isOptional = optional || defaultArgument != .absent
        self.defaultArgument = defaultArgument
    }

    /// As `help` writes it: `+ | -`, `VALUE`, `[outside]`.
    var form: String {
        let form = switch kind {
        // Words run together (`outside|inside`); signs stand apart (`+ | -`).
        case .choice(let choices): choices.joined(separator: choices.allSatisfy { $0.first?.isLetter ?? false } ? "|" : " | ")
        default: name.uppercased()
        }
        return isOptional ? "[\(form)]" : form
    }

    /// Its Lua type, for `behave types`.
    public var luaType: String {
        let type = switch kind {
        case .choice(let choices): choices.map { "\"\($0)\"" }.joined(separator: "|")
        case .number: "number"
        case .text: "string"
        case .count: "integer"
        }
        return isOptional ? "(\(type))?" : type
    }

    fileprivate var specDescription: String {
        switch kind {
        case .choice(let choices): choices.map { "\"\($0)\"" }.joined(separator: " or ")
        case .number: "a number (the \(name))"
        case .text: "a string (the \(name))"
        case .count(let maximum): "a whole count from 0 to \(maximum)"
        }
    }

    fileprivate var example: String {
        switch kind {
        case .choice(let choices): "\"\(choices.first ?? "")\""
        case .number: "0.5"
        case .text: "\"hello\""
        case .count: "1"
        }
    }

    fileprivate func argument(fromWord word: String, verb: String, usage: String) throws(ValueError) -> CommandArgument {
        switch kind {
        case .choice(let choices):
            guard choices.contains(word) else { throw ValueError("usage: \(usage)") }
            return .word(word)
        case .number:
            guard let n = Double(word), n.isFinite else { throw ValueError("`\(word)` is not a number; usage: \(usage)") }
            return .number(n)
        case .text:
            return .text(word)
        case .count(let maximum):
            guard let n = Int(word), n >= 0, n <= maximum else {
                throw ValueError("\(verb) takes a count from 0 to \(maximum); usage: \(usage)")
            }
            return .count(n)
        }
    }
}

/// One parsed argument of a user command.
public enum CommandArgument: Equatable, Sendable {
    case word(String)
    case number(Double)
    case text(String)
    case count(Int)
    /// An optional argument left out.
    case absent

    public var word: String? { if case .word(let w) = self { w } else { nil } }
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    public var text: String? { if case .text(let t) = self { t } else { nil } }
    public var count: Int? { if case .count(let n) = self { n } else { nil } }

    /// As the command language writes it back.
    var written: String? {
        switch self {
        case .word(let word): word
        case .number(let n): formatNumber(n)
        case .text(let text): Explorer.quoted(text)
        case .count(let n): String(n)
        case .absent: nil
        }
    }
}
