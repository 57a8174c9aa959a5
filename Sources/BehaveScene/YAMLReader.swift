import Foundation

/// Reads YAML (and JSON, which is YAML) into a `SceneNode` tree with lines:
/// libyaml parses, `YAMLComposer` builds the tree within its bounds. No
/// types are guessed here, the scene's schema decides them later.
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
    /// cannot be read at all throws.
    static func parse(_ text: String, file: String,
                      maximumNodes: Int = maximumNodes) throws(SceneLoadError) -> (SceneNode, DiagnosticLog) {
        var log = DiagnosticLog(file: file)
        let format = isJSON(file) ? "JSON" : "YAML"
        let bytes = isJSON(file) ? JSONSurrogates.joiningPairs(in: Array(text.utf8)) : Array(text.utf8)
        let composer = YAMLComposer(maximumDepth: maximumDepth, maximumValues: maximumNodes)
        do throws(YAMLComposer.Stop) {
            let node = try composer.compose(bytes, log: &log)
            return (node, log)
        } catch {
            let (line, message) = describe(error, format: format, in: bytes, maximumNodes: maximumNodes)
            log.error(message, line: line)
            throw SceneLoadError(log.sorted)
        }
    }

    static func isJSON(_ file: String) -> Bool {
        (file as NSString).pathExtension.lowercased() == "json"
    }

    /// The number of the last line of `text` (a final line break ends a
    /// line, it does not start one).
    static func lastLine(of text: String) -> Int {
        lastLine(of: Array(text.utf8))
    }

    static func lastLine(of bytes: [UInt8]) -> Int {
        let breaks = lineBreaks(in: bytes[...])
        return max(1, breaks.endsWithBreak ? breaks.count : breaks.count + 1)
    }

    /// The line of the byte at `offset`.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        lineBreaks(in: bytes[..<min(offset, bytes.count)]).count + 1
    }

    /// Line breaks as YAML counts them: CR LF, CR, LF, NEL, LS and PS each
    /// end one line (so that lines agree with libyaml's).
    private static func lineBreaks(in bytes: ArraySlice<UInt8>) -> (count: Int, endsWithBreak: Bool) {
        var count = 0
        var endsWithBreak = false
        forEachLine(in: bytes) { _, brokenOff in
            if brokenOff { count += 1 }
            endsWithBreak = brokenOff
        }
        return (count, endsWithBreak)
    }

    /// The text of each line, without its break, numbered as libyaml numbers
    /// them (line 1 is the first element).
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        forEachLine(in: bytes[...]) { line, _ in lines.append(line) }
        return lines
    }

    /// Calls `body` with each line's text and whether a break ends it (the
    /// last line may have none; text that ends with a break has no empty
    /// line after it).
    private static func forEachLine(in bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>, Bool) -> Void) {
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            var length = 0
            if byte == 0x0A {
                length = 1
            } else if byte == 0x0D {
                length = index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, index + 1 < bytes.endIndex, bytes[index + 1] == 0x85 {
                length = 2
            } else if byte == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                length = 3
            }
            if length > 0 {
                body(bytes[start..<index], true)
                index += length
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.endIndex { body(bytes[start...], false) }
    }

    /// The words and line for why reading stopped. libyaml places an error
    /// at the end of the text on the line after a final line break: such a
    /// line is the last one.
    private static func describe(_ stop: YAMLComposer.Stop, format: String, in bytes: [UInt8],
                                 maximumNodes: Int) -> (Int?, String) {
        let lastLine = lastLine(of: bytes)
        func clamp(_ line: Int) -> Int { min(max(line, 1), lastLine) }
        switch stop {
        case .syntax(let problem, let line, let context, let contextLine):
            // libyaml's words say nothing of an overlong key: say it.
            for keyLine in Set([clamp(contextLine), clamp(line)]).sorted() {
                guard let (length, quoted) = YAMLAdvice.overlongKey(on: keyLine, in: bytes) else { continue }
                return (keyLine, "bad \(format): a key on this line is \(length) characters long\(quoted ? " with its quotes" : ""), and a key may have at most \(YAMLAdvice.longestKey); shorten the key (a scene's names are short: `likeButton`)")
            }
            let fix = YAMLAdvice.fix(problem: problem, line: clamp(line), context: context,
                                     contextLine: clamp(contextLine), in: bytes,
                                     json: format == "JSON").map { "; \($0)" } ?? ""
            guard let context else { return (clamp(line), "bad \(format): \(problem)\(fix)") }
            return (clamp(line), "bad \(format): \(problem) (\(context) at line \(clamp(contextLine)))\(fix)")
        case .reader(let problem, let offset, let value):
            let character = value >= 0 ? " (U+\(String(format: "%04X", value)))" : ""
            return (clamp(line(of: offset, in: bytes)), "bad \(format): \(problem)\(character)")
        case .tooDeep(let line):
            return (clamp(line), "the scene nests more than \(maximumDepth) levels deep")
        case .tooManyValues(let line, let byAlias):
            let why = byAlias ? " once its aliases are expanded (each alias counts every value it repeats)" : ""
            return (clamp(line), "the scene has more than \(maximumNodes) values\(why); a scene may hold at most \(maximumNodes)")
        case .undefinedAlias(let name, let line):
            return (clamp(line), "bad \(format): the alias `*\(name)` names no anchor `&\(name)` before it")
        case .secondDocument(let line):
            return (clamp(line), "bad \(format): a scene file holds one document, and a second one starts here")
        case .empty:
            return (1, "the scene is empty; it needs at least `controls:` or `behaviours:`")
        case .outOfMemory:
            return (nil, "bad \(format): out of memory while reading")
        }
    }
}
