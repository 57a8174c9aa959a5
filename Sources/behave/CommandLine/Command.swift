import BehaveCommandLine
/// A `behave` command: its name, its command line as data (`spec`, named
/// `name`), made from the values read with it (checking them: a mistake is
/// an `ArgumentError`), and run to an exit status.
protocol Command: Sendable {
    static var name: String { get }
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(ArgumentError)
    func run() -> Int32
}
