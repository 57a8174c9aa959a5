/// Something that owns behaviours: a screen or a control.
public protocol BehaviourOwner: Responder {
    var ownedBehaviours: BehaviourBag { get }
}

/// The strong references an owner keeps to its behaviours ("reverse
/// lifetime binding"): nothing else has to keep a behaviour alive, and when
/// the owner goes, its behaviours are destroyed and released with it.
public final class BehaviourBag {
    public private(set) var behaviours: [Behaviour] = []
    /// Who is in `behaviours`: adding one is no walk of the list (a screen
    /// that owns 10,000 behaviours walked 5,000 for each one it took).
    private var members: Set<ObjectIdentifier> = []

    public init() {}

    func insert(_ behaviour: Behaviour) {
        if members.insert(ObjectIdentifier(behaviour)).inserted { behaviours.append(behaviour) }
    }

    /// Found from the end: the behaviour that goes is most often a recent one.
    func remove(_ behaviour: Behaviour) {
        guard members.remove(ObjectIdentifier(behaviour)) != nil,
              let index = behaviours.lastIndex(where: { $0 === behaviour }) else { return }
        behaviours.remove(at: index)
    }

    /// Destroys every behaviour (in reverse order of attachment, as views
    /// tear down) and lets them go.
    func destroyAll() {
        let doomed = behaviours
        behaviours.removeAll()
        members.removeAll()
        for behaviour in doomed.reversed() { behaviour.tearDown() }
    }

    deinit {
        destroyAll()
    }
}
