import BehaveCore

/// The Swift objects scripts hold, by handle. A userdata carries only the
/// handle. Controls are held weakly (using a control that is gone is a clean
/// error); connections and timers are held while they may still run (a
/// timer not yet fired, a connection not disconnected) or until their
/// behaviour dies, whichever comes first: one that has ended reads the same
/// through its handle whether it is held or not (`pending` and `connected`
/// false, methods that do nothing). Handles are never reused, so an old
/// userdata can never reach a new object; an entry whose object is gone or
/// has ended is dropped, so a scene that makes and destroys cells for ever,
/// or a behaviour that sets a timer every second for a day, keeps a table of
/// the size of what lives.
struct ObjectTable {
    struct Entry {
        let handle: Int
        /// A control, held weakly.
        weak var control: Control?
        /// A connection or timer, held strongly (a weak reference to it as
        /// well would make it a side table of its own, for nothing).
        var strong: (any Cancellable)?
        /// Released with its behaviour: it stays in the list, speaking for
        /// nothing, until the next sweep.
        var released = false

        var object: AnyObject? { strong ?? control }
    }

    /// Each handle says its kind in its low bits, so that a connection or
    /// timer reads as one (`tostring`, an unknown field's error) after its
    /// entry is dropped.
    enum Kind: Int { case control, connection, timer }

    /// The entries in the order of their handles, which only grow: a new
    /// one is appended, and one is found by halving the list (a dictionary
    /// hashed each and grew its storage).
    private var entries: [Entry] = []
    private var releasedCount = 0
    private var nextHandle = 0
    private var handles: [ObjectIdentifier: Int] = [:]
    /// Entries made since ended ones were last dropped, and how many were
    /// kept then: they are dropped again when the first passes the second,
    /// so the work is constant per handle made.
    private var addedSinceSweep = 0
    private var keptAtSweep = 0

    /// The handle of a control, the same one each time while it lives.
    mutating func handle(for control: Control) -> Int {
        let id = ObjectIdentifier(control)
        if let handle = handles[id], let index = index(of: handle), entries[index].control === control { return handle }
        let handle = add(kind: .control) { Entry(handle: $0, control: control, strong: nil) }
        handles[id] = handle
        return handle
    }

    /// A handle for a connection or timer a behaviour made (kept while it
    /// may run, until the behaviour dies). The behaviour keeps the list of
    /// its handles (`objectHandles`): a list found by the behaviour's
    /// identity could be found again by another behaviour at its address.
    /// Handles of ended entries leave the list each time it reaches a power
    /// of two, so a behaviour that sets a timer every second keeps a list
    /// of the size of what lives.
    mutating func handle(for object: any Cancellable, kind: Kind, owner: LuaBehaviour) -> Int {
        let handle = add(kind: kind) { Entry(handle: $0, control: nil, strong: object) }
        let count = owner.objectHandles.count
        if count >= 64, count & (count - 1) == 0 {
            owner.objectHandles.removeAll { index(of: $0) == nil }
        }
        owner.objectHandles.append(handle)
        return handle
    }

    /// Entries held (live objects, and ended ones not yet dropped).
    var count: Int { entries.count - releasedCount }

    func object(_ handle: Int) -> AnyObject? {
        index(of: handle).flatMap { entries[$0].object }
    }

    func kind(_ handle: Int) -> Kind? {
        Kind(rawValue: handle & 3)
    }

    mutating func release(ownedBy behaviour: LuaBehaviour) {
        for handle in behaviour.objectHandles {
            guard let index = index(of: handle), !entries[index].released else { continue }
            entries[index].released = true
            entries[index].strong = nil
            entries[index].control = nil
            releasedCount += 1
        }
        behaviour.objectHandles.removeAll()
    }

    private mutating func add(kind: Kind, _ entry: (Int) -> Entry) -> Int {
        addedSinceSweep += 1
        if addedSinceSweep > max(64, keptAtSweep) { dropEnded() }
        let handle = nextHandle << 2 | kind.rawValue
        nextHandle += 1
        entries.append(entry(handle))
        return handle
    }

    /// Looks first, and compacts only when something ended: a scene that
    /// only grows (a screen of many behaviours being made) moves nothing.
    private mutating func dropEnded() {
        addedSinceSweep = 0
        guard let first = entries.indices.first(where: { !isLive(at: $0) }) else {
            keptAtSweep = entries.count
            return
        }
        var kept = first
        for index in first..<entries.count where isLive(at: index) {
            entries.swapAt(kept, index)
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        releasedCount = 0
        keptAtSweep = entries.count
        handles = handles.filter { index(of: $0.value) != nil }
    }

    /// Whether the entry at `index` still speaks for something, read in
    /// place: an entry passed to a closure was copied, its weak reference
    /// with it, at every sweep.
    private func isLive(at index: Int) -> Bool {
        if let strong = entries[index].strong { return strong.isActive }
        return entries[index].control != nil
    }

    /// Where the entry of `handle` is, if it is held.
    private func index(of handle: Int) -> Int? { entries.index(ofKey: handle, by: \.handle) }
}

/// The behaviours of a runtime by id, weakly. Ids are never reused; a
/// destroyed behaviour's entry is removed, and one that went without being
/// destroyed (never attached) is dropped as dead controls are. Ids only
/// grow, so the entries are a list in their order, found by halving it: a
/// new one is appended, where a dictionary hashed it and grew its storage.
struct BehaviourTable {
    private struct Slot {
        let id: Int
        weak var behaviour: LuaBehaviour?
        /// Removed (destroyed): it stays in the list until the next sweep.
        var removed = false
    }

    private var slots: [Slot] = []
    private var removedCount = 0
    private var nextID = 0
    private var addedSinceSweep = 0

    var all: [LuaBehaviour] { slots.compactMap { $0.removed ? nil : $0.behaviour } }

    mutating func add(_ behaviour: LuaBehaviour) -> Int {
        addedSinceSweep += 1
        if addedSinceSweep > max(64, count) {
            addedSinceSweep = 0
            slots.removeAll { $0.removed || $0.behaviour == nil }
            removedCount = 0
        }
        let id = nextID
        nextID += 1
        slots.append(Slot(id: id, behaviour: behaviour))
        return id
    }

    /// Entries held: live behaviours, and dead ones not yet dropped.
    var count: Int { slots.count - removedCount }

    subscript(id: Int) -> LuaBehaviour? {
        guard let index = index(of: id), !slots[index].removed else { return nil }
        return slots[index].behaviour
    }

    mutating func remove(_ id: Int) {
        guard let index = index(of: id), !slots[index].removed else { return }
        slots[index].removed = true
        slots[index].behaviour = nil
        removedCount += 1
    }

    private func index(of id: Int) -> Int? { slots.index(ofKey: id, by: \.id) }
}

extension Array {
    /// Where the element whose `key` is `wanted` is, in a list kept in the
    /// order of that key (handles and ids only grow), found by halving it.
    func index(ofKey wanted: Int, by key: (Element) -> Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if key(self[middle]) < wanted { low = middle + 1 } else { high = middle }
        }
        return low < count && key(self[low]) == wanted ? low : nil
    }
}
