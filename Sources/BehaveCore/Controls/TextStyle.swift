/// How a control's text is drawn: its font, as two plain properties that
/// labels, buttons and text fields share (CSS's `font-size` and
/// `font-weight`, UIKit's point size and `UIFont.Weight`). Two properties
/// rather than a font value: a size is a number, so it animates and is
/// checked like any number, and a weight is one of a few names, so a
/// misspelt one gets "did you mean"; no new kind of value has to cross into
/// scripts, scene files or the state.
public enum TextStyle {
    /// UIKit's `UIFont.Weight` names, lightest first; the nth is CSS's
    /// weight n × 100 (`regular` is 400, `bold` 700).
    public static let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// The size of text in points when a control is made: UIKit's body text.
    public static let defaultSize = 17.0

    /// Sizes a host can draw: from 1 point to a screen's height.
    public static let sizes = 1.0...500.0

    /// `fontSize` and `fontWeight`, as each type that draws text declares them.
    public static let properties: [PropertySpec] = [
        PropertySpec("fontSize", .number, default: .number(defaultSize), min: sizes.lowerBound, max: sizes.upperBound),
        PropertySpec("fontWeight", .enumeration(weights), default: .string("regular")),
    ]

    /// CSS's `font-weight` of a weight's name (400 for a name it does not know).
    public static func cssWeight(_ name: String) -> Int {
        ((weights.firstIndex(of: name) ?? 3) + 1) * 100
    }
}
