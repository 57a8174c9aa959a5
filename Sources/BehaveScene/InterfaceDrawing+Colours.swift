/// A colour as GTK 4.8 reads one from a `.ui` file's text (a `GdkRGBA`,
/// by `gdk_rgba_parse`): `rgb(…)`, `rgba(…)`, `hsl(…)` or `hsla(…)`, a `#`
/// and 3, 4, 6, 8, 9, 12 or 16 hex digits, or a colour's name as Pango
/// knows it (X11's names, spaces and case aside). Headless knows the CSS
/// names among them (`GtkPropertyKinds.colourNames`, written from GTK);
/// another name it cannot judge, and warns of, as the window may refuse it
/// (`ValueVerdict.unjudged`).
extension InterfaceDrawing {
    /// What GTK makes of `text` (as it is, blanks and all) as a colour.
    static func colourVerdict(_ text: String, names: Set<String> = GtkPropertyKinds.gtk.colourNames) -> ValueVerdict {
        let scalars = Array(text.unicodeScalars)
        for prefix in ["rgba", "rgb", "hsla", "hsl"] where text.hasPrefix(prefix) {
            return colourFunction(scalars.dropFirst(prefix.count), parts: prefix.count == 4 ? 4 : 3)
        }
        if scalars.first == "#" {
            let digits = scalars.dropFirst()
            return [3, 4, 6, 8, 9, 12, 16].contains(digits.count) && digits.allSatisfy(\.properties.isASCIIHexDigit) ? .reads : .refused
        }
        // Pango passes over spaces before and within a name, not after it.
        let name = scalars.drop { $0 == " " }
        guard let last = name.last, last != " ",
              name.allSatisfy({ $0 == " " || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) })
        else { return .refused }
        let folded = String(String.UnicodeScalarView(name.filter { $0 != " " })).lowercased()
        return names.contains(folded) ? .reads : .unjudged
    }

    /// `( n , n , n )` after a function's name, `parts` numbers (a
    /// percentage but the fourth), spaces between and after (GTK passes
    /// over spaces there, no other blank).
    private static func colourFunction(_ rest: ArraySlice<Unicode.Scalar>, parts: Int) -> ValueVerdict {
        let blank = { (scalar: Unicode.Scalar) in scalar == " " }
        var rest = rest.drop(while: blank)
        guard rest.first == "(" else { return .refused }
        rest = rest.dropFirst()
        for part in 0..<parts {
            // GTK passes over spaces, then strtod over any C blank (a tab, a line break).
            rest = rest.drop(while: blank).drop { " \t\n\u{0B}\u{0C}\r".unicodeScalars.contains($0) }
            guard let after = colourNumber(rest) else {
                // strtod reads more than decimals (0x10); GTK refuses infinities.
                return rest.prefix(while: { !blank($0) && $0 != "," && $0 != ")" }).contains(where: \.properties.isAlphabetic)
                    ? .unjudged : .refused
            }
            // strtod reads on where this stops (0x10).
            if let next = after.first, next.properties.isAlphabetic { return .unjudged }
            let range = rangeVerdict(rest[..<after.startIndex])
            guard range == .reads else { return range }
            rest = after.drop(while: blank)
            if rest.first == "%", part < 3 { rest = rest.dropFirst().drop(while: blank) }
            guard rest.first == (part == parts - 1 ? ")" : ",") else { return .refused }
            rest = rest.dropFirst()
        }
        return rest.allSatisfy(blank) ? .reads : .refused
    }

    /// Whether GTK takes a decimal number's size: it refuses one strtod
    /// reads with ERANGE, one beyond a double (`1e400`) or one that reads
    /// as 0 (`1e-400`); a subnormal (`1e-310`) too, unless it is exact,
    /// which headless does not judge.
    private static func rangeVerdict(_ number: ArraySlice<Unicode.Scalar>) -> ValueVerdict {
        guard let value = Double(String(String.UnicodeScalarView(number))) else { return .unjudged }
        if !value.isFinite { return .refused }
        let mantissa = number.prefix { $0 != "e" && $0 != "E" }
        if value == 0 { return mantissa.contains { ("1"..."9").contains($0) } ? .refused : .reads }
        return value.isSubnormal ? .unjudged : .reads
    }

    /// What follows a decimal number (`-1`, `.5`, `2e3`) at the start of
    /// `text`, or nil when it starts with none.
    private static func colourNumber(_ text: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar>? {
        let digit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        var rest = text
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let whole = rest.prefix(while: digit).count
        rest = rest.dropFirst(whole)
        var fraction = 0
        if rest.first == "." {
            fraction = rest.dropFirst().prefix(while: digit).count
            rest = rest.dropFirst(1 + fraction)
        }
        guard whole + fraction > 0 else { return nil }
        if rest.first == "e" || rest.first == "E" {
            var exponent = rest.dropFirst()
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            if let first = exponent.first, digit(first) { rest = exponent.drop(while: digit) }
        }
        return rest
    }
}
