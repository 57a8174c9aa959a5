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

    /// A name nothing defines (`totl`, `behavior`), or `self` outside a
    /// method. `candidates` are the names "did you mean" looks among: what
    /// the script defines (`ScriptOutline.definedNames`) and the globals
    /// it has; `isMethod` says the name is one of the script's methods;
    /// `className` is the script's local for its class.
    public static func undefinedName(_ name: String, among candidates: some Sequence<String>, isMethod: Bool = false,
                                     className: String? = nil) -> ScriptAdvice {
        if name == "self" { return selfOutsideMethod(className: className) }
        if name == "behavior" {
            return ScriptAdvice("`behavior` is not defined: Behave spells it `behaviour`", fix: "write `behaviour { … }`")
        }
        let candidates = Array(candidates)
        if standardGlobals.contains(name) {
            if candidates.contains(name) {
                // Scripts have it (`_G`, `print`): nil only because the script set it so.
                return ScriptAdvice("`\(name)` is nil here: scripts have it, but this script set it to nil",
                                    fix: "leave `\(name)` as it is, and keep values of your own in a local of another name")
            }
            // Undefined here, so the sandbox left it out (`io`, `os`, `load`…).
            return ScriptAdvice("`\(name)` is not available to scripts: Behave's sandbox leaves it out",
                                fix: "scripts cannot reach files, the system or code from elsewhere; use Behave's API instead")
        }
        if let newer = olderLuaGlobals[name] { return olderLuaGlobal(name, fix: newer) }
        // Sorted: of two names as near, the same one is said every time.
        let others = candidates.filter { $0 != name && $0 != "self" && $0 != "..." }.sorted()
        let fix: String
        if Suggestions.repeatingTimers.contains(name) {
            fix = Suggestions.repeatingTimerFix
        } else if let whose = Suggestions.toolkitColourTypes[name] {
            fix = "`\(name)` is \(whose) colour type, which Behave has no need of: \(Suggestions.colourFix)"
        } else if let meant = Suggestions.fix(for: name, among: others, words: Suggestions.toolkitGlobals) {
            fix = meant
        } else if let suggestion = Suggestions.nearest(to: name, in: others) {
            fix = "did you mean `\(suggestion)`?"
        } else if isMethod {
            fix = "did you mean the method `self:\(name)(…)`?"
        } else {
            fix = "define it first with `local \(name) = …`"
        }
        return ScriptAdvice("`\(name)` is not defined here (no local, global or Behave function has this name), so it is nil",
                            fix: fix)
    }

    /// `self` read outside a method (in a `local function`, at the top
    /// level), where nothing defines it.
    public static func selfOutsideMethod(className: String?) -> ScriptAdvice {
        ScriptAdvice("`self` is not defined here: only methods (`function \(className ?? "YourBehaviour"):name()`) and their inner functions have it",
                     fix: "define this function as a method with `:`, or pass `self` to it")
    }

    /// A standard global that `behave test` leaves out of spec files (and
    /// the modules they require), said with what a busted suite does
    /// instead; nil for a name a spec has.
    public static func withheldInSpec(_ name: String) -> ScriptAdvice? {
        if let fix = specClock[name] {
            return ScriptAdvice("`\(name)` is not defined in a spec: a spec has no clock of its own (a behaviour's `wait`, `after` and `now` run on its scene's)",
                                fix: fix)
        }
        guard let fix = specWithheld[name] else { return nil }
        return ScriptAdvice("`\(name)` is not available in a spec: `behave test` runs specs in Behave's sandbox, which leaves it out",
                            fix: fix)
    }

    /// The behaviour API's time functions, which a spec reaches for when it
    /// waits for a scene (busted's and UIKit tests' habit), and the scene's
    /// way to do it.
    static let specClock = [
        "wait": "move the scene's clock with `s:advance(seconds)`: its timers fire, and its waits and animations end, on the way",
        "sleep": "move the scene's clock with `s:advance(seconds)`: its timers fire, and its waits and animations end, on the way",
        "after": "a spec runs in order: `s:advance(seconds)`, then what should come after",
        "now": "read the scene's clock with `s:now()`",
    ]

    /// The globals a spec file's sandbox leaves out, and the way around each.
    static let specWithheld = [
        "io": "a spec cannot read or write files or streams: keep test data in the spec or in a Lua module it requires",
        "os": "a spec cannot reach the system, its clock or its environment: pass times and settings to the code under test as values",
        "debug": "a spec cannot inspect the Lua stack: for `xpcall(f, debug.traceback)` pass a handler of your own, such as `function(e) return e end`",
        "load": "a spec cannot compile code from text: `require` a module, or write the function in the spec",
        "loadfile": "a spec runs other Lua files only as modules: `require` the file instead",
        "dofile": "a spec runs other Lua files only as modules: `require` the file instead",
        "warn": "write the warning with `print`, which goes to the spec's output",
    ]

    /// `string.format("%d", 37.5)`: Lua's `%d`, `%i`, `%x`, `%o` and `%c`
    /// take a number with an integer's value, and a slider's value (a
    /// division's result) seldom has one; Lua's words are the same for a
    /// number too large for an integer (`12 / 0`). `argument` is Lua's
    /// `#2`, as the call counts it.
    public static func fractionForWholeNumber(argument: String) -> ScriptAdvice {
        ScriptAdvice("string.format's `%d` (or `%i`, `%x`, `%o`, `%c`) takes a whole number, but the number given for it (argument \(argument)) has a fraction or is beyond an integer's range",
                     fix: "round it first, `math.floor(value + 0.5)`, or write it with `%.0f`")
    }

    /// `unpack`: a global of Lua 5.1 (`olderLuaGlobals`), with its `fix`.
    public static func olderLuaGlobal(_ name: String, fix: String) -> ScriptAdvice {
        ScriptAdvice("`\(name)` is not defined here: it is a global of Lua 5.1, which Lua 5.4 does not have", fix: fix)
    }

    /// Globals of Lua 5.1 that Lua 5.4 dropped, and what to use instead.
    public static let olderLuaGlobals = [
        "unpack": "write `table.unpack`", "loadstring": "scripts cannot load code; build the value directly",
        "setfenv": "give a function its environment through an upvalue named `_ENV`",
        "getfenv": "read the environment through `_ENV`", "module": "return a table from the module instead",
    ]

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

    // MARK: Types

    /// `self.quantity.value ~= "0"`, `value > "8"`: a value compared with
    /// a literal of another type. `value` is the value's side as written
    /// (nil when it cannot be told), `literal` the literal as written,
    /// `converted` the literal written in the value's type, when it
    /// converts (`8`); `kinds` what the value and the literal are (`"a
    /// number"`, `"a string"`).
    public static func mixedComparison(_ value: String?, _ op: String, _ literal: String?, literalFirst: Bool,
                                       converted: String?, kinds: (value: String, literal: String)) -> ScriptAdvice {
        func written(_ literal: String?) -> String? {
            guard let value, let literal else { return nil }
            return literalFirst ? "\(literal) \(op) \(value)" : "\(value) \(op) \(literal)"
        }
        let what = written(literal).map { "`\($0)`" } ?? "a comparison on this line"
        let sides = literalFirst ? "\(kinds.literal) with \(kinds.value)" : "\(kinds.value) with \(kinds.literal)"
        let message = op == "==" || op == "~="
            ? "\(what) compares \(sides), so it is always \(op == "==" ? "false" : "true"): in Lua, values of two types are never equal"
            : "\(what) compares \(sides), which Lua cannot do, so the line fails"
        return ScriptAdvice(message, fix: written(converted).map { "compare values of one type: `\($0)`" }
                                ?? "convert one side first, with `tonumber(…)` or `tostring(…)`")
    }

    /// A string literal written back as source (`"8"`); nil for one too
    /// long or odd to quote back in a message.
    public static func quoted(_ text: String) -> String? {
        guard text.count <= 40, !text.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline }) else { return nil }
        return "\"\(text)\""
    }

    /// A literal that a property does not take (`self.slider.maximumValue
    /// = "10"`): `problem` is what the property's own check says
    /// (`PropertySpec.validate`); the fix writes the literal in the
    /// property's type when it converts.
    public static func propertyValue(_ problem: String, spec: PropertySpec, given value: Value) -> ScriptAdvice {
        ScriptAdvice(problem, fix: literalFix(for: spec.type, given: value) ?? "give it \(spec.typeDescription)")
    }

    /// The fix for `value` given where `type` is wanted, when the value is
    /// the right one written in the wrong type (`"10"` for a number).
    public static func literalFix(for type: ValueType, given value: Value) -> String? {
        switch (type, value) {
        case (.number, .string(let text)), (.integer, .string(let text)):
            guard let number = LuaConstant.value(ofNumeral: text), number.isFinite else { return nil }
            return "write the number without quotes: `\(text)`"
        case (.bool, .string(let text)) where text == "true" || text == "false":
            return "write `\(text)` without quotes"
        case (.bool, .number):
            return "write `true` or `false`"
        default:
            return nil
        }
    }

    /// `self.totalLabel.text = 5`: a number where text is wanted. It is
    /// turned into text (with at most six decimals) and reads back as a
    /// string, so `label.text == 5` is then false.
    public static func numberAsText(_ target: String) -> ScriptAdvice {
        ScriptAdvice("`\(target)` is text: a number given to it becomes text (1/3 shows as 0.333333) and reads back as a string, not a number",
                     fix: "give it text: a string, `tostring(n)`, or `string.format(\"%.2f\", n)` for a set number of decimals")
    }

    /// `self.stars[0]`: no control at that index of an outlet collection.
    /// `index` as written; `count` the collection's size, when known.
    public static func missingCollectionItem(_ name: String, index: String, count: Int?) -> ScriptAdvice {
        let item = "`self.\(name)[\(index)]`"
        let loop = "`for i, control in ipairs(self.\(name)) do … end`"
        guard let count else {
            return ScriptAdvice("\(item) is nil: an outlet collection is numbered from 1, as Lua lists are",
                                fix: index == "0" ? "the first is `self.\(name)[1]`; to go through them all, write \(loop)"
                                    : "use an index from 1 to `#self.\(name)`, or \(loop)")
        }
        guard count > 0 else {
            return ScriptAdvice("\(item) is nil: the outlet collection `\(name)` holds no controls",
                                fix: "list its controls under the behaviour's `outletCollections:` in the scene")
        }
        let holds = count == 1 ? "holds 1 control, `self.\(name)[1]`" : "holds \(count) controls, numbered from 1 to \(count)"
        return ScriptAdvice("\(item) is nil: the outlet collection `\(name)` \(holds)",
                            fix: index == "0" ? "the first is `self.\(name)[1]`; to go through them all, write \(loop)"
                                : "use an index from 1 to \(count), or \(loop)")
    }

    // MARK: Said when the line runs

    /// `self:refrsh()`: the behaviour has no such method. `className` is
    /// the script's local for its class.
    public static func missingMethod(_ name: String, suggestion: String?, className: String) -> ScriptAdvice {
        ScriptAdvice("`self:\(name)()` calls a method the behaviour does not have",
                     fix: suggestion.map { "did you mean `self:\($0)()`?" } ?? "define it with `function \(className):\(name)(…)`")
    }

    /// `self.name:on(…)`: `self.name` is the behaviour's name, a string,
    /// which has no such method; a control is one of its outlets, named
    /// in `outlets` (none when they are not known).
    public static func nameIsNoControl(_ method: String, outlets: [String]) -> ScriptAdvice {
        ScriptAdvice("`self.name` is the behaviour's name, a string, not a control: a string has no method `\(method)`",
                     fix: outlets.isEmpty
                        ? "a control is `self.<outlet>`, for an outlet declared in `behaviour { outlets = { … } }`"
                        : "a control is `self.<outlet>`, as the behaviour declares them: "
                            + outlets.map { "`self.\($0)`" }.joined(separator: ", "))
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

    /// A function that called itself until the stack or the memory ran
    /// out (`limit`, Lua's "stack overflow" or the memory limit): `cycle`
    /// is the function, or the few that call each other, as their callers
    /// named them (empty when unnamed).
    public static func endlessRecursion(_ limit: String, cycle: [String]) -> ScriptAdvice {
        let named = cycle.map { "`\($0)`" }
        switch named.count {
        case 0:
            return ScriptAdvice("\(limit) while this function calls itself",
                                fix: "it calls itself without end? Make sure it stops calling itself (return before the call once its work is done)")
        case 1:
            return ScriptAdvice("\(limit) while \(named[0]) calls itself",
                                fix: "\(named[0]) calls itself without end? Make sure it stops calling itself (return before the call once its work is done)")
        default:
            let list = named.dropLast().joined(separator: ", ") + " and " + named.last!
            return ScriptAdvice("\(limit) while \(list) call each other",
                                fix: "they call each other without end? Make sure one stops calling the other (return before the call once its work is done)")
        }
    }

    /// A handler ended because one it started (by `send`, an action, a
    /// `tap` in a spec) ran the callback past `limit` at `site` ("b.lua:6").
    public static func runawayInStartedHandler(_ limit: String, at site: String) -> ScriptAdvice {
        ScriptAdvice("ended with a handler it started: \(limit) at \(site)",
                     fix: "that handler's own error says more; make its loop at \(site) end, or spread long work over time with `after`")
    }

    /// Spec code (not a behaviour's) that ran past a limit: `option` is
    /// `behave test`'s flag that raises it, `more` a value that gives more.
    public static func specRunaway(_ limit: String, option: String, more: String) -> ScriptAdvice {
        ScriptAdvice("\(limit) while running this line",
                     fix: "this loop never ends? Make sure its condition turns false; a spec that needs more runs with `behave test \(option) \(more)`")
    }
}
