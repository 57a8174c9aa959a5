import BehaveCore
import Foundation

/// GtkBuilder's order of building a `.ui` file's objects, where it changes
/// what a widget shows. An object is built at its end tag, its properties
/// set in the file's order (an entry's buffer first: GTK makes the entry
/// with it). An adjustment or an entry buffer is one object however many
/// widgets name it: a spin button's `value`, an entry's `text` or
/// `max-length` moves every widget that shares it. A property naming an
/// object not built yet (written later in the file) is set once the whole
/// file is read, after every other: a spin button's `value` before then
/// went to GTK's own adjustment of 0 to 0. A spin button's `snap-to-ticks`
/// moves its value to a step as GTK does when it is turned on.
extension InterfaceDrawing {
    struct Built {
        var adjustments: [DrawnAdjustment] = []
        var buffers: [(text: String, limit: Int)] = []
        /// Each adjustment's or buffer's place in those, by its element.
        var places: [Int: Int] = [:]
        /// The adjustment or buffer a widget's property ends with, by the
        /// widget's element and the property's name.
        var links: [Link: Int] = [:]
        /// A label's `label` and a switch's `active` a binding set.
        var bound: [Link: Value] = [:]
        /// The decimals each scale rounds a drag to, by its element, where
        /// it rounds one.
        var dragDigits: [Int: Int] = [:]
    }

    struct Link: Hashable {
        let object: Int
        let property: String
    }

    /// The adjustment `widget`'s property `name` ends with (GTK's own of 0
    /// to 0 when the file gives none).
    func adjustment(of widget: Int, _ name: String = "adjustment") -> DrawnAdjustment {
        built.links[Link(object: widget, property: name)].map { built.adjustments[$0] } ?? DrawnAdjustment()
    }

    /// The text of the buffer an entry ends with.
    func entryText(_ entry: Int) -> String {
        built.links[Link(object: entry, property: "buffer")].map { built.buffers[$0].text } ?? ""
    }

    /// The `max-length` of the buffer an entry ends with (0: none).
    func entryLimit(_ entry: Int) -> Int {
        built.links[Link(object: entry, property: "buffer")].map { built.buffers[$0].limit } ?? 0
    }

    /// The classes whose values the file's building changes.
    static let builtClasses: Set<String> = ["GtkAdjustment", "GtkEntryBuffer", "GtkScale", "GtkSpinButton", "GtkScrolledWindow",
                                            "GtkEntry", "GtkPasswordEntry"]

    mutating func build() {
        var made: Set<Int> = []
        var later: [(link: Link, target: Int)] = []
        /// Links `property` of `object` to the object `element` names (of
        /// `className`), now when it is built, else once the file is read.
        func link(_ object: Int, _ property: String, to element: Int, ofClass className: String) {
            guard let target = self.object(in: element, ofClass: className) else { return }
            let link = Link(object: object, property: property)
            if made.contains(target) { built.links[link] = built.places[target] } else { later.append((link, target)) }
        }
        for object in document.endOrder() where document.elements[object].name == "object" {
            defer { made.insert(object) }
            let className = drawnClass(of: object)
            guard let className, InterfaceDrawing.builtClasses.contains(className) else { continue }
            let all = properties(of: object)
            switch className {
            case "GtkAdjustment":
                built.places[object] = built.adjustments.count
                built.adjustments.append(adjustment(all))
            case "GtkEntryBuffer":
                built.places[object] = built.buffers.count
                built.buffers.append(("", 0))
                setText(all, in: built.buffers.count - 1)
            case "GtkScale", "GtkSpinButton", "GtkScrolledWindow":
                let names = className == "GtkScrolledWindow" ? ["hadjustment", "vadjustment"] : ["adjustment"]
                for name in names {
                    built.links[Link(object: object, property: name)] = built.adjustments.count
                    built.adjustments.append(DrawnAdjustment())
                }
                let own = Link(object: object, property: "adjustment")
                var digits = 0, snapping = false
                var rounding = ScaleRounding()
                for (name, element) in all {
                    let text = document.text(of: element)
                    if names.contains(name) {
                        link(object, name, to: element, ofClass: "GtkAdjustment")
                    } else if className == "GtkScale" {
                        rounding.set(name, text)
                    } else if className == "GtkSpinButton", let place = built.links[own] {
                        switch name {
                        case "value": InterfaceDrawing.number(text).map { built.adjustments[place].setValue($0) }
                        case "digits": digits = InterfaceDrawing.length(text).flatMap { $0 <= 20 ? $0 : nil } ?? digits
                        case "snap-to-ticks":
                            guard let on = InterfaceDrawing.boolean(text) else { continue }
                            if on, !snapping { built.adjustments[place].snapAsShown(digits: digits) }
                            snapping = on
                        default: continue
                        }
                    }
                }
                if rounding.digits >= 0 { built.dragDigits[object] = rounding.digits }
            case "GtkEntry", "GtkPasswordEntry":
                let buffer = Link(object: object, property: "buffer")
                built.links[buffer] = built.buffers.count
                built.buffers.append(("", 0))
                for (name, element) in all where name == "buffer" {
                    link(object, "buffer", to: element, ofClass: "GtkEntryBuffer")
                }
                setText(all, in: built.links[buffer] ?? 0)
            default:
                continue
            }
        }
        for (link, target) in later {
            built.links[link] = built.places[target]
        }
        bind()
    }

