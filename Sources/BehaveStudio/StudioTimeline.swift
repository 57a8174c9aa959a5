import BehaveCore
import DequeModule

/// The studio's timeline: the scene's trace (events, changes, actions,
/// logs, errors, dialogs) and the studio's own notes (commands from the
/// page, their mistakes, reloads), numbered, the last `capacity` kept.
final class StudioTimeline {
    struct Entry {
        var sequence: Int
        var time: Double
        /// A trace kind (`event`, `change`, …) or the studio's own:
        /// `command`, `mistake`, `output`, `reload`, `problem`.
        var kind: String
        var subject: String
        var message: String

        var json: JSON {
            .object([("seq", .number(Double(sequence))), ("time", .number(time)), ("kind", .string(kind)),
                     ("subject", .string(subject)), ("message", .string(message))])
        }
    }

    /// Entries kept.
    static let capacity = 1000
    /// Entries the page is sent: the latest.
    static let shown = 300
    /// Bytes of one message kept (what scripts write can be long).
    static let messageLimit = 4096

    private var entries = Deque<Entry>()
    private(set) var lastSequence = 0
    /// The scene's time, for the studio's own notes.
    var now: () -> Double = { 0 }

    func append(_ entry: Trace.Entry) {
        append(time: entry.time, kind: entry.kind.rawValue, subject: entry.subject, message: entry.message)
    }

    func note(_ kind: String, _ message: String, subject: String = "studio") {
        append(time: now(), kind: kind, subject: subject, message: message)
    }

    /// A note put before the entries that came after `sequence`: a
    /// reload's, said once the scene has loaded, goes before what the new
    /// scene did as it woke (its errors read as the new scene's).
    func note(_ kind: String, _ message: String, after sequence: Int) {
        append(time: now(), kind: kind, subject: "studio", message: message)
        guard let index = entries.firstIndex(where: { $0.sequence > sequence }), index < entries.count - 1 else { return }
        var moved = entries.removeLast()
        moved.sequence = entries[index].sequence
        for later in index..<entries.count { entries[later].sequence += 1 }
        entries.insert(moved, at: index)
    }

    private func append(time: Double, kind: String, subject: String, message: String) {
        lastSequence += 1
        entries.append(Entry(sequence: lastSequence, time: time, kind: kind, subject: subject.clipped(to: 256),
                             message: message.clipped(to: StudioTimeline.messageLimit)))
        if entries.count > StudioTimeline.capacity { entries.removeFirst() }
    }

    /// What the page is sent: the latest entries.
    var json: JSON {
        .object([("last", .number(Double(lastSequence))),
                 ("entries", .array(entries.suffix(StudioTimeline.shown).map(\.json)))])
    }
}
