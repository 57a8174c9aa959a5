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
        var payload: Payload

        /// What happened, as the trace prints it. Formatted when read, not
        /// when recorded: events and changes are recorded on hot paths.
        public var message: String {
            switch payload {
            case .text(let text, _): text
            case .event(let event): "\(subject) \(event)"
            case .change(let property, let old, let new): "\(subject).\(property): \(old) → \(new)"
            }
        }

        public var fields: [(String, JSON)] {
            switch payload {
            case .text(_, let fields): fields
            case .event(let event): [("event", .string(event))]
            case .change(let property, let old, let new): [("property", .string(property)), ("old", old.json), ("new", new.json)]
            }
        }

        /// One JSON Lines record.
        public var json: JSON {
            .object([("time", .number(time)), ("kind", .string(kind.rawValue)),
                     ("subject", .string(subject)), ("message", .string(message))] + fields)
        }
    }

    enum Payload {
        case text(String, [(String, JSON)])
        case event(String)
        case change(property: String, old: Value, new: Value)
    }

    /// The entries kept, oldest first.
    public var entries: [Entry] { Array(ring[oldest...] + ring[..<oldest]) }
    /// Entries kept at most: a ring, so a long run stays bounded and
    /// recording stays constant time.
    public let capacity = 10_000
    private var ring: [Entry] = []
    private var oldest = 0
    /// Hears every entry as it is recorded.
    public var listener: ((Entry) -> Void)?
    private let now: () -> Double

    init(now: @escaping () -> Double) {
        self.now = now
    }

    public func record(_ kind: Kind, subject: String, _ message: String, fields: [(String, JSON)] = []) {
        append(Entry(time: now(), kind: kind, subject: subject, payload: .text(message, fields)))
    }

    /// `subject event`.
    func recordEvent(_ event: String, of subject: String) {
        append(Entry(time: now(), kind: .event, subject: subject, payload: .event(event)))
    }

    /// `subject.property: old → new`.
    func recordChange(of subject: String, property: String, from old: Value, to new: Value) {
        append(Entry(time: now(), kind: .change, subject: subject, payload: .change(property: property, old: old, new: new)))
    }

    private func append(_ entry: Entry) {
        if ring.count < capacity {
            ring.append(entry)
        } else {
            ring[oldest] = entry
            oldest = (oldest + 1) % capacity
        }
        listener?(entry)
    }

}