    // MARK: Bindings

    /// A property bound with `bind-source` and `sync-create` takes its
    /// source's value once all is built, as GtkBuilder binds it last
    /// (`invert-boolean` turns a switch's over): where both are values a
    /// control takes, an adjustment's numbers, a spin button's value, a
    /// label's, an entry's or a buffer's text, a switch's state, and an
    /// entry's or a buffer's `max-length` bound to a number.
    private mutating func bind() {
        for element in document.elements where element.name == "property" {
            guard let source = element.attribute("bind-source").flatMap({ objects[$0] }),
                  let name = element.attribute("name").map(InterfaceDrawing.propertyName), element.parent >= 0,
                  document.elements[element.parent].name == "object" else { continue }
            let flags = InterfaceDrawing.flags(element.attribute("bind-flags") ?? "")
            guard flags.contains("sync-create") else { continue }
            // A label's or a switch's own value, read once however many
            // properties are bound to it (each read walks its properties).
            switch drawnClass(of: source) {
            case "GtkLabel" where built.bound[Link(object: source, property: "label")] == nil:
                built.bound[Link(object: source, property: "label")] = .string(labelProperty(source) ?? "")
            case let name? where ["GtkSwitch", "GtkCheckButton", "GtkToggleButton"].contains(name)
                && built.bound[Link(object: source, property: "active")] == nil:
                built.bound[Link(object: source, property: "active")] = .bool(switchState(source) ?? false)
            default: break
            }
            let property = InterfaceDrawing.propertyName(element.attribute("bind-property") ?? name)
            guard var value = value(of: source, property) else { continue }
            if flags.contains("invert-boolean"), case .bool(let on) = value { value = .bool(!on) }
            set(value, on: element.parent, name)
        }
    }

    /// The nicks of the `GBindingFlags` in `text` (`sync-create|invert-boolean`,
    /// `G_BINDING_SYNC_CREATE`, or their number).
    static func flags(_ text: String) -> Set<String> {
        let nicks = [1: "bidirectional", 2: "sync-create", 4: "invert-boolean"]
        if let number = InterfaceDrawing.length(text) { return Set(nicks.filter { number & $0.key != 0 }.map(\.value)) }
        return Set(text.split(separator: "|").map { word in
            let nick = stripped(String(word))
            return nick.hasPrefix("G_BINDING_") ? nick.dropFirst(10).lowercased().replacingOccurrences(of: "_", with: "-") : nick
        })
    }

    /// What `object`'s property `name` holds once built, where a control
    /// takes it.
    private func value(of object: Int, _ name: String) -> Value? {
        switch (drawnClass(of: object), name) {
        case ("GtkAdjustment", _):
            guard let adjustment = built.places[object].map({ built.adjustments[$0] }) else { return nil }
            return adjustment.number(name).map(Value.number)
        case ("GtkSpinButton", "value"): return .number(adjustment(of: object).value)
        case ("GtkLabel", "label"): return .string(labelProperty(object) ?? "")
        case ("GtkEntry", "text"), ("GtkPasswordEntry", "text"): return .string(entryText(object))
        case ("GtkEntryBuffer", "text"): return built.places[object].map { .string(built.buffers[$0].text) }
        case ("GtkSwitch", "active"), ("GtkSwitch", "state"), ("GtkCheckButton", "active"), ("GtkToggleButton", "active"):
            return .bool(switchState(object) ?? false)
        default: return nil
        }
    }

