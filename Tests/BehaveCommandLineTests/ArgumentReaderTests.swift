@testable import behave
@testable import BehaveCommandLine
import XCTest

/// The command-line reader on a small command tree: what a user types,
/// what the command gets, and the one-line reason of a mistake.
final class ArgumentReaderTests: XCTestCase {
    private let root = CommandSpec(
        name: "tool", abstract: "A tool.",
        subcommands: [
            CommandSpec(name: "go", abstract: "Go somewhere.", parameters: [
                .argument("file", help: "Where to go."),
                .option("do", valueName: "COMMAND", help: "A command (repeatable).", repeatable: true),
                .option("seed", short: "s", valueName: "N", help: "The seed.", default: "1"),
                .option("name", help: "A name."),
                .flag("json", help: "JSON."),
                .flag("shuffle", inverted: true, help: "Shuffle."),
                .flag("secret", help: "", hidden: true),
            ]),
            CommandSpec(name: "all", abstract: "Every file.", parameters: [
                .argument("paths", help: "Paths.", repeatable: true),
            ]),
        ],
        version: "1.2.3")

    private func values(_ arguments: [String]) throws -> ParsedArguments {
        guard case .run(_, let values) = try ArgumentReader.read(arguments, root: root) else {
            XCTFail("\(arguments) runs nothing")
            return ParsedArguments(parameters: [])
        }
        return values
    }

