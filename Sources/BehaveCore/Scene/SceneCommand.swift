import Foundation

/// One line of the command language (README, "The command language":
/// `tap button`, `advance 0.7`), as typed at `behave run` or called from a
/// spec.
public enum SceneCommand: Equatable, Sendable {
    /// What a person does to a control: a command its type declares
    /// (`tap`, `step`, `type`…, see `UserCommand`).
    case control(verb: String, name: String, arguments: [CommandArgument])
    case send(String, event: String)
    case call(String, action: String, arguments: [LooseValue])
    case set(String, property: String, value: LooseValue)
    case keyboardShow(height: Double)
    case keyboardHide
    case advance(Double)
    case choose(String)
    case remove(String)
    case dismiss
    case show
    case state
    case help
    case quit

    /// `tap NAME`: a full touch on the control.
    public static func tap(_ name: String) -> SceneCommand { .control(verb: "tap", name: name, arguments: []) }

    /// The commands of the scene, then every control type's (`help`).
    public static var usage: String {
        let lines = sceneUsage.prefix(1) + ControlTypes.commands.map { ($0.usage, $0.help) } + sceneUsage.dropFirst()
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }

    /// The scene's own commands: `send` first, the control types' after it.
    static let sceneUsage: [(String, String)] = [
        ("send NAME EVENT", "send any event of a control or behaviour"),
        ("call NAME.ACTION [ARGS]", "call a behaviour's action, as a connection would (ARGS: values, by spaces or commas)"),
        ("set NAME.PROPERTY VALUE", "set a control property or a behaviour inspectable"),
        ("keyboard show HEIGHT", "show the system keyboard"),
        ("keyboard hide", "hide it"),
        ("advance SECONDS", "move the virtual clock"),
        ("choose OPTION", "answer the presented dialog (an option, or cancel)"),
        ("remove NAME", "remove a control; the behaviours it owns are destroyed"),
        ("dismiss", "dismiss the screen; every behaviour is destroyed"),
        ("show", "draw the scene"),
        ("state", "print the state as JSON"),
        ("quit", "end"),
    ]

    /// The scene's own verbs (the control types' come from their commands).
    static let sceneVerbs = ["send", "call", "set", "keyboard", "advance", "choose", "remove", "dismiss", "show", "state",
                             "help", "quit"]

    /// Why a command holding a line break is refused, with both fixes.
    static let lineBreakRefusal = "a command is one line, and this one holds a line break (a line feed, or a carriage return "
        + "`\\13`); end each command of standard input with a line feed (a CR alone ends none), and give each command its own "
        + "--do (a text of several lines can be set by a script)"

