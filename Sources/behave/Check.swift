import BehaveCommandLine
import BehaveCheck
import BehaveCore
import BehaveLua
import BehaveScene
import BehaveSpec
import BehaveSyntax
import Foundation

struct Check: Command {
    static let name = "check"
    static let spec = CommandSpec(
        name: name,
        abstract: "Check scene files and scripts (syntax, declarations, types, and the script linter) without running them.",
        discussion: """
            Prints `FILE: ok` on standard output for each valid file; every mistake (`file:line: message`, scripts: \
            `file:line:column: error: message; fix`) and warning goes to standard error. With --json, one JSON \
            document on standard output, the result. Exit status: 0 when no file has an error (warnings allowed), 2 otherwise.
            """,
        parameters: [
            .argument("files", help: "Scene files (.yaml, .yml, .json) and scripts (.lua).", repeatable: true),
            .flag("json", help: "Print the findings as one JSON document (for editors and CI)."),
            .flag("luacheckrc", help: "Print a .luacheckrc with Behave's globals, for luacheck users, and exit."),
        ] + LimitOptions.parameters)

    var files: [String]
    var json: Bool
    var luacheckrc: Bool
    var limits: LimitOptions

    init(_ arguments: ParsedArguments) throws(ArgumentError) {
        files = arguments.strings("files")
        json = arguments.flag("json")
        luacheckrc = arguments.flag("luacheckrc")
        limits = try LimitOptions(arguments)
        guard !files.isEmpty || luacheckrc else { throw ArgumentError("give at least one scene file or script to check") }
    }

    func run() -> Int32 {
        if luacheckrc {
            print(LuacheckStandard.text, terminator: "")
            return 0
        }
        var valid = true
        var reports: [JSON] = []
        let checked = Check.following(files)
        let named = Set(checked.map { Check.key($0.file) })
        for (file, isModule, ofSpec) in checked {
            var (errors, warnings) = findings(for: file, isModule: isModule, lintedAs: ofSpec ? .specModule : nil)
            if Checker.isScene(file), errors.isEmpty {
                let lint = sceneScriptFindings(file, except: named)
                errors += lint.filter { !$0.isWarning }
                warnings += lint.filter(\.isWarning)
            }
            valid = valid && errors.isEmpty
            if json {
                reports.append(.object([("file", .string(file)), ("ok", .bool(errors.isEmpty)),
                                        ("findings", .array((errors + warnings).sorted(by: CheckItem.inFileOrder).map(\.json)))]))
                continue
            }
            // Diagnostics on standard error, one a line whatever the names
            // in them; warnings do not make a file invalid.
            for item in errors + warnings {
                FileHandle.standardError.write(Data((DisplayText.line(item.description) + "\n").utf8))
            }
            if errors.isEmpty { print("\(DisplayText.line(file)): ok") }
        }
        if json { print(JSON.object([("ok", .bool(valid)), ("files", .array(reports))]).text) }
        return valid ? 0 : 2
    }

    /// What the linter finds in the scripts a scene loads, as `behave run`
    /// prints them when it loads the scene (knowing the scene's outlet
    /// collections): a scene whose script `run` would tell of a mistake is
    /// no more "ok" than the script. A script checked by name tells its own
    /// findings, once; the scene tells only those its collection sizes add
    /// (`self.stars[3]` of 2 stars), which the script alone cannot know.
    private func sceneScriptFindings(_ scene: String, except named: Set<String>) -> [CheckItem] {
        let sizes = SceneFiles.collectionSizes(inScene: scene)
        return ScriptLint.linted(SceneFiles.scripts(inScene: scene), collectionSizes: sizes)
            .flatMap { script -> [LintFinding] in
                let found = ScriptLint.findings(path: script, kind: .behaviour, collectionSizes: sizes[script] ?? [:])
                guard named.contains(Check.key(script)), !found.isEmpty else { return found }
                let own = ScriptLint.findings(path: script, kind: .behaviour)
                return found.filter { !own.contains($0) }
            }
            .map(CheckItem.finding)
    }

