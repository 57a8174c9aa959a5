/// Text that scripts control, kept by the host: cut to a bounded size.
extension String {
    /// At most `limit` UTF-8 bytes of the text (whole code points), then `…`.
    public func clipped(to limit: Int) -> String {
        guard utf8.count > limit else { return self }
        var end = utf8.index(startIndex, offsetBy: limit)
        while end > startIndex, end.samePosition(in: unicodeScalars) == nil { end = utf8.index(before: end) }
        return String(unicodeScalars[..<end]) + "…"
    }
}

extension Value {
    /// Whether the value holds text the host keeps (a string, an image).
    @inline(__always) var holdsText: Bool {
        switch self {
        case .string, .image: true
        default: false
        }
    }

    /// Bytes of text the value holds (a string, an image's name), which the
    /// host keeps a copy of.
    var textBytes: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .image(let image): image.name.utf8.count
        default: 0
        }
    }
}
