import BehaveCore

/// The scene schema as a tree, before it means anything: what a YAML or
/// JSON file reads to, and what a Lua table (`scene.new{ … }`) can be turned
/// into. Every node keeps its line, so every mistake can name it; a tree
/// built without a file uses line 0.
public enum SceneNode: Equatable, Sendable {
    case scalar(Scalar, line: Int)
    case list([SceneNode], line: Int)
    /// Entries in the order written; duplicate keys are kept so that they
    /// can be reported.
    case map([Entry], line: Int)

    /// One value: text as a file writes it, or a number or a bool that
    /// came typed (a spec's Lua table) and so is never parsed from text.
    public enum Scalar: Equatable, Sendable {
        /// `quoted` when written in quotes (then it is a string, never a
        /// number or a bool).
        case text(String, quoted: Bool)
        case number(Double)
        case bool(Bool)
    }

    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: SceneNode
        public var keyLine: Int

        public init(key: String, value: SceneNode, keyLine: Int) {
            self.key = key
            self.value = value
            self.keyLine = keyLine
        }
    }

    public var line: Int {
        switch self {
        case .scalar(_, let line), .list(_, let line), .map(_, let line): line
        }
    }

    /// A plain `null`, `~` or nothing at all (`key:`).
    public var isNull: Bool {
        guard case .scalar(.text(let text, false), _) = self else { return false }
        return SceneNode.nullWords.contains(text)
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL", "nil"]

    /// The text of a scalar that is not null; a typed number or bool as a
    /// file would write it (`5` where a name is expected reads as in a file).
    public var text: String? {
        guard case .scalar = self, !isNull else { return nil }
        return looseValue.written
    }

    /// "a list", for messages that say what was found instead.
    var kindDescription: String {
        switch self {
        case .scalar: isNull ? "nothing" : "`\(text ?? "")`"
        case .list: "a list"
        case .map: "a mapping"
        }
    }

    /// The value as scene files write it (typed numbers and bools as they
    /// are), ready for `PropertySpec.convert`.
    public var looseValue: LooseValue {
        switch self {
        case .scalar(.text(let text, let quoted), _):
            isNull ? .null : .text(text, quoted: quoted)
        case .scalar(.number(let n), _):
            .number(n)
        case .scalar(.bool(let b), _):
            .bool(b)
        case .list(let items, _):
            .list(items.map(\.looseValue))
        case .map(let entries, _):
            // The first of duplicate keys wins, as everywhere in a scene.
            .map(entries.map { LooseValue.Entry(key: $0.key, value: $0.value.looseValue) })
        }
    }
}
