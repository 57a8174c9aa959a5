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

    /// Other toolkits' colour types (UIKit's `UIColor.red`, Roblox's
    /// `Color3.new(1, 0, 0)`), each with its owner: Behave has none.
    public static let toolkitColourTypes = [
        "UIColor": "UIKit's", "NSColor": "AppKit's", "Color3": "Roblox's", "CGColor": "Core Graphics'",
    ]

    /// How a script writes a colour in Behave.
    public static let colourFix =
        "a colour is a string here, a name or `#RRGGBB`: `label.textColor = \"red\"`, `\"#FF3B30\"`"

    /// Other engines' repeating timers (`setInterval`, `every`), which
    /// Behave does without: the fix says how.
    public static let repeatingTimers: Set<String> = ["setInterval", "every"]

    /// How a script repeats work on a timer in Behave.
    public static let repeatingTimerFix =
        "Behave has no repeating timer: an `after` whose function does the work and schedules the next `after` repeats, until it stops scheduling"
}
