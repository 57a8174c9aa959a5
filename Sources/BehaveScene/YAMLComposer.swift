import CYaml

/// Builds a `SceneNode` tree from libyaml's parse events (libyaml comes with
/// Yams). Yams' own composer recurses once a level, so deep enough text
/// exhausts the stack whatever a scan beforehand believed; here the tree is
/// built with an explicit stack, and every bound is checked where a node is
/// made, so nothing in the text can get past them:
/// * a collection more than `maximumDepth` levels deep, directly or through
///   an alias, stops at its line;
/// * every value counts, an alias as every value it repeats ("billion
///   laughs"), and more than `maximumValues` stops at the line that goes over.
/// libyaml itself keeps its state on the heap, and stops soon after the
/// point where composing stops: its look-ahead is bounded by YAML's rules.
struct YAMLComposer {
    let maximumDepth: Int
    let maximumValues: Int

    /// Why composing stopped. Lines count as YAML counts them (CR LF, CR,
    /// LF, NEL, LS and PS each end a line).
    enum Stop: Error {
        /// libyaml's words: the problem, its line, and what it was reading.
        case syntax(problem: String, line: Int, context: String?, contextLine: Int)
        /// Bytes YAML does not accept (a control character), at a byte offset.
        case reader(problem: String, offset: Int, value: Int32)
        case tooDeep(line: Int)
        case tooManyValues(line: Int, byAlias: Bool)
        case undefinedAlias(String, line: Int)
        case secondDocument(line: Int)
        case empty
        case outOfMemory
    }

    /// A collection being read: its items so far (a mapping's keys and
    /// values alternate), and what an alias to it would cost.
    private struct Open {
        let isMapping: Bool
        let line: Int
        let anchor: String?
        var items: [SceneNode] = []
        var values = 1
        var height = 1
    }

    /// A finished node with what an alias to it would repeat.
    private struct Anchored {
        let node: SceneNode
        let values: Int
        let height: Int
    }

