/// The colours of a report's own markers on a terminal (the plain and the
/// gtest reports'); text from specs is never coloured.
enum ReportColour: Int {
    case red = 31, green = 32, yellow = 33, magenta = 35

    /// `text` in this colour when `colours`, else as it is.
    func paint(_ text: String, if colours: Bool) -> String {
        colours ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}
