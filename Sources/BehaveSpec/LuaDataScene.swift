import BehaveCore
import BehaveLua
import BehaveScene
import BehaveSyntax

extension LooseValue {
    /// The table of `scene.new{ … }` as the tree a scene file reads to.
    /// Strings are quoted scalars (always strings); numbers and bools stay
    /// typed, never written to text and parsed again. `written` is how the
    /// spec writes it (`SceneTableSource`): each part it writes is on its
    /// line and in its order; the rest is on `line` (the call's), its keys
    /// sorted, as a Lua table has no order.
    func sceneNode(line: Int, written: LuaExpression? = nil) throws(LuaError) -> SceneNode {
        let line = written?.position.line ?? line
        switch self {
        case .null: return .scalar(.text("", quoted: false), line: line)
        case .bool(let b): return .scalar(.bool(b), line: line)
        case .number(let n): return .scalar(.number(n), line: line)
        case .text(let s, _): return .scalar(.text(s, quoted: true), line: line)
        case .list(let items):
            let positional = written?.tableItems?.compactMap { item -> LuaExpression? in
                if case .positional(let value) = item { value } else { nil }
            } ?? []
            var nodes: [SceneNode] = []
            for (index, item) in items.enumerated() {
                nodes.append(try item.sceneNode(line: line, written: index < positional.count ? positional[index] : nil))
            }
            return .list(nodes, line: line)
        case .map(let entries):
            let keys = written.map(SceneTableSource.keys(of:)) ?? [:]
            // Written keys in the order written, then the others, sorted.
            let ordered = entries.enumerated().sorted { a, b in
                switch (keys[a.element.key]?.position, keys[b.element.key]?.position) {
                case (let p?, let q?): p < q
                case (_?, nil): true
                case (nil, _?): false
                case (nil, nil): a.offset < b.offset
                }
            }.map(\.element)
            var nodes: [SceneNode.Entry] = []
            for entry in ordered {
                let source = keys[entry.key]
                nodes.append(SceneNode.Entry(key: entry.key, value: try entry.value.sceneNode(line: line, written: source?.value),
                                             keyLine: source?.position.line ?? line))
            }
            return .map(nodes, line: line)
        case .other(let type):
            throw LuaError("a scene cannot hold a \(type)")
        }
    }
}

private extension LuaExpression {
    var tableItems: [LuaTableItem]? {
        if case .table(let items, _) = self { items } else { nil }
    }
}
