/// `--print-geometry`'s lines for one scene: every control's place once
/// the window first lays them all out, then, at each layout after, the
/// lines of those that moved, took another size or came into view, and
/// `geometry NAME hidden` for one no longer shown (hidden, on a stack's
/// page not shown), so that a tool's last line for a name is where it is.
struct GeometryLines {
    typealias Place = (name: String, x: Double, y: Double, width: Double, height: Double)

    /// What was printed last for each control shown, in whole pixels.
    private var printed: [String: [Int]]?

    /// The lines that say `places` (the window's mapped controls, by name),
    /// nil while the first layout is not done (a control shown with no
    /// size yet).
    mutating func lines(for places: [Place]) -> [String]? {
        let now = Dictionary(places.map { ($0.name, GeometryLines.pixels(of: $0)) }, uniquingKeysWith: { first, _ in first })
        guard let printed else {
            guard !places.isEmpty, places.allSatisfy({ $0.width > 0 || $0.height > 0 }) else { return nil }
            self.printed = now
            return places.map { GeometryLines.line($0.name, GeometryLines.pixels(of: $0)) }
        }
        var lines = places.filter { printed[$0.name] != now[$0.name] }.map { GeometryLines.line($0.name, now[$0.name]!) }
        lines += printed.keys.filter { now[$0] == nil }.sorted().map { "geometry \($0) hidden" }
        self.printed = now
        return lines
    }

    private static func pixels(of place: Place) -> [Int] {
        [place.x, place.y, place.width, place.height].map { Int($0.rounded()) }
    }

    private static func line(_ name: String, _ pixels: [Int]) -> String {
        "geometry \(name) " + pixels.map(String.init).joined(separator: " ")
    }
}
