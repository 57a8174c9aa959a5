/// A worker's events as lines of JSON, written and read by hand:
/// Foundation's JSONEncoder and JSONDecoder took about 50,000 instructions
/// an event on each side, a twentieth of what running a small spec takes.
/// What is read is any JSON (keys in any order, spaces, escapes), as
/// another worker may write it; unknown keys are passed over, and a line
/// that is not an event is nil.
extension WorkerEvent {
    /// The event as one line of JSON, without its newline.
    var jsonLine: [UInt8] {
        var writer = JSONLineWriter()
        writer.bytes.append(UInt8(ascii: "{"))
        if let started {
            writer.key("started", first: true)
            writer.bytes.append(UInt8(ascii: "{"))
            writer.key("file", first: true)
            writer.string(started.file)
            writer.key("name")
            writer.string(started.name)
            writer.key("line")
            writer.integer(started.line)
            writer.bytes.append(UInt8(ascii: "}"))
        }
        if let result {
            writer.key("result", first: started == nil)
            writer.bytes.append(UInt8(ascii: "{"))
            writer.key("file", first: true)
            writer.string(result.file)
            writer.key("name")
            writer.string(result.name)
            writer.key("line")
            writer.integer(result.line)
            writer.key("status")
            writer.string(result.status.rawValue)
            writer.key("location")
            writer.string(result.location)
            writer.key("message")
            writer.string(result.message)
            writer.key("output")
            writer.bytes.append(UInt8(ascii: "["))
            for (index, line) in result.output.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.string(line)
            }
            writer.bytes.append(UInt8(ascii: "]"))
            writer.key("duration")
            writer.bytes += Array((result.duration.isFinite ? result.duration : 0).description.utf8)
            writer.bytes.append(UInt8(ascii: "}"))
        }
        if let filesDone {
            writer.key("filesDone", first: started == nil && result == nil)
            writer.integer(filesDone)
        }
        writer.bytes.append(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The event a line of JSON holds, or nil.
    init?(jsonLine line: UnsafeBufferPointer<UInt8>) {
        var reader = JSONLineReader(bytes: line)
        guard case .object(let fields)? = reader.document() else { return nil }
        self.init()
        if let value = fields["started"], value != .null {
            guard case .object(let started) = value, let file = started["file"]?.string, let name = started["name"]?.string,
                  let line = started["line"]?.integer else { return nil }
            self.started = Start(file: file, name: name, line: line)
        }
        if let value = fields["result"], value != .null {
            guard case .object(let result) = value, let file = result["file"]?.string, let name = result["name"]?.string,
                  let line = result["line"]?.integer, let status = result["status"]?.string.flatMap(SpecResult.Status.init),
                  let location = result["location"]?.string, let message = result["message"]?.string,
                  case .array(let lines)? = result["output"], case .number(let duration)? = result["duration"] else { return nil }
            var output: [String] = []
            for line in lines {
                guard let text = line.string else { return nil }
                output.append(text)
            }
            self.result = SpecResult(file: file, name: name, line: line, status: status, location: location,
                                     message: message, output: output, duration: duration)
        }
        if let value = fields["filesDone"], value != .null {
            guard let count = value.integer else { return nil }
            filesDone = count
        }
    }
}

private struct JSONLineWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(256) }

    mutating func key(_ name: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func integer(_ value: Int) {
        bytes += Array(String(value).utf8)
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                          hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A JSON value as a line holds it.
private indirect enum JSONValue: Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var integer: Int? {
        if case .number(let value) = self { return Int(exactly: value) }
        return nil
    }
}

/// Reads one JSON document; nil for anything else (trailing bytes
/// included). Nesting is bounded, so no line can exhaust the stack.
private struct JSONLineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    static let maximumDepth = 32

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() -> JSONValue? {
        guard let value = value() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return nil }
        index += expected.count
        return value
    }

    private mutating func value() -> JSONValue? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object() -> JSONValue? {
        guard depth < JSONLineReader.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var fields: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = value() else { return nil }
            fields[key] = value
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(fields)
            } else {
                return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < JSONLineReader.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                return nil
            }
        }
    }

    private mutating func number() -> JSONValue? {
        let start = index
        while index < bytes.count, case let byte = bytes[index],
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            index += 1
        }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite
        else { return nil }
        return .number(value)
    }

    /// A string; `index` is at its opening quote.
    private mutating func string() -> String? {
        index += 1
        var text: [UInt8] = []
        var plain = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                text += bytes[plain..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                guard byte >= 0x20 else { return nil }
                index += 1
                continue
            }
            text += bytes[plain..<index]
            index += 1
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                // A pair of surrogates is one character.
                if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: return nil
            }
            plain = index
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
