import BehaveCore
import Foundation

/// Functions an app gives behaviour scripts, under one name: `haptics`
/// with `haptics.vibrate(style)`, `analytics` with `analytics.track(name)`
/// (Docs/app-functions.md). Register it once, before the app makes
/// scenes (`AppModules.register`): every behaviour then has it as a global
/// table and as `require "haptics"`, and `behave check`'s linter and
/// `behave types` run in the same process know it.
///
/// Only data crosses: scripts pass nil, booleans, numbers, strings and
/// tables of them, checked against each function's signature, and the
/// app answers with the same (`JSON` values); no Swift object or closure
/// reaches a script.
public struct AppModule: Sendable {
    /// The global and the `require` name: a Lua name that is none of
    /// Behave's globals (`platform`, `string`…).
    public let name: String
    /// What `behave types` says of the module.
    public let doc: String?
    /// Its functions, in the order `behave types` lists them.
    public let functions: [AppFunction]

    /// A module of `functions` named `name`; registering it
    /// (`AppModules.register`) checks the names and signatures.
    public init(name: String, doc: String? = nil, functions: [AppFunction]) {
        self.name = name
        self.doc = doc
        self.functions = functions
    }

    /// The function named `name`, if the module has one.
    public func function(_ name: String) -> AppFunction? {
        functions.first { $0.name == name }
    }
}

/// One function of an `AppModule`: its name, how scripts call it (its
/// signature: parameters with their types, the result and a one-line doc,
/// which `behave types` writes and Behave checks each call against) and
/// the app's body, which runs on the scene's thread while the script that
/// called it waits.
///
/// The parameters' types are `LuaDataType`s (`"string"`,
/// `"\"light\"|\"heavy\"?"`, `"table<string, number>"`); a parameter named
/// `...` last takes any number of values of its type. A script that passes
/// a wrong value, too many values or something that is not data (a
/// function, a control) gets an error at its own line and the body does
/// not run.
public struct AppFunction: Sendable {
    /// The body of a function that answers at once: the results it
    /// returns are the results of the call; what it throws is raised at
    /// the script's line (a `LuaError` keeps its fix).
    public typealias Body = @Sendable (AppCall) throws -> [JSON]
    /// The body of a function that answers later: it starts the work and
    /// returns; the script's handler pauses (as it does for `ask`) until
    /// the app calls `reply`.
    public typealias LaterBody = @Sendable (AppCall, AppReply) throws -> Void

    enum Kind: Sendable {
        case now(Body)
        case later(LaterBody)
    }

    /// The field of the module (`vibrate`): a Lua name.
    public let name: String
    /// How scripts call it: its doc, its parameters (checked at each
    /// call) and its result (described, not checked).
    public let signature: LuaSignature
    let kind: Kind

    /// Bytes of string all the arguments of one call may hold, and values
    /// (table entries count one each) they may have: a script cannot make
    /// the app copy more.
    public static let maximumArgumentBytes = 1 << 20
    /// See `maximumArgumentBytes`.
    public static let maximumArgumentValues = 10_000
    /// Values one call may return (its results and the entries of their
    /// tables), nested at most `maximumNesting` deep. The results must
    /// also fit in what the scene's memory limit leaves.
    public static let maximumResultValues = 100_000
    /// Tables in arguments and results nest at most this deep.
    public static let maximumNesting = LooseValue.maximumLuaDepth
    /// Parameters a signature may have.
    public static let maximumParameters = 16

    /// A function that answers at once.
    public init(name: String, signature: LuaSignature, body: @escaping Body) {
        self.name = name
        self.signature = signature
        kind = .now(body)
    }

    /// A function that answers later (a network call, a sheet of the
    /// app's own): the handler that called it pauses until `reply` is
    /// used, and may only be called from a handler (not a script's top
    /// level, a coroutine of its own or `destroy()`).
    public init(name: String, signature: LuaSignature, later body: @escaping LaterBody) {
        self.name = name
        self.signature = signature
        kind = .later(body)
    }

    /// Whether a call pauses the handler until the app replies.
    public var answersLater: Bool {
        if case .later = kind { true } else { false }
    }

    /// Its parameters' types, read from the signature (`any` for one that
    /// does not read, which registration refuses).
    public var parameterTypes: [LuaDataType] {
        signature.parameters.map { (try? LuaDataType(parsing: $0.type)) ?? .any }
    }

