import BehaveCore
import BehaveLua
import BehaveScene

extension LooseValue {
    /// The table of `scene.new{ … }` as the tree a scene file reads to.
    /// Strings are quoted scalars (always strings); every node is on `line`,
    /// the spec's. Keys come sorted: a Lua table has no order.
    func sceneNode(line: Int) throws(LuaError) -> SceneNode {
        switch self {
        case .null: return .scalar("", quoted: false, line: line)
        case .bool, .number: return .scalar(written ?? "", quoted: false, line: line)
        case .text(let s, _): return .scalar(s, quoted: true, line: line)
        case .list(let items):
            var nodes: [SceneNode] = []
            for item in items { nodes.append(try item.sceneNode(line: line)) }
            return .list(nodes, line: line)
        case .map(let entries):
            var nodes: [SceneNode.Entry] = []
            for entry in entries {
                nodes.append(SceneNode.Entry(key: entry.key, value: try entry.value.sceneNode(line: line), keyLine: line))
            }
            return .map(nodes, line: line)
        case .other(let type):
            throw LuaError("a scene cannot hold a \(type)")
        }
    }
}
