/// The values of a type GtkBuilder reads some texts as, not every one
/// (`GtkPropertyKinds.Kind.parsed`), as headless judges them without GTK:
/// a colour by its syntax (InterfaceDrawing+Colours.swift); a transform,
/// a GVariant and MIME types in the plainest forms GTK 4.8 reads (each
/// checked against GTK by a GTK test). Another is not judged: headless
/// warns of it, where the window refuses it if GTK cannot read it.
extension InterfaceDrawing {
    enum ValueVerdict: Equatable {
        case reads, refused
        /// Neither a form headless knows GTK reads nor one it knows GTK
        /// refuses (a colour Pango may know by name, a GVariant tuple).
        case unjudged
    }

    /// What GTK makes of `text` (as it is, blanks and all) as a `type`.
    static func parsedVerdict(_ text: String, as type: String) -> ValueVerdict {
        switch type {
        case "GdkRGBA": colourVerdict(text)
        case "GskTransform": isPlainTransform(text) ? .reads : .unjudged
        case "GVariant": isPlainVariant(text) ? .reads : .unjudged
        case "GdkContentFormats": isPlainFormats(text) ? .reads : .unjudged
        default: .unjudged
        }
    }

    /// The functions of a transform headless knows, each with how many
    /// numbers it takes (GTK takes no unit: `rotate(45)`, not `45deg`).
    private static let transformFunctions: [String: ClosedRange<Int>] = ["translate": 1...2, "scale": 1...2, "rotate": 1...1, "matrix": 6...6]

    /// `none`, or functions of `transformFunctions` with plain numbers,
    /// spaces between.
    static func isPlainTransform(_ text: String) -> Bool {
        var rest = Substring(text).drop { $0 == " " }
        if rest.split(separator: " ") == ["none"] { return true }
        guard !rest.isEmpty else { return false }
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close,
                  let counts = transformFunctions[String(rest[..<open])] else { return false }
            let numbers = rest[rest.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            guard counts.contains(numbers.count), numbers.allSatisfy({ isCSSNumber($0) }) else { return false }
            rest = rest[rest.index(after: close)...]
            // Spaces between functions, and after the last.
            guard rest.isEmpty || rest.first == " " else { return false }
            rest = rest.drop { $0 == " " }
        }
        return true
    }

    /// A number as CSS writes one: `-1`, `.5`, `2e3`, not `5.`.
    private static func isCSSNumber(_ text: Substring) -> Bool {
        let digit = { (character: Character) in ("0"..."9").contains(character) }
        var rest = text.drop { $0 == " " }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let whole = rest.prefix(while: digit).count
        rest = rest.dropFirst(whole)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix(while: digit).count
            guard fraction > 0 else { return false }
            rest = rest.dropFirst(1 + fraction)
        } else if whole == 0 {
            return false
        }
        if rest.first == "e" || rest.first == "E" {
            var exponent = rest.dropFirst()
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            guard let first = exponent.first, digit(first) else { return false }
            rest = exponent.drop(while: digit)
        }
        return rest.allSatisfy { $0 == " " }
    }

    /// A GVariant of a string quoted without quotes or backslashes in it,
    /// a whole number of at most nine digits (an int32) that does not
    /// start with 0 (GVariant reads `010` in octal, and refuses `08`),
    /// true or false.
    static func isPlainVariant(_ text: String) -> Bool {
        var value = Substring(text).drop { $0 == " " }
        while value.last == " " { value = value.dropLast() }
        if value == "true" || value == "false" { return true }
        let digits = value.first == "-" ? value.dropFirst() : value
        if (1...9).contains(digits.count), digits.allSatisfy({ ("0"..."9").contains($0) }), digits == "0" || digits.first != "0" {
            return true
        }
        guard let quote = value.first, quote == "'" || quote == "\"", value.count >= 2, value.last == quote else { return false }
        return !value.dropFirst().dropLast().contains { $0 == quote || $0 == "\\" }
    }

    /// MIME types (`text/plain`), spaces between.
    static func isPlainFormats(_ text: String) -> Bool {
        let part = { (part: Substring) in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".+_-".contains($0)) }
        }
        let types = text.split(separator: " ")
        return !types.isEmpty && types.allSatisfy { type in
            let parts = type.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy(part)
        }
    }
}
