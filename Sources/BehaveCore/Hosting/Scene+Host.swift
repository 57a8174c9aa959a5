import CBehaveCore

/// A scene as a host drives it: events under the limits of one command,
/// changes heard as they happen, where each change comes from.
extension Scene {
    /// Runs `body` as one command: the scripts it runs have one command's
    /// time in all (`commandTimeLimit`). Inside a command already (a
    /// handler's own work, the command language), it just runs `body`.
    /// Every way a host delivers something (`View.deliver`,
    /// `View.userDidEdit`, `RealTimeDriver.tick`, a dialog's answer) goes
    /// through here, so no event needs a call before it.
    ///
    /// Inlinable, so that each caller gets it specialized: unspecialized,
    /// its generic closure type is made at run time on every first use.
    @inlinable
    public func perform<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if commandDepth > 0 { return try body() }
        beginCommand()
        commandDepth += 1
        defer {
            commandDepth -= 1
            endCommand()
        }
        return try body()
    }

    /// Runs `body` with its changes marked as coming from `source`.
    @inlinable
    public func with<T, E: Error>(source: ChangeSource, _ body: () throws(E) -> T) throws(E) -> T {
        let outer = c.pointee.source
        c.pointee.source = source.rawValue
        defer { c.pointee.source = outer }
        return try body()
    }

    /// Hears every change of every control's properties, typed, with its
    /// source (script, scene, command, user, animation), including each
    /// frame of an animation under way, until cancelled. A handler must not
    /// set properties itself (it hears the change as it is being made).
    @discardableResult
    public func observeChanges(_ handler: @escaping (PropertyChange) -> Void) -> ChangeObserver {
        let observer = ChangeObserver(handler)
        sceneChangeObservers.removeAll { !$0.isActive }
        sceneChangeObservers.append(observer)
        c.pointee.change_context = Unmanaged.passUnretained(self).toOpaque()
        c.pointee.on_change = sceneHeardChange
        return observer
    }

    var hasChangeObservers: Bool { c.pointee.on_change != nil }

    /// A frame of an animation moved a property (`View.presentationDidMove`).
    func frameDidMove(_ change: PropertyChange) {
        guard hasChangeObservers else { return }
        hearChange(change)
    }

    fileprivate func hearChange(_ change: PropertyChange) {
        var anyActive = false
        for observer in sceneChangeObservers where observer.isActive {
            anyActive = true
            observer.handler(change)
        }
        if !anyActive {
            sceneChangeObservers.removeAll()
            c.pointee.on_change = nil
        }
    }
}

/// The C half's change hook: a scene's observers hear the change.
private let sceneHeardChange: bh_change_fn = { context, block, index, old, new, source in
    guard let context, let block, let old, let new, let host = block.pointee.host else { return }
    let scene = Unmanaged<Scene>.fromOpaque(context).takeUnretainedValue()
    let view = Unmanaged<View>.fromOpaque(host).takeUnretainedValue()
    let property = view.schema.properties[Int(index)].name
    scene.hearChange(PropertyChange(control: view.name, property: property, index: Int(index), old: Value(old.pointee),
                                    new: Value(new.pointee), source: ChangeSource(rawValue: source) ?? .script))
}
