import BehaveCore

/// Reads a command line against a tree of `CommandSpec`s: which command,
/// with which values, or a request for help or the version. It runs
/// nothing: `--help` anywhere ends the reading with `.help`.
public enum ArgumentReader {
    public enum Reading {
        case run(CommandSpec, ParsedArguments)
        case help(CommandSpec)
        case version(String)
    }

    /// `arguments` without the program's name.
    public static func read(_ arguments: [String], root: CommandSpec) throws(ArgumentError) -> Reading {
        var command = root
        var rest = arguments[...]
        // Subcommands by name; `behave help run` is `behave run --help`.
        while let first = rest.first, command.hasSubcommands {
            if first == "help" {
                var described = command
                for name in rest.dropFirst() {
                    guard let next = described.subcommand(name) else { break }
                    described = next
                }
                return .help(described)
            }
            guard !first.hasPrefix("-") else { break }
            guard let next = command.subcommand(first) else {
                throw ArgumentError("Unknown command '\(first)'." + suggestion(for: first, in: command.subcommandNames))
            }
            command = next
            rest = rest.dropFirst()
        }
        // A command that runs another program passes these on.
        if !isPassthrough(command) {
            if rest.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(command) }
            if let version = root.version, rest.contains("--version") { return .version(version) }
        }
        if command.hasSubcommands {
            guard let first = rest.first else { return .help(command) }
            throw unknownOption(split(first).0, of: command, takesVersion: root.version != nil)
        }
        return .run(command, try values(Array(rest), for: command, takesVersion: root.version != nil))
    }

    private static func isPassthrough(_ command: CommandSpec) -> Bool {
        command.parameters.contains { if case .passthrough = $0.kind { true } else { false } }
    }

    /// The values of one command's parameters (`takesVersion`: the tool's
    /// `--version` is read with them, for "did you mean").
    public static func values(_ arguments: [String], for command: CommandSpec,
                              takesVersion: Bool = false) throws(ArgumentError) -> ParsedArguments {
        var parsed = ParsedArguments(parameters: command.parameters)
        if let passthrough = command.parameters.first(where: { if case .passthrough = $0.kind { true } else { false } }) {
            parsed.values[passthrough.name] = arguments
            return parsed
        }
        var positionals: [String] = []
        var index = 0
        var afterSeparator = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if afterSeparator || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                afterSeparator = true
                continue
            }
            let (name, attached) = split(argument)
            guard let (parameter, on) = find(name, in: command) else {
                throw unknownOption(name, of: command, takesVersion: takesVersion)
            }
            switch parameter.kind {
            case .flag:
                if let attached { throw ArgumentError("'\(name)' takes no value, not '\(attached)'.") }
                parsed.values[parameter.name, default: []].append(on ? "true" : "false")
            case .option:
                var value = attached
                if value == nil, index < arguments.count, !looksLikeAnOption(arguments[index]) {
                    value = arguments[index]
                    index += 1
                }
                guard let value else { throw ArgumentError("Missing value for '\(parameter.display)'.") }
                if parameter.repeatable {
                    parsed.values[parameter.name, default: []].append(value)
                } else {
                    parsed.values[parameter.name] = [value]
                }
            case .argument, .passthrough:
                break
            }
        }
        var remaining = positionals[...]
        for parameter in command.parameters where parameter.isPositional {
            if parameter.repeatable {
                parsed.values[parameter.name] = Array(remaining)
                remaining = []
            } else if let value = remaining.popFirst() {
                parsed.values[parameter.name] = [value]
            } else if parameter.defaultValue == nil {
                throw ArgumentError("Missing expected argument '\(parameter.display)'.")
            }
        }
        if let extra = remaining.first { throw ArgumentError("Unexpected argument '\(extra)'.") }
        return parsed
    }

    /// `--name=value` → (`--name`, `value`); anything else has no value attached.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The option or flag `--name`, `-n` or `--no-name`, and whether it is on.
    private static func find(_ name: String, in command: CommandSpec) -> (Parameter, Bool)? {
        let named = command.parameters.filter { !$0.isPositional }
        if name.hasPrefix("--") {
            let long = name.dropFirst(2)
            if let parameter = named.first(where: { $0.name == long }) { return (parameter, true) }
            if long.hasPrefix("no-"), let parameter = named.first(where: {
                if case .flag(inverted: true) = $0.kind { $0.name == long.dropFirst(3) } else { false }
            }) {
                return (parameter, false)
            }
            return nil
        }
        guard name.count == 2, let letter = name.last,
              let parameter = named.first(where: { $0.short == letter }) else { return nil }
        return (parameter, true)
    }

    /// `-x`, `--x`: not a value (`-`, and negative numbers' text, are
    /// refused as values too; `--seed=-1` gives one).
    /// A negative number (`--seed -3`, `--do -0.5`) is a value, not an
    /// option: no option is named by a digit, and reading it as one told
    /// the option it had no value.
    private static func looksLikeAnOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let rest = argument.dropFirst().drop { $0 == "." }
        return !(rest.first?.isASCII == true && rest.first?.isNumber == true)
    }

    /// An option `command` does not take: another tool's that it leaves out
    /// says why (also when misspelt: `--verbos` is busted's `--verbose`),
    /// else the nearest option it takes, as typed (`--no-shuffle`, `--help`
    /// and `--version` too). A letter (`-x`) has no nearest: any other
    /// letter is one typo away.
    private static func unknownOption(_ name: String, of command: CommandSpec,
                                      takesVersion: Bool) -> ArgumentError {
        if let absent = command.absent.first(where: { $0.names.contains(name) }) {
            return ArgumentError("Unknown option '\(name)': \(absent.advice)")
        }
        guard name.count > 2 else { return ArgumentError("Unknown option '\(name)'.") }
        var names = ["--help"] + (takesVersion ? ["--version"] : [])
        for parameter in command.parameters where !parameter.isPositional && !parameter.hidden {
            names.append("--" + parameter.name)
            if case .flag(inverted: true) = parameter.kind { names.append("--no-" + parameter.name) }
        }
        if let near = Suggestions.nearest(to: name, in: names) {
            return ArgumentError("Unknown option '\(name)'. Did you mean '\(near)'?")
        }
        let absentNames = command.absent.flatMap(\.names).filter { $0.count > 2 }
        if let near = Suggestions.nearest(to: name, in: absentNames),
           let absent = command.absent.first(where: { $0.names.contains(near) }) {
            return ArgumentError("Unknown option '\(name)': \(absent.advice)")
        }
        return ArgumentError("Unknown option '\(name)'.")
    }

    private static func suggestion(for name: String, in names: [String]) -> String {
        Suggestions.nearest(to: name, in: names).map { " Did you mean '\($0)'?" } ?? ""
    }
}
