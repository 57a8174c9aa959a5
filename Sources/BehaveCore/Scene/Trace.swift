import CBehaveCore
import DequeModule

/// What happened in a scene, in order: events, property changes, actions,
/// logs, errors, lifecycle. `behave run` prints it as it grows.
///
/// Its entries are fixed-size records in C (`bh_trace`), which the Lua
/// bridge writes too (a property set from a script is recorded there
/// without calling Swift); their text is made when they are read. Entries
/// whose text the host writes (logs, errors, actions, notes) keep that
/// text here, beside their record.
public final class Trace {
    public enum Kind: String, Sendable, CaseIterable {
        case event, change, action, log, error, lifecycle, note, dialog
    }

    public struct Entry {
        public var time: Double
        public var kind: Kind
        public var subject: String
        var payload: Payload
        /// An error entry's error, as it was raised.
        public var error: ScriptError?

        /// What happened, as the trace prints it. Formatted when read, not
        /// when recorded: events and changes are recorded on hot paths.
        public var message: String {
            switch payload {
            case .text(let text, _): text
            case .event(let event): "\(subject) \(event)"
            case .change(let property, let old, let new, let lengths):
                "\(subject).\(property): \(old.described(characters: lengths.old)) → \(new.described(characters: lengths.new))"
            }
        }

        public var fields: [(String, JSON)] {
            switch payload {
            case .text(_, let fields): fields
            case .event(let event): [("event", .string(event))]
            case .change(let property, let old, let new, _): [("property", .string(property)), ("old", old.json), ("new", new.json)]
            }
        }

        /// A changed value as a record holds it: a text longer than
        /// `Value.longestTracedText` is cut there, with an ellipsis, and its
        /// length given beside it (`newLength`), as the message shows it: a
        /// field typed into key by key wrote its whole text at every key.
        static func traced(_ name: String, _ value: Value, characters: Int?) -> [(String, JSON)] {
            guard case .string(let text) = value, let cut = Value.tracedCut(of: text) else { return [(name, value.json)] }
            return [(name, .string(String(cut) + "…")), (name + "Length", .number(Double(characters ?? text.count)))]
        }

        /// The entry as the readable trace prints it: only an entry starts a
        /// line at column 0; what scripts wrote goes on indented lines, with
        /// every other control character escaped.
        public var line: String {
            "[\(formatNumber(time))s] " + DisplayText.indented(message, by: "        ")
        }

        /// What every record starts with.
        private var head: [(String, JSON)] {
            [("time", .number(time)), ("kind", .string(kind.rawValue)), ("subject", .string(subject)),
             ("message", .string(message))]
        }

        /// One JSON Lines record, its values whole (what a listener hears).
        public var json: JSON { .object(head + fields) }

        /// The record `--json` prints: `json`, with a changed text cut
        /// as the message cuts it (`traced`).
        public var printedJSON: JSON {
            guard case .change(let property, let old, let new, let lengths) = payload else { return json }
            return .object(head + [("property", .string(property))] + Entry.traced("old", old, characters: lengths.old)
                           + Entry.traced("new", new, characters: lengths.new))
        }
    }

    /// One entry's content.
    enum Payload {
        case text(String, [(String, JSON)])
        case event(String)
        /// `lengths`: the values' lengths in characters when they are
        /// texts the trace cuts (`TextLengths`).
        case change(property: String, old: Value, new: Value, lengths: (old: Int?, new: Int?))
    }

    /// The entries kept, oldest first.
    public var entries: [Entry] {
        let t = scene.pointee.trace
        var result: [Entry] = []
        result.reserveCapacity(t.count)
        var seq = bh_trace_first(&scene.pointee.trace)
        while seq < t.next {
            if let entry = entry(seq) { result.append(entry) }
            seq += 1
        }
        return result
    }

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

    /// The scene's C half, where the records are.
    private let scene: UnsafeMutablePointer<bh_scene>
    /// The texts of host-written entries, by sequence number, oldest first.
    private var texts = Deque<(seq: UInt64, message: String, fields: [(String, JSON)], error: KeptError?)>()
    /// An error entry's error, held by reference: most entries have none,
    /// and each kept text pays only for a pointer.
    private final class KeptError {
        let error: ScriptError
        init(_ error: ScriptError) { self.error = error }
    }
    /// Hears every entry as it is recorded.
    public var listener: ((Entry) -> Void)? {
        didSet { listen(kinds: Set(Kind.allCases)) }
    }
    /// The lengths of the long texts of the changes read last.
    private var textLengths = TextLengths()
    /// The next entry the listener has not heard.
    private var delivered: UInt64 = 0
    private var delivering = false

    init(scene: UnsafeMutablePointer<bh_scene>) {
        self.scene = bh_scene_retain(scene)!
        scene.pointee.trace.capacity = capacity
        scene.pointee.trace.byte_limit = Trace.keptTextLimit
    }

    deinit {
        scene.pointee.trace.notify = nil
        bh_scene_release(scene)
    }

    /// The listener hears only entries of `kinds` (events and changes are
    /// many: a listener that needs only errors and logs says so).
    public func listen(kinds: Set<Kind>) {
        guard listener != nil else {
            scene.pointee.trace.notify = nil
            return
        }
        delivered = scene.pointee.trace.next
        var mask: UInt32 = 1 << UInt32(BH_RTEXT) | 1 << UInt32(BH_RLIFECYCLE)
        if kinds.contains(.event) { mask |= 1 << UInt32(BH_REVENT) }
        if kinds.contains(.change) { mask |= 1 << UInt32(BH_RCHANGE) }
        scene.pointee.trace.notify_kinds = mask
        scene.pointee.trace.notify_context = Unmanaged.passUnretained(self).toOpaque()
        scene.pointee.trace.notify = { context in
            Unmanaged<Trace>.fromOpaque(context!).takeUnretainedValue().deliver()
        }
    }

