/// A text field. `type(_:)` is a user's edit: it begins editing if needed,
/// replaces the text and sends `editingChanged`. `editing` is whether it is
/// the first responder; setting it is UIKit's `becomeFirstResponder()` /
/// `resignFirstResponder()`.
public final class TextField: View {
    public override class var controlType: ControlType { .textField }
    public var text: String { string("text") }
    public var isEditing: Bool { value(at: TextField.editingIndex) == .bool(true) }
    public var isSecure: Bool { bool("secureTextEntry") }
    private static let editingIndex = ControlType.textField.schema.index(of: "editing")!

    public override func set(at index: Int, to value: Value) throws(ValueError) {
        guard index == TextField.editingIndex else { return try super.set(at: index, to: value) }
        guard try validate(value, for: schema.properties[index]) == .bool(true) else { return endEditing() }
        guard canReceiveTouches else { throw ValueError("editing cannot begin: \(touchRefusal)") }
        beginEditing()
    }

    static let keyboardTypes = ["default", "asciiCapable", "numbersAndPunctuation", "URL", "numberPad", "phonePad",
                                "namePhonePad", "emailAddress", "decimalPad", "twitter", "webSearch", "asciiCapableNumberPad"]
    static let returnKeyTypes = ["default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done",
                                 "emergencyCall", "continue"]

    /// Replaces the whole text in one edit (as pasting over a selection
    /// does): one `editingChanged`. The text counts against the scene's
    /// text limit.
    @discardableResult
    public func type(_ text: String) throws(ValueError) -> Bool {
        guard beginUserEdit() else { return false }
        try edit(to: text)
        sendActions(for: "editingChanged")
        return true
    }

    /// Types `text` key by key at the end: one `editingChanged` per
    /// character, as a person typing makes.
    @discardableResult
    public func typeKeys(_ text: String) throws(ValueError) -> Bool {
        var keys = text.makeIterator()
        return try editKeyByKey("typing") { current in keys.next().map { current + String($0) } }
    }

    /// Deletes `count` characters from the end, one `editingChanged` each
    /// (none when the field is empty).
    @discardableResult
    public func deleteBackward(_ count: Int = 1) throws(ValueError) -> Bool {
        var left = count
        return try editKeyByKey("backspace") { current in
            guard left > 0, !current.isEmpty else { return nil }
            left -= 1
            return String(current.dropLast())
        }
    }

    /// The user's edit a key at a time: `next` gives the text after each
    /// key (nil when no key is left), and each key sends `editingChanged`.
    /// A handler that ends editing or hides the field stops the keys still
    /// to come; when the command's time is up they stop where they got to,
    /// with an error that says how far.
    /// A key past `maxLength` (or past the bytes a field holds) changes
    /// nothing and sends nothing, as in GTK (which rings the bell): the
    /// keys stop there, with a note.
    private func editKeyByKey(_ what: String, _ next: (String) -> String?) throws(ValueError) -> Bool {
        guard beginUserEdit() else { return false }
        var keys = 0
        while isEditing, canReceiveTouches, let edited = next(text) {
            if keys > 0, let reason = scene?.commandTimeIsUp {
                throw ValueError("\(what) stopped after \(keys) characters: \(reason)")
            }
            guard try edit(to: edited) else {
                let limit = number("maxLength")
                let full = limit > 0 && Double(text.unicodeScalars.count) >= limit
                    ? "its maxLength of \(formatNumber(limit)) characters" : "the \(PropertySpec.boundedTextBytes) bytes a field holds"
                scene?.trace.record(.note, subject: name, "\(name) ignores the keys past \(full)")
                break
            }
            sendActions(for: "editingChanged")
            keys += 1
        }
        return true
    }

    private static let textIndex = ControlType.textField.schema.index(of: "text")!
    private static let maxLengthIndex = ControlType.textField.schema.index(of: "maxLength")!

    /// The user's edit of the text, within the scene's text limit and cut
    /// at `maxLength`; false when that left the text as it was.
    @discardableResult
    private func edit(to text: String) throws(ValueError) -> Bool {
        let new = withinLength(.string(text), allowedBy: TextField.maxLengthIndex)
        let old = value(at: TextField.textIndex)
        guard new != old else { return false }
        try scene?.reserveText(for: "\(name).text", replacing: old, with: new)
        store(new, at: TextField.textIndex, source: .user)
        return true
    }

    private func beginUserEdit() -> Bool {
        guard takesUserInput("typing") else { return false }
        beginEditing()
        return true
    }

