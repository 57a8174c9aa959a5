import BehaveCore

/// The child types (`<child type="start">`) each of GTK 4.8's classes that
/// judges them takes, as GtkBuilder answered: a class of a line here warns
/// of another ("is not a valid child type"), and leaves the child out; a
/// class of no line takes any (a box, a window, a popover menu: a custom
/// item's id). Read from `Data/gtk-child-types.txt`, which Hosts/GTK's
/// `gtk-class-table --child-types` writes from GTK itself (a GTK test
/// compares the two); behave window's pre-scan reads the same text, handed
/// over by the GTK host, so that both refuse the same types.
public struct GtkChildTypes: Sendable {
    /// The table as written: a line a class, `Name type…`, an untried
    /// type (GTK stopped the program on the probe) as `?type`; `#` lines aside.
    public let text: String
    /// Each class's types, untried ones among them.
    let taken: [String: [String]]

    public static let gtk = GtkChildTypes(String(decoding: EmbeddedFiles.bytes("Data/gtk-child-types.txt") ?? [], as: UTF8.self))

    init(_ text: String) {
        self.text = text
        var taken: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            taken[String(first)] = words.dropFirst().map { String($0.hasPrefix("?") ? $0.dropFirst() : $0) }
        }
        self.taken = taken
    }

    /// The types `className` takes, when it does not take `type`; nil
    /// when it does, or takes any.
    func refusal(of type: String, in className: String) -> [String]? {
        guard let types = taken[className], !types.contains(type) else { return nil }
        return types
    }
}
