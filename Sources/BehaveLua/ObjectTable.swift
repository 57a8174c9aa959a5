import BehaveCore

/// The Swift objects scripts hold, by handle. A userdata carries only the
/// handle. Controls are held weakly (using a control that is gone is a clean
/// error); connections and timers are held until their behaviour dies.
/// Handles are never reused, so an old userdata can never reach a new object.
struct ObjectTable {
    struct Entry {
        weak var object: AnyObject?
        var strong: AnyObject?
        weak var owner: LuaBehaviour?
        let kind: Kind
    }

    enum Kind { case control, connection, timer }

    private(set) var entries: [Entry] = []
    private var handles: [ObjectIdentifier: Int32] = [:]

    /// The handle of a control, the same one each time while it lives.
    mutating func handle(for view: View) -> Int32 {
        let id = ObjectIdentifier(view)
        if let handle = handles[id], entries[Int(handle)].object === view { return handle }
        entries.append(Entry(object: view, strong: nil, owner: nil, kind: .control))
        let handle = Int32(entries.count - 1)
        handles[id] = handle
        return handle
    }

    /// A handle for an object a behaviour made (kept until it dies).
    mutating func handle(for object: AnyObject, kind: Kind, owner: LuaBehaviour) -> Int32 {
        entries.append(Entry(object: object, strong: object, owner: owner, kind: kind))
        return Int32(entries.count - 1)
    }

    func object(_ handle: Int32) -> AnyObject? {
        guard handle >= 0, Int(handle) < entries.count else { return nil }
        return entries[Int(handle)].object
    }

    func kind(_ handle: Int32) -> Kind? {
        guard handle >= 0, Int(handle) < entries.count else { return nil }
        return entries[Int(handle)].kind
    }

    mutating func release(ownedBy behaviour: LuaBehaviour) {
        for index in entries.indices where entries[index].strong != nil {
            if entries[index].owner == nil || entries[index].owner === behaviour { entries[index].strong = nil }
        }
    }
}
