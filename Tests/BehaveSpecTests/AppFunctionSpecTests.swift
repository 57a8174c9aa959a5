import BehaveCore
import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// A behaviour calling the app's own functions through a scene file, as
/// the app's own test target would run its specs: the module registered
/// in the process reaches the behaviours of every scene a spec loads.
final class AppFunctionSpecTests: XCTestCase {
    final class Heard: @unchecked Sendable {
        var vibrations: [(style: String?, behaviour: String?)] = []
    }

    func testASpecsSceneCallsTheModuleTheProcessRegistered() throws {
        let heard = Heard()
        try AppModules.register(AppModule(name: "haptics", functions: [
            AppFunction(name: "vibrate", signature: LuaSignature(nil, ("style", #""light"|"heavy""#))) { call in
                heard.vibrations.append((call.string("style"), call.behaviour))
                return []
            },
            AppFunction(name: "describe", signature: LuaSignature(nil, ("count", "integer"), returns: "string")) { call in
                [.string("\(call.integer("count") ?? 0) likes")]
            },
        ]))
        defer { AppModules.unregister("haptics") }

        let run = runSpecs([fixture("app_functions/like.lua")])
        XCTAssertEqual(run.results.results.map(\.status), [.passed], run.text)
        XCTAssertEqual(heard.vibrations.map(\.style), ["light", "light"])
        XCTAssertEqual(heard.vibrations.map(\.behaviour), ["like", "like"])
    }

    func testWithoutTheModuleTheSpecFailsAtTheBehavioursLine() throws {
        let run = runSpecs([fixture("app_functions/like.lua")])
        XCTAssertEqual(run.results.results.map(\.status), [.failed], run.text)
        XCTAssertTrue(run.text.contains("haptic_like.lua:12: `haptics` is not defined here"), run.text)
    }
}