    /// The root of the single document in `bytes` (UTF-8: libyaml finds the
    /// encoding by the first bytes, and only UTF-8 reaches it), and the keys that
    /// are not names, reported in `log` and left out.
    func compose(_ bytes: [UInt8], log: inout DiagnosticLog) throws(Stop) -> SceneNode {
        guard !bytes.isEmpty else { throw .empty }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw .outOfMemory }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Stop) -> SceneNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try run(&parser, log: &log)
        }
    }

    private func run(_ parser: inout yaml_parser_t, log: inout DiagnosticLog) throws(Stop) -> SceneNode {
        var stack: [Open] = []
        var anchors: [String: Anchored] = [:]
        var values = 0
        var root: SceneNode?
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLComposer.stop(from: parser) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            // A finished node to hand to the collection it is in (or to be the root).
            var finished: (node: SceneNode, values: Int, height: Int, anchor: String?)?
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                if root != nil { throw .secondDocument(line: line) }
            case YAML_STREAM_END_EVENT:
                guard let root else { throw .empty }
                return root
            case YAML_SCALAR_EVENT:
                // A mapping's keys are names, not values.
                if !(stack.last.map { $0.isMapping && $0.items.count % 2 == 0 } ?? false) { values += 1 }
                if values > maximumValues { throw .tooManyValues(line: line, byAlias: false) }
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                // Quoted and block (`|`, `>`) scalars are text, never
                // numbers; so is one tagged `!!str`.
                let tagged = YAMLComposer.tag(scalar.tag, on: .scalar, line: line, log: &log)
                let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE && scalar.style != YAML_ANY_SCALAR_STYLE || tagged == .text
                finished = (.scalar(.text(text, quoted: quoted), line: line), 1, 0, YAMLComposer.string(scalar.anchor))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                values += 1
                if values > maximumValues { throw .tooManyValues(line: line, byAlias: false) }
                if stack.count >= maximumDepth { throw .tooDeep(line: line) }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                _ = YAMLComposer.tag(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag,
                                     on: isMapping ? .mapping : .sequence, line: line, log: &log)
                stack.append(Open(isMapping: isMapping, line: line, anchor: YAMLComposer.string(anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let open = stack.removeLast()
                let node = open.isMapping ? YAMLComposer.mapping(open, log: &log) : .list(open.items, line: open.line)
                finished = (node, open.values, open.height, open.anchor)
            case YAML_ALIAS_EVENT:
                let name = YAMLComposer.string(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else { throw .undefinedAlias(name, line: line) }
                // The alias repeats every value of its target, at this depth.
                if stack.count + target.height > maximumDepth { throw .tooDeep(line: line) }
                values += target.values
                if values > maximumValues { throw .tooManyValues(line: line, byAlias: true) }
                finished = (target.node, target.values, target.height, nil)
            default:
                break   // stream and document boundaries
            }
            guard let (node, nodeValues, height, anchor) = finished else { continue }
            if let anchor { anchors[anchor] = Anchored(node: node, values: nodeValues, height: height) }
            if stack.isEmpty {
                root = node
            } else {
                stack[stack.count - 1].items.append(node)
                stack[stack.count - 1].values += nodeValues
                stack[stack.count - 1].height = max(stack[stack.count - 1].height, height + 1)
            }
        }
    }

    /// A mapping from its alternating keys and values. A key that is not a
    /// name is reported and its entry left out, so reading goes on and every
    /// mistake is listed.
    private static func mapping(_ open: Open, log: inout DiagnosticLog) -> SceneNode {
        var entries: [SceneNode.Entry] = []
        entries.reserveCapacity(open.items.count / 2)
        var index = 0
        while index + 1 < open.items.count {
            let key = open.items[index], value = open.items[index + 1]
            index += 2
            guard case .scalar(.text(let name, _), let keyLine) = key else {
                let kind = if case .list = key { "list" } else { "mapping" }
                log.error("a key must be a name, not a \(kind)", line: key.line)
                continue
            }
            entries.append(SceneNode.Entry(key: name, value: value, keyLine: keyLine))
        }
        return .map(entries, line: open.line)
    }

    /// What a node is, for the tags that fit it.
    enum NodeKind { case scalar, mapping, sequence }

    /// What a node's tag (`!!str`) asks of it. A scene's schema gives every
    /// value its type, so the tags that only say what the node already is
    /// are honoured (`!!map` on a mapping, `!!seq` on a list, `!!str` and
    /// `!` on text, which then is text, never a number); any other tag
    /// (`!!binary`, `!!int`, `!!timestamp`, `!custom`) would be dropped
    /// unsaid, so it is reported at its line and the node read without it.
    enum TagReading: Equatable { case none, text }

    private static let core = "tag:yaml.org,2002:"

    static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?, on kind: NodeKind, line: Int,
                    log: inout DiagnosticLog) -> TagReading {
        guard let tag = string(pointer) else { return .none }
        switch (tag, kind) {
        case ("!", .scalar), (core + "str", .scalar): return .text
        case ("!", _), (core + "map", .mapping), (core + "seq", .sequence): return .none
        default: break
        }
        let written = tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag
        let what = switch kind {
        case .scalar: "a value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
        let fix = tag == core + "binary"
            ? "remove it and give the data a file of its own, which the scene names (an image by its name)"
            : "remove it: the scene gives each value its type (`!!str` may stay, to make a value text)"
        log.error("the YAML tag `\(written)` on \(what) is not one Behave reads; \(fix)", line: line)
        return .none
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func stop(from parser: yaml_parser_t) -> Stop {
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "unknown problem" }
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return .outOfMemory
        case YAML_READER_ERROR:
            return .reader(problem: text(parser.problem), offset: parser.problem_offset, value: parser.problem_value)
        default:
            return .syntax(problem: text(parser.problem), line: Int(parser.problem_mark.line) + 1,
                           context: parser.context.map { String(cString: $0) },
                           contextLine: Int(parser.context_mark.line) + 1)
        }
    }
}
