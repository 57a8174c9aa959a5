import BehaveCore

/// What Behave says about a mistake in a script, in one place: the linter
/// (`behave check`) says it before the script runs, the runtime when the
/// line fails, so the two read alike. Each is a plain sentence (what is
/// wrong) and the fix.
public struct ScriptAdvice: Equatable, Sendable {
    public var message: String
    public var fix: String

    public init(_ message: String, fix: String) {
        self.message = message
        self.fix = fix
    }

    /// `message; fix`.
    public var text: String { "\(message); \(fix)" }

    /// What a colon passes to a method called with a dot.
    public enum Receiver: Sendable {
        case control, connection, timer, image, behaviour

        var passed: String {
            switch self {
            case .control: "so the control is not passed to it"
            case .connection: "so the connection is not passed to it"
            case .timer: "so the timer is not passed to it"
            case .image: "so the image is not passed to it"
            case .behaviour: "so it does not receive `self`"
            }
        }
    }

    /// `self.button.on(…)` for `self.button:on(…)`.
    public static func dotCall(_ method: String, on receiver: String, passing what: Receiver,
                               arguments: String = "…") -> ScriptAdvice {
        ScriptAdvice("`\(method)` is called with `.`, \(what.passed)",
                     fix: "write `\(receiver):\(method)(\(arguments))` with a colon")
    }

    /// A name nothing defines (`totl`, `behavior`). `suggestion` is a
    /// near name in scope; `isMethod` says the name is one of the script's
    /// methods.
    public static func undefinedName(_ name: String, suggestion: String?, isMethod: Bool = false) -> ScriptAdvice {
        if name == "behavior" {
            return ScriptAdvice("`behavior` is not defined: Behave spells it `behaviour`", fix: "write `behaviour { … }`")
        }
        if standardGlobals.contains(name) {
            // Undefined here, so the sandbox left it out (`io`, `os`, `load`…).
            return ScriptAdvice("`\(name)` is not available to scripts: Behave's sandbox leaves it out",
                                fix: "scripts cannot reach files, the system or code from elsewhere; use Behave's API instead")
        }
        let fix: String
        if let suggestion {
            fix = "did you mean `\(suggestion)`?"
        } else if isMethod {
            fix = "did you mean the method `self:\(name)(…)`?"
        } else {
            fix = "define it first with `local \(name) = …`"
        }
        return ScriptAdvice("`\(name)` is not defined here (no local, global or Behave function has this name), so it is nil",
                            fix: fix)
    }

    /// `math.flor`, `haptics.vibrat`: a name a library table (Lua's,
    /// Behave's or one of the app's modules) does not have, among its
    /// `fields`.
    public static func unknownField(_ name: String, of library: String, fields: [String]) -> ScriptAdvice {
        let near = Suggestions.nearest(to: name, in: fields)
        return ScriptAdvice("`\(library)` has no `\(name)`",
                            fix: near.map { "did you mean `\(library).\($0)`?" } ?? "it has: \(fields.joined(separator: ", "))")
    }

    /// The globals of Lua 5.4's standard libraries.
    static let standardGlobals: Set<String> = [
        "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error", "getmetatable", "io",
        "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs", "pcall", "print", "rawequal", "rawget",
        "rawlen", "rawset", "require", "select", "setmetatable", "string", "table", "tonumber", "tostring", "type",
        "utf8", "warn", "xpcall",
    ]

    /// `self.countLable`: no outlet, inspectable, method or field has the
    /// name. `used` says the line uses the value (indexes or calls it),
    /// which fails, rather than only reading nil.
    public static func unknownSelfField(_ name: String, suggestion: String?, used: Bool) -> ScriptAdvice {
        let what = "`self.\(name)` is not an outlet, an inspectable, a method nor a field this script sets"
        if used {
            return ScriptAdvice(what + ", so it is nil here and using it fails",
                                fix: suggestion.map { "did you mean `self.\($0)`?" }
                                    ?? "declare it in `behaviour { … }`, or set it (in `awake`) before using it")
        }
        return ScriptAdvice(what + ", so it is always nil",
                            fix: suggestion.map { "did you mean `self.\($0)`?" }
                                ?? "declare it in `behaviour { … }`, or set it before reading it")
    }

    // MARK: Said when the line runs

    /// `self:refrsh()`: the behaviour has no such method. `className` is
    /// the script's local for its class.
    public static func missingMethod(_ name: String, suggestion: String?, className: String) -> ScriptAdvice {
        ScriptAdvice("`self:\(name)()` calls a method the behaviour does not have",
                     fix: suggestion.map { "did you mean `self:\($0)()`?" } ?? "define it with `function \(className):\(name)(…)`")
    }

    /// A declared outlet that the scene left unconnected.
    public static func outletNotConnected(_ name: String, type: String) -> ScriptAdvice {
        ScriptAdvice("`self.\(name)` is nil: the scene did not connect the outlet `\(name)`",
                     fix: "connect it to a \(type == "View" ? "control" : type) in the scene file, under the behaviour's `outlets:`")
    }

    /// A declared inspectable without a value.
    public static func inspectableWithoutValue(_ name: String) -> ScriptAdvice {
        ScriptAdvice("`self.\(name)` is nil: the inspectable `\(name)` has no value",
                     fix: "give it a `default` in `behaviour { … }`, or set it in the scene")
    }

    /// A field the script sets, but on a line that has not run yet.
    public static func fieldNotSetYet(_ name: String, setOnLine line: Int) -> ScriptAdvice {
        ScriptAdvice("`self.\(name)` is nil here: the script sets it on line \(line), which has not run yet",
                     fix: "set it before this line runs (in `awake`, for example)")
    }

    /// `self` is nil inside a method: it was called with `.`.
    public static func selfIsNil(inMethod method: String?) -> ScriptAdvice {
        guard let method else {
            return ScriptAdvice("`self` is nil here: this method was called with `.` instead of `:`",
                                fix: "call methods with a colon: `self:name(…)`")
        }
        return ScriptAdvice("`self` is nil here: `\(method)` was called with `.` instead of `:`",
                            fix: "call it with a colon: `self:\(method)(…)`")
    }

    /// A handler that ran past its instruction budget or time limit at
    /// this line: `limit` is what ran out ("instruction budget exceeded
    /// (10000000 instructions)").
    public static func runaway(_ limit: String) -> ScriptAdvice {
        ScriptAdvice("\(limit) while running this line",
                     fix: "this loop never ends? Make sure its condition turns false, or spread long work over time with `after`")
    }
}
