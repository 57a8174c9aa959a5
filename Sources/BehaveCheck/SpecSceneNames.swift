import BehaveCore
import BehaveSyntax

/// `behave check` on a spec: a control or behaviour named like a method of
/// the spec's scene object (`remove`, `state`, `show`) is shadowed by the
/// method in `s.NAME`; it is reached as `s.controls.NAME`. Seen where the
/// spec writes the scene (`scene.new{ … }`) or names its file
/// (`scene.load("….scene.yaml")`).
public enum SpecSceneNames {
    /// A control or behaviour of a scene file, and its line there.
    public struct Named: Sendable {
        public var name: String
        public var isControl: Bool
        public var line: Int

        public init(name: String, isControl: Bool, line: Int) {
            self.name = name
            self.isControl = isControl
            self.line = line
        }
    }

    /// The names `s.NAME` does not reach: the scene object's methods
    /// (from the spec API's annotations, which a test holds to the
    /// runtime's) and its two tables.
    public static let taken: Set<String> = {
        var names: Set<String> = ["controls", "behaviours"]
        let marker = "function SpecScene:"
        for line in TypeAnnotations.specAPI.split(separator: "\n") where line.hasPrefix(marker) {
            names.insert(String(line.dropFirst(marker.count).prefix { $0 != "(" }))
        }
        return names
    }()

    /// The findings in a spec's source. `sceneFile` gives the controls and
    /// behaviours of the scene file a `scene.load` names (nil: it cannot be
    /// read; its own load says why).
    public static func findings(_ bytes: [UInt8], file: String, sceneFile: (String) -> [Named]?) -> [LintFinding] {
        guard let chunk = try? LuaParser.parse(bytes) else { return [] }
        var findings: [LintFinding] = []
        chunk.forEachCall { callee, arguments in
            guard findings.count < ScriptLinter.maximumFindings, case .field(.name(let module), let function) = callee,
                  module.name == "scene", let argument = arguments.first else { return }
            switch (function.name, argument) {
            case ("new", .table(let items, _)):
                for (section, isControl) in [("controls", true), ("behaviours", false)] {
                    for name in names(in: items, section: section) where taken.contains(name.name) {
                        findings.append(finding(file: file, at: name.position, name.name, isControl: isControl, in: nil))
                    }
                }
            case ("load", .string(let path, let position)):
                for named in sceneFile(path) ?? [] where taken.contains(named.name) {
                    findings.append(finding(file: file, at: position, named.name, isControl: named.isControl,
                                            in: (path, named.line)))
                }
            default:
                break
            }
        }
        return findings
    }

    /// The keys of `section = { key = …, ["key"] = … }` in a table constructor.
    private static func names(in items: [LuaTableItem], section: String) -> [LuaName] {
        var names: [LuaName] = []
        for case .named(let key, .table(let entries, _)) in items where key.name == section {
            for entry in entries {
                switch entry {
                case .named(let name, _): names.append(name)
                case .keyed(.string(let name, let position), _): names.append(LuaName(name: name, position: position))
                default: break
                }
            }
        }
        return names
    }

    private static func finding(file: String, at position: SourcePosition, _ name: String, isControl: Bool,
                                in scene: (file: String, line: Int)?) -> LintFinding {
        let kind = isControl ? "control" : "behaviour"
        let table = isControl ? "controls" : "behaviours"
        let shown = DisplayText.line(name)
        let subject = scene.map { "the \(kind) `\(shown)` of \(DisplayText.line($0.file)) (line \($0.line))" } ?? "the \(kind) `\(shown)`"
        let what = ["controls", "behaviours"].contains(name) ? "the scene's table `s.\(name)`" : "the scene method `s:\(shown)(…)`"
        return LintFinding(file: file, position: position, severity: .warning, code: "scene-method-name",
                           message: "\(subject) has the name of \(what), so `s.\(shown)` is not the \(kind)",
                           fix: "reach it as `s.\(table).\(shown)`, or give it another name")
    }
}
