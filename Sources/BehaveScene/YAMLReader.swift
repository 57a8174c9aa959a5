import Foundation
import Yams

/// Reads YAML (and JSON, which the same parser reads) into a `SceneNode`
/// tree with lines, through Yams' node API: no types are guessed here, the
/// scene's schema decides them later.
public enum YAMLReader {
    /// The tree of `text`; `file` names it in diagnostics (and says, by its
    /// extension, whether the text is JSON or YAML).
    public static func read(_ text: String, file: String) throws(SceneLoadError) -> SceneNode {
        let (node, log) = try parse(text, file: file)
        guard log.isEmpty else { throw SceneLoadError(log.sorted) }
        return node
    }

    static let maximumDepth = 200
    static let maximumNodes = 1_000_000

    /// The tree, and the mistakes that did not stop reading it: a key that
    /// is not a name is reported and its entry left out, so that the rest
    /// of the scene is still checked and every mistake listed. Text that
    /// cannot be parsed at all throws.
    static func parse(_ text: String, file: String,
                      maximumNodes: Int = maximumNodes) throws(SceneLoadError) -> (SceneNode, DiagnosticLog) {
        var log = DiagnosticLog(file: file)
        let format = isJSON(file) ? "JSON" : "YAML"
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
            let (line, message) = describe(error, format: format, lastLine: lastLine(of: text))
            log.error(message, line: line)
            throw SceneLoadError(log.sorted)
        } catch {
            log.error("bad \(format): \(error)", line: nil)
            throw SceneLoadError(log.sorted)
        }
        guard let root else {
            log.error("the scene is empty; it needs at least `controls:` or `behaviours:`", line: 1)
            throw SceneLoadError(log.sorted)
        }
        var budget = maximumNodes
        let node = convert(root, log: &log, budget: &budget)
        if budget < 0 {
            // Aliases can repeat a subtree exponentially ("billion laughs"):
            // every repetition counts.
            let why = usesAliases(text) ? " once its aliases are expanded (each alias counts every value it repeats)" : ""
            log.error("the scene has more than \(maximumNodes) values\(why); a scene may hold at most \(maximumNodes)",
                      line: nil)
            throw SceneLoadError(log.sorted)
        }
        return (node, log)
    }

    static func isJSON(_ file: String) -> Bool {
        (file as NSString).pathExtension.lowercased() == "json"
    }

    /// The number of the last line of `text` (a final newline ends a line,
    /// it does not start one).
    static func lastLine(of text: String) -> Int {
        var newlines = 0
        var last: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { newlines += 1 }
            last = byte
        }
        return max(1, last == UInt8(ascii: "\n") ? newlines : newlines + 1)
    }

    /// Whether the text has an alias (`*name`) to one of its anchors
    /// (`&name`): an estimate for wording a message, nothing more.
    static func usesAliases(_ text: String) -> Bool {
        func names(after marker: String) -> Set<String> {
            let pattern = "(?:^|[\\s\\[{,])\(marker)([^\\s\\[\\]{},]+)"
            guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
            let range = NSRange(text.startIndex..., in: text)
            return Set(expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
        }
        let anchors = names(after: "&")
        return !anchors.isEmpty && !anchors.isDisjoint(with: names(after: "\\*"))
    }

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
                    // Reported; the entry is left out and reading goes on.
                    log.error("a key must be a name, not a \(key.sequence != nil ? "list" : "mapping")", line: key.mark?.line)
                    continue
                }
                entries.append(SceneNode.Entry(key: scalar.string, value: convert(value, log: &log, budget: &budget),
                                               keyLine: key.mark?.line ?? line))
            }
            return .map(entries, line: line)
        }
    }

    /// Yams' own words and line for a parse error. The parser places an
    /// error at the end of the text on the line after a final newline: such
    /// a line is the last one.
    private static func describe(_ error: YamlError, format: String, lastLine: Int) -> (Int?, String) {
        func clamp(_ line: Int) -> Int { min(max(line, 1), lastLine) }
        func detail(_ problem: String, _ context: YamlError.Context?) -> String {
            guard let context else { return "bad \(format): \(problem)" }
            return "bad \(format): \(problem) (\(context.text) at line \(clamp(context.mark.line)))"
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return (clamp(mark.line), detail(problem, context))
        case .reader(let problem, let offset, _, let yaml):
            let line = offset.map { offset in clamp(yaml.utf8.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count + 1) }
            return (line, "bad \(format): \(problem)")
        default:
            return (nil, "bad \(format): \(error)")
        }
    }
}