    /// The error scripts see for `error`, thrown by the body of `qualified`
    /// (`haptics.vibrate`): a `LuaError`'s text and fix, any other error's
    /// description, after the function's name. It is raised at the line
    /// of the script that called, whatever position the app's error had.
    static func scriptError(_ error: any Error, from qualified: String) -> ScriptError {
        let text: String, fix: String?
        if let error = error as? ScriptError {
            (text, fix) = (error.text, error.fix)
        } else {
            (text, fix) = ((error as? LocalizedError)?.errorDescription ?? String(describing: error), nil)
        }
        let line = DisplayText.line(String(text.prefix(1000)))
        return ScriptError(text: line.hasPrefix(qualified) ? line : "\(qualified): \(line)",
                           fix: fix.map { DisplayText.line(String($0.prefix(1000))) })
    }
}

/// One call of an app function, as its body sees it: the arguments,
/// checked against the signature, and who called.
public struct AppCall {
    /// `haptics`.
    public let module: String
    /// `vibrate`.
    public let function: String
    /// One value per parameter (nil for one the script left out), then
    /// the values of a trailing `...`.
    public let arguments: [JSON]
    /// The parameters' names, in order.
    public let parameters: [String]
    /// The behaviour whose code called, by its name in the scene; nil at
    /// a script's top level.
    public let behaviour: String?
    /// The line of script code that called.
    public let location: ScriptError.Frame?
    /// The scene whose script called (for an app with several screens);
    /// nil once it is gone. The body must not drive it (tap, advance its
    /// clock): no script can run until the body returns.
    public var scene: Scene? { sceneReference }
    private weak var sceneReference: Scene?

    init(module: String, function: String, arguments: [JSON], parameters: [String], behaviour: String?,
         location: ScriptError.Frame?, scene: Scene?) {
        self.module = module
        self.function = function
        self.arguments = arguments
        self.parameters = parameters
        self.behaviour = behaviour
        self.location = location
        sceneReference = scene
    }

    /// The argument of the parameter named `parameter` (nil when left out
    /// or when there is no such parameter).
    public subscript(parameter: String) -> JSON {
        guard let index = parameters.firstIndex(of: parameter), index < arguments.count else { return .null }
        return arguments[index]
    }

    /// A string argument (nil for any other value).
    public func string(_ parameter: String) -> String? {
        if case .string(let text) = self[parameter] { text } else { nil }
    }

    /// A number argument (nil for any other value).
    public func number(_ parameter: String) -> Double? {
        if case .number(let n) = self[parameter] { n } else { nil }
    }

    /// A number argument with no fractional part.
    public func integer(_ parameter: String) -> Int? {
        number(parameter).flatMap { Int(exactly: $0) }
    }

    /// A boolean argument (nil for any other value).
    public func bool(_ parameter: String) -> Bool? {
        if case .bool(let b) = self[parameter] { b } else { nil }
    }

    /// `haptics.vibrate`.
    public var qualifiedName: String { "\(module).\(function)" }
}

/// How a function that answers later (`AppFunction(name:signature:later:)`)
/// gives its answer: once, on the thread that runs the scene (for an app,
/// the main thread: from a `Task`, `try await MainActor.run { try reply.answer(…) }`).
/// The paused handler goes on from the call with the results, or with the
/// error raised at its line. Answers after the first are ignored, and so
/// is an answer that comes after the behaviour or the scene is gone; a
/// handler that is never answered waits until its behaviour is destroyed.
/// An answer from another thread is refused (it throws) and changes
/// nothing: the handler still waits for one from the scene's thread.
public final class AppReply: @unchecked Sendable {
    // Touched only on the scene's thread (checked): `deliver` and `answered`.
    private let deliver: (Result<[JSON], ScriptError>) -> Void
    private let thread = SceneThread.current
    private let qualified: String
    private var answered = false

    init(_ qualified: String, deliver: @escaping (Result<[JSON], ScriptError>) -> Void) {
        self.qualified = qualified
        self.deliver = deliver
    }

    /// Whether it was answered (or failed). Read it on the scene's thread.
    public var isAnswered: Bool { answered }

    /// The results of the call. Throws, and gives nothing, when called
    /// from a thread other than the scene's.
    public func answer(_ results: [JSON] = []) throws(ValueError) {
        try reply(.success(results))
    }

    /// The call fails: `error` is raised at the script's line, after the
    /// function's name (a `LuaError` keeps its fix). Throws, and gives
    /// nothing, when called from a thread other than the scene's.
    public func fail(_ error: any Error) throws(ValueError) {
        try reply(.failure(AppFunction.scriptError(error, from: qualified)))
    }

    /// The call fails with `message`.
    public func fail(_ message: String) throws(ValueError) {
        try fail(LuaError(message))
    }

    private func reply(_ result: Result<[JSON], ScriptError>) throws(ValueError) {
        // Refused before anything of the reply is read.
        try thread.check("\(qualified) was answered", "the answer is refused and the handler still waits",
                         act: "answer", example: "try reply.answer(…)")
        guard !answered else { return }
        answered = true
        deliver(result)
    }
}
