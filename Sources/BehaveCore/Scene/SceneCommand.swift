import Foundation

/// One line of the command language (README, "The command language":
/// `tap button`, `advance 0.7`), as typed at `behave run` or called from a
/// spec.
public enum SceneCommand: Equatable, Sendable {
    case tap(String)
    case press(String)
    case drag(String, inside: Bool)
    case release(String, outside: Bool)
    case send(String, event: String)
    case call(String, action: String, arguments: [LooseValue])
    case set(String, property: String, value: LooseValue)
    case step(String, up: Bool)
    case slide(String, value: Double)
    case type(String, text: String)
    case keys(String, text: String)
    case backspace(String, count: Int)
    case pressReturn(String)
    case scroll(String, y: Double)
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

    public static let usage = """
        tap NAME                  a full touch on a button (touchDown, touchUpInside)
        press NAME                put a finger down on a button and hold it (touchDown)
        drag NAME outside|inside  slide the held finger off (touchDragExit) or back on (touchDragEnter)
        release NAME [outside]    lift it: touchUpInside, or touchUpOutside off the button
        send NAME EVENT           send any event of a control or behaviour
        call NAME.ACTION [ARGS]   call a behaviour's action, as a connection would (ARGS: values, by spaces or commas)
        set NAME.PROPERTY VALUE   set a control property or a behaviour inspectable
        step NAME + | -           press a stepper's plus or minus
        slide NAME VALUE          drag a slider's thumb to VALUE (within its range)
        type NAME TEXT            replace a text field's text in one edit
        keys NAME TEXT            type TEXT key by key at the end (editingChanged per character)
        backspace NAME [COUNT]    delete characters from the end, one by one
        return NAME               press return in a text field
        scroll NAME Y             scroll a scroll view to content offset Y
        keyboard show HEIGHT      show the system keyboard
        keyboard hide             hide it
        advance SECONDS           move the virtual clock
        choose OPTION             answer the presented dialog (an option, or cancel)
        remove NAME               remove a control; the behaviours it owns are destroyed
        dismiss                   dismiss the screen; every behaviour is destroyed
        show                      draw the scene
        state                     print the state as JSON
        quit                      end
        """

    /// Parses one line; nil for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(ValueError) -> SceneCommand? {
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
        switch verb {
        case "tap": return .tap(try arguments(1, "tap NAME")[0])
        case "press": return .press(try arguments(1, "press NAME")[0])
        case "drag":
            let a = try arguments(2, "drag NAME outside|inside")
            guard a[1] == "outside" || a[1] == "inside" else { throw ValueError("usage: drag NAME outside|inside") }
            return .drag(a[0], inside: a[1] == "inside")
        case "release":
            guard rest.count == 1 || (rest.count == 2 && rest[1] == "outside") else {
                throw ValueError("usage: release NAME [outside]")
            }
            return .release(rest[0], outside: rest.count == 2)
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
        case "step":
            let a = try arguments(2, "step NAME + | -")
            guard a[1] == "+" || a[1] == "-" else { throw ValueError("usage: step NAME + | -") }
            return .step(a[0], up: a[1] == "+")
        case "slide":
            let a = try arguments(2, "slide NAME VALUE")
            return .slide(a[0], value: try number(a[1], "slide NAME VALUE"))
        case "type":
            guard rest.count >= 1 else { throw ValueError("usage: type NAME TEXT") }
            let text = rawRest(of: line, after: 2)
            return .type(rest[0], text: unquote(text))
        case "keys":
            guard rest.count >= 1 else { throw ValueError("usage: keys NAME TEXT") }
            return .keys(rest[0], text: unquote(rawRest(of: line, after: 2)))
        case "backspace":
            guard rest.count == 1 || rest.count == 2 else { throw ValueError("usage: backspace NAME [COUNT]") }
            let count = rest.count == 2 ? Int(rest[1]) : 1
            guard let count, count >= 0, count <= 1_000_000 else {
                throw ValueError("backspace takes a count from 0 to 1000000; usage: backspace NAME [COUNT]")
            }
            return .backspace(rest[0], count: count)
        case "return": return .pressReturn(try arguments(1, "return NAME")[0])
        case "scroll":
            let a = try arguments(2, "scroll NAME Y")
            return .scroll(a[0], y: try number(a[1], "scroll NAME Y"))
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
            let verbs = ["tap", "press", "drag", "release", "send", "call", "set", "step", "slide", "type", "keys", "backspace",
                         "return", "scroll", "keyboard", "advance", "choose", "remove", "dismiss", "show", "state",
                         "help", "quit"]
            throw ValueError("unknown command `\(verb)`\(Suggestions.hint(for: verb, in: verbs)); type `help` for the list")
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
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        for _ in 0..<count {
            rest = rest.drop(while: { $0 != " " && $0 != "\t" }).drop(while: { $0 == " " || $0 == "\t" })
        }
        return String(rest)
    }

