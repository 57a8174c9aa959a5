import DequeModule

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

        /// The entry as the readable trace prints it: only an entry starts a
        /// line at column 0; what scripts wrote goes on indented lines, with
        /// every other control character escaped.
        public var line: String {
            "[\(formatNumber(time))s] " + DisplayText.indented(message, by: "        ")
        }

        /// One JSON Lines record.
        public var json: JSON {
            .object([("time", .number(time)), ("kind", .string(kind.rawValue)),
                     ("subject", .string(subject)), ("message", .string(message))] + fields)
        }
    }

    /// One entry as the trace keeps it.
    enum Payload {
        case text(String, [(String, JSON)])
        case event(String)
        case change(property: String, old: Value, new: Value)
    }

    /// The entries kept, oldest first.
    public var entries: [Entry] { Array(kept.entries) }
    /// Entries kept at most, so a long run stays bounded; the oldest go
    /// first, in constant time.
    public let capacity = 10_000
    /// Bytes of text the kept entries hold at most: a script can set a 4 MB
    /// text hundreds of times within its own memory limit, and the trace
    /// must not keep them all. The listener hears every entry whole, as it
    /// happens.
    public static let keptTextLimit = 16 << 20
    /// Bytes of one text or value of a kept entry, at most.
    public static let entryTextLimit = 64 << 10
    private var kept = KeptEntries()
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
        kept.append(entry, capacity: capacity)
        listener?(entry)
    }

}

extension Trace.Entry {
    /// Bytes of text the entry holds, about.
    /// Names (subjects, events, properties) are the scene's own strings,
    /// shared with it rather than copied: what an entry adds is its texts
    /// and values.
    var textBytes: Int {
        switch payload {
        case .text(let text, let fields): fields.reduce(64 + text.utf8.count) { $0 + $1.1.textBytes }
        case .event: 64
        case .change(_, let old, let new): 64 + old.textBytes + new.textBytes
        }
    }

    /// The entry with every text longer than `limit` bytes cut to its head
    /// and an ellipsis.
    func clipped(to limit: Int) -> Trace.Entry {
        var entry = self
        switch payload {
        case .text(let text, let fields):
            guard text.utf8.count > limit || fields.contains(where: { $0.1.isLarger(than: limit) }) else { return self }
            entry.payload = .text(text.clipped(to: limit), fields.map { ($0.0, $0.1.clipped(to: limit)) })
        case .event(let event):
            guard event.utf8.count > limit else { return self }
            entry.payload = .event(event.clipped(to: limit))
        case .change(let property, let old, let new):
            guard old.isLarger(than: limit) || new.isLarger(than: limit) else { return self }
            entry.payload = .change(property: property, old: old.clipped(to: limit), new: new.clipped(to: limit))
        }
        entry.subject = subject.clipped(to: limit)
        return entry
    }
}

private extension Value {
    func isLarger(than limit: Int) -> Bool { textBytes > limit }

    func clipped(to limit: Int) -> Value {
        switch self {
        case .string(let text):
            return .string(text.clipped(to: limit))
        case .image(var image):
            image.name = image.name.clipped(to: limit)
            return .image(image)
        default:
            return self
        }
    }
}

private extension JSON {
    var textBytes: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .array(let items): items.reduce(0) { $0 + $1.textBytes }
        case .object(let pairs): pairs.reduce(0) { $0 + $1.0.utf8.count + $1.1.textBytes }
        default: 8
        }
    }

    func isLarger(than limit: Int) -> Bool {
        switch self {
        case .string(let text): text.utf8.count > limit
        case .array(let items): items.contains { $0.isLarger(than: limit) }
        case .object(let pairs): pairs.contains { $0.0.utf8.count > limit || $0.1.isLarger(than: limit) }
        default: false
        }
    }

    func clipped(to limit: Int) -> JSON {
        switch self {
        case .string(let text): .string(text.clipped(to: limit))
        case .array(let items): .array(items.map { $0.clipped(to: limit) })
        case .object(let pairs): .object(pairs.map { ($0.0.clipped(to: limit), $0.1.clipped(to: limit)) })
        default: self
        }
    }
}

/// The entries a trace keeps, and the bytes of text they hold (one stored
/// value, so recording an entry is one access to it).
private struct KeptEntries {
    var entries = Deque<Trace.Entry>()
    var bytes = 0

    mutating func append(_ entry: Trace.Entry, capacity: Int) {
        let size = entry.textBytes
        if size <= Trace.entryTextLimit {
            entries.append(entry)
            bytes += size
        } else {
            let clipped = entry.clipped(to: Trace.entryTextLimit)
            bytes += clipped.textBytes
            entries.append(clipped)
        }
        // The oldest go until the rest fit. (An entry's size is worked out
        // again when it goes: keeping each size would cost more on every
        // append.)
        while entries.count > capacity || bytes > Trace.keptTextLimit, let oldest = entries.popFirst() {
            bytes -= oldest.textBytes
        }
    }
}
