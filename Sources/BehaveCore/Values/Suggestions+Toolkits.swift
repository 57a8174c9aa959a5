/// Other toolkits' words for Behave's: GTK's `clicked` for an event, its
/// `label` for a property, the web's `click` for what a person does. One
/// table of each kind (`Suggestions+Events.swift`, `+Properties`,
/// `+Commands`) and one way to read them, so that every "did you mean"
/// tells someone who comes from GTK, UIKit or the web Behave's word.
public struct ToolkitWord: Sendable {
    /// Whose word it is, as a message says it ("GTK's", "the web's").
    public let whose: String
    /// Behave's words it may mean, the one to prefer first: the first that
    /// the subject (a control type, a scene) has is the one.
    public let meanings: [String]
    /// It says the opposite of Behave's word (GTK's `visible` is `hidden`
    /// inverted), which the message says too.
    public let isOpposite: Bool
    /// How it differs from the nearest of Behave's words, when it is no
    /// other name for it (UIKit's `touchDragOutside` repeats as the finger
    /// moves; Behave's `touchDragExit` comes once): said in place of "is
    /// UIKit's name for it", so that the nearest spelling (`touchUpOutside`,
    /// a lift) is not offered instead.
    public let note: String?

    init(whose: String, meanings: [String], isOpposite: Bool, note: String? = nil) {
        self.whose = whose
        self.meanings = meanings
        self.isOpposite = isOpposite
        self.note = note
    }

    static func gtk(_ meanings: String...) -> ToolkitWord { ToolkitWord(whose: "GTK's", meanings: meanings, isOpposite: false) }
    static func uikit(_ meanings: String...) -> ToolkitWord { ToolkitWord(whose: "UIKit's", meanings: meanings, isOpposite: false) }
    static func uikit(near meaning: String, _ note: String) -> ToolkitWord {
        ToolkitWord(whose: "UIKit's", meanings: [meaning], isOpposite: false, note: note)
    }
    /// The name UIKit code usually gives the action it wires to an event.
    static func uikitAction(_ meanings: String...) -> ToolkitWord {
        ToolkitWord(whose: "UIKit code's usual action", meanings: meanings, isOpposite: false)
    }
    /// UIKit's name for something Behave has no equivalent of, said as
    /// "UIKit's name for `what`; Behave has none".
    static func uikit(none what: String) -> ToolkitWord {
        ToolkitWord(whose: "UIKit's", meanings: [], isOpposite: false, note: what)
    }
    static func web(_ meanings: String...) -> ToolkitWord { ToolkitWord(whose: "the web's", meanings: meanings, isOpposite: false) }
    static func gtkAndWeb(_ meanings: String...) -> ToolkitWord {
        ToolkitWord(whose: "GTK's and the web's", meanings: meanings, isOpposite: false)
    }
    static func roblox(_ meanings: String...) -> ToolkitWord { ToolkitWord(whose: "Roblox's", meanings: meanings, isOpposite: false) }
    static func defold(_ meanings: String...) -> ToolkitWord { ToolkitWord(whose: "Defold's", meanings: meanings, isOpposite: false) }
    static func others(_ meanings: String...) -> ToolkitWord {
        ToolkitWord(whose: "other toolkits'", meanings: meanings, isOpposite: false)
    }
    /// The same word, saying the opposite of its meanings.
    var opposite: ToolkitWord { ToolkitWord(whose: whose, meanings: meanings, isOpposite: true) }
}

/// One kind of other toolkits' words, found however a binding writes them
/// (GTK's `placeholder-text` is `placeholder_text` in Python and
/// `placeholderText` in JavaScript).
public struct ToolkitWords: Sendable {
    /// What a message calls one: "name" (of an event, a property), "word"
    /// (for what a person does).
    let noun: String
    private let words: [String: ToolkitWord]
    /// Each word as the toolkit spells it, by its key.
    private let spellings: [String: String]

    init(noun: String, _ words: [String: ToolkitWord]) {
        self.noun = noun
        var keyed: [String: ToolkitWord] = [:]
        var spellings: [String: String] = [:]
        for (written, word) in words {
            keyed[Self.key(written)] = word
            spellings[Self.key(written)] = written
        }
        self.words = keyed
        self.spellings = spellings
    }

    /// The word as written, when it is one of these.
    public func word(_ written: String) -> ToolkitWord? {
        written.count <= 64 ? words[Self.key(written)] : nil
    }

    /// How a message names the word written: as written when a binding
    /// spells it so (`placeholder_text`, `placeholderText`), else as the
    /// toolkit does (`Gtkentry` is a misspelt `GtkEntry`, which is what
    /// GTK calls it).
    func spelling(_ written: String) -> String {
        guard let own = spellings[Self.key(written)], written != own else { return written }
        let parts = own.split(whereSeparator: { $0 == "-" || $0 == "_" })
        let camel = parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
        let bindings = [parts.joined(separator: "-"), parts.joined(separator: "_"), camel]
        return bindings.contains(written) ? written : own
    }

    private static func key(_ written: String) -> String {
        String(written.lowercased().filter { $0 != "-" && $0 != "_" })
    }
}

extension Suggestions {
    /// What `written` may mean: the first of its meanings the subject has,
    /// when it is another toolkit's word (`has` also takes a name the
    /// subject answers to but does not list, such as a property's Swift
    /// name `isOn`); else the candidate it misspells.
    public static func meant(_ written: String, among candidates: [String], words: ToolkitWords,
                             has: (String) -> Bool) -> (name: String, word: ToolkitWord?)? {
        if let word = words.word(written), let meant = word.meanings.first(where: has) { return (meant, word) }
        return nearest(to: written, among: candidates).map { ($0, nil) }
    }

    /// `did you mean `title`? `label` is GTK's name for it`, or nil;
    /// `shown` writes the name meant (`s:tap` for a scene's method).
    public static func fix(for written: String, among candidates: [String], words: ToolkitWords,
                           has: ((String) -> Bool)? = nil, shown: (String) -> String = { $0 }) -> String? {
        if let none = none(for: written, words: words) { return none }
        guard let (name, word) = meant(written, among: candidates, words: words, has: has ?? candidates.contains)
        else { return nil }
        var fix = "did you mean `\(shown(name))`?"
        let spelt = words.spelling(written)
        if let word, let note = word.note {
            fix += " `\(spelt)` is \(word.whose) \(words.noun) \(note)"
        } else if let word {
            fix += word.isOpposite
                ? " `\(spelt)` is \(word.whose) \(words.noun) for its opposite: \(name) = not \(spelt)"
                : " `\(spelt)` is \(word.whose) \(words.noun) for it"
        }
        return fix
    }

    /// `` `textAlignment` is UIKit's name for …; Behave has none `` when
    /// `written` is another toolkit's word for what Behave lacks.
    public static func none(for written: String, words: ToolkitWords) -> String? {
        guard let word = words.word(written), word.meanings.isEmpty, let what = word.note else { return nil }
        return "`\(words.spelling(written))` is \(word.whose) \(words.noun) for \(what); Behave has none"
    }

    /// ` (did you mean …?)`, or nothing.
    public static func hint(for written: String, among candidates: [String], words: ToolkitWords,
                            has: ((String) -> Bool)? = nil) -> String {
        fix(for: written, among: candidates, words: words, has: has).map { " (\($0))" } ?? ""
    }
}
