/// One thing a command takes on its command line, declared as data: the
/// reader parses with it, the help writer describes it, and the command
/// reads its value back by `name` (`ParsedArguments`).
public struct Parameter: Sendable {
    public enum Kind: Sendable {
        /// A positional argument; `name` is what help shows as `<name>`.
        case argument
        /// Everything after the command's name, untouched (for a command
        /// that runs another program).
        case passthrough
        /// `--name VALUE` (or `--name=VALUE`).
        case option
        /// `--name`; with `inverted`, `--no-name` too (read with `choice`).
        case flag(inverted: Bool)
    }

    public var kind: Kind
    /// The long name without `--`, or the argument's name.
    public var name: String
    public var short: Character?
    /// What help calls the value (`--set <NAME=VALUE>`).
    public var valueName: String
    public var help: String
    /// Given more than once, every value is kept (`--do A --do B`); otherwise the last.
    public var repeatable = false
    /// The value when none is given, as it would be written; help shows it once.
    public var defaultValue: String?
    /// The help section other than OPTIONS (`Platform`), or nil.
    public var section: String?
    /// Not in help (`test --worker`).
    public var hidden = false

    public static func argument(_ name: String, help: String, repeatable: Bool = false, optional: Bool = false) -> Parameter {
        Parameter(kind: .argument, name: name, valueName: name, help: help, repeatable: repeatable,
                  defaultValue: optional ? "" : nil)
    }

    public static func passthrough(_ name: String, help: String) -> Parameter {
        Parameter(kind: .passthrough, name: name, valueName: name, help: help, repeatable: true)
    }

    public static func option(_ name: String, short: Character? = nil, valueName: String? = nil, help: String,
                       repeatable: Bool = false, default defaultValue: String? = nil) -> Parameter {
        Parameter(kind: .option, name: name, short: short, valueName: valueName ?? name, help: help,
                  repeatable: repeatable, defaultValue: defaultValue)
    }

    public static func flag(_ name: String, short: Character? = nil, inverted: Bool = false, help: String,
                     hidden: Bool = false) -> Parameter {
        Parameter(kind: .flag(inverted: inverted), name: name, short: short, valueName: name, help: help, hidden: hidden)
    }

    /// The same parameters under a help section of their own.
    public static func section(_ title: String, _ parameters: [Parameter]) -> [Parameter] {
        parameters.map { var parameter = $0; parameter.section = title; return parameter }
    }

    public var isPositional: Bool {
        switch kind {
        case .argument, .passthrough: true
        case .option, .flag: false
        }
    }

    public var takesValue: Bool {
        if case .option = kind { return true }
        return false
    }

    /// How messages and help name it: `<file>`, `--seed <N>`, `--json`.
    public var display: String {
        switch kind {
        case .argument, .passthrough: "<\(name)>"
        case .option: "--\(name) <\(valueName)>"
        case .flag: "--\(name)"
        }
    }
}

/// Options of the tool a command follows (busted's, for `behave test`)
/// that it leaves out on purpose: given, each is bad usage that says why
/// and what to do instead, rather than only "unknown".
public struct AbsentOption: Sendable {
    /// As typed: `-v`, `--verbose`, `--no-verbose`.
    public var names: [String]
    /// Whose option it is and what to do instead, one sentence.
    public var advice: String

    public init(_ names: [String], _ advice: String) {
        self.names = names
        self.advice = advice
    }
}

/// A subcommand known by its name, its spec made when it is read: a
/// command line names one, and making every spec cost `behave run` about
/// 50 K instructions of its cold start.
public struct Subcommand: Sendable {
    public let name: String
    let make: @Sendable () -> CommandSpec

    /// `spec` makes a spec named `name`.
    public init(_ name: String, spec: @escaping @Sendable () -> CommandSpec) {
        self.name = name
        make = spec
    }
}

/// A command as data: its name, what help says of it, its parameters and
/// its subcommands.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String = ""
    public var parameters: [Parameter] = []
    /// Every subcommand's spec (help lists them; reading a command line
    /// makes only the one it names).
    public var subcommands: [CommandSpec] {
        get { subcommandEntries.map { $0.make() } }
        set { subcommandEntries = newValue.map { spec in Subcommand(spec.name) { spec } } }
    }
    private var subcommandEntries: [Subcommand] = []
    public var hasSubcommands: Bool { !subcommandEntries.isEmpty }
    public var subcommandNames: [String] { subcommandEntries.map(\.name) }
    /// Printed by `--version`, on the root.
    public var version: String?
    /// Another tool's options this command does not take, with the reason.
    public var absent: [AbsentOption] = []

    /// `behave run`: the names from the root to this command.
    public var path: [String] = []

    /// The subcommand named `name`, its path set.
    public func subcommand(_ name: String) -> CommandSpec? {
        guard let entry = subcommandEntries.first(where: { $0.name == name }) else { return nil }
        var found = entry.make()
        found.path = (path.isEmpty ? [self.name] : path) + [found.name]
        return found
    }

    public init(name: String, abstract: String, discussion: String = "", parameters: [Parameter] = [],
                subcommands: [CommandSpec] = [], version: String? = nil, path: [String] = [],
                absent: [AbsentOption] = []) {
        self.init(name: name, abstract: abstract, discussion: discussion, parameters: parameters,
                  made: subcommands.map { spec in Subcommand(spec.name) { spec } }, version: version, path: path,
                  absent: absent)
    }

    /// A command whose subcommands' specs are made when read.
    public init(name: String, abstract: String, discussion: String = "", parameters: [Parameter] = [],
                made subcommands: [Subcommand], version: String? = nil, path: [String] = [],
                absent: [AbsentOption] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.parameters = parameters
        self.subcommandEntries = subcommands
        self.version = version
        self.path = path
        self.absent = absent
    }

    public var qualifiedName: String { (path.isEmpty ? [name] : path).joined(separator: " ") }
}