    /// `files` with the modules they require, each once (`SceneFiles.following`),
    /// a spec file's found as its `require` finds them and linted as the
    /// spec is (`ofSpec`: they see its globals, `describe` and `spy`).
    private static func following(_ files: [String]) -> [(file: String, isModule: Bool, ofSpec: Bool)] {
        var seen = Set<String>()
        var result: [(file: String, isModule: Bool, ofSpec: Bool)] = []
        let named = Set(files.map(key))
        for (file, isModule) in SceneFiles.following(files) where seen.insert(key(file)).inserted {
            result.append((file, isModule, false))
            guard ScriptLinter.Kind(file: file) == .spec else { continue }
            // A module given by name is checked in its place.
            for module in SpecModules.files(requiredBy: file) where !named.contains(key(module)) && seen.insert(key(module)).inserted {
                result.append((LuaScript.display(module), true, true))
            }
        }
        return result
    }

    /// One file by every path to it.
    private static func key(_ path: String) -> String {
        FileAccess.realPath(FileAccess.absolutePath(path)) ?? FileAccess.absolutePath(path)
    }

    /// A file's errors and warnings: a scene's diagnostics, or a script's
    /// load errors and linter findings.
    private func findings(for file: String, isModule: Bool, lintedAs kind: ScriptLinter.Kind?) -> (errors: [CheckItem], warnings: [CheckItem]) {
        let isSpec = ScriptLinter.Kind(file: file) == .spec
        // A spec file or a module is no behaviour: it is compiled, not run.
        let loaded = ((isSpec || isModule) && LuaScript.locate(file) != nil
            ? Checker.compile(file, limits: limits.sandboxLimits) : Checker.inspect(file, limits: limits.sandboxLimits))
            .map(CheckItem.diagnostic)
        // Only a script is linted: a `.ui` file read as Lua gave a syntax
        // error beside the refusal.
        guard !Checker.isScene(file), (file as NSString).pathExtension.lowercased() == "lua",
              let path = LuaScript.locate(file) else {
            return (loaded.filter { !$0.isWarning }, loaded.filter(\.isWarning))
        }
        var load = loaded
        let lint = ScriptLint.findings(path: path, kind: kind)
        if let syntax = lint.first(where: ScriptLinter.isSyntaxError) {
            // The linter's reading (column and fix) first, then Lua's own
            // message as detail; the linter read no further.
            // (A chain too slow to compile is the parser's alone: Lua was not asked.)
            let items = [CheckItem.finding(syntax)] + load.filter { item in
                guard case .diagnostic(let diagnostic) = item else { return true }
                return !diagnostic.message.hasPrefix(syntax.message)
            }
            return (items.filter { !$0.isWarning }, items.filter(\.isWarning))
        }
        if lint.contains(where: { $0.code == "missing-return" }) {
            // The same mistake, said with the class's local name.
            load.removeAll { !$0.isWarning && $0.message.contains("return") }
        }
        let items = load + lint.map(CheckItem.finding)
        return (items.filter { !$0.isWarning }.sorted(by: CheckItem.inFileOrder),
                items.filter(\.isWarning).sorted(by: CheckItem.inFileOrder))
    }
}

/// A scene or load diagnostic, or a linter finding, as `check` prints it.
enum CheckItem {
    case diagnostic(SceneDiagnostic)
    case finding(LintFinding)

    var isWarning: Bool {
        switch self {
        case .diagnostic(let d): d.isWarning
        case .finding(let f): f.severity == .warning
        }
    }

    var message: String {
        switch self {
        case .diagnostic(let d): d.message
        case .finding(let f): f.message
        }
    }

    var description: String {
        switch self {
        case .diagnostic(let d): d.description
        case .finding(let f): f.description
        }
    }

    private var order: (Int, Int) {
        switch self {
        case .diagnostic(let d): (d.line ?? 0, 0)
        case .finding(let f): (f.position.line, f.position.column)
        }
    }

    static func inFileOrder(_ a: CheckItem, _ b: CheckItem) -> Bool { a.order < b.order }

    var json: JSON {
        switch self {
        case .finding(let f): return f.json
        case .diagnostic(let d):
            return .object([
                ("file", .string(d.file)), ("line", d.line.map { .number(Double($0)) } ?? .null), ("column", .null),
                ("severity", .string(d.isWarning ? "warning" : "error")), ("code", .string("load")),
                ("message", .string(d.message)), ("fix", .null),
            ])
        }
    }
}
