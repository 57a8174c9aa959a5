import Foundation
import Yams

/// Reads YAML (and JSON, which the same parser reads) into a `SceneNode`
/// tree with lines, through Yams' node API: no types are guessed here, the
/// scene's schema decides them later.
public enum YAMLReader {
    /// The tree of `text`; `file` names it in diagnostics.
    public static func read(_ text: String, file: String) throws(SceneLoadError) -> SceneNode {
        var log = DiagnosticLog(file: file)
        // The parser and this reader recurse once a level: refuse what would
        // exhaust the stack before either sees it.
        if let line = NestingScan.firstLineDeeper(than: maximumDepth, in: text) {
            log.error("the scene nests more than \(maximumDepth) levels deep", line: line)
            throw SceneLoadError(log.sorted)
        }
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let (line, message) = describe(error)
            log.error(message, line: line)
            throw SceneLoadError(log.sorted)
        } catch {
            log.error("bad YAML: \(error)", line: nil)
            throw SceneLoadError(log.sorted)
        }
        guard let root else {
            log.error("the scene is empty; it needs at least `controls:` or `behaviours:`", line: 1)
            throw SceneLoadError(log.sorted)
        }
        var budget = maximumNodes
        let node = convert(root, log: &log, budget: &budget)
        if budget < 0 {
            // Aliases can repeat a subtree exponentially ("billion laughs").
            log.error("the scene has more than \(maximumNodes) values (are aliases repeating each other?)", line: nil)
        }
        guard log.isEmpty else { throw SceneLoadError(log.sorted) }
        return node
    }

    static let maximumDepth = 200
    static let maximumNodes = 100_000

    private static func convert(_ node: Yams.Node, log: inout DiagnosticLog, budget: inout Int) -> SceneNode {
        let line = node.mark?.line ?? 0
        budget -= 1
        guard budget >= 0 else { return .scalar("", quoted: false, line: line) }
        switch node {
        case .scalar(let scalar):
            // Quoted and block (`|`, `>`) scalars are text, never numbers.
            let quoted = scalar.style != .plain && scalar.style != .any
            return .scalar(scalar.string, quoted: quoted, line: line)
        case .sequence(let sequence):
            return .list(sequence.map { convert($0, log: &log, budget: &budget) }, line: line)
        case .mapping(let mapping):
            var entries: [SceneNode.Entry] = []
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else {
                    log.error("a key must be a name, not a \(key.sequence != nil ? "list" : "mapping")", line: key.mark?.line)
                    continue
                }
                entries.append(SceneNode.Entry(key: scalar.string, value: convert(value, log: &log, budget: &budget),
                                               keyLine: key.mark?.line ?? line))
            }
            return .map(entries, line: line)
        }
    }

    /// Yams' own words and line for a parse error.
    private static func describe(_ error: YamlError) -> (Int?, String) {
        func detail(_ problem: String, _ context: YamlError.Context?) -> String {
            guard let context else { return "bad YAML: \(problem)" }
            return "bad YAML: \(problem) (\(context.text) at line \(context.mark.line))"
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return (mark.line, detail(problem, context))
        case .reader(let problem, let offset, _, let yaml):
            let line = offset.map { offset in yaml.prefix(offset).filter { $0 == "\n" }.count + 1 }
            return (line, "bad YAML: \(problem)")
        default:
            return (nil, "bad YAML: \(error)")
        }
    }
}