    /// Parses one line; nil for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(ValueError) -> SceneCommand? {
        // Commands are lines (of standard input, of a transcript): one that
        // holds a line break, which `--do`, a host, or standard input with
        // a CR alone can pass, would be recorded as two and replay as
        // something else. The fix names both ways in: a file of CR endings
        // was told to use --do, which it did not.
        if line.utf8.contains(where: { $0 == 10 || $0 == 13 }) {
            throw ValueError(SceneCommand.lineBreakRefusal)
        }
        let words = split(line)
        guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
        let rest = Array(words.dropFirst())
        func arguments(_ count: Int, _ form: String) throws(ValueError) -> [String] {
            guard rest.count == count else { throw ValueError("usage: \(form)") }
            return rest
        }
        func number(_ text: String, _ form: String) throws(ValueError) -> Double {
            guard let n = Double(text), n.isFinite else { throw ValueError("`\(text)` is not a number; usage: \(form)") }
            return n
        }
        if !sceneVerbs.contains(verb), verb != "?", verb != "exit",
           let command = ControlTypes.command(verb) {
            guard let name = rest.first else { throw ValueError("usage: \(command.usage)") }
            let arguments = try command.parse(words: Array(rest.dropFirst()), rest: rawRest(of: line, after: 2))
            return .control(verb: verb, name: name, arguments: arguments)
        }
        switch verb {
        case "call":
            guard let target = rest.first, let dot = target.firstIndex(of: "."), dot > target.startIndex,
                  target.index(after: dot) < target.endIndex else {
                throw ValueError("usage: call NAME.ACTION [ARGS]")
            }
            var values: [LooseValue] = []
            for argument in callArguments(rawRest(of: line, after: 2)) { values.append(try LooseValue.parse(argument)) }
            return .call(String(target[..<dot]), action: String(target[target.index(after: dot)...]), arguments: values)
        case "send":
            let a = try arguments(2, "send NAME EVENT")
            return .send(a[0], event: a[1])
        case "set":
            guard rest.count >= 2, let dot = rest[0].firstIndex(of: ".") else {
                throw ValueError("usage: set NAME.PROPERTY VALUE")
            }
            let target = rest[0]
            let valueText = rawRest(of: line, after: 2)
            return .set(String(target[..<dot]), property: String(target[target.index(after: dot)...]),
                        value: try LooseValue.parse(valueText))
        case "keyboard":
            if rest.first == "hide", rest.count == 1 { return .keyboardHide }
            guard rest.count == 2, rest[0] == "show" else { throw ValueError("usage: keyboard show HEIGHT | keyboard hide") }
            return .keyboardShow(height: try number(rest[1], "keyboard show HEIGHT"))
        case "advance":
            let seconds = try number(try arguments(1, "advance SECONDS")[0], "advance SECONDS")
            guard seconds >= 0 else { throw ValueError("advance takes a duration of 0 seconds or more") }
            return .advance(seconds)
        case "choose":
            guard !rest.isEmpty else { throw ValueError("usage: choose OPTION") }
            return .choose(unquote(rawRest(of: line, after: 1)))
        case "remove": return .remove(try arguments(1, "remove NAME")[0])
        case "dismiss": _ = try arguments(0, "dismiss"); return .dismiss
        case "show": _ = try arguments(0, "show"); return .show
        case "state": _ = try arguments(0, "state"); return .state
        case "help", "?": return .help
        case "quit", "exit": _ = try arguments(0, "quit"); return .quit
        default:
            let verbs = ControlTypes.commands.map(\.verb) + sceneVerbs
            throw ValueError("unknown command `\(verb)`\(Suggestions.hint(for: verb, among: verbs, words: Suggestions.toolkitCommands)); type `help` for the list")
        }
    }

    /// Words, with "quoted phrases" kept together; `""` is a word (the
    /// empty text).
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var quote: Character?
        for character in line {
            if let q = quote {
                if character == q { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                quoted = true
            } else if character == " " || character == "\t" {
                if !current.isEmpty || quoted { words.append(current); current = "" }
                quoted = false
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty || quoted { words.append(current) }
        return words
    }

    /// The arguments of `call`, as written: separated by spaces or commas;
    /// quoted text and `[lists]` stay whole (`1, "two words" [3, 4]`).
    static func callArguments(_ text: String) -> [String] {
        var arguments: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in text {
            if let q = quote {
                if character == q { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth = max(0, depth - 1)
            } else if depth == 0, character == " " || character == "\t" || character == "," {
                if !current.isEmpty { arguments.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { arguments.append(current) }
        return arguments
    }

    /// The text of a line after its first `count` words, as written.
    static func rawRest(of line: String, after count: Int) -> String {
        // Blanks as CharacterSet.whitespaces has them (tab and the space
        // separators) trimmed at the ends, words skipped by their bytes (a
        // space or a tab is never part of another character's UTF-8): by
        // hand, since Foundation's trimming costs a start a tenth of its
        // time, in looking up conformances, and walking Characters costs an
        // explorer at every step.
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var line = line
        if let first = line.utf8.first, let last = line.utf8.last, first >= 0x80 || last >= 0x80 {
            // A line that begins or ends past ASCII: its blanks as scalars.
            let scalars = line.unicodeScalars
            var start = scalars.startIndex, end = scalars.endIndex
            let blank = { (scalar: Unicode.Scalar) in
                scalar.isASCII ? isBlank(UInt8(scalar.value)) : scalar.properties.generalCategory == .spaceSeparator
            }
            while start < end, blank(scalars[start]) { start = scalars.index(after: start) }
            while end > start, blank(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
            line = String(line.unicodeScalars[start..<end])
        }
        return line.withUTF8 { bytes in
            var start = 0, end = bytes.count
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            for _ in 0..<count {
                while start < end, !isBlank(bytes[start]) { start += 1 }
                while start < end, isBlank(bytes[start]) { start += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    static func unquote(_ text: String) -> String {
        // As a value is read (`LooseValue.parse`): the outer quotes go,
        // whatever is inside (the studio quotes a dialog's option so).
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

/// What a command gives back to the one who typed it.
public enum CommandOutput: Equatable {
    case none
    case text(String)
    case state(JSON)
    case quit
}

extension Scene {
    /// Runs one command. Errors are the user's mistakes (an unknown name, a
    /// bad value), reported without changing anything.
    @discardableResult
    public func execute(_ command: SceneCommand) throws(ValueError) -> CommandOutput {
        try perform { () throws(ValueError) -> CommandOutput in try run(command) }
    }

    private func run(_ command: SceneCommand) throws(ValueError) -> CommandOutput {
        switch command {
        case .control(let verb, let name, let arguments):
            let view = try requireControl(name)
            guard let command = view.controlType.command(verb) else {
                let verbs = view.controlType.commands.map { "`\($0.verb)`" }.joined(separator: ", ")
                let takers = ControlTypes.all.filter { $0.ownCommands.contains { $0.verb == verb } }.map { "a \($0.name)" }
                throw ValueError("`\(name)` is a \(view.typeName): `\(verb)` is for \(takers.joined(separator: " or ")) (a \(view.typeName) takes \(verbs))")
            }
            view.performingUserCommand = true
            defer { view.performingUserCommand = false }
            try command.perform(view, arguments)
        case .call(let name, let action, let arguments):
            var values: [Value] = []
            for argument in arguments { values.append(try argument.untypedValue()) }
            try call(action, of: name, arguments: values)
        case .send(let name, let event):
            let target = try requireSender(name)
            guard target.eventNames.contains(event) else {
                let events = target.eventNames.isEmpty ? "it sends no events" : "its events: \(target.eventNames.joined(separator: ", "))"
                throw ValueError("`\(name)` has no event `\(JSON.cutForReading(event))`\(Suggestions.eventHint(for: event, in: target.eventNames)); \(events)")
            }
            if let field = target as? TextField, event == "editingDidEndOnExit" {
                field.returnKey()
            } else {
                target.sendActions(for: event)
            }
        case .set(let name, let property, let loose):
            if let view = control(named: name) {
                guard let spec = view.schema.spec(property) else { throw view.schema.unknownProperty(property) }
                let converted = try spec.convert(loose)
                try with(source: .command) { () throws(ValueError) in try view.set(property, to: converted) }
            } else if let behaviour = behaviour(named: name) {
                guard behaviour.isAlive else { throw ValueError("behaviour `\(name)` has been destroyed") }
                guard let spec = behaviour.declaration.inspectable(property) else {
                    throw behaviour.declaration.unknownInspectable(property)
                }
                let converted = try spec.convert(loose)
                try with(source: .command) { () throws(ValueError) in try behaviour.setInspectable(property, to: converted) }
            } else {
                throw unknownObject(name)
            }
        case .keyboardShow(let height):
            guard height >= 0 else { throw ValueError("the keyboard's height must be 0 or more") }
            keyboard.show(height: height)
        case .keyboardHide:
            keyboard.hide()
        case .advance(let seconds):
            guard clock.now + seconds <= Clock.latest else {
                throw ValueError("advance \(formatNumber(seconds)): the clock is at \(formatNumber(clock.now)) s and goes no further than \(formatNumber(Clock.latest)) s")
            }
            clock.advance(by: seconds)
        case .choose(let option):
            try choose(option)
        case .remove(let name):
            let view = try requireControl(name)
            trace.record(.lifecycle, subject: name, "\(name) removed")
            view.removeFromParent()
        case .dismiss:
            guard isPresented else { throw ValueError("the screen is already dismissed") }
            dismiss()
        case .show:
            return .text(render())
        case .state:
            return .state(state())
        case .help:
            return .text(SceneCommand.usage)
        case .quit:
            return .quit
        }
        return .none
    }

    /// Calls a behaviour's action as a connection would: the screen is the
    /// sender; it returns when the action's handler ends or pauses.
    public func call(_ action: String, of name: String, arguments: [Value]) throws(ValueError) {
        guard let behaviour = behaviour(named: name) else {
            if control(named: name) != nil { throw ValueError("`\(name)` is a control; `call` calls a behaviour's action") }
            throw unknownObject(name)
        }
        guard behaviour.isAlive else { throw ValueError("behaviour `\(name)` has been destroyed") }
        let actions = behaviour.declaration.actions
        guard behaviour.canPerformAction(action) else {
            let listed = actions.isEmpty ? BehaviourDeclaration.noActions(behaviour.declaration.name, adding: action) : "its actions: \(actions.joined(separator: ", "))"
            let why = BehaviourDeclaration.whyNotAnAction(action).map { "; \($0)" } ?? ""
            throw ValueError("`\(name)` has no action `\(action)`\(Suggestions.hint(for: action, in: actions))\(why); \(listed)")
        }
        guard arguments.count <= Scene.maximumActionArguments else {
            throw ValueError("\(arguments.count) arguments; an action carries at most \(Scene.maximumActionArguments)")
        }
        guard let screen else { throw ValueError("the screen is dismissed") }
        screen.sendAction(action, to: behaviour, arguments: arguments)
    }

    func requireControl(_ name: String) throws(ValueError) -> View {
        guard isPresented else { throw ValueError("the screen is dismissed: `\(name)` is gone") }
        if let view = control(named: name) { return view }
        throw unknownObject(name)
    }

    func requireSender(_ name: String) throws(ValueError) -> Control {
        if name == "keyboard" { return keyboard }
        if let view = control(named: name) { return view }
        if let behaviour = behaviour(named: name) {
            guard behaviour.isAlive else { throw ValueError("behaviour `\(name)` has been destroyed") }
            return behaviour
        }
        throw unknownObject(name)
    }

    func unknownObject(_ name: String) -> ValueError {
        let names = (screen?.controls.map(\.name) ?? []) + records.map(\.name)
        return ValueError("no control or behaviour named `\(name)`"
                          + Suggestions.hintOrList(for: name, in: names, unlisted: ["keyboard"],
                                                   listing: "the scene's controls and behaviours"))
    }
}
