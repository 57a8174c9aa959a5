import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Findings of the audit that once crashed or misbehaved.
final class AuditRegressionTests: XCTestCase {
    /// The scripts of these findings, in Audit/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Audit")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// A scene released without a dismiss still runs no Lua against a
    /// scene that is going away (it used to abort on an unowned reference).
    func testReleasingASceneWhoseBehaviourHasADestroyDoesNotCrash() throws {
        var scene: Scene? = Scene(screen: "Test")
        let runtime = try LuaRuntime(scene: scene!, limits: .testing)
        let behaviour = try LuaBehaviour(script: LuaScript(path: "d.lua", source: source("destroy_after_release.lua")), name: "d", runtime: runtime)
        scene!.attach(behaviour)
        behaviour.start()
        weak let weakScene = scene
        scene = nil
        XCTAssertNil(weakScene)
        XCTAssertFalse(runtime.isClosed)
    }

    func testDestroyMayStillUseItsOwnFields() throws {
        let test = try TestScene()
        let probe = try test.behaviour("p", source: source("destroy_own_fields.lua"))
        test.scene.dismiss()
        XCTAssertEqual(test.scene.errorCount, 0, "\(test.errors)")
        XCTAssertEqual(test.scene.record(named: "p")?.state["fields"]?["goodbye"], .bool(true))
        _ = probe
    }

    func testASwitchReadsAsIsOnBecauseOnIsTheEventMethod() throws {
        let test = try TestScene()
        let toggle = test.control(Switch.self, "sw")
        let probe = try test.behaviour("p", source: source("switch_is_on.lua"), outlets: ["sw": toggle])
        XCTAssertTrue(toggle.isOn)
        toggle.tap()
        XCTAssertEqual(test.field("seen", of: probe), .bool(false))
    }

    func testAScriptCanMakeItselfADelegate() throws {
        let test = try TestScene()
        let scroll = test.control(ScrollView.self, "scroll")
        let probe = try test.behaviour("p", source: source("own_delegate.lua"), outlets: ["scroll": scroll])
        scroll.scroll(toY: 42)
        XCTAssertEqual(test.field("y", of: probe), .number(42))
        XCTAssertEqual(test.field("same", of: probe), .bool(true))
        guard case .string(let bad)? = test.field("bad", of: probe) else { return XCTFail() }
        XCTAssertTrue(bad.contains("a delegate must be a behaviour"), bad)
    }

    /// A behaviour's `self` is known by its metatable, which no script can
    /// reach: a table made to look like one (an id at [1], its own
    /// __newindex and __index) is no delegate, whatever id it holds.
    func testATableMadeToLookLikeASelfIsNoDelegate() throws {
        let test = try TestScene()
        let scroll = test.control(ScrollView.self, "scroll")
        let probe = try test.behaviour("p", source: source("lookalike_self.lua"), outlets: ["scroll": scroll])
        scroll.scroll(toY: 42)
        XCTAssertEqual(test.errors, [])
        XCTAssertEqual(test.field("refused", of: probe), .number(10))
        XCTAssertEqual(test.field("kept", of: probe), .bool(true))
        XCTAssertNil(test.field("heard", of: probe))
    }

    /// A control a behaviour keeps in a field of its own (or in a table of
    /// them) shows in its state as the control's name: reading it there
    /// (`show`, `state`, a spec's view of the scene) used to crash the
    /// process, as the control was looked for at a stack slot that had moved.
    func testAControlKeptInAFieldShowsInTheStateByName() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("control_in_field.lua"), outlets: ["button": button])
        XCTAssertEqual(test.field("kept", of: probe), .string("button"))
        XCTAssertEqual(test.field("list", of: probe), .array([.string("button"), .string("button")]))
        XCTAssertEqual(test.scene.record(named: "p")?.state["fields"]?["kept"], .string("button"))
    }

    /// Error messages keep their NUL bytes, from a protected call and from
    /// a handler coroutine (both used to end the message at the first one).
    func testAnErrorMessageKeepsItsNulBytes() throws {
        let test = try TestScene()
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("p", source: source("nul_bytes.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.errors.count, 2, "\(test.errors)")
        XCTAssertTrue(test.errors[0].contains("in awake\u{0}after"), test.errors[0])
        XCTAssertTrue(test.errors[1].contains("in handler\u{0}after"), test.errors[1])
        XCTAssertTrue(test.errors[1].contains("stack traceback:"), test.errors[1])
        _ = probe
    }
}