    /// Tells the listener what it has not heard.
    private func deliver() {
        guard !delivering, let listener else { return }
        delivering = true
        defer { delivering = false }
        let next = scene.pointee.trace.next
        while delivered < next {
            let seq = delivered
            delivered += 1
            if let entry = entry(seq) { listener(entry) }
        }
    }

    public func record(_ kind: Kind, subject: String, _ message: String, fields: [(String, JSON)] = [],
                       error: ScriptError? = nil) {
        // The listener hears the entry whole; the kept copy holds at most
        // `entryTextLimit` bytes of each text.
        var bytes = 64 + message.utf8.count + fields.reduce(0) { $0 + $1.1.textBytes }
        let clipped = bytes > Trace.entryTextLimit
        if clipped {
            bytes = 64 + message.clipped(to: Trace.entryTextLimit).utf8.count
                + fields.reduce(0) { $0 + $1.1.clipped(to: Trace.entryTextLimit).textBytes }
        }
        dropTextsOfGoneEntries()
        let text = subject.makeText()
        defer { bh_text_release(text) }
        let seq = scene.pointee.trace.next
        texts.append((seq, message, fields, error.map(KeptError.init)))
        guard bh_trace_text(scene, Int32(kind.index), text, bytes, clipped ? 1 : 0) != 0 else {
            texts.removeLast()
            return
        }
        if clipped, let last = texts.last, last.seq == seq {
            texts[texts.count - 1] = (seq, message.clipped(to: Trace.entryTextLimit),
                                      fields.map { ($0.0, $0.1.clipped(to: Trace.entryTextLimit)) },
                                      error.map { KeptError($0.clipped(to: Trace.entryTextLimit)) })
        }
        dropTextsOfGoneEntries()
    }

    /// `subject event`.
    func recordEvent(_ event: CText, of subject: CText) {
        bh_trace_event(scene, subject, event)
    }

    /// `subject what` as a lifecycle entry (`toggle awake`), its text made
    /// when it is read, as an event's is: every attach records one.
    func recordLifecycle(of subject: CText, _ what: CText) {
        bh_trace_lifecycle(scene, subject, what)
    }

    /// `subject.property: old → new`.
    func recordChange(of subject: String, property: String, from old: Value, to new: Value) {
        let subject = subject.makeText(), property = property.makeText()
        var old = old.makeC(), new = new.makeC()
        bh_trace_change(scene, subject, property, &old, &new)
        bh_value_release(&old)
        bh_value_release(&new)
        bh_text_release(subject)
        bh_text_release(property)
    }

    /// Texts of entries the trace no longer keeps go.
    private func dropTextsOfGoneEntries() {
        let first = bh_trace_first(&scene.pointee.trace)
        while let oldest = texts.first, oldest.seq < first { texts.removeFirst() }
    }

    /// The entry with sequence number `seq`, if it is kept.
    private func entry(_ seq: UInt64) -> Entry? {
        guard let record = bh_trace_at(&scene.pointee.trace, seq)?.pointee else { return nil }
        let subject = String(record.subject)
        switch record.kind {
        case BH_REVENT:
            return Entry(time: record.time, kind: .event, subject: subject, payload: .event(String(record.name)))
        case BH_RCHANGE:
            let old = Value(record.old), new = Value(record.new)
            let lengths = (old: textLengths.characters(of: old), new: textLengths.characters(of: new))
            return Entry(time: record.time, kind: .change, subject: subject,
                         payload: .change(property: String(record.name), old: old, new: new, lengths: lengths))
        case BH_RLIFECYCLE:
            let message = subject + " " + String(record.name)
            return Entry(time: record.time, kind: .lifecycle, subject: subject,
                         payload: .text(record.detail != 0 ? message.clipped(to: Trace.entryTextLimit) : message, []))
        default:
            let kind = Kind.allCases[Int(record.detail)]
            guard let text = text(seq) else { return Entry(time: record.time, kind: kind, subject: subject, payload: .text("", [])) }
            return Entry(time: record.time, kind: kind, subject: subject, payload: .text(text.message, text.fields),
                         error: text.error)
        }
    }

    /// The host's text of entry `seq` (a binary search: sequence numbers
    /// grow).
    private func text(_ seq: UInt64) -> (message: String, fields: [(String, JSON)], error: ScriptError?)? {
        var low = 0, high = texts.count
        while low < high {
            let middle = (low + high) / 2
            if texts[middle].seq < seq { low = middle + 1 } else { high = middle }
        }
        guard low < texts.count, texts[low].seq == seq else { return nil }
        return (texts[low].message, texts[low].fields, texts[low].error?.error)
    }
}

extension ScriptError {
    /// Each text cut to `limit` bytes, as a kept entry's are.
    func clipped(to limit: Int) -> ScriptError {
        var error = self
        error.text = text.clipped(to: limit)
        error.fix = fix?.clipped(to: limit)
        error.context = context?.clipped(to: limit)
        error.traceback = traceback?.clipped(to: limit)
        return error
    }
}

private extension Trace.Kind {
    var index: Int { Trace.Kind.allCases.firstIndex(of: self)! }
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

    func clipped(to limit: Int) -> JSON {
        switch self {
        case .string(let text): .string(text.clipped(to: limit))
        case .array(let items): .array(items.map { $0.clipped(to: limit) })
        case .object(let pairs): .object(pairs.map { ($0.0.clipped(to: limit), $0.1.clipped(to: limit)) })
        default: self
        }
    }
}
