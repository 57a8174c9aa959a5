import BehaveCore
import CGtk

/// The host's own styles (`Style/window.css`: a selected button, the
/// problem bar, a dialog's parts), one style sheet for the display.
final class GtkStyles {
    private let provider: UnsafeMutablePointer<GtkCssProvider>

    init() {
        provider = bhg_add_css()
        bhg_css_load(provider, GtkStyles.base)
    }

    /// Hosts of an app's own widgets make one each: each takes its sheet away.
    deinit {
        bhg_remove_css(provider)
        g_object_unref(provider)
    }

    private static let base = String(decoding: EmbeddedFiles.lua("Style/window.css"), as: UTF8.self) + "\n"
}

/// The CSS one control's widget needs (background and text colours, a
/// button's title colour, fonts, a stack's padding), in a style sheet of
/// its widget's own, rewritten when a property changes.
///
/// A sheet per widget, not rules in the display's sheet by a class per
/// control: GTK builds one selector tree of a sheet's rules, recursively,
/// and two thousand classes overflowed its stack; every change also
/// rewrote every control's rules. A widget's own sheet holds a few
/// declarations, and its classes (`bh-selected`) stay the host's.
final class WidgetStyle {
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    /// `property: value` by state (`""`, `:not(:disabled)`).
    private var rules: [String: [String: String]] = [:]

    init(for widget: GtkWidgetPointer) {
        provider = bhg_add_widget_css(widget)
    }

    deinit { g_object_unref(provider) }

    /// Takes the sheet off the widget (another binding took it, with a sheet of its own).
    func remove(from widget: GtkWidgetPointer) {
        bhg_remove_widget_css(widget, provider)
    }

    /// Sets or clears (`nil`) one CSS property of the widget; `state`
    /// narrows the rule (`:not(:disabled)`).
    func set(_ property: String, to value: String?, state: String = "") {
        rules[state, default: [:]][property] = value
        var css = ""
        for state in rules.keys.sorted() {
            let declarations = rules[state, default: [:]].sorted { $0.key < $1.key }.map { "\($0.key): \($0.value);" }
            guard !declarations.isEmpty else { continue }
            css += "*\(state) { \(declarations.joined(separator: " ")) }\n"
        }
        bhg_css_load(provider, css)
    }

    /// Sets or clears a colour.
    func set(_ property: String, to color: Color?, state: String = "") {
        set(property, to: color.map { String(format: "#%02X%02X%02X", $0.red, $0.green, $0.blue) }, state: state)
    }

    /// The CSS of a control's `fontSize` (points are CSS pixels, as the
    /// studio draws them) or `fontWeight` (CSS's 100…900).
    func setFont(_ change: PropertyChange) {
        switch (change.property, change.new) {
        case ("fontSize", .number(let size)):
            set("font-size", to: "\(formatNumber(size))px")
        case ("fontWeight", .string(let weight)):
            set("font-weight", to: String(TextStyle.cssWeight(weight)))
        default:
            break
        }
    }
}
