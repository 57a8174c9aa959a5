import BehaveCore

/// The Swift objects scripts hold, by handle. A userdata carries only the
/// handle. Controls are held weakly (using a control that is gone is a clean
/// error); connections and timers are held until their behaviour dies.
/// Handles are never reused, so an old userdata can never reach a new object.
struct ObjectTable {
    struct Entry {
        weak var object: AnyObject?
        var strong: AnyObject?
        let kind: Kind
    }

    enum Kind { case control, connection, timer }

    private(set) var entries: [Entry] = []
    private var handles: [ObjectIdentifier: Int32] = [:]
    /// The handles each behaviour made, released when it dies.
    private var owned: [ObjectIdentifier: [Int32]] = [:]

    /// The handle of a control, the same one each time while it lives.
    mutating func handle(for control: Control) -> Int32 {
        let id = ObjectIdentifier(control)
        if let handle = handles[id], entries[Int(handle)].object === control { return handle }
        entries.append(Entry(object: control, strong: nil, kind: .control))
        let handle = Int32(entries.count - 1)
        handles[id] = handle
        return handle
    }

    /// A handle for an object a behaviour made (kept until it dies).
    mutating func handle(for object: AnyObject, kind: Kind, owner: LuaBehaviour) -> Int32 {
        entries.append(Entry(object: object, strong: object, kind: kind))
        let handle = Int32(entries.count - 1)
        owned[ObjectIdentifier(owner), default: []].append(handle)
        return handle
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
        for handle in owned.removeValue(forKey: ObjectIdentifier(behaviour)) ?? [] {
            entries[Int(handle)].strong = nil
        }
    }
}
