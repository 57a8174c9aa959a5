/// Something that owns behaviours: a screen or a control.
public protocol BehaviourOwner: Responder {
    var ownedBehaviours: BehaviourBag { get }
}

/// The strong references an owner keeps to its behaviours ("reverse
/// lifetime binding"): nothing else has to keep a behaviour alive, and when
/// the owner goes, its behaviours are destroyed and released with it.
public final class BehaviourBag {
    // Appended to and removed from instantaneously (`destroyAll` tears
    // down a copy): no access overlaps another, so none is checked.
    @exclusivity(unchecked) public private(set) var behaviours: [Behaviour] = []

    public init() {}

    /// Only `Behaviour.owner` adds and removes, and a behaviour has one
    /// owner: one it adds is never in the bag already, so adding is no walk
    /// of the list and no set of members (a screen that owns 10,000
    /// behaviours walked 5,000 for each one it took).
    func insert(_ behaviour: Behaviour) {
        behaviours.append(behaviour)
    }

    /// Found from the end: the behaviour that goes is most often a recent
    /// one (and once `destroyAll` has begun, the list is empty).
    func remove(_ behaviour: Behaviour) {
        guard let index = behaviours.lastIndex(where: { $0 === behaviour }) else { return }
        behaviours.remove(at: index)
    }

    /// Destroys every behaviour (in reverse order of attachment, as views
    /// tear down) and lets them go.
    func destroyAll() {
        let doomed = behaviours
        behaviours.removeAll()
        for behaviour in doomed.reversed() { behaviour.tearDown() }
    }

    deinit {
        destroyAll()
    }
}
