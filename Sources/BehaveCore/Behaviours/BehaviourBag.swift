/// Something that owns behaviours: a screen or a control.
public protocol BehaviourOwner: Responder {
    var ownedBehaviours: BehaviourBag { get }
}

/// The strong references an owner keeps to its behaviours ("reverse
/// lifetime binding"): nothing else has to keep a behaviour alive, and when
/// the owner goes, its behaviours are destroyed and released with it.
public final class BehaviourBag {
    public private(set) var behaviours: [Behaviour] = []

    public init() {}

    func insert(_ behaviour: Behaviour) {
        if !behaviours.contains(where: { $0 === behaviour }) { behaviours.append(behaviour) }
    }

    func remove(_ behaviour: Behaviour) {
        behaviours.removeAll { $0 === behaviour }
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