    private mutating func set(_ value: Value, on object: Int, _ name: String) {
        switch (drawnClass(of: object), name, value) {
        case ("GtkAdjustment", "value", .number(let number)):
            if let place = built.places[object] { built.adjustments[place].setValue(number) }
        case ("GtkSpinButton", "value", .number(let number)):
            if let place = built.links[Link(object: object, property: "adjustment")] { built.adjustments[place].setValue(number) }
        case ("GtkLabel", "label", .string):
            built.bound[Link(object: object, property: "label")] = value
        case ("GtkEntry", "text", .string(let text)), ("GtkPasswordEntry", "text", .string(let text)):
            if let place = built.links[Link(object: object, property: "buffer")] { setText(text, in: place) }
        case ("GtkEntryBuffer", "text", .string(let text)):
            if let place = built.places[object] { setText(text, in: place) }
        case ("GtkEntry", "max-length", .number(let number)), ("GtkEntryBuffer", "max-length", .number(let number)):
            let entry = drawnClass(of: object) == "GtkEntry"
            guard let place = entry ? built.links[Link(object: object, property: "buffer")] : built.places[object] else { break }
            // GLib gives a double to an int as C casts it, and the property keeps it within 0…65535.
            let cast = abs(number) < 2_147_483_648 ? Int(number.rounded(.towardZero)) : Int(Int32.min)
            built.buffers[place].limit = min(max(cast, 0), 65535)
            setText(built.buffers[place].text, in: place)
        case ("GtkSwitch", "active", .bool), ("GtkSwitch", "state", .bool), ("GtkCheckButton", "active", .bool),
             ("GtkToggleButton", "active", .bool):
            built.bound[Link(object: object, property: "active")] = value
        default:
            break
        }
    }

    /// A GtkAdjustment's properties set in order.
    private func adjustment(_ all: [(name: String, element: Int)]) -> DrawnAdjustment {
        var adjustment = DrawnAdjustment()
        for (name, element) in all {
            guard let number = InterfaceDrawing.number(document.text(of: element)) else { continue }
            switch name {
            case "value": adjustment.setValue(number)
            case "lower": adjustment.lower = number
            case "upper": adjustment.upper = number
            case "step-increment": adjustment.step = number
            case "page-increment": adjustment.pageStep = number
            case "page-size": adjustment.pageSize = number
            default: continue
            }
        }
        return adjustment
    }

    /// An entry's or a buffer's `text` and `max-length` (in characters)
    /// set in order on buffer `place`, the text cut at the length.
    private mutating func setText(_ all: [(name: String, element: Int)], in place: Int) {
        for (name, element) in all {
            switch name {
            case "text": setText(document.text(of: element), in: place)
            case "max-length":
                let limit = InterfaceDrawing.length(document.text(of: element)) ?? built.buffers[place].limit
                built.buffers[place].limit = limit
                setText(built.buffers[place].text, in: place)
            default: continue
            }
        }
    }

    private mutating func setText(_ text: String, in place: Int) {
        let limit = built.buffers[place].limit
        built.buffers[place].text = limit > 0 && text.unicodeScalars.count > limit ? String(text.unicodeScalars.prefix(limit)) : text
    }
}

/// The decimals a GtkScale rounds a drag to (GtkRange's `round-digits`),
/// as its properties set it in order: its `digits` (1 until set) while it
/// draws its value, none while it does not (`draw-value`, off until set),
/// or `round-digits` itself.
private struct ScaleRounding {
    var digits = -1
    private var shown = 1, drawsValue = false

    mutating func set(_ name: String, _ text: String) {
        switch name {
        case "draw-value":
            guard let on = InterfaceDrawing.boolean(text) else { return }
            drawsValue = on
            digits = on ? shown : -1
        case "digits":
            // GtkScale's digits run from -1 (none) to 64; `0x2` is 2 as GtkBuilder reads an int.
            let number = InterfaceDrawing.length(text).map(Int32.init) ?? InterfaceDrawing.integer(text)
            guard (-1...64).contains(number) else { return }
            shown = Int(number)
            if drawsValue { digits = shown }
        case "round-digits":
            let number = InterfaceDrawing.length(text).map(Int32.init) ?? InterfaceDrawing.integer(text)
            guard number >= -1 else { return }
            digits = Int(number)
        default:
            return
        }
    }
}

extension DrawnAdjustment {
    /// What a spin button does to its adjustment when `snap-to-ticks` is
    /// turned on (`gtk_spin_button_update`): it reads back the value it
    /// shows (with `digits` decimals), within the range, and moves it to
    /// the nearest step from the lower (none with a step of 0).
    mutating func snapAsShown(digits: Int) {
        guard step != 0, let shown = Double(String(format: "%0.*f", Int32(digits), value)) else { return }
        let within = shown < lower ? lower : shown > upper ? upper : shown
        let steps = (within - lower) / step
        setValue(lower + (steps - steps.rounded(.down) < steps.rounded(.up) - steps ? steps.rounded(.down) : steps.rounded(.up)) * step)
    }
}

extension DrawnAdjustment {
    /// The property of GtkAdjustment's name `name`.
    func number(_ name: String) -> Double? {
        switch name {
        case "value": value
        case "lower": lower
        case "upper": upper
        case "step-increment": step
        case "page-increment": pageStep
        case "page-size": pageSize
        default: nil
        }
    }
}