    private func reason(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentReader.read(arguments, root: root)
            return nil
        } catch {
            return error.reason
        }
    }

    func testValuesComeBackTyped() throws {
        let go = try values(["go", "a.lua", "--do", "tap", "--json", "-s", "7", "--do=quit", "--no-shuffle"])
        XCTAssertEqual(go.string("file"), "a.lua")
        XCTAssertEqual(go.strings("do"), ["tap", "quit"])
        XCTAssertEqual(try go.value("seed", as: UInt64.self), 7)
        XCTAssertTrue(go.flag("json"))
        XCTAssertEqual(go.choice("shuffle"), false)
        XCTAssertNil(go.string("name"))
        // Not given: the declared default.
        let plain = try values(["go", "a.lua"])
        XCTAssertEqual(try plain.value("seed", as: Int.self), 1)
        XCTAssertFalse(plain.flag("json"))
        XCTAssertNil(plain.choice("shuffle"))
    }

    func testUnknownOption() {
        XCTAssertEqual(reason(["go", "a.lua", "--bogus"]), "Unknown option '--bogus'.")
        XCTAssertEqual(reason(["go", "a.lua", "--jsn"]), "Unknown option '--jsn'. Did you mean '--json'?")
        XCTAssertEqual(reason(["go", "a.lua", "-x"]), "Unknown option '-x'.")
        XCTAssertEqual(reason(["frob"]), "Unknown command 'frob'.")
    }

    /// A misspelt option is told the nearest one the command takes, as it
    /// is typed: an inverted flag's `--no-` form, `--help` and the tool's
    /// `--version` included, before a command and after it.
    func testAMisspeltOptionIsToldTheNearestItTakes() {
        XCTAssertEqual(reason(["go", "a.lua", "--no-shufle"]), "Unknown option '--no-shufle'. Did you mean '--no-shuffle'?")
        XCTAssertEqual(reason(["go", "a.lua", "--hlep"]), "Unknown option '--hlep'. Did you mean '--help'?")
        XCTAssertEqual(reason(["go", "--versoin"]), "Unknown option '--versoin'. Did you mean '--version'?")
        XCTAssertEqual(reason(["--versoin"]), "Unknown option '--versoin'. Did you mean '--version'?")
        XCTAssertEqual(reason(["--verison=2"]), "Unknown option '--verison'. Did you mean '--version'?")
        XCTAssertEqual(reason(["go", "a.lua", "--secrt"]), "Unknown option '--secrt'.", "a hidden option is never offered")
    }

    /// `behave`'s subcommands are listed by name and made when read: each
    /// is made under the name it is listed by, in the order help lists.
    func testBehaveSubcommandsAreMadeUnderTheNamesTheyAreListedBy() throws {
        let names = Behave.spec.subcommandNames
        XCTAssertEqual(names, Behave.commands.map { $0.spec.name })
        XCTAssertEqual(Behave.spec.subcommands.map(\.name), names)
        for name in names {
            XCTAssertEqual(Behave.spec.subcommand(name)?.path, ["behave", name])
        }
        guard case .run(let run, _) = try ArgumentReader.read(["run", "toggle.lua"], root: Behave.spec) else {
            return XCTFail("behave run toggle.lua is not read as run")
        }
        XCTAssertEqual(run.qualifiedName, "behave run")
        XCTAssertEqual(run.parameters.first?.name, "file")
    }

    /// Every command of `behave` (but `studio`, whose options another
    /// program reads) suggests each option it takes misspelt by a letter,
    /// as it is typed: `--no-` forms, `--help` and `--version` too.
    func testEveryBehaveCommandSuggestsItsOptionsMisspelt() {
        var checked = 0
        for command in Behave.spec.subcommands where command.name != "studio" {
            var typed = ["--help", "--version"]
            for parameter in command.parameters where !parameter.isPositional && !parameter.hidden {
                typed.append("--" + parameter.name)
                if case .flag(inverted: true) = parameter.kind { typed.append("--no-" + parameter.name) }
            }
            for option in typed where option.count > 5 {
                let typo = String(option.dropLast())
                // Another option may be nearer still (`--tag` is `--tags`'s).
                guard !typed.contains(typo) else { continue }
                do {
                    _ = try ArgumentReader.read([command.name, typo], root: Behave.spec)
                    XCTFail("behave \(command.name) \(typo) is read")
                } catch {
                    XCTAssertEqual(error.reason, "Unknown option '\(typo)'. Did you mean '\(option)'?",
                                   "behave \(command.name)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }

    func testMissingValue() {
        XCTAssertEqual(reason(["go", "a.lua", "--name"]), "Missing value for '--name <name>'.")
        XCTAssertEqual(reason(["go", "a.lua", "--name", "--json"]), "Missing value for '--name <name>'.")
    }

    func testANegativeNumberIsAValue() throws {
        // The option's own check then says what it takes; "missing value" was wrong.
        let go = try values(["go", "a.lua", "--seed", "-3", "--name", "-.5"])
        XCTAssertEqual(go.string("seed"), "-3")
        XCTAssertEqual(go.string("name"), "-.5")
        XCTAssertEqual(reason(["go", "a.lua", "--name", "-x"]), "Missing value for '--name <name>'.")
    }

    func testMissingAndUnexpectedArguments() {
        XCTAssertEqual(reason(["go"]), "Missing expected argument '<file>'.")
        XCTAssertEqual(reason(["go", "a.lua", "b.lua"]), "Unexpected argument 'b.lua'.")
        XCTAssertNil(reason(["all"]), "a repeatable argument may be empty")
    }

    func testARepeatedOptionKeepsTheLastUnlessRepeatable() throws {
        let go = try values(["go", "a.lua", "--name", "one", "--name", "two", "--do", "x", "--do", "y"])
        XCTAssertEqual(go.string("name"), "two")
        XCTAssertEqual(go.strings("do"), ["x", "y"])
    }

    func testDoubleDashEndsOptions() throws {
        let all = try values(["all", "a", "--", "--json", "-"])
        XCTAssertEqual(all.strings("paths"), ["a", "--json", "-"])
        XCTAssertEqual(try values(["go", "--", "-odd.lua"]).string("file"), "-odd.lua")
    }

    func testAFlagTakesNoValue() {
        XCTAssertEqual(reason(["go", "a.lua", "--json=yes"]), "'--json' takes no value, not 'yes'.")
    }

    func testABadNumberIsBadUsage() throws {
        let go = try values(["go", "a.lua", "--seed", "abc"])
        XCTAssertThrowsError(try go.value("seed", as: Int.self)) { error in
            XCTAssertEqual((error as? ArgumentError)?.reason, "The value 'abc' is invalid for '--seed <N>'.")
        }
    }

    func testHelpAndVersionRunNothing() throws {
        for arguments in [["--help"], ["go", "--help"], ["go", "a.lua", "--do", "x", "-h"], ["help", "go"], [],
                          ["go", "--bogus", "--help"]] {
            guard case .help = try ArgumentReader.read(arguments, root: root) else {
                return XCTFail("\(arguments) is not help")
            }
        }
        guard case .help(let go) = try ArgumentReader.read(["go", "--help"], root: root) else { return XCTFail() }
        XCTAssertEqual(go.qualifiedName, "tool go")
        for arguments in [["--version"], ["go", "--version"], ["go", "a.lua", "--version"]] {
            guard case .version(let version) = try ArgumentReader.read(arguments, root: root) else {
                return XCTFail("\(arguments) is not the version")
            }
            XCTAssertEqual(version, "1.2.3")
        }
    }

    func testHelpShowsEachParameterOnceAndHidesHiddenOnes() throws {
        guard case .help(let go) = try ArgumentReader.read(["go", "--help"], root: root) else { return XCTFail() }
        let text = HelpWriter.text(for: go, version: true)
        XCTAssertTrue(text.hasPrefix("OVERVIEW: Go somewhere.\n\nUSAGE: tool go <file> [--do <COMMAND> ...]"), text)
        XCTAssertTrue(text.contains("\n  -s, --seed <N>          The seed. (default: 1)\n"), text)
        XCTAssertTrue(text.contains("\n  --shuffle/--no-shuffle  Shuffle.\n"), text)
        XCTAssertFalse(text.contains("secret"), text)
        XCTAssertTrue(text.hasSuffix("  -h, --help              Show help information.\n"), text)
        // Help is filled to 80 columns; the usage is one line, as long as it takes.
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.hasPrefix("USAGE:") || $0.count < HelpWriter.width }, text)
    }

    /// Each line of a command's discussion is a paragraph of its own
    /// (`HelpWriter`), so one that stops mid-sentence breaks the help
    /// there: every paragraph ends a sentence, or is the synopsis of a
    /// command whose arguments another program reads (`behave window …`).
    func testEveryHelpParagraphEndsASentence() {
        for command in [Behave.spec] + Behave.spec.subcommands {
            for paragraph in command.discussion.split(separator: "\n") {
                XCTAssertTrue(paragraph.hasPrefix("behave ") || paragraph.hasSuffix(".") || paragraph.hasSuffix(")"),
                              "behave \(command.name): \"\(paragraph)\" stops mid-sentence")
            }
        }
    }

    /// Another tool's options a command leaves out are told with their
    /// reason; `behave test`'s list of busted's never names an option it has.
    func testAnAbsentOptionSaysWhy() {
        var command = CommandSpec(name: "test", abstract: "Test.", parameters: [.flag("list", short: "l", help: "List.")],
                                  absent: [AbsentOption(["-v", "--verbose"], "printed whole already"),
                                           AbsentOption(["-l"], "never reached")])
        command.path = ["tool", "test"]
        let tool = CommandSpec(name: "tool", abstract: "A tool.", subcommands: [command])
        func reason(_ arguments: [String]) -> String? {
            do { _ = try ArgumentReader.read(arguments, root: tool); return nil } catch { return error.reason }
        }
        XCTAssertEqual(reason(["test", "--verbose"]), "Unknown option '--verbose': printed whole already")
        XCTAssertEqual(reason(["test", "-v"]), "Unknown option '-v': printed whole already")
        // Misspelt, it is still the other tool's, with its reason.
        XCTAssertEqual(reason(["test", "--verbos"]), "Unknown option '--verbos': printed whole already")
        XCTAssertNil(reason(["test", "-l"]))
        let reader = Test.spec
        for name in Test.bustedOptions.flatMap(\.names) {
            do {
                _ = try ArgumentReader.values([name], for: reader)
                XCTFail("\(name) is read")
            } catch {
                XCTAssertTrue(error.reason.hasPrefix("Unknown option '\(name)': "), error.reason)
            }
        }
    }
}
