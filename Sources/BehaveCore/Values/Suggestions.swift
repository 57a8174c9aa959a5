/// "did you mean …?" for misspelt names.
public enum Suggestions {
    /// The candidate closest to `name`, when it is close enough to be a typo.
    /// (Inlined, so that the candidates become an array in the caller's
    /// module, specialised: iterating a sequence of unknown type asks the
    /// runtime for its conformances, which costs a scan of the binary the
    /// first time.)
    @inlinable
    public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        nearest(to: name, among: Array(candidates))
    }

    @usableFromInline
    static func nearest(to name: String, among candidates: [String]) -> String? {
        // Names are short; a long string is no typo, and the distance is
        // quadratic in the lengths.
        guard name.count <= 64 else { return nil }
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates where candidate.count <= 64 {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(2, min(name.count, candidate.count) / 3)
        return distance <= allowed ? candidate : nil
    }

    /// ` (did you mean `duration`?)`, or nothing.
    @inlinable
    public static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        nearest(to: name, in: candidates).map { " (did you mean `\($0)`?)" } ?? ""
    }

    /// ` (did you mean `save`?)` for a name near one of `names` (or of
    /// `unlisted`, names it answers to but that are not worth listing);
    /// else `; the scene's controls and behaviours: plus, save, form`, so
    /// that a name far from all of them (`save_button`) still shows what
    /// to write. At most `listed` are named, then how many more there are.
    public static func hintOrList(for name: String, in names: [String], unlisted: [String] = [],
                                  listing: String, listed: Int = 12) -> String {
        let hint = hint(for: name, in: names + unlisted)
        guard hint.isEmpty, !names.isEmpty else { return hint }
        let more = names.count > listed ? " and \(names.count - listed) more" : ""
        return "; \(listing): " + names.prefix(listed).joined(separator: ", ") + more
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
