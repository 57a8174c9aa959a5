import BehaveCore
import CGtk

/// The CSS a scene's controls need (background and text colours, a
/// selected button), in one style sheet for the display, rewritten when a
/// rule changes. Each control's widget has a class of its own.
final class GtkStyles {
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    /// `property: value` by control name.
    private var rules: [String: [String: String]] = [:]

    init() {
        provider = bhg_add_css()
        write()
    }

    /// The class of the widget of control `name` (`bh-like`).
    func className(of name: String) -> String { "bh-" + name }

    /// Sets or clears (`nil`) one CSS property of a control's widget.
    func set(_ property: String, to value: String?, for name: String) {
        rules[name, default: [:]][property] = value
        write()
    }

    /// Sets or clears a colour.
    func set(_ property: String, to color: Color?, for name: String) {
        set(property, to: color.map { String(format: "#%02X%02X%02X", $0.red, $0.green, $0.blue) }, for: name)
    }

    /// The host's own styles (`Style/window.css`).
    private static let base = String(decoding: EmbeddedFiles.lua("Style/window.css"), as: UTF8.self) + "\n"

    private func write() {
        var css = GtkStyles.base
        for name in rules.keys.sorted() {
            let declarations = rules[name]!.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value);" }
            guard !declarations.isEmpty else { continue }
            css += ".\(className(of: name)) { \(declarations.joined(separator: " ")) }\n"
        }
        bhg_css_load(provider, css)
    }
}
