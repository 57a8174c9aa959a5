import BehaveCore
import Foundation

/// Bad usage found on the command line: the command says it on one line,
/// `behave: REASON (see `behave run --help`)`, and exits with status 2.
public struct ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }

    /// `behave: REASON (see `behave run --help`)`: the reason on one line
    /// (control characters escaped), and where to read more.
    public func usageLine(command: String) -> String {
        "behave: " + DisplayText.line(reason.trimmingCharacters(in: .whitespaces)) + " (see `\(command) --help`)"
    }
}
