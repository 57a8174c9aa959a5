/// "did you mean …?" for what a person does to a control: a misspelt verb,
/// or the verb another toolkit or test tool uses (the web's `click` is
/// Behave's `tap`), at the `behave run` prompt and as a spec's scene method.
extension Suggestions {
    /// Other toolkits' verbs, each with the commands they may mean: the
    /// command language's verb and, where it differs, the spec's method
    /// (`return`, `pressReturn`); the first the asker knows is the one.
    public static let toolkitCommands = ToolkitWords(noun: "word", [
        "click": .web("tap"),
        "check": .web("tap"),
        "uncheck": .web("tap"),
        "toggle": .others("tap"),
        "activate": .gtk("tap"),
        "fill": .web("type"),
        "set-text": .gtk("type"),
        "submit": .web("return", "pressReturn"),
        "set-value": .gtk("slide"),
        "spin": .gtk("step"),
        "scroll-to": .web("scroll"),
        "emit": .gtk("send"),
        "send-actions": .uikit("send"),
        // A behaviour pauses on the scene's clock; a person at the prompt,
        // or a spec, moves it.
        "wait": ToolkitWord(whose: "a behaviour's", meanings: ["advance"], isOpposite: false,
                            note: "that pauses its handler until the scene's clock gets there; here the clock moves when you advance it"),
        "sleep": .others("advance"),
    ])
}
