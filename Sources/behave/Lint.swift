import BehaveCheck
import BehaveCore
import BehaveLua
import BehaveScene
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

    /// Prints the findings of each script once, on standard error; what
    /// the loader stops on (a syntax error, a missing `return`) is left to
    /// it, which says the same. The files in `specs` are spec files, whatever
    /// their names, those in `specModules` modules a spec requires, those in
    /// `modules` modules a script requires (told by name and source, as
    /// `check` tells them), the others behaviours; `collectionSizes` gives,
    /// by script, the sizes of its outlet collections that a scene tells;
    /// `names`, by path read, the path as named through a linked folder,
    /// which the findings are named by.
    static func warn(scripts paths: [String], specs: Set<String> = [], specModules: Set<String> = [],
                     modules: Set<String> = [], collectionSizes: [String: [String: Int]] = [:],
                     names: [String: String] = [:]) {
        var seen = Set<String>()
        for path in linted(paths, collectionSizes: collectionSizes) where seen.insert((path as NSString).standardizingPath).inserted {
            // What a scene loads or a spec names as a script is a behaviour:
            // no reading of the whole source to tell.
            let kind: ScriptLinter.Kind? = specs.contains(path) ? .spec : specModules.contains(path) ? .specModule
                : modules.contains(path) ? nil : .behaviour
            for finding in findings(path: path, named: names[path], kind: kind, collectionSizes: collectionSizes[path] ?? [:])
            where !ScriptLinter.stopsLoading(finding) {
                FileHandle.standardError.write(Data((DisplayText.line(finding.description) + "\n").utf8))
            }
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