    static func unquote(_ text: String) -> String {
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
        beginCommand()
        switch command {
        case .tap(let name):
            try requireControl(name).tap()
        case .press(let name):
            try requireControl(name).beginTouch()
        case .drag(let name, let inside):
            try requireControl(name).moveTouch(inside: inside)
        case .release(let name, let outside):
            try requireControl(name).endTouch(outside: outside)
        case .call(let name, let action, let arguments):
            var values: [Value] = []
            for argument in arguments { values.append(try argument.untypedValue()) }
            try call(action, of: name, arguments: values)
        case .send(let name, let event):
            let target = try requireSender(name)
            guard target.eventNames.contains(event) else {
                let events = target.eventNames.isEmpty ? "it sends no events" : "its events: \(target.eventNames.joined(separator: ", "))"
                throw ValueError("`\(name)` has no event `\(event)`\(Suggestions.hint(for: event, in: target.eventNames)); \(events)")
            }
            if let field = target as? TextField, event == "editingDidEndOnExit" {
                field.returnKey()
            } else {
                target.sendActions(for: event)
            }
        case .set(let name, let property, let loose):
            if let view = control(named: name) {
                guard let spec = view.schema.spec(property) else { throw view.schema.unknownProperty(property) }
                try view.set(property, to: try spec.convert(loose))
            } else if let behaviour = behaviour(named: name) {
                guard behaviour.isAlive else { throw ValueError("behaviour `\(name)` has been destroyed") }
                guard let spec = behaviour.declaration.inspectable(property) else {
                    throw behaviour.declaration.unknownInspectable(property)
                }
                try behaviour.setInspectable(property, to: try spec.convert(loose))
            } else {
                throw unknownObject(name)
            }
        case .step(let name, let up):
            guard let stepper = try requireControl(name) as? Stepper else { throw ValueError("`\(name)` is not a Stepper") }
            stepper.press(up: up)
        case .slide(let name, let value):
            guard let slider = try requireControl(name) as? Slider else { throw ValueError("`\(name)` is not a Slider") }
            slider.slide(to: value)
        case .type(let name, let text):
            try requireTextField(name).type(text)
        case .keys(let name, let text):
            try requireTextField(name).typeKeys(text)
        case .backspace(let name, let count):
            try requireTextField(name).deleteBackward(count)
        case .pressReturn(let name):
            try requireTextField(name).pressReturn()
        case .scroll(let name, let y):
            guard let scrollView = try requireControl(name) as? ScrollView else {
                throw ValueError("`\(name)` is not a ScrollView")
            }
            scrollView.scroll(toY: y)
        case .keyboardShow(let height):
            guard height >= 0 else { throw ValueError("the keyboard's height must be 0 or more") }
            keyboard.show(height: height)
        case .keyboardHide:
            keyboard.hide()
        case .advance(let seconds):
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

    func requireTextField(_ name: String) throws(ValueError) -> TextField {
        guard let field = try requireControl(name) as? TextField else { throw ValueError("`\(name)` is not a TextField") }
        return field
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
            let listed = actions.isEmpty ? "it has no actions" : "its actions: \(actions.joined(separator: ", "))"
            throw ValueError("`\(name)` has no action `\(action)`\(Suggestions.hint(for: action, in: actions)); \(listed)")
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
        let names = (screen?.controls.map(\.name) ?? []) + records.map(\.name) + ["keyboard"]
        return ValueError("no control or behaviour named `\(name)`\(Suggestions.hint(for: name, in: names))")
    }
}
