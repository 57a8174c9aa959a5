/// The standard controls (Docs/controls.md). Property and event names follow UIKit.

public final class Button: View {
    public override class var schema: ControlSchema { buttonSchema }
    public var title: String { string("title") }
    public var image: Image? { (try? value("image"))?.imageValue }
    public var isEnabled: Bool { bool("enabled") }
    public var isSelected: Bool { bool("selected") }
}

public final class Label: View {
    public override class var schema: ControlSchema { labelSchema }
    public var text: String { string("text") }
}

/// A stepper's value stays within its range; `press` is the user's tap on
/// plus or minus.
public final class Stepper: View {
    public override class var schema: ControlSchema { stepperSchema }
    public var value: Double { number("value") }
    public var minimumValue: Double { number("minimumValue") }
    public var maximumValue: Double { number("maximumValue") }
    public var stepValue: Double { number("stepValue") }

    public override func validate(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        let checked = try validateRanged(value, for: spec)
        if spec.name == "stepValue", let n = checked.numberValue, n <= 0 {
            throw ValueError("stepValue must be greater than 0, not \(formatNumber(n))")
        }
        return checked
    }

    public override func didStore(at index: Int) { keepValueInRange(after: index) }

    /// Presses plus (`up`) or minus; the value moves one step within its
    /// range and `valueChanged` is sent when it changed.
    @discardableResult
    public func press(up: Bool) -> Bool {
        guard takesUserInput("the press") else { return false }
        let next = min(maximumValue, max(minimumValue, value + (up ? stepValue : -stepValue)))
        guard next != value, let index = schema.index(of: "value") else { return false }
        store(.number(next), at: index)
        sendActions(for: "valueChanged")
        return true
    }
}

public final class Switch: View {
    public override class var schema: ControlSchema { switchSchema }
    public var isOn: Bool { bool("on") }

    /// A tap flips the switch, as a user's would.
    @discardableResult
    public override func tap() -> Bool {
        guard canReceiveTouches, let index = schema.index(of: "on") else { return super.tap() }
        store(.bool(!isOn), at: index)
        sendActions(for: "valueChanged")
        return true
    }
}

/// A slider; `slide(to:)` is the user's drag of its thumb.
public final class Slider: View {
    public override class var schema: ControlSchema { sliderSchema }
    public var value: Double { number("value") }

    /// The user drags the thumb to `target` (kept within the range);
    /// `valueChanged` is sent when the value moved.
    @discardableResult
    public func slide(to target: Double) -> Bool {
        guard canReceiveTouches else {
            scene?.trace.record(.note, subject: name, "\(name) ignores the drag (\(touchRefusal))")
            return false
        }
        let next = min(number("maximumValue"), max(number("minimumValue"), target))
        guard next != value, let index = schema.index(of: "value") else { return false }
        store(.number(next), at: index)
        sendActions(for: "valueChanged")
        return true
    }

    public override func validate(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        try validateRanged(value, for: spec)
    }

    public override func didStore(at index: Int) { keepValueInRange(after: index) }
}

/// Steppers and sliders: `value` within `minimumValue…maximumValue`.
extension View {
    /// A set `value` must be within the range.
    func validateRanged(_ value: Value, for spec: PropertySpec) throws(ValueError) -> Value {
        let checked = try spec.validate(value)
        let minimum = number("minimumValue"), maximum = number("maximumValue")
        if spec.name == "value", let n = checked.numberValue, n < minimum || n > maximum {
            throw ValueError("value must be within \(formatNumber(minimum))…\(formatNumber(maximum)) (minimumValue…maximumValue), not \(formatNumber(n))")
        }
        return checked
    }

    /// As UISlider does: a new bound moves the other bound and the value
    /// along when they would fall outside it, so the order of sets does not
    /// matter.
    func keepValueInRange(after index: Int) {
        guard let minimumIndex = schema.index(of: "minimumValue"), let maximumIndex = schema.index(of: "maximumValue"),
              let valueIndex = schema.index(of: "value"), index == minimumIndex || index == maximumIndex else { return }
        let minimum = number("minimumValue"), maximum = number("maximumValue")
        if minimum > maximum { store(.number(index == minimumIndex ? minimum : maximum), at: index == minimumIndex ? maximumIndex : minimumIndex) }
        let low = min(minimum, maximum), high = max(minimum, maximum)
        let current = number("value")
        if current < low { store(.number(low), at: valueIndex) }
        if current > high { store(.number(high), at: valueIndex) }
    }
}

