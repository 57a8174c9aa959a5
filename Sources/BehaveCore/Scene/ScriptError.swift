/// An error raised by a script, by the sandbox (a limit), by the host (a
/// refused value), by a loader or by a spec's assertion, kept as one value
/// from where it is raised to every report: the trace, the state, the
/// terminal, the spec reporters and the studio each take the fields they
/// show, and none takes a message apart to find them.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as Lua names it (`toggle.lua`, `...long/path/toggle.lua`);
    /// nil when the error has no position (`error(x, 0)`, a limit met
    /// outside script code).
    public var file: String?
    /// The line in `file`.
    public var line: Int?
    /// What went wrong, without its position, fix or traceback.
    public var text: String
    /// How to fix it, when Behave can tell (`ScriptAdvice`).
    public var fix: String?
    /// What the runtime was doing (`in touchUpInside handler of button`).
    public var context: String?
    /// Lua's `stack traceback:` lines.
    public var traceback: String?
    /// The Lua frames live when it was raised, innermost first.
    public var frames: [Frame]
    /// Whether far more Lua frames were live than `frames` keeps (over a
    /// thousand): the advice reads it to tell a function that calls itself
    /// without end.
    public var isDeep = false
    /// For a script that does not compile, Behave's parser's reading of it,
    /// told before Lua's message.
    public var reading: Reading?

    /// Where and why Behave's parser stopped, as `behave check` says it.
    public struct Reading: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        /// `message; fix`.
        public var text: String

        public init(file: String, line: Int, column: Int, text: String) {
            self.file = file
            self.line = line
            self.column = column
            self.text = text
        }

        /// `file:line:column: error: message; fix`.
        public var description: String { "\(file):\(line):\(column): error: \(text)" }
    }

    /// A line of Lua code that was running.
    public struct Frame: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        /// The function's name as its caller knew it (`toggle` for
        /// `self:toggle()`), if any.
        public var function: String?

        public init(file: String, line: Int, function: String? = nil) {
            self.file = file
            self.line = line
            self.function = function
        }

        /// `file:line`.
        public var description: String { "\(file):\(line)" }

        /// Whether this is `path`'s (Lua shortens long names to
        /// `...end/of/path.lua`).
        public func isIn(_ path: String) -> Bool {
            ScriptError.names(file, path)
        }
    }

    /// An error with no more than its text.
    public init(_ text: String) {
        self.init(text: text)
    }

    public init(file: String? = nil, line: Int? = nil, text: String, fix: String? = nil, context: String? = nil,
                traceback: String? = nil, frames: [Frame] = []) {
        self.file = file
        self.line = line
        self.text = text
        self.fix = fix
        self.context = context
        self.traceback = traceback
        self.frames = frames
    }

    /// Whether it was raised in `path`.
    public func isIn(_ path: String) -> Bool {
        file.map { ScriptError.names($0, path) } ?? false
    }

    /// Whether Lua's name of a chunk (`...end/of/path.lua` when long) names `path`.
    static func names(_ luaName: String, _ path: String) -> Bool {
        luaName == path || (luaName.hasPrefix("...") && path.hasSuffix(luaName.dropFirst(3)))
    }

    /// `file:line`, when the error has a position.
    public var location: String? {
        guard let file, let line else { return nil }
        return "\(file):\(line)"
    }

    /// What went wrong and the fix: `text; fix`.
    public var explanation: String {
        fix.map { "\(text); \($0)" } ?? text
    }

    /// `file:line: text; fix`, the first line of the message as Lua writes it.
    public var headline: String {
        location.map { "\($0): \(explanation)" } ?? explanation
    }

    /// The message without its traceback: the parser's reading and the
    /// headline.
    public var summary: String {
        reading.map { "\($0)\n\(headline)" } ?? headline
    }

    /// The whole message: the summary and the traceback.
    public var message: String {
        traceback.map { "\(summary)\n\($0)" } ?? summary
    }

    public var description: String { message }
}
