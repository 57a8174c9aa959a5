/// Other engines' and toolkits' names for the methods Behave calls on a
/// behaviour (Defold's `init`, UIKit's `viewDidLoad`): a method so named
/// is never called, and runs only as an action, so `behave check` tells
/// Behave's name. Names a behaviour might well give an action (`start`,
/// `update`) are left out.
extension Suggestions {
    public static let toolkitLifecycle = ToolkitWords(noun: "name", [
        "init": .defold("awake"),
        "final": .defold("destroy"),
        "viewDidLoad": .uikit("awake"),
        "awakeFromNib": .uikit("awake"),
        "deinit": .uikit("destroy"),
        "dealloc": .uikit("destroy"),
    ])

    /// Of those, the names a Lua script may well give a helper of its own
    /// (a class's `init`): warned of only where the script lacks Behave's
    /// method. The others no one names an action, so one beside Behave's
    /// method (`viewDidLoad` beside `awake`) is code that never runs.
    public static let toolkitLifecycleHelperNames: Set<String> = ["init", "final"]
}