/// A text field. `type(_:)` is a user's edit: it begins editing if needed,
/// replaces the text and sends `editingChanged`. `editing` is whether it is
/// the first responder; setting it is UIKit's `becomeFirstResponder()` /
/// `resignFirstResponder()`.
public final class TextField: View {
    public override class var schema: ControlSchema { textFieldSchema }
    public var text: String { string("text") }
    public var isEditing: Bool { value(at: TextField.editingIndex) == .bool(true) }
    public var isSecure: Bool { bool("secureTextEntry") }
    private static let editingIndex = textFieldSchema.index(of: "editing")!

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
    private func editKeyByKey(_ what: String, _ next: (String) -> String?) throws(ValueError) -> Bool {
        guard beginUserEdit() else { return false }
        var keys = 0
        while isEditing, canReceiveTouches, let edited = next(text) {
            if keys > 0, let reason = scene?.commandTimeIsUp {
                throw ValueError("\(what) stopped after \(keys) characters: \(reason)")
            }
            try edit(to: edited)
            sendActions(for: "editingChanged")
            keys += 1
        }
        return true
    }

    private static let textIndex = textFieldSchema.index(of: "text")!

    /// The user's edit of the text, within the scene's text limit.
    private func edit(to text: String) throws(ValueError) {
        let new = Value.string(text)
        try scene?.reserveText(for: "\(name).text", replacing: value(at: TextField.textIndex), with: new)
        store(new, at: TextField.textIndex)
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

public final class ImageView: View {
    public override class var schema: ControlSchema { imageViewSchema }
    public var image: Image? { (try? value("image"))?.imageValue }
}

/// A scroll view: `frame` is the visible region (its bounds' size) and
/// `contentOffset` the point of the content at its top left. The delegate
/// hears `scrollViewDidScroll` whenever the offset changes: a user's
/// scroll, a set from a script or a command, each step of the clock while
/// an animation moves it.
public final class ScrollView: View {
    public override class var schema: ControlSchema { scrollViewSchema }
    public var contentOffset: Point { value(at: ScrollView.offsetIndex).pointValue ?? Point(x: 0, y: 0) }
    static let offsetIndex = scrollViewSchema.index(of: "contentOffset")!

    /// A user's scroll to vertical offset `y` (the delegate hears it, even
    /// when the offset stays where it was: a drag at an edge); `dragging`
    /// is true while the delegate hears it.
    @discardableResult
    public func scroll(toY y: Double) -> Bool {
        guard takesUserInput("the scroll") else { return false }
        let before = contentOffset
        setState(.bool(true), at: ScrollView.draggingIndex)
        defer { setState(.bool(false), at: ScrollView.draggingIndex) }
        store(.point(Point(x: contentOffset.x, y: y)), at: ScrollView.offsetIndex)
        if contentOffset == before { sendDelegateMessage("scrollViewDidScroll") }
        return true
    }

    public var isDragging: Bool { value(at: ScrollView.draggingIndex) == .bool(true) }
    static let draggingIndex = scrollViewSchema.index(of: "dragging")!

    public override func didStore(at index: Int) {
        if index == ScrollView.offsetIndex { sendDelegateMessage("scrollViewDidScroll") }
    }

    override class func observesPresentation(of index: Int) -> Bool { index == offsetIndex }

    /// The visible region, in content coordinates: the frame's size at the
    /// content offset. Nil while the frame has no size (all is shown).
    public var visibleRegion: Rect? {
        guard let frame = value(at: View.frameIndex).rectValue, frame.width > 0 || frame.height > 0 else { return nil }
        return Rect(x: contentOffset.x, y: contentOffset.y, width: frame.width, height: frame.height)
    }

    /// Whether a subview's frame meets the visible region (a control of
    /// no size is a point). A region of no height shows every row.
    func shows(_ view: View) -> Bool {
        guard let region = visibleRegion, let frame = view.value(at: View.frameIndex).rectValue else { return true }
        func meets(_ start: Double, _ length: Double, _ regionStart: Double, _ regionLength: Double) -> Bool {
            guard regionLength > 0 else { return true }
            return start < regionStart + regionLength && (length > 0 ? start + length > regionStart : start >= regionStart)
        }
        return meets(frame.x, frame.width, region.x, region.width) && meets(frame.y, frame.height, region.y, region.height)
    }

    override func presentationDidMove(_ index: Int) {
        if index == ScrollView.offsetIndex { sendDelegateMessage("scrollViewDidScroll") }
    }
}

/// Control types by the names scene files and outlets use.
public enum ControlTypes {
    public static let all: [String: View.Type] = [
        "View": View.self, "Button": Button.self, "Label": Label.self, "Stepper": Stepper.self,
        "Switch": Switch.self, "Slider": Slider.self, "TextField": TextField.self,
        "ImageView": ImageView.self, "ScrollView": ScrollView.self,
    ]

    public static func named(_ name: String) -> View.Type? { all[name] }

    /// Every delegate message a control type sends, sorted. Known without
    /// building the schemas (a script's actions are told from these at
    /// every load, and the schemas of types a scene does not use need
    /// never be built); a test checks it against them.
    public static let delegateMessages: [String] = (textFieldDelegateMessages + scrollViewDelegateMessages).sorted()

    /// Whether a control of type `actual` fits an outlet declared `declared`
    /// (`View` takes any control).
    public static func isKind(_ actual: View.Type, of declared: String) -> Bool {
        actual.schema.isKind(of: declared)
    }

    /// The error for an unknown type name.
    public static func unknown(_ name: String) -> ValueError {
        ValueError("unknown control type `\(name)`\(Suggestions.hint(for: name, in: all.keys))")
    }
}

let buttonSchema = ControlSchema(typeName: "Button", inheriting: viewSchema, properties: [
    PropertySpec("title", .string),
    PropertySpec("image", .image, default: .null, optional: true),
    PropertySpec("enabled", .bool, default: .bool(true)),
    PropertySpec("selected", .bool, default: .bool(false)),
], events: ["touchDown", "touchUpInside", "touchUpOutside", "touchDragExit", "touchDragEnter", "touchCancel"])

let labelSchema = ControlSchema(typeName: "Label", inheriting: viewSchema, properties: [
    PropertySpec("text", .string),
    PropertySpec("textColor", .color, default: .color(Color(red: 0, green: 0, blue: 0))),
])

let stepperSchema = ControlSchema(typeName: "Stepper", inheriting: viewSchema, properties: [
    PropertySpec("value", .number, default: .number(0)),
    PropertySpec("minimumValue", .number, default: .number(0)),
    PropertySpec("maximumValue", .number, default: .number(100)),
    PropertySpec("stepValue", .number, default: .number(1)),
], events: ["valueChanged"], hostProperties: ["value", "minimumValue", "maximumValue", "stepValue"])

let switchSchema = ControlSchema(typeName: "Switch", inheriting: viewSchema, properties: [
    PropertySpec("on", .bool, default: .bool(false)),
], events: ["valueChanged"])

let sliderSchema = ControlSchema(typeName: "Slider", inheriting: viewSchema, properties: [
    PropertySpec("value", .number, default: .number(0)),
    PropertySpec("minimumValue", .number, default: .number(0)),
    PropertySpec("maximumValue", .number, default: .number(1)),
], events: ["valueChanged"], hostProperties: ["value", "minimumValue", "maximumValue"])

let textFieldDelegateMessages = ["textFieldShouldReturn"]
let scrollViewDelegateMessages = ["scrollViewDidScroll"]

let textFieldSchema = ControlSchema(typeName: "TextField", inheriting: viewSchema, properties: [
    PropertySpec("text", .string),
    PropertySpec("placeholder", .string),
    PropertySpec("editing", .bool, default: .bool(false)),
    // UIKit's text input traits: drawn as dots, and which keyboard and
    // return key the field asks for (the names of UIKeyboardType and
    // UIReturnKeyType).
    PropertySpec("secureTextEntry", .bool, default: .bool(false)),
    PropertySpec("keyboardType", .enumeration(TextField.keyboardTypes), default: .string("default")),
    PropertySpec("returnKeyType", .enumeration(TextField.returnKeyTypes), default: .string("default")),
], events: ["editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit"],
   delegateMessages: textFieldDelegateMessages, hostProperties: ["editing"])

let imageViewSchema = ControlSchema(typeName: "ImageView", inheriting: viewSchema, properties: [
    PropertySpec("image", .image, default: .null, optional: true),
])

let scrollViewSchema = ControlSchema(typeName: "ScrollView", inheriting: viewSchema, properties: [
    PropertySpec("contentOffset", .point, default: .point(Point(x: 0, y: 0))),
    PropertySpec("contentSize", .size, default: .size(Size(width: 0, height: 0))),
    // UIKit's `contentInset.bottom`: the room kept below the content (for
    // the keyboard). A number, as Behave has no insets type.
    PropertySpec("bottomInset", .number, default: .number(0), min: 0),
    // UIKit's `isDragging`: true while the user's finger moves the content
    // (a `scroll`), false for sets and animations from scripts.
    PropertySpec("dragging", .bool, default: .bool(false), readOnly: true),
], delegateMessages: scrollViewDelegateMessages, hostProperties: ["contentOffset"])
