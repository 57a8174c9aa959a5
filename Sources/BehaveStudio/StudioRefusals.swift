/// Values the scene refused, by `object.property`: the message shown
/// beside the field until a value is taken. A page can name any object
/// and property, so only the latest `capacity` are kept: a page that
/// sends sets for thousands of names grows neither memory nor the status
/// sent on every tick.
struct StudioRefusals {
    static let capacity = 64

    /// Oldest first.
    private(set) var entries: [(key: String, message: String)] = []

    mutating func refuse(_ key: String, _ message: String) {
        take(key)
        entries.append((key, message))
        if entries.count > StudioRefusals.capacity { entries.removeFirst() }
    }

    /// The value set for `key` was taken: its refusal goes.
    mutating func take(_ key: String) {
        entries.removeAll { $0.key == key }
    }

    mutating func removeAll() { entries.removeAll() }
}
