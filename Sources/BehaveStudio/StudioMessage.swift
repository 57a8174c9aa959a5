import Foundation

/// What the page asks of the studio, one WebSocket text message each (a
/// JSON object with a `kind`). Everything that changes the scene is a line
/// of the command language, run as `behave run` runs it.
public enum StudioMessage: Sendable, Equatable {
    /// A command line: from a widget (`tap wifi`) or typed in the page.
    case command(String)
    /// An inspector's change: `set OBJECT.PROPERTY VALUE`, where `value`
    /// is written as the command language reads it.
    case set(object: String, property: String, value: String)
    /// The clock runs at wall speed, or stands still.
    case clock(running: Bool)
    /// Moves the clock by a number of seconds (`advance`).
    case step(Double)

    /// Bytes of one message, at most: a command line is short, and the
    /// server reads no more than this of a message.
    public static let maximumBytes = 64 << 10
    /// The longest step: a minute.
    public static let maximumStep = 60.0

    /// Reads one message; a message that is not one of these is refused
    /// with the reason.
    public static func parse(_ text: String) throws(StudioMessageError) -> StudioMessage {
        guard text.utf8.count <= maximumBytes else { throw StudioMessageError("the message is longer than \(maximumBytes) bytes") }
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(text.utf8))
        } catch {
            throw StudioMessageError("not a message of the studio's (a JSON object with a kind)")
        }
        switch fields.kind {
        case "command":
            guard let line = fields.line else { throw StudioMessageError("a command message needs its `line`") }
            return .command(try oneLine(line, "the command"))
        case "set":
            guard let object = fields.object, let property = fields.property, let value = fields.value else {
                throw StudioMessageError("a set message needs `object`, `property` and `value`")
            }
            return .set(object: try name(object), property: try name(property), value: try oneLine(value, "the value"))
        case "clock":
            guard let running = fields.running else { throw StudioMessageError("a clock message needs `running`") }
            return .clock(running: running)
        case "step":
            guard let seconds = fields.seconds, seconds.isFinite, seconds > 0, seconds <= maximumStep else {
                throw StudioMessageError("a step is a number of seconds, more than 0 and at most \(Int(maximumStep))")
            }
            return .step(seconds)
        default:
            throw StudioMessageError("unknown message kind")
        }
    }

    private struct Fields: Decodable {
        var kind: String
        var line: String?
        var object: String?
        var property: String?
        var value: String?
        var running: Bool?
        var seconds: Double?
    }

    /// A command is one line: no line breaks or other control characters.
    private static func oneLine(_ text: String, _ what: String) throws(StudioMessageError) -> String {
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw StudioMessageError("\(what) must be one line, without control characters")
        }
        return text
    }

    /// An object's or a property's name, as a command writes it: one word,
    /// no dots or quotes.
    private static func name(_ text: String) throws(StudioMessageError) -> String {
        guard !text.isEmpty, text.utf8.count <= 256,
              !text.contains(where: { $0 == "." || $0 == "=" || $0 == "\"" || $0 == "'" || $0.isWhitespace }),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw StudioMessageError("`object` and `property` are names, without spaces, dots, `=` or quotes")
        }
        return text
    }
}

/// Why a message from the page was refused.
public struct StudioMessageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
