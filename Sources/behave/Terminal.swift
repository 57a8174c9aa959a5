import Foundation

/// What Behave writes differently on a terminal: a progress line, and
/// colour. Colour is never written to a file or a pipe, nor when `NO_COLOR`
/// is set to anything but the empty string (no-color.org), nor when `TERM`
/// is `dumb`.
enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    static func colours(_ descriptor: Int32,
                        environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isTerminal(descriptor) else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
