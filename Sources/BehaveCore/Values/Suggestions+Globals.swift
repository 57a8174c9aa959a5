/// "did you mean …?" for a global function a script calls that other
/// engines and the web have (`setTimeout`, Roblox's `delay` and `tick`):
/// Behave's word for it, or how Behave does it when it has none.
extension Suggestions {
    /// Other engines' functions, each with the Behave function it means.
    public static let toolkitGlobals = ToolkitWords(noun: "function", [
        "setTimeout": .web("after"),
        "delay": .roblox("after"),
        "tick": .roblox("now"),
        "time": .roblox("now"),
        "sleep": .others("wait"),
    ])

    /// Other engines' repeating timers (`setInterval`, `every`), which
    /// Behave does without: the fix says how.
    public static let repeatingTimers: Set<String> = ["setInterval", "every"]

    /// How a script repeats work on a timer in Behave.
    public static let repeatingTimerFix =
        "Behave has no repeating timer: an `after` whose function does the work and schedules the next `after` repeats, until it stops scheduling"
}
