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
    /// `collectionSizes`: the outlet collections' sizes a scene gives.
    static func findings(path: String, kind: ScriptLinter.Kind? = nil, collectionSizes: [String: Int] = [:]) -> [LintFinding] {
        guard let script = try? LuaScript(contentsOf: path) else { return [] }
        return ScriptLinter.lint(script.source, file: script.displayName, kind: kind, collectionSizes: collectionSizes)
    }

    /// Prints the findings of each script once, on standard error; what
    /// the loader stops on (a syntax error, a missing `return`) is left to
    /// it, which says the same. The files in `specs` are spec files, whatever
    /// their names; `collectionSizes` gives, by script, the sizes of its
    /// outlet collections that a scene tells.
    static func warn(scripts paths: [String], specs: Set<String> = [], collectionSizes: [String: [String: Int]] = [:]) {
        var seen = Set<String>()
        for path in paths where seen.insert((path as NSString).standardizingPath).inserted {
            let kind: ScriptLinter.Kind? = specs.contains(path) ? .spec : nil
            for finding in findings(path: path, kind: kind, collectionSizes: collectionSizes[path] ?? [:])
            where !ScriptLinter.stopsLoading(finding) {
                FileHandle.standardError.write(Data((DisplayText.line(finding.description) + "\n").utf8))
            }
        }
    }

    /// The behaviour scripts a spec file names (`scene.script("toggle.lua")`,
    /// or a scene file's `script:`), found as `behave test` would.
    static func scripts(usedBy specFiles: [String]) -> [String] {
        var scripts: [String] = []
        for spec in specFiles {
            guard let data = FileManager.default.contents(atPath: spec) else { continue }
            let directory = (spec as NSString).deletingLastPathComponent
            for literal in LuaSource.stringLiterals(Array(data)) {
                let lowered = literal.lowercased()
                if lowered.hasSuffix(".lua"), !lowered.hasSuffix("_spec.lua"),
                   let path = LuaScript.locate(literal, relativeTo: directory) {
                    scripts.append(path)
                } else if Checker.isScene(literal), let scene = LuaScript.locate(literal, relativeTo: directory) {
                    scripts += SceneFiles.scripts(inScene: scene)
                }
            }
        }
        return scripts
    }
}
