/// "did you mean …?" for an event: a misspelling, or the name another
/// toolkit gives it (GTK's `clicked` is a button's `touchUpInside`), so
/// that people who come from GTK or the web are told Behave's word.
extension Suggestions {
    /// Other toolkits' names for events, each with the events of Behave's
    /// controls it may mean, the first a control sends being the one.
    static let toolkitEvents: [String: (toolkit: String, events: [String])] = [
        "clicked": ("GTK", ["touchUpInside"]),
        "pressed": ("GTK", ["touchDown"]),
        "released": ("GTK", ["touchUpInside"]),
        "toggled": ("GTK", ["valueChanged"]),
        "notify::active": ("GTK", ["valueChanged"]),
        "state-set": ("GTK", ["valueChanged"]),
        "value-changed": ("GTK", ["valueChanged"]),
        "changed": ("GTK", ["editingChanged", "valueChanged"]),
        "activate": ("GTK", ["editingDidEndOnExit", "touchUpInside"]),
        "click": ("the web", ["touchUpInside"]),
        "change": ("the web", ["valueChanged", "editingChanged"]),
        "input": ("the web", ["editingChanged", "valueChanged"]),
        "focus": ("the web", ["editingDidBegin"]),
        "blur": ("the web", ["editingDidEnd"]),
    ]

    /// The event `event` may mean among `events`, and, when it is another
    /// toolkit's name, whose it is.
    public static func event(for event: String, in events: [String]) -> (name: String, toolkit: String?)? {
        if let near = nearest(to: event, among: events) { return (near, nil) }
        guard let (toolkit, meanings) = toolkitEvents[event.lowercased()],
              let meant = meanings.first(where: events.contains) else { return nil }
        return (meant, toolkit)
    }

    /// `did you mean `touchUpInside`? `clicked` is GTK's name for it`, or nil.
    public static func eventFix(for event: String, in events: [String]) -> String? {
        guard let (name, toolkit) = self.event(for: event, in: events) else { return nil }
        return "did you mean `\(name)`?" + (toolkit.map { " `\(event)` is \($0)'s name for it" } ?? "")
    }

    /// ` (did you mean …?)` for an event, or nothing.
    public static func eventHint(for event: String, in events: [String]) -> String {
        eventFix(for: event, in: events).map { " (\($0))" } ?? ""
    }
}
