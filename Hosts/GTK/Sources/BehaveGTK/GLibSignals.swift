import CGtk

/// GTK widgets as Swift sees them.
public typealias GtkWidgetPointer = UnsafeMutablePointer<GtkWidget>

/// A Swift closure handed to GLib as a signal's user data: the signal's
/// C handler (one per signal shape) calls it, and GLib releases it when the
/// handler is disconnected or the object goes.
final class SignalAction {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Closures that hear a point (a press's or a release's, in the widget).
final class SignalPoint {
    let run: (Double, Double) -> Void
    init(_ run: @escaping (Double, Double) -> Void) { self.run = run }
}

/// Closures with a boolean answer (a key press handled, a frame to come).
final class SignalQuestion {
    let ask: (UInt32) -> Bool
    init(_ ask: @escaping (UInt32) -> Bool) { self.ask = ask }
}

private let releaseAction: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// `(instance, data)` signals: clicked, value-changed, changed, activate,
/// enter, leave, close-request's neighbours.
private let actionHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let data else { return }
    Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue().run()
}

/// `(instance, pspec, data)`: notify::PROPERTY.
private let notifyHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, _, data in
    guard let data else { return }
    Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue().run()
}

/// `(gesture, n_press, x, y, data)`: a click gesture's pressed and released.
private let pressHandler: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = {
    _, _, x, y, data in
    guard let data else { return }
    Unmanaged<SignalPoint>.fromOpaque(data).takeUnretainedValue().run(x, y)
}

/// `(controller, keyval, keycode, state, data) -> handled`: key-pressed;
/// the question hears the key value with Ctrl's bit on top.
private let keyHandler: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = {
    _, keyval, _, state, data in
    guard let data else { return 0 }
    let control = state & GDK_CONTROL_MASK.rawValue != 0 ? UInt32(1) << 31 : 0
    return Unmanaged<SignalQuestion>.fromOpaque(data).takeUnretainedValue().ask(keyval | control) ? 1 : 0
}

/// `(window, data) -> stop`: close-request.
private let closeHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { _, data in
    guard let data else { return 0 }
    return Unmanaged<SignalQuestion>.fromOpaque(data).takeUnretainedValue().ask(0) ? 1 : 0
}

/// A source that runs once (`Signals.afterThis`).
private let onceHandler: GSourceFunc = { data in
    guard let data else { return 0 }
    Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue().run()
    return 0
}

/// Lets go of a retained box GLib held (a source's or a tick's data).
let releaseBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

enum Signals {
    /// Connects `action` to a signal whose handler takes the instance and
    /// the data (`clicked`, `value-changed`…); its id.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping () -> Void) -> UInt {
        connect(instance, signal, handler: unsafeBitCast(actionHandler, to: UnsafeMutableRawPointer.self), SignalAction(action))
    }

    /// `notify::PROPERTY`.
    @discardableResult
    static func notify(_ instance: UnsafeMutableRawPointer, _ property: String, _ action: @escaping () -> Void) -> UInt {
        connect(instance, "notify::\(property)", handler: unsafeBitCast(notifyHandler, to: UnsafeMutableRawPointer.self),
                SignalAction(action))
    }

    /// A click gesture's `pressed` or `released`, with the point in the widget.
    @discardableResult
    static func press(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping (Double, Double) -> Void) -> UInt {
        connect(instance, signal, handler: unsafeBitCast(pressHandler, to: UnsafeMutableRawPointer.self), SignalPoint(action))
    }

    /// `key-pressed`: `ask` gets the key value (with `controlBit` when Ctrl
    /// is down) and answers whether it handled it.
    static func keyPressed(_ controller: UnsafeMutableRawPointer, _ ask: @escaping (UInt32) -> Bool) {
        connect(controller, "key-pressed", handler: unsafeBitCast(keyHandler, to: UnsafeMutableRawPointer.self),
                SignalQuestion(ask))
    }

    static let controlBit = UInt32(1) << 31

    /// `close-request`: `ask` answers whether to keep the window open.
    static func closeRequest(_ window: UnsafeMutableRawPointer, _ ask: @escaping () -> Bool) {
        connect(window, "close-request", handler: unsafeBitCast(closeHandler, to: UnsafeMutableRawPointer.self),
                SignalQuestion { _ in ask() })
    }

    @discardableResult
    private static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, handler: UnsafeMutableRawPointer,
                                _ box: AnyObject) -> UInt {
        UInt(bhg_connect_full(instance, signal, handler, Unmanaged.passRetained(box).toOpaque(), releaseAction))
    }

    /// Runs `action` once, when the signal being handled and what GTK does
    /// after it are done, before the next input event.
    static func afterThis(_ action: @escaping () -> Void) {
        g_idle_add_full(G_PRIORITY_HIGH, onceHandler, Unmanaged.passRetained(SignalAction(action)).toOpaque(), releaseBox)
    }

    static func block(_ instance: UnsafeMutableRawPointer, _ id: UInt) { bhg_block(instance, gulong(id)) }
    static func unblock(_ instance: UnsafeMutableRawPointer, _ id: UInt) { bhg_unblock(instance, gulong(id)) }
}

/// A C string GTK gave, copied (nil stays nil).
func string(_ text: UnsafePointer<CChar>?) -> String? {
    text.map { String(cString: $0) }
}
