@testable import BehaveCheck
import BehaveCore
import BehaveLua
import BehaveSyntax
import Foundation
import XCTest

/// The app's modules as the tools see them, from the one registration
/// (`AppModules`): `behave types` describes each with its signatures and
/// docs, the linter knows its functions (no undefined global, "did you
/// mean", the number and shape of arguments), and the luacheck standard
/// lists it.
final class AppModuleCheckTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AppModules")

    static let haptics = AppModule(name: "haptics", doc: "The device's haptic engine.\nAlso counts taps.", functions: [
        AppFunction(name: "vibrate", signature: LuaSignature("Plays a haptic pattern.", ("style", #""light"|"heavy"?"#))) { _ in [] },
        AppFunction(name: "track", signature: LuaSignature("Records an event with its properties.", ("name", "string"),
                                                           ("properties", "table<string, string|number|boolean>?"))) { _ in [] },
        AppFunction(name: "fetch", signature: LuaSignature("Fetches a profile.", ("id", "string"), returns: "{ name: string }?"),
                    later: { _, reply in try reply.answer() }),
    ])

    override func setUpWithError() throws {
        try AppModules.register(Self.haptics)
    }

    override func tearDown() {
        AppModules.unregister("haptics")
    }

    func testBehaveTypesDescribesTheModuleWithItsSignaturesAndDocs() throws {
        let text = TypeAnnotations.text(scripts: [])
        XCTAssertTrue(text.contains("""
            ---The device's haptic engine.
            ---Also counts taps.
            ---@class App.haptics
            haptics = {}

            ---Plays a haptic pattern.
            ---@param style "light"|"heavy"?
            function haptics.vibrate(style) end

            ---Records an event with its properties.
            ---@param name string
            ---@param properties table<string, string|number|boolean>?
            function haptics.track(name, properties) end

            ---Fetches a profile. (Pauses the handler until the app answers.)
            ---@param id string
            ---@return { name: string }?
            function haptics.fetch(id) end
            """), text)
        // Still Lua.
        let runtime = try LuaRuntime(scene: Scene(screen: "types"))
        defer { runtime.close() }
        runtime.release(try runtime.load(text, chunkName: "=types"))

        AppModules.unregister("haptics")
        XCTAssertFalse(TypeAnnotations.text(scripts: []).contains("haptics"))
    }

    func testTheLinterKnowsTheModulesFunctionsAndTheirSignatures() throws {
        let path = Self.directory.appendingPathComponent("feedback.lua")
        let findings = ScriptLinter.lint(try String(contentsOf: path, encoding: .utf8), file: "feedback.lua")
        XCTAssertEqual(findings.map(\.description), [
            "feedback.lua:20:11: error: `haptics` has no `vibrat`; did you mean `haptics.vibrate`?",
            "feedback.lua:21:3: error: `haptic` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `haptics`?",
            #"feedback.lua:22:19: error: `haptics.vibrate` takes style: "light"|"heavy"|nil, not "hevy"; did you mean "heavy"?"#,
            "feedback.lua:23:28: error: `haptics.vibrate` takes at most 1 argument (style), not 2; call it as haptics.vibrate(style)",
            "feedback.lua:24:11: error: `haptics.track` needs `name` (string); call it as haptics.track(name, properties)",
            "feedback.lua:25:27: error: `haptics.track` takes properties: table<string, string|number|boolean>?, not a function; only data crosses to the app: nil, booleans, numbers, strings and tables of them",
            #"feedback.lua:26:27: error: `haptics.track` takes properties: table<string, string|number|boolean>?, not "count"; pass table<string, string|number|boolean>?"#,
            "feedback.lua:27:11: error: `haptics.vibrate` is a function of the app's module, and `:` passes the module to it as its first argument; call it with a dot: haptics.vibrate(style)",
        ])
    }

    func testReplacingTheModuleIsReplacingTheApps() {
        let findings = ScriptLinter.lint("haptics = {}\n", file: "x.lua")
        XCTAssertEqual(findings.map(\.description), ["x.lua:1:1: warning: this replaces the app's `haptics` for the whole script; use another name (`local myHaptics = …`)"])
    }

    func testWithoutTheModuleItsNameIsAnUndefinedGlobal() throws {
        AppModules.unregister("haptics")
        let findings = ScriptLinter.lint("local x = haptics.vibrate\nreturn x\n", file: "x.lua")
        XCTAssertEqual(findings.map(\.code), ["undefined-global"])
    }

    func testTheLuacheckStandardListsIt() {
        XCTAssertTrue(LuacheckStandard.text.contains(#"    haptics = { fields = { "fetch", "track", "vibrate" } },"#), LuacheckStandard.text)
    }
}
