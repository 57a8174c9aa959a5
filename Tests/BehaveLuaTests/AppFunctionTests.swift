import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// The app's own functions for behaviours (`AppModules`): the scripts in
/// AppFunctions/ call a module the tests register as the app would, as a
/// global and through `require`; only data crosses, checked against each
/// signature, with mistakes reported at the script's line; the sandbox's
/// limits hold around the app's body, which cannot run scripts; a function
/// that answers later pauses the handler.
final class AppFunctionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AppFunctions")

    var app: TestApp!

    override func setUpWithError() throws {
        app = TestApp()
        try AppModules.register(app.module)
    }

    override func tearDown() {
        AppModules.unregister(TestApp.name)
    }

    /// The text of `file` in AppFunctions/.
    func text(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// A scene with a button and the behaviour of `file` in AppFunctions/.
    func load(_ file: String, limits: SandboxLimits = .testing) throws -> (TestScene, Button, LuaBehaviour) {
        let test = try TestScene(limits: limits)
        let button = test.control(Button.self, "button")
        let path = Self.directory.appendingPathComponent(file).path
        let behaviour = try LuaBehaviour(path: path, name: (file as NSString).deletingPathExtension, runtime: test.runtime)
        try behaviour.setOutlet("button", to: button)
        test.scene.attach(behaviour)
        behaviour.start()
        return (test, button, behaviour)
    }

    /// The errors of `action` as the trace has them, with the folder of
    /// AppFunctions/ left out.
    func errors(performing action: String, in test: TestScene, of behaviour: LuaBehaviour) -> [String] {
        let before = test.errors.count
        test.scene.beginCommand()
        behaviour.performAction(action, sender: test.scene.screen!, arguments: [])
        return Array(errors(test).dropFirst(before))
    }

    /// The scene's errors, with the folder of AppFunctions/ left out.
    func errors(_ test: TestScene) -> [String] {
        test.errors.map { $0.replacingOccurrences(of: LuaScript.display(Self.directory.path) + "/", with: "") }
    }

    /// The message of an error in the trace, after its context.
    func message(_ error: String?) -> String {
        guard let error, let end = error.range(of: "): ") else { return error ?? "(no error)" }
        return String(error[end.upperBound...])
    }

    func testABehaviourCallsTheAppsModuleAsAGlobalAndThroughRequire() throws {
        let (test, button, behaviour) = try load("haptic_button.lua")
        button.tap()
        button.tap()
        XCTAssertEqual(test.errors, [])
        let vibrations = app.calls.filter { $0.function == "vibrate" }
        XCTAssertEqual(vibrations.map(\.arguments), [[.string("heavy")], [.string("heavy")]])
        XCTAssertEqual(vibrations.first?.behaviour, "haptic_button")
        XCTAssertEqual(vibrations.first?.location?.line, 15, "the line of the call")
        XCTAssertEqual(vibrations.first?.location?.file.hasSuffix("AppFunctions/haptic_button.lua"), true)
        XCTAssertEqual(vibrations.first?.sceneTitle, "Test", "the body knows which scene called")
        // Tables arrive as data, records sorted by key, lists as arrays.
        let echo = try XCTUnwrap(app.calls.last { $0.function == "echo" })
        XCTAssertEqual(echo.arguments, [.object([("tags", .array([.string("a"), .string("b")])), ("taps", .number(2))]),
                                        .string("two"), .number(3.5), .bool(true)])
        // Results come back as plain tables.
        XCTAssertEqual(test.field("echoedTaps", of: behaviour), .number(2))
        XCTAssertEqual(test.field("echoedTag", of: behaviour), .string("b"))
        XCTAssertEqual(test.field("echoedPlain", of: behaviour), .bool(true))
    }

    func testWrongArgumentsAreErrorsAtTheScriptsLineAndTheAppHearsNothing() throws {
        let (test, _, behaviour) = try load("mistakes.lua")
        func error(_ action: String) -> String { message(errors(performing: action, in: test, of: behaviour).first) }
        XCTAssertTrue(error("misspeltStyle").hasPrefix(#"mistakes.lua:5: bad argument #1 to 'testapp.vibrate' (style: "light"|"heavy"|nil expected, got "hevy"); did you mean "heavy"?"#),
                      error("misspeltStyle"))
        XCTAssertTrue(error("tooMany").hasPrefix("mistakes.lua:9: testapp.vibrate takes at most 1 argument (style), not 2; call it as testapp.vibrate(style)"),
                      error("tooMany"))
        XCTAssertTrue(error("missing").hasPrefix("mistakes.lua:13: bad argument #1 to 'testapp.track' (name: string expected, got no value)"),
                      error("missing"))
        XCTAssertTrue(error("wrongProperty").hasPrefix(#"mistakes.lua:17: bad argument #2 to 'testapp.track' (properties["count"]: string|number|boolean expected, got table)"#),
                      error("wrongProperty"))
        XCTAssertTrue(error("passFunction").hasPrefix("mistakes.lua:21: bad argument #1 to 'testapp.echo' (...: a function cannot be passed to the app, only data); pass nil, booleans, numbers, strings and tables of them"),
                      error("passFunction"))
        XCTAssertTrue(error("passControl").hasPrefix("mistakes.lua:25: bad argument #1 to 'testapp.echo' (...: a userdata cannot be passed to the app, only data);"),
                      error("passControl"))
        XCTAssertTrue(error("colon").hasPrefix("mistakes.lua:29: testapp.vibrate was called with `:`, so the module is passed to it as its first argument; call it with a dot: testapp.vibrate(style)"),
                      error("colon"))
        XCTAssertTrue(error("misspeltFunction").hasPrefix("mistakes.lua:53: `testapp` has no `vibrat`; did you mean `testapp.vibrate`?"),
                      error("misspeltFunction"))
        XCTAssertEqual(app.calls.count, 0, "no body ran")
    }

    func testTheAppsErrorIsRaisedAtTheScriptsLineWithItsFix() throws {
        let (test, _, behaviour) = try load("mistakes.lua")
        let error = errors(performing: "appFails", in: test, of: behaviour).first ?? ""
        XCTAssertTrue(message(error).hasPrefix("mistakes.lua:33: testapp.fail: the engine is off; turn it on in Settings"), error)
        XCTAssertTrue(error.contains("in action appFails of mistakes"), error)
    }

    func testAScriptHasTheModulesFunctionsAndNothingOfTheAppsObjects() throws {
        let (test, _, behaviour) = try load("sandboxed.lua")
        XCTAssertEqual(test.field("moduleType", of: behaviour), .string("table"))
        XCTAssertEqual(test.field("functionType", of: behaviour), .string("function"))
        XCTAssertEqual(test.field("moduleMetatable", of: behaviour), .bool(true))
        XCTAssertEqual(test.field("keys", of: behaviour), .string(TestApp.functionNames.sorted().joined(separator: ",")))
        XCTAssertEqual(test.field("sharedChangeRefused", of: behaviour), .bool(true), "require's value is read-only")
        XCTAssertEqual(test.errors, [])

        // A behaviour that replaces a function changes its own environment only.
        let other = try LuaBehaviour(path: Self.directory.appendingPathComponent("sandboxed.lua").path, name: "other", runtime: test.runtime)
        try other.setOutlet("button", to: test.scene.control(named: "button")!)
        test.scene.attach(other)
        other.start()
        XCTAssertEqual(errors(performing: "replace", in: test, of: behaviour), [])
        XCTAssertEqual(app.calls.count, 0)
        XCTAssertEqual(errors(performing: "vibrate", in: test, of: other), [])
        XCTAssertEqual(app.calls.map(\.behaviour), ["other"])
    }

    func testArgumentsAreBounded() throws {
        let (test, _, behaviour) = try load("mistakes.lua")
        let argument = message(errors(performing: "hugeArgument", in: test, of: behaviour).first)
        XCTAssertTrue(argument.hasPrefix("mistakes.lua:37: bad argument #1 to 'testapp.echo' (...: more than 1048576 bytes of text)"), argument)
        XCTAssertEqual(app.calls.count, 0)
    }

    func testResultsAreRefusedBeyondWhatTheMemoryLimitLeaves() throws {
        // (the time limit is not what is tested: 8 MiB made on a loaded machine may take half a second)
        let (test, _, behaviour) = try load("mistakes.lua", limits: SandboxLimits(memory: 4 << 20, instructions: 1_000_000, seconds: 30))
        let result = message(errors(performing: "hugeResult", in: test, of: behaviour).first)
        XCTAssertTrue(result.hasPrefix("mistakes.lua:41: testapp.big returned about 8 MiB of data, more than the scene's memory limit leaves"), result)
        XCTAssertNil(test.field("result", of: behaviour))
        test.runtime.collectGarbage()
        XCTAssertLessThan(test.runtime.memoryUsed, 4 << 20)
    }

    func testALoopOfAppCallsIsStoppedByTheBudget() throws {
        let (test, _, behaviour) = try load("mistakes.lua")
        let error = message(errors(performing: "loop", in: test, of: behaviour).first)
        XCTAssertTrue(error.hasPrefix("mistakes.lua:45: "), error)
        XCTAssertTrue(error.contains("instruction budget") || error.contains("time limit"), error)
        XCTAssertGreaterThan(app.counted, 100)
    }

    func testTheAppsBodyCannotRunScripts() throws {
        let (test, button, behaviour) = try load("mistakes.lua")
        let handler = try LuaBehaviour(script: LuaScript(path: "listener.lua", source: text("listener.lua")), name: "listener",
                                       runtime: test.runtime)
        try handler.setOutlet("button", to: button)
        test.scene.attach(handler)
        handler.start()
        let reported = errors(performing: "reenter", in: test, of: behaviour)
        XCTAssertTrue(reported.contains { $0.contains("scripts cannot run while an app function is running") }, "\(reported)")
        XCTAssertTrue(reported.contains { message($0).hasPrefix("mistakes.lua:49: testapp.tapButton tried to run scripts before it returned (1 callback refused); the app's function must not send events") },
                      "\(reported)")
        XCTAssertNil(test.field("heard", of: handler))
        // After it, scripts run again.
        button.tap()
        XCTAssertEqual(test.field("heard", of: handler), .bool(true))
    }

    func testAFunctionThatAnswersLaterPausesTheHandlerUntilTheAppReplies() throws {
        let (test, button, behaviour) = try load("fetcher.lua")
        button.tap()
        XCTAssertEqual(test.field("state", of: behaviour), .string("waiting"))
        XCTAssertEqual(app.replies.count, 1)
        try app.replies[0].answer([.string("Ada"), .number(3)])
        XCTAssertEqual(test.field("state", of: behaviour), .string("done"))
        XCTAssertEqual(test.field("user", of: behaviour), .string("Ada"))
        XCTAssertEqual(test.field("visits", of: behaviour), .number(3))
        // Answers after the first are ignored.
        try app.replies[0].answer([.string("Bob")])
        XCTAssertEqual(test.field("user", of: behaviour), .string("Ada"))
        XCTAssertEqual(test.errors, [])
    }

    /// An answer from another thread (a `Task` that forgot the main actor)
    /// is refused and says how to answer: the process goes on, the handler
    /// still waits, and an answer from the scene's thread goes through.
    func testAnAnswerFromAnotherThreadIsRefusedAndTheHandlerStillWaits() throws {
        let (test, button, behaviour) = try load("fetcher.lua")
        button.tap()
        let reply = try XCTUnwrap(app.replies.first)
        nonisolated(unsafe) var refusal: ValueError?
        let answered = DispatchSemaphore(value: 0)
        Thread {
            do throws(ValueError) {
                try reply.answer([.string("Eve"), .number(9)])
            } catch {
                refusal = error
            }
            answered.signal()
        }.start()
        XCTAssertEqual(answered.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(refusal?.text, "testapp.fetch was answered on another thread than its scene's; the answer is refused and the handler still waits")
        XCTAssertEqual(refusal?.fix, "answer on the scene's thread: for an app, the main thread (`try await MainActor.run { try reply.answer(…) }`, or `DispatchQueue.main`)")
        XCTAssertFalse(reply.isAnswered)
        XCTAssertEqual(test.field("state", of: behaviour), .string("waiting"))
        try reply.answer([.string("Ada"), .number(3)])
        XCTAssertEqual(test.field("state", of: behaviour), .string("done"))
        XCTAssertEqual(test.field("user", of: behaviour), .string("Ada"))
        XCTAssertEqual(test.errors, [])
    }

    /// The app's answer is an event of its own: the command that made the
    /// call may be long over.
    func testALateAnswerRunsUnderACommandLimitOfItsOwn() throws {
        let (test, button, behaviour) = try load("fetcher.lua")
        test.scene.commandTimeLimit = 0.05
        test.scene.beginCommand()
        button.tap()
        Thread.sleep(forTimeInterval: 0.1)
        try app.replies[0].answer([.string("Ada"), .number(3)])
        XCTAssertEqual(errors(test), [])
        XCTAssertEqual(test.field("state", of: behaviour), .string("done"))
    }

    func testAFailureAnsweredLaterIsRaisedAtTheLineThatWaited() throws {
        let (test, button, behaviour) = try load("fetcher.lua")
        button.tap()
        try app.replies[0].fail(LuaError(text: "offline", fix: "try again later"))
        XCTAssertEqual(test.field("state", of: behaviour), .string("waiting"))
        let error = message(errors(test).first)
        XCTAssertTrue(error.hasPrefix("fetcher.lua:7: testapp.fetch: offline; try again later"), error)

        // Caught by pcall as any error is.
        XCTAssertEqual(errors(performing: "fetchOrFail", in: test, of: behaviour), [])
        try app.replies[1].fail("no such user")
        XCTAssertEqual(test.field("failed", of: behaviour), .bool(true))
        XCTAssertEqual(test.field("message", of: behaviour).flatMap { if case .string(let s) = $0 { s } else { nil } }?
            .replacingOccurrences(of: LuaScript.display(Self.directory.path) + "/", with: ""),
                       "fetcher.lua:14: testapp.fetch: no such user")
    }

    func testAnAnswerGivenAtOnceReturnsAtOnce() throws {
        app.answersAtOnce = true
        let (test, button, behaviour) = try load("fetcher.lua")
        button.tap()
        XCTAssertEqual(test.field("state", of: behaviour), .string("done"))
        XCTAssertEqual(test.field("user", of: behaviour), .string("ada"))
        XCTAssertEqual(test.errors, [])
    }

    func testAFunctionThatAnswersLaterCannotBeCalledWhereNothingCanPause() throws {
        let test = try TestScene()
        XCTAssertThrowsError(try test.behaviour("top", source: script("testapp.fetch(\"ada\")"))) { error in
            XCTAssertEqual((error as? LuaError)?.headline,
                           "top.lua:2: testapp.fetch can only pause a handler, not a coroutine of the script's own or its top level")
        }
    }

    func testAnAnswerAfterTheBehaviourIsGoneIsIgnored() throws {
        let (test, button, behaviour) = try load("fetcher.lua")
        button.tap()
        behaviour.tearDown()
        try app.replies[0].answer([.string("late")])
        XCTAssertEqual(test.errors, [])
    }

    func testRuntimesMadeBeforeARegistrationDoNotHaveItAndScriptAPIKnowsIt() throws {
        XCTAssertEqual(ScriptAPI.globals[TestApp.name], .some(TestApp.functionNames.sorted()))
        XCTAssertFalse(ScriptAPI.behaviourGlobals.contains(TestApp.name), "Behave's own globals stay Behave's")
        AppModules.unregister(TestApp.name)
        XCTAssertFalse(ScriptAPI.globals.keys.contains(TestApp.name))
        let test = try TestScene()
        XCTAssertThrowsError(try test.behaviour("late", source: script("testapp.count()"))) { error in
            XCTAssertTrue((error as? LuaError)?.headline.contains("`testapp` is not defined here") ?? false, "\(error)")
        }
    }

    func testRequireFindsTheAppsModuleBeforeAStandInBesideTheScript() throws {
        let path = Self.directory.appendingPathComponent("stand_in_user.lua").path
        let withApp = try TestScene()
        let user = try LuaBehaviour(path: path, name: "user", runtime: withApp.runtime)
        withApp.scene.attach(user)
        user.start()
        XCTAssertEqual(withApp.field("standIn", of: user), .bool(false))
        XCTAssertEqual(app.calls.map(\.function), ["vibrate"])

        AppModules.unregister(TestApp.name)
        let withoutApp = try TestScene()
        let standInUser = try LuaBehaviour(path: path, name: "user", runtime: withoutApp.runtime)
        withoutApp.scene.attach(standInUser)
        standInUser.start()
        XCTAssertEqual(withoutApp.field("standIn", of: standInUser), .bool(true))
        XCTAssertEqual(withoutApp.errors, [])
        XCTAssertEqual(app.calls.count, 1)
    }

    func testRegistrationMistakesAreRefusedWithTheFix() {
        func refusal(_ module: AppModule) -> String {
            do {
                try AppModules.register(module)
                return "(registered)"
            } catch {
                return error.explanation
            }
        }
        let noop: AppFunction.Body = { _ in [] }
        func one(_ name: String = "f", _ parameters: (name: String, type: String)...) -> [AppFunction] {
            [AppFunction(name: name, signature: LuaSignature(parameters: parameters), body: noop)]
        }
        XCTAssertEqual(refusal(AppModule(name: "platform", functions: one())),
                       "app module `platform`: behaviours already have a global `platform` of Behave's; give the module a name of the app's own (`appPlatform`)")
        XCTAssertTrue(refusal(AppModule(name: "string", functions: one())).hasPrefix("app module `string`: behaviours already have a global "))
        XCTAssertEqual(refusal(AppModule(name: "my-app", functions: one())),
                       "an app module's name `my-app` is not a Lua name; use letters, digits and `_`, not starting with a digit, at most 64 (`haptics`)")
        XCTAssertTrue(refusal(AppModule(name: "end", functions: one())).hasPrefix("an app module's name `end` is not a Lua name"))
        XCTAssertEqual(refusal(AppModule(name: "app", functions: [])), "app module `app` has 0 functions; give it 1 to 200")
        XCTAssertEqual(refusal(AppModule(name: "app", functions: one() + one())), "app module `app` has two functions `f`; keep one")
        XCTAssertTrue(refusal(AppModule(name: "app", functions: one("f", ("done", "fun()"))))
            .hasPrefix("app.f, parameter `done`: `fun()`: a function cannot cross between scripts and the app, only data; a type here is one of any, nil, boolean"))
        XCTAssertTrue(refusal(AppModule(name: "app", functions: one("f", ("picture", "Behave.Image"))))
            .hasPrefix("app.f, parameter `picture`: `Behave.Image`: `Behave.Image` is not a type Behave can check; a type here is one of"))
        XCTAssertEqual(refusal(AppModule(name: "app", functions: one("f", ("...", "any"), ("last", "string")))),
                       "app.f: `...` is parameter 1 of 2; make it the last")
        XCTAssertEqual(refusal(AppModule(name: "app", functions: one("f", ("a", "string"), ("a", "number")))),
                       "app.f has two parameters `a`; name each once")
        XCTAssertNil(AppModules.named("app"), "nothing half-registered")
    }
}

extension AppFunctionTests {
    /// An app function may close the scene that called it (a "sign out"
    /// that tears the screen down): the script that called it is still
    /// running above, so the state closes when the runtime goes, and
    /// nothing more of it runs meanwhile. Closing it there freed the Lua
    /// state under the running script, and the process died.
    func testAnAppFunctionThatClosesItsSceneLeavesTheProcessRunning() throws {
        final class Holder: @unchecked Sendable { weak var runtime: LuaRuntime? }
        let holder = Holder()
        try AppModules.register(AppModule(name: "closer", functions: [
            AppFunction(name: "quit", signature: LuaSignature("Closes the scene.")) { _ in
                holder.runtime?.close()
                return []
            },
        ]))
        defer { AppModules.unregister("closer") }
        var test: TestScene? = try TestScene()
        holder.runtime = test?.runtime
        let button = try XCTUnwrap(test).control(Button.self, "button")
        var quitter: LuaBehaviour? = try XCTUnwrap(test).behaviour("quitter", source: text("quitter_on_awake.lua"), outlets: ["button": button])
        XCTAssertEqual(holder.runtime?.isClosed, true)
        button.tap()  // nothing of the closed scene runs
        XCTAssertEqual(quitter?.isAlive, false)
        XCTAssertEqual(button.image, nil)
        quitter = nil
        test = nil
        XCTAssertNil(holder.runtime, "the runtime, and with it its state, went")
    }
}

extension AppFunctionTests {
    /// What a handler of a tap that closes its scene heard, and whether its
    /// runtime is still there.
    final class Closing: @unchecked Sendable {
        weak var runtime: LuaRuntime?
        var test: TestScene?
        var behaviour: LuaBehaviour?
        var letsGo = false
        var heard: [String] = []
    }

    /// A scene whose button's handler calls `quit` with `source` (in place
    /// of AppFunctions/quitter_on_tap.lua's `-- SOURCE`); `quit` closes the
    /// runtime (and lets the scene go, when `letsGo`).
    private func tapThatCloses(_ source: String, letsGo: Bool) throws -> (Closing, Button) {
        let closing = Closing()
        closing.letsGo = letsGo
        try AppModules.register(AppModule(name: "closer", functions: [
            AppFunction(name: "quit", signature: LuaSignature("Closes the scene.")) { _ in
                closing.runtime?.close()
                if closing.letsGo { closing.behaviour = nil; closing.test = nil }
                return []
            },
            AppFunction(name: "note", signature: LuaSignature("Notes a word.", ("word", "string"))) { call in
                closing.heard.append("\(call.arguments)")
                return []
            },
        ]))
        defer { AppModules.unregister("closer") }
        closing.test = try TestScene()
        closing.runtime = closing.test?.runtime
        let button = try XCTUnwrap(closing.test).control(Button.self, "button")
        let quitter = try text("quitter_on_tap.lua").replacingOccurrences(of: "-- SOURCE", with: source)
        closing.behaviour = try XCTUnwrap(closing.test).behaviour("quitter", source: quitter, outlets: ["button": button])
        button.tap()
        return (closing, button)
    }

    /// The handler that closed its scene stopped at the call that closed
    /// it, even in a pcall: it went on, calling the app and changing a
    /// control of the closed scene.
    func testAHandlerThatClosesItsSceneStopsThere() throws {
        let (closing, button) = try tapThatCloses("    pcall(closer.quit)\n    pcall(closer.note, \"caught\")", letsGo: false)
        XCTAssertEqual(closing.runtime?.isClosed, true)
        XCTAssertEqual(closing.heard, [])
        XCTAssertNil(button.image)
        XCTAssertEqual(closing.test?.errors, [], "nothing is told of a closed scene")
    }

    /// A host that lets the scene go inside the handler that closed it (a
    /// sign-out that drops the screen): the runtime goes, and its state
    /// when the handler has returned. The state called the runtime that
    /// was gone, and the process died.
    func testAHostThatLetsItsSceneGoInsideAHandlerLeavesTheProcessRunning() throws {
        let (closing, button) = try tapThatCloses("    closer.quit()\n    print(\"after\")", letsGo: true)
        XCTAssertNil(closing.runtime, "the runtime went")
        XCTAssertEqual(closing.heard, [])
        XCTAssertNil(button.image)
        button.tap()  // the closed state's target runs nothing
    }
}

/// The app the tests stand in for: a module whose bodies record what they
/// heard, and the replies of calls that answer later.
final class TestApp: @unchecked Sendable {
    static let name = "testapp"
    static let functionNames = ["vibrate", "track", "echo", "fail", "big", "count", "tapButton", "fetch"]

    struct Heard {
        var function: String
        var arguments: [JSON]
        var behaviour: String?
        var location: ScriptError.Frame?
        var sceneTitle: String?
    }

    var calls: [Heard] = []
    var replies: [AppReply] = []
    var counted = 0
    var answersAtOnce = false

    private func heard(_ call: AppCall) {
        calls.append(Heard(function: call.function, arguments: call.arguments, behaviour: call.behaviour,
                           location: call.location, sceneTitle: call.scene?.screenTitle))
    }

    var module: AppModule {
        AppModule(name: TestApp.name, doc: "The test app's services.", functions: [
            AppFunction(name: "vibrate", signature: LuaSignature("Plays a haptic pattern.", ("style", #""light"|"heavy"?"#))) { call in
                self.heard(call)
                return []
            },
            AppFunction(name: "track", signature: LuaSignature("Records an event.", ("name", "string"),
                                                               ("properties", "table<string, string|number|boolean>?"))) { call in
                self.heard(call)
                return []
            },
            AppFunction(name: "echo", signature: LuaSignature("Returns its arguments.", ("...", "any"), returns: "any")) { call in
                self.heard(call)
                return call.arguments
            },
            AppFunction(name: "fail", signature: LuaSignature(nil, ("message", "string"))) { call in
                throw LuaError(text: call.string("message") ?? "", fix: "turn it on in Settings")
            },
            AppFunction(name: "big", signature: LuaSignature(nil, ("bytes", "integer"), returns: "string")) { call in
                [.string(String(repeating: "x", count: call.integer("bytes") ?? 0))]
            },
            AppFunction(name: "count", signature: LuaSignature(returns: "integer")) { _ in
                self.counted += 1
                return [.number(Double(self.counted))]
            },
            AppFunction(name: "tapButton", signature: LuaSignature()) { call in
                (call.scene?.control(named: "button") as? Button)?.tap()
                return []
            },
            AppFunction(name: "fetch", signature: LuaSignature("Fetches a user.", ("id", "string"), returns: "string, integer"),
                        later: { call, reply in
                            if self.answersAtOnce {
                                try reply.answer([.string(call.string("id") ?? ""), .number(1)])
                            } else {
                                self.replies.append(reply)
                            }
                        }),
        ])
    }
}

extension AppFunctionTests {
    /// An app function may dismiss the screen, or remove the control that
    /// owns the behaviour calling it (a "done" that closes the sheet): the
    /// behaviour is destroyed, and its handler still runs to its end, its
    /// error reported and a timer it starts cancelled at once. The handler
    /// ran on after its behaviour was let go, and the process died.
    func testAnAppFunctionThatDestroysTheCallersBehaviourLeavesTheProcessRunning() throws {
        final class Closer: @unchecked Sendable { var close: (Scene) -> Void = { _ in } }
        let closer = Closer()
        try AppModules.register(AppModule(name: "sheet", functions: [
            AppFunction(name: "done", signature: LuaSignature("Closes the sheet.")) { call in
                if let scene = call.scene { closer.close(scene) }
                return []
            },
        ]))
        defer { AppModules.unregister("sheet") }
        let ways: [(String, (Scene) -> Void)] = [
            ("dismiss", { $0.dismiss() }),
            ("remove", { $0.control(named: "card")?.removeFromParent() }),
        ]
        for (way, close) in ways {
            closer.close = close
            let test = try TestScene()
            let card = test.control(View.self, "card")
            let button = Button(name: "button")
            card.addSubview(button)
            // Held only by its owner, as in an app.
            weak let probe = try test.behaviour("sheet", source: script("""
                function Probe:awake()
                  self.button:on("touchUpInside", function()
                    sheet.done()
                    self.timer = after(0, function() error("a timer of a destroyed behaviour fired") end)
                    error("after done")
                  end)
                end
                """), outlets: ["button": button], owner: card)
            button.tap()
            button.tap()
            test.scene.clock.advance(by: 1)
            XCTAssertNil(probe, "\(way): the destroyed behaviour went once the command ended")
            XCTAssertEqual(test.scene.record(named: "sheet")?.isAlive, false, way)
            XCTAssertEqual(test.errors.count, 1, "\(way): \(test.errors)")
            XCTAssertTrue(test.errors.first.map { $0.contains("after done") && $0.contains("(in touchUpInside handler of button)") } == true,
                          "\(way): \(test.errors)")
        }
    }
}
