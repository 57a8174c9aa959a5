/// "did you mean …?" for an event: a misspelling, or the name another
/// toolkit gives it (GTK's `clicked` is a button's `touchUpInside`), so
/// that people who come from GTK or the web are told Behave's word.
extension Suggestions {
    /// Other toolkits' names for events, each with the events of Behave's
    /// controls it may mean, the first a control sends being the one.
    public static let toolkitEvents = ToolkitWords(noun: "name", [
        "clicked": .gtk("touchUpInside"),
        "pressed": .gtk("touchDown"),
        "released": .gtk("touchUpInside"),
        "toggled": .gtk("valueChanged"),
        "notify::active": .gtk("valueChanged"),
        "state-set": .gtk("valueChanged"),
        "value-changed": .gtk("valueChanged"),
        "changed": .gtk("editingChanged", "valueChanged"),
        "activate": .gtk("editingDidEndOnExit", "touchUpInside"),
        "click": .web("touchUpInside"),
        "change": .web("valueChanged", "editingChanged"),
        "input": .web("editingChanged", "valueChanged"),
        "focus": .web("editingDidBegin"),
        "blur": .web("editingDidEnd"),
    ])

    /// `did you mean `touchUpInside`? `clicked` is GTK's name for it`, or nil.
    public static func eventFix(for event: String, in events: [String]) -> String? {
        fix(for: event, among: events, words: toolkitEvents)
    }

    /// ` (did you mean …?)` for an event, or nothing.
    public static func eventHint(for event: String, in events: [String]) -> String {
        hint(for: event, among: events, words: toolkitEvents)
    }
}
