/// Bad usage found on the command line: the command says it on one line,
/// `behave: REASON (see `behave run --help`)`, and exits with status 2.
struct ArgumentError: Error, Equatable, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
