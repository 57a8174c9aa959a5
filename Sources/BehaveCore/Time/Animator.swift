/// Animations of numeric properties on the scene's clock (UIKit's
/// `UIView.animate`): changes made inside an animation block are captured and
/// interpolated from their current to their new values.
public final class Animator {
    private unowned let clock: Clock
    private var capture: [(view: View, property: Int, target: Value)]? {
        didSet { capturingFlag?.pointee = capture == nil ? 0 : 1 }
    }
    /// Where the scene's C half reads whether sets are captured: the Lua
    /// bridge's C leaves them to the host then.
    var capturingFlag: UnsafeMutablePointer<Int32>?    /// Animations under way, kept alive until they end.
    private var running: [ObjectIdentifier: Animation] = [:]
    /// Those of them that move a property a control observes.
    private var observed: [Animation] = []

    init(clock: Clock) {
        self.clock = clock
    }

    public var isCapturing: Bool { capture != nil }

    /// Runs `changes`, capturing animatable property changes, and animates
    /// them over `duration` seconds. `completion` runs when it ends (or is
    /// cancelled: `finished` is false). A zero duration applies at once.
    @discardableResult
    public func animate(duration: Double, curve: Curve = .easeInOut, changes: () throws -> Void,
                        completion: ((Bool) -> Void)? = nil) rethrows -> Animation {
        let captured = try captureChanges(changes)
        return start(captured, duration: duration, curve: curve, completion: completion)
    }

    /// The changes `changes` makes, without applying them.
    public func captureChanges(_ changes: () throws -> Void) rethrows -> [(view: View, property: Int, target: Value)] {
        let outer = capture
        beginCapture()
        defer { capture = outer }
        try changes()
        return endCapture()
    }

    /// From now until `endCapture`, animatable property changes are captured
    /// instead of applied (for callers that cannot pass a closure: scripts).
    public func beginCapture() {
        capture = []
    }

    public func endCapture() -> [(view: View, property: Int, target: Value)] {
        defer { capture = nil }
        return capture ?? []
    }

    func capture(_ view: View, property: Int, to value: Value) {
        capture?.removeAll { $0.view === view && $0.property == property }
        capture?.append((view, property, value))
    }

    /// Starts an animation of captured changes.
    public func start(_ changes: [(view: View, property: Int, target: Value)], duration: Double,
                      curve: Curve = .easeInOut, completion: ((Bool) -> Void)? = nil) -> Animation {
        let tracks = changes.map { change in
            Animation.Track(view: change.view, property: change.property,
                            from: change.view.value(at: change.property), to: change.target)
        }
        let animation = Animation(animator: self, start: clock.now, duration: max(0, duration), curve: curve,
                                  tracks: tracks, completion: completion)
        if duration <= 0 {
            animation.finish(completed: true)
            return animation
        }
        // The animation presents these properties from now on: a new
        // animation of a property takes it over from an older one.
        for track in tracks { track.view?.present(track.property, by: animation) }
        running[ObjectIdentifier(animation)] = animation
        // Widgets that animate by themselves take their part over; the
        // animation then ends when they say theirs did.
        let handed = animation.handToWidgets()
        if tracks.contains(where: { track in track.view.map { $0.followsPresentation(of: track.property) } ?? false }) {
            observed.append(animation)
        }
        if !handed {
            animation.timer = clock.schedule(after: duration) { [weak animation] in
                animation?.finish(completed: true)
            }
        }
        return animation
    }

    var now: Double { clock.now }

    fileprivate func remove(_ animation: Animation) {
        if running.removeValue(forKey: ObjectIdentifier(animation)) != nil, !observed.isEmpty {
            observed.removeAll { $0 === animation }
        }
    }

    /// After the clock moved: controls that follow an animated property
    /// frame by frame (a scroll view's delegate) hear it, in the order the
    /// animations started.
    func clockDidMove() {
        for animation in observed where animation.isActive { animation.presentationDidMove() }
    }

    public var runningCount: Int { running.count }
}

/// A running animation; `cancel()` stops it where it is.
///
/// Nothing moves frame by frame: a control asks the animation that presents
/// a property for its value at the clock's current time when the property
/// is read. So time can move through any number of timers while thousands
/// of animations run, at no cost until someone looks; the model value
/// changes, and the trace hears of it, once, when the animation ends.
public final class Animation: Cancellable {
    struct Track {
        weak var view: View?
        let property: Int
        let from: Value
        let to: Value
    }

