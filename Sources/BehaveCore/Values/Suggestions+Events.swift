/// "did you mean …?" for an event: a misspelling, or the name another
/// toolkit gives it (GTK's `clicked` is a button's `touchUpInside`), so
/// that people who come from GTK, UIKit or the web are told Behave's word.
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
        // UIKit's "semantic action triggered by buttons": a button's tap.
        "primaryActionTriggered": .uikit("touchUpInside"),
        "touchDragOutside": .uikit(near: "touchDragExit",
                                   "for each move of a finger outside the control; Behave's finger only crosses the edge, once as it slides off"),
        "touchDragInside": .uikit(near: "touchDragEnter",
                                  "for each move of a finger on the control; Behave's finger only crosses the edge, once as it slides back on"),
        // The `@objc` action names UIKit code gives its targets
        // (`#selector(textFieldDidChange)` for `.editingChanged`).
        "textFieldDidChange": .uikitAction("editingChanged"),
        "buttonTapped": .uikitAction("touchUpInside"),
        "switchValueChanged": .uikitAction("valueChanged"),
        "sliderValueChanged": .uikitAction("valueChanged"),
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

/// Other engines' events that a script reaches as a field of the control
/// (Roblox's `button.Activated:Connect(fn)`, the web's `button.onclick =
/// fn`): Behave has no such property, so the fix says how an event is
/// heard here, `control:on(event, fn)`.
extension Suggestions {
    public static let toolkitEventFields = ToolkitWords(noun: "event", [
        "Activated": .roblox("touchUpInside"),
        "MouseButton1Click": .roblox("touchUpInside"),
        "MouseButton1Down": .roblox("touchDown"),
        "MouseButton1Up": .roblox("touchUpInside"),
        "Focused": .roblox("editingDidBegin"),
        "FocusLost": .roblox("editingDidEnd"),
        "onclick": .web("touchUpInside"),
        "onchange": .web("valueChanged", "editingChanged"),
        "oninput": .web("editingChanged", "valueChanged"),
        "onfocus": .web("editingDidBegin"),
        "onblur": .web("editingDidEnd"),
    ])

    /// `` `Activated` is Roblox's event, not a property: … `` when `field`
    /// is another engine's event that `events` has Behave's name for.
    public static func eventFieldFix(for field: String, in events: [String]) -> String? {
        guard let word = toolkitEventFields.word(field), let event = word.meanings.first(where: events.contains) else { return nil }
        return "`\(field)` is \(word.whose) event, not a property; Behave's is `\(event)`, heard with `:on(\"\(event)\", function(control) … end)`"
    }
}

/// Other toolkits' ways to hear an event, called on a control (UIKit's
/// `addTarget(_:action:for:)`, GTK's and Roblox's `connect`, the web's
/// `addEventListener`): Behave's is the control's `on`.
extension Suggestions {
    public static let toolkitEventMethods = ToolkitWords(noun: "method", [
        "addTarget": hearing("UIKit's"),
        "connect": hearing("GTK's and Roblox's"),
        "signal_connect": hearing("GTK's"),
        "addEventListener": hearing("the web's"),
    ])

    private static func hearing(_ whose: String) -> ToolkitWord {
        ToolkitWord(whose: whose, meanings: ["on"], isOpposite: false,
                    note: "for it: a script hears an event with `control:on(\"event\", function(control) … end)`, or a scene wires it under `connections:`")
    }
}
