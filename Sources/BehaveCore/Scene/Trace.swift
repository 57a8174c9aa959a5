/// What happened in a scene, in order: events, property changes, actions,
/// logs, errors, lifecycle. `behave run` prints it as it grows.
public final class Trace {
    public enum Kind: String, Sendable {
        case event, change, action, log, error, lifecycle, note, dialog
    }

    public struct Entry {
        public var time: Double
        public var kind: Kind
        public var subject: String
        public var message: String
        public var fields: [(String, JSON)]

        /// One JSON Lines record.
        public var json: JSON {
            .object([("time", .number(time)), ("kind", .string(kind.rawValue)),
                     ("subject", .string(subject)), ("message", .string(message))] + fields)
        }
    }

    public private(set) var entries: [Entry] = []
    /// Entries kept at most; the oldest go first (a long run stays bounded).
    public var capacity = 10_000
    /// Hears every entry as it is recorded.
    public var listener: ((Entry) -> Void)?
    private let now: () -> Double

    init(now: @escaping () -> Double) {
        self.now = now
    }

    public func record(_ kind: Kind, subject: String, _ message: String, fields: [(String, JSON)] = []) {
        let entry = Entry(time: now(), kind: kind, subject: subject, message: message, fields: fields)
        if entries.count >= capacity { entries.removeFirst(entries.count / 2) }
        entries.append(entry)
        listener?(entry)
    }

    public func clear() { entries.removeAll() }
}
