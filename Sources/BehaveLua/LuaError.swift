/// An error raised to a script (a bad argument, a wrong value) or a script
/// that could not be loaded.
public struct LuaError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
