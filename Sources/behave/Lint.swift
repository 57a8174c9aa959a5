import BehaveCheck
import BehaveCore
import BehaveLua
import BehaveScene
import BehaveSpec
import BehaveSyntax
import Foundation

/// The linter as the commands use it: `check` reports its findings, `run`
/// and `test` print them on standard error when they load a script.
enum ScriptLint {
    /// The findings in the script at `path`, named as messages name it
    /// (`kind`: what it is; nil: by its name).
    /// `collectionSizes`: the outlet collections' sizes a scene gives;
    /// `named`: the path as named, when it is not `path` (a linked folder).
    static func findings(path: String, named: String? = nil, kind: ScriptLinter.Kind? = nil,
                         collectionSizes: [String: Int] = [:]) -> [LintFinding] {
        guard let script = try? LuaScript(contentsOf: path, named: named) else { return [] }
        return findings(script, path: path, kind: kind, collectionSizes: collectionSizes)
    }

    /// The findings in `script`, read from `path`.
    static func findings(_ script: LuaScript, path: String, kind: ScriptLinter.Kind?,
                         collectionSizes: [String: Int]) -> [LintFinding] {
        let kind = kind ?? ScriptLinter.Kind(file: script.displayName, source: script.source)
        let findings = ScriptLinter.lint(script.source, file: script.displayName, kind: kind,
                                         collectionSizes: collectionSizes)
        guard kind == .spec, !findings.contains(where: ScriptLinter.isSyntaxError) else {
            return findings
        }
        let directory = (path as NSString).deletingLastPathComponent
        let names = SpecSceneNames.findings(script.source, file: script.displayName) { scene in
            guard Checker.isScene(scene), let file = LuaScript.locate(scene, relativeTo: directory) else { return nil }
            return sceneNames(file)
        }
        return (findings + names).sorted { $0.position < $1.position }
    }

    /// The controls and behaviours of a scene file, with their lines; nil
    /// when it cannot be read.
    private static func sceneNames(_ file: String) -> [SpecSceneNames.Named]? {
        guard let node = try? SceneLoader.read(file: file), case .map(let entries, _) = node else { return nil }
        var names: [SpecSceneNames.Named] = []
        for (section, isControl) in [("controls", true), ("behaviours", false)] {
            guard case .map(let items, _)? = entries.first(where: { $0.key == section })?.value else { continue }
            names += items.map { SpecSceneNames.Named(name: $0.key, isControl: isControl, line: $0.keyLine) }
        }
        return names
    }

    /// The scripts of `paths` the linter reads: a bundled script lints clean
    /// (a test checks them all), unless a scene's collection sizes give the
    /// linter more to check.
    static func linted(_ paths: [String], collectionSizes: [String: [String: Int]] = [:]) -> [String] {
        paths.filter { !BundledScripts.isBundled($0) || !(collectionSizes[$0]?.isEmpty ?? true) }
    }

    /// A script to lint, read, with what its findings depend on; `key`:
    /// its lint cache entry (nil: not cached).
    struct Pending {
        let path: String
        let script: LuaScript
        let kind: ScriptLinter.Kind?
        let collectionSizes: [String: Int]
        let key: String?
    }

    /// The scripts to lint, each once, read: those the cache holds as clean
    /// left out. The files in `specs` are spec files, whatever their names,
    /// those in `specModules` modules a spec requires, those in `modules`
    /// modules a script requires (told by name and source, as `check`
    /// tells them), the others behaviours; `collectionSizes` gives, by
    /// script, the sizes of its outlet collections that a scene tells;
    /// `names`, by path read, the path as named through a linked folder,
    /// which the findings are named by. A spec file is linted every time:
    /// its findings depend on the scene files it names too.
    static func pending(scripts paths: [String], specs: Set<String> = [], specModules: Set<String> = [],
                        modules: Set<String> = [], collectionSizes: [String: [String: Int]] = [:],
                        names: [String: String] = [:], cache: LintCache?) -> [Pending] {
        var seen = Set<String>()
        var pending: [Pending] = []
        for path in linted(paths, collectionSizes: collectionSizes) where seen.insert((path as NSString).standardizingPath).inserted {
            guard let script = try? LuaScript(contentsOf: path, named: names[path]) else { continue }
            // What a scene loads or a spec names as a script is a behaviour:
            // no reading of the whole source to tell.
            let kind: ScriptLinter.Kind? = specs.contains(path) ? .spec : specModules.contains(path) ? .specModule
                : modules.contains(path) ? nil : .behaviour
            let sizes = collectionSizes[path] ?? [:]
            // The kind by name, written out: `"\(kind)"` reflects on the
            // enum, 3 M instructions of a start.
            let tag: String? = switch kind {
            case .behaviour?: "behaviour"
            case .specModule?: "spec module"
            case nil: "module"
            case .spec?: nil
            }
            let key = tag.flatMap { cache?.key(for: script, kind: $0, collectionSizes: sizes) }
            if let key, cache?.isClean(key) == true { continue }
            pending.append(Pending(path: path, script: script, kind: kind, collectionSizes: sizes, key: key))
        }
        return pending
    }