    private weak var animator: Animator?
    let start: Double
    let duration: Double
    let curve: Curve
    private var tracks: [Track]
    var timer: Timer?
    private var completion: ((Bool) -> Void)?
    public private(set) var isFinished = false
    public var isActive: Bool { !isFinished }

    init(animator: Animator, start: Double, duration: Double, curve: Curve, tracks: [Track],
         completion: ((Bool) -> Void)?) {
        self.animator = animator
        self.start = start
        self.duration = duration
        self.curve = curve
        self.tracks = tracks
        self.completion = completion
    }

    /// The value `view`'s property shows now, if this animation drives it.
    func presentedValue(of view: View, property: Int) -> Value? {
        guard let track = tracks.first(where: { $0.view === view && $0.property == property }) else { return nil }
        let elapsed = (animator?.now ?? start + duration) - start
        let progress = duration > 0 ? curve.apply(min(1, max(0, elapsed / duration))) : 1
        return interpolate(track.from, track.to, progress)
    }

    /// Where this animation takes `view`'s property, if it drives it: the
    /// value a script set (UIKit's model layer).
    func target(of view: View, property: Int) -> Value? {
        tracks.first { $0.view === view && $0.property == property }?.to
    }

    func presentationDidMove() {
        for track in tracks {
            guard let view = track.view, view.followsPresentation(of: track.property) else { continue }
            view.presentationDidMove(track.property)
        }
    }

    /// Parts of the animation its controls' widgets run by themselves
    /// (`ControlWidget.animate`), still under way.
    private var handedParts = 0

    /// Offers each track to its control's widget; true when any took one
    /// (the animation ends when the last of them says it ended).
    func handToWidgets() -> Bool {
        for track in tracks {
            guard let view = track.view, let widget = view.widget else { continue }
            let part = HostAnimation(control: view.name, property: view.schema.properties[track.property],
                                     from: track.from, to: track.to, duration: duration, curve: curve) { [weak self] in
                guard let self, !self.isFinished else { return }
                self.handedParts -= 1
                if self.handedParts == 0 { self.finish(completed: true) }
            }
            handedParts += 1
            if !widget.animate(part) {
                handedParts -= 1
                part.discard()
            }
        }
        return handedParts > 0
    }

    /// Another animation, or a plain set, took the property over.
    func release(_ view: View, property: Int) {
        tracks.removeAll { $0.view === view && $0.property == property }
    }

    func finish(completed: Bool) {
        guard !isFinished else { return }
        // Where each property is now: its end, or where a cancel caught it.
        let ends = tracks.compactMap { track -> (View, Int, Value)? in
            guard let view = track.view else { return nil }
            return (view, track.property, completed ? track.to : presentedValue(of: view, property: track.property) ?? track.to)
        }
        isFinished = true
        tracks = []
        timer?.cancel()
        animator?.remove(self)
        for (view, property, value) in ends {
            view.endPresentation(property, by: self)
            view.store(value, at: property, source: .animation)
        }
        let completion = self.completion
        self.completion = nil
        completion?(completed)
    }

    public func cancel() {
        finish(completed: false)
    }
}

/// Timing curves, named as in UIKit.
public enum Curve: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    public func apply(_ t: Double) -> Double {
        switch self {
        case .linear: t
        case .easeIn: t * t
        case .easeOut: t * (2 - t)
        case .easeInOut: t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
        }
    }
}

/// The number `t` of the way from `a` to `b` (`t` from 0 to 1).
func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
    // `b - a` overflows when the ends lie far apart (-1.7e308 to 1.7e308):
    // the weighted sum stays between them, but rounds differently, so it
    // is taken only then.
    let value = a + (b - a) * t
    return value.isFinite ? value : a * (1 - t) + b * t
}

func interpolate(_ from: Value, _ to: Value, _ t: Double) -> Value {
    func mix(_ a: Double, _ b: Double) -> Double { BehaveCore.mix(a, b, t) }
    switch (from, to) {
    case (.number(let a), .number(let b)):
        return .number(mix(a, b))
    case (.point(let a), .point(let b)):
        return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
    case (.size(let a), .size(let b)):
        return .size(Size(width: mix(a.width, b.width), height: mix(a.height, b.height)))
    case (.rect(let a), .rect(let b)):
        return .rect(Rect(x: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height)))
    case (.color(let a), .color(let b)):
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, mix(Double(x), Double(y)).rounded()))) }
        return .color(Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue)))
    default:
        return t < 1 ? from : to
    }
}
