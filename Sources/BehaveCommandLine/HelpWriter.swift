/// `behave run --help`: a command's overview, usage, and each argument and
/// option with its help, wrapped to 80 columns; a default is shown once.
public enum HelpWriter {
    public static let width = 80
    /// Where an entry's help starts; a longer label puts it on the next line.
    public static let helpColumn = 26

    public static func text(for command: CommandSpec, version: Bool) -> String {
        var out = wrap(command.abstract, indent: "", first: "OVERVIEW: ") + "\n"
        if !command.discussion.isEmpty {
            // Each line of the discussion is a paragraph of its own.
            out += command.discussion.split(separator: "\n").map { wrap(String($0), indent: "", first: "") }.joined() + "\n"
        }
        out += "USAGE: " + usage(command) + "\n\n"
        let shown = command.parameters.filter { !$0.hidden }
        let arguments = shown.filter { if case .argument = $0.kind { true } else { false } }
        if !arguments.isEmpty {
            out += "ARGUMENTS:\n" + arguments.map(entry).joined() + "\n"
        }
        let named = shown.filter { !$0.isPositional }
        var sections: [String] = []
        for parameter in named {
            if let section = parameter.section, !sections.contains(section) { sections.append(section) }
        }
        for section in sections {
            out += section.uppercased() + ":\n" + named.filter { $0.section == section }.map(entry).joined() + "\n"
        }
        out += "OPTIONS:\n" + named.filter { $0.section == nil }.map(entry).joined()
        if version { out += entry(label: "--version", help: "Show the version.") }
        out += entry(label: "-h, --help", help: "Show help information.")
        if command.hasSubcommands {
            out += "\nSUBCOMMANDS:\n" + command.subcommands.map { entry(label: $0.name, help: $0.abstract) }.joined()
            out += "\n  See '\(command.qualifiedName) help <subcommand>' for detailed help.\n"
        }
        return out
    }

    /// `behave run <file> [--set <NAME=VALUE> ...] [--json]`, or with
    /// `[<options>]` when that would be too long to read.
    public static func usage(_ command: CommandSpec) -> String {
        let name = command.qualifiedName
        if command.hasSubcommands { return name + " <subcommand>" }
        let shown = command.parameters.filter { !$0.hidden }
        let positionals = shown.filter(\.isPositional).map { parameter in
            parameter.repeatable ? "[\(parameter.display) ...]"
                : parameter.defaultValue != nil ? "[\(parameter.display)]" : parameter.display
        }
        let options = shown.filter { !$0.isPositional }.map { parameter in
            "[" + (parameter.short.map { "-\($0)" + (parameter.takesValue ? " <\(parameter.valueName)>" : "") }
                ?? parameter.display) + (parameter.repeatable ? " ..." : "") + "]"
        }
        let full = ([name] + positionals + options).joined(separator: " ")
        guard full.count > 160 else { return full }
        return ([name, "[<options>]"] + positionals).joined(separator: " ")
    }

    private static func entry(_ parameter: Parameter) -> String {
        var label = parameter.display
        if case .flag(inverted: true) = parameter.kind { label = "--\(parameter.name)/--no-\(parameter.name)" }
        if let short = parameter.short { label = "-\(short), " + label }
        var help = parameter.help
        if let value = parameter.defaultValue, !value.isEmpty, !help.contains("(default") {
            help += " (default: \(value))"
        }
        return entry(label: label, help: help)
    }

    private static func entry(label: String, help: String) -> String {
        let indent = String(repeating: " ", count: helpColumn)
        let start = "  " + label
        if start.count + 2 > helpColumn {
            return start + "\n" + wrap(help, indent: indent, first: indent)
        }
        return wrap(help, indent: indent, first: start + String(repeating: " ", count: helpColumn - start.count))
    }

    /// Words filled to `width`, the first line after `first`, the others after `indent`.
    public static func wrap(_ text: String, indent: String, first: String) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord, line.count + 1 + word.count >= width {
                lines.append(line)
                line = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