    /// Prints the findings of each script on standard error; what the
    /// loader stops on (a syntax error, a missing `return`) is left to it,
    /// which says the same. A script without findings is remembered in
    /// `cache`, unless it was linted as a spec file.
    static func report(_ pending: [Pending], cache: LintCache?) {
        write(lint(pending, cache: cache))
    }

    /// The findings of each script, what the loader stops on left out (it
    /// says the same); a script without findings is remembered in `cache`,
    /// unless it was linted as a spec file.
    static func lint(_ pending: [Pending], cache: LintCache?) -> [LintFinding] {
        pending.flatMap { item in
            // A module whose name or top level makes it a spec file
            // (`names_spec.lua`) is linted as one: its findings depend on
            // the scene files it names, which its key does not hold.
            let kind = item.kind ?? ScriptLinter.Kind(file: item.script.displayName, source: item.script.source)
            let found = findings(item.script, path: item.path, kind: kind, collectionSizes: item.collectionSizes)
            if found.isEmpty, kind != .spec, let key = item.key { cache?.remember(key) }
            return found.filter { !ScriptLinter.stopsLoading($0) }
        }
    }

    /// Prints `findings` on standard error, one a line.
    static func write(_ findings: [LintFinding]) {
        for finding in findings {
            FileHandle.standardError.write(Data((DisplayText.line(finding.description) + "\n").utf8))
        }
    }

    /// `pending` and `report` at once, with the user's lint cache.
    static func warn(scripts paths: [String], specs: Set<String> = [], specModules: Set<String> = [],
                     modules: Set<String> = [], collectionSizes: [String: [String: Int]] = [:],
                     names: [String: String] = [:]) {
        let cache = LintCache.user()
        report(pending(scripts: paths, specs: specs, specModules: specModules, modules: modules,
                       collectionSizes: collectionSizes, names: names, cache: cache), cache: cache)
    }

    /// For `behave test`: prints the findings in `paths` on standard error,
    /// but for the errors in the behaviour scripts under test, returned as
    /// results of the run. Such an error is certain to go wrong when its
    /// line runs, and `check` fails on it: a run whose specs never reach
    /// that line must not pass for it either. A spec's own lines run, and
    /// fail there, when its specs run; and a spec or its module may read a
    /// global the other sets, which the linter, reading one file, cannot see.
    static func errorResults(scripts paths: [String], specs: Set<String>, specModules: Set<String>) -> [SpecResult] {
        let cache = LintCache.user()
        let items = pending(scripts: paths, specs: specs, specModules: specModules, cache: cache)
        let specsFound = lint(items.filter { $0.kind != .behaviour }, cache: cache)
        let scriptsFound = lint(items.filter { $0.kind == .behaviour }, cache: cache)
        write(specsFound + scriptsFound.filter { $0.severity == .warning })
        return scriptsFound.filter { $0.severity == .error }.map { finding in
            SpecResult(file: finding.file, name: "(linting \(finding.file))", line: finding.position.line, status: .errored,
                       location: "\(finding.file):\(finding.position.line)",
                       message: "\(finding.message); \(finding.fix)")
        }
    }

    /// The behaviour scripts a spec file names (`scene.script("toggle.lua")`,
    /// or a scene file's `script:`), found as `behave test` would: only
    /// where the spec may read (`FileAccess.spec(in:)`).
    static func scripts(usedBy specFiles: [String]) -> [String] {
        var scripts: [String] = []
        for spec in specFiles {
            // Read as the runner reads it: a file it refuses (too large, not
            // a regular file) is not lexed whole first, which took a minute
            // for a spec of 100 MB before the runner said it was too large.
            guard let data = try? HostFile.contents(of: spec, maximumBytes: LuaScript.maximumBytes) else { continue }
            let directory = (spec as NSString).deletingLastPathComponent
            let access = FileAccess.spec(in: directory)
            for literal in LuaSource.stringLiterals(data) {
                let lowered = literal.lowercased()
                if lowered.hasSuffix(".lua"), !lowered.hasSuffix("_spec.lua"),
                   let path = try? LuaScript.locate(literal, relativeTo: directory, access: access) {
                    scripts.append(path)
                } else if Checker.isScene(literal),
                          let scene = try? access.check(literal.hasPrefix("/") ? literal : (directory as NSString).appendingPathComponent(literal)) {
                    scripts += SceneFiles.scripts(inScene: scene, access: access)
                }
            }
        }
        return scripts
    }
}