    /// Begins editing; a field of the same screen that was editing ends
    /// first (one first responder, as in UIKit).
    public func beginEditing() {
        guard !isEditing else { return }
        for case let other as TextField in screen?.controls ?? [] where other !== self { other.endEditing() }
        store(.bool(true), at: TextField.editingIndex)
        sendActions(for: "editingDidBegin")
    }

    /// The user's return key: the delegate's `textFieldShouldReturn` may
    /// refuse it; while a dialog is presented, the field ignores it.
    @discardableResult
    public func pressReturn() -> Bool {
        guard takesUserInput("the return key") else { return false }
        returnKey()
        return true
    }

    /// The return key, as `send NAME editingDidEndOnExit` sends it.
    func returnKey() {
        let answer = sendDelegateMessage("textFieldShouldReturn")
        if answer == .bool(false) { return }
        sendActions(for: "editingDidEndOnExit")
        endEditing()
    }

    public func endEditing() {
        guard isEditing else { return }
        store(.bool(false), at: TextField.editingIndex)
        sendActions(for: "editingDidEnd")
    }
}

extension ControlType {
    public static let textField = ControlType(
        name: "TextField", parent: .view,
        summary: "One line of editable text; the user types, deletes and presses return.",
        properties: [
            // GtkEntry's max-length: typing stops at it and a longer text
            // is cut, counted in characters; 0 is no limit.
            PropertySpec("text", .string, lengthLimit: "maxLength"),
            PropertySpec("placeholder", .string),
            PropertySpec("maxLength", .integer, default: .number(0), min: 0, max: 65535),
            PropertySpec("editing", .bool, default: .bool(false)),
            .enabled,
            // UIKit's text input traits: drawn as dots, and which keyboard and
            // return key the field asks for (the names of UIKeyboardType and
            // UIReturnKeyType).
            PropertySpec("secureTextEntry", .bool, default: .bool(false)),
            PropertySpec("keyboardType", .enumeration(TextField.keyboardTypes), default: .string("default")),
            PropertySpec("returnKeyType", .enumeration(TextField.returnKeyTypes), default: .string("default")),
        ] + TextStyle.properties,
        events: ["editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit"],
        delegateMessages: ["textFieldShouldReturn"], hostProperties: ["editing"], methods: [],
        commands: [
            UserCommand("type", help: "replace a text field's text in one edit",
                        parameters: [CommandParameter("text", .text)],
                        explore: { view, random in ["type \(Explorer.quoted(view.name)) \(Explorer.quoted(random.pick(Explorer.words)))"] },
                        perform: { view, arguments throws(ValueError) in try (view as? TextField)?.type(arguments.first?.text ?? "") }),
            UserCommand("keys", help: "type TEXT key by key at the end (editingChanged per character)",
                        parameters: [CommandParameter("text", .text)],
                        explore: { view, random in ["keys \(Explorer.quoted(view.name)) \(Explorer.quoted(random.pick(Explorer.words)))"] },
                        perform: { view, arguments throws(ValueError) in try (view as? TextField)?.typeKeys(arguments.first?.text ?? "") }),
            UserCommand("return", specMethod: "pressReturn", help: "press return in a text field",
                        explore: { view, _ in ["return \(Explorer.quoted(view.name))"] },
                        perform: { view, _ throws(ValueError) in (view as? TextField)?.pressReturn() }),
            UserCommand("backspace", help: "delete characters from the end, one by one",
                        parameters: [CommandParameter("count", .count(maximum: 1_000_000), default: .count(1))],
                        explore: { view, _ in
                            (view as? TextField)?.text.isEmpty ?? true ? [] : ["backspace \(Explorer.quoted(view.name))"]
                        },
                        perform: { view, arguments throws(ValueError) in try (view as? TextField)?.deleteBackward(arguments.first?.count ?? 0) }),
        ],
        picture: { view in
            guard let field = view as? TextField else { return "[]" }
            // Cut as `state` cuts a text: a full secure field was 196 KB of dots.
            let count = field.isSecure ? field.text.count : 0, longest = Value.longestTracedText
            let typed = !field.isSecure ? JSON.cutForReading(field.text)
                : count > longest ? String(repeating: "•", count: longest) + "… (\(count) characters)" : String(repeating: "•", count: count)
            let placeholder = JSON.cutForReading((try? field.value("placeholder"))?.stringValue ?? "")
            let content = field.text.isEmpty ? placeholder : typed
            return "[\(content)\(field.isEditing ? "▏" : "")]"
        },
        widget: "TextField",
        make: { TextField(name: $0, type: $1) })
}
