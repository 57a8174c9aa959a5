import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// Each script in Mistakes/ makes one mistake a new author makes (issue
/// 11). Its `-- expect:` lines are the message the runtime itself gives
/// (not the linter): the line, what is wrong and the fix. The outlets named
/// in `-- connect:` are connected (a collection to three controls), the
/// others are not; the mistake happens at load (`-- phase: load`), in
/// `awake` or in the action `go`. `-- limits: memory=MIB instructions=N`
/// runs it under other limits than the tests' (which one a mistake meets
/// first is then certain). A mistake the examples already make names
/// their script in `-- source: PATH` (from the checkout) and is only its
/// headers: the script runs under the mistake's name.
final class RuntimeMessageTests: XCTestCase {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Mistakes")
    }

    struct Mistake {
        var name: String
        var source: String
        var expected: String
        var connected: [String]
        var atLoad: Bool
        var limits = SandboxLimits.testing

        init(file: String) throws {
            name = file
            source = try String(contentsOf: RuntimeMessageTests.directory.appendingPathComponent(file), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            func header(_ key: String) -> [String] {
                lines.filter { $0.hasPrefix("-- \(key): ") }.map { String($0.dropFirst("-- \(key): ".count)) }
            }
            expected = header("expect").joined(separator: "\n")
            connected = header("connect").flatMap { $0.split(separator: " ").map(String.init) }
            atLoad = header("phase") == ["load"]
            if let shared = header("source").first {
                let checkout = RuntimeMessageTests.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                source = try String(contentsOf: checkout.appendingPathComponent(shared), encoding: .utf8)
            }
            for setting in header("limits").flatMap({ $0.split(separator: " ") }) {
                let parts = setting.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { continue }
                switch parts[0] {
                case "memory": limits.memory = value << 20
                case "instructions": limits.instructions = value
                default: continue
                }
                limits.seconds = 10
            }
        }
    }

    static func mistakes() throws -> [Mistake] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".lua") }.sorted()
            .map { try Mistake(file: $0) }
    }

    /// The message of the first script error the scene recorded, without
    /// its traceback.
    private func firstError(in scene: Scene) -> String? {
        for entry in scene.trace.entries where entry.kind == .error {
            guard case .string(let message)? = entry.fields.first(where: { $0.0 == "error" })?.1 else { continue }
            return String(message.prefix { $0 != "\n" })
        }
        return nil
    }

    func testEveryMistakeIsToldWithItsLineAndTheFix() throws {
        let mistakes = try Self.mistakes()
        XCTAssertGreaterThanOrEqual(mistakes.count, 15)
        for mistake in mistakes {
            XCTAssertFalse(mistake.expected.isEmpty, "\(mistake.name) says what it expects")
            let test = try TestScene(limits: mistake.limits)
            let script = LuaScript(path: mistake.name, source: mistake.source)
            if mistake.atLoad {
                XCTAssertThrowsError(try LuaBehaviour(script: script, name: "probe", runtime: test.runtime), mistake.name) { error in
                    XCTAssertEqual((error as? LuaError)?.message, mistake.expected, mistake.name)
                }
                continue
            }
            let behaviour = try LuaBehaviour(script: script, name: "probe", runtime: test.runtime)
            for outlet in behaviour.declaration.outlets where mistake.connected.contains(outlet.name) {
                let type = try XCTUnwrap(ControlTypes.named(outlet.type), mistake.name)
                let view = type.makeControl(named: outlet.name)
                test.scene.add(view)
                try behaviour.setOutlet(outlet.name, to: view)
            }
            // A collection named in `-- connect:` gets three controls.
            for collection in behaviour.declaration.outletCollections where mistake.connected.contains(collection.name) {
                let type = try XCTUnwrap(ControlTypes.named(collection.type), mistake.name)
                let views = (1...3).map { type.makeControl(named: "\(collection.name)\($0)") }
                for view in views { test.scene.add(view) }
                try behaviour.setOutletCollection(collection.name, to: views)
            }
            test.scene.attach(behaviour)
            behaviour.start()
            if behaviour.canPerformAction("go") {
                behaviour.performAction("go", sender: test.scene.screen!, arguments: [])
            }
            XCTAssertEqual(firstError(in: test.scene), mistake.expected, mistake.name)
        }
    }

    /// The script's error object is read raw: a table with a __tostring
    /// is described by its type and its __tostring never runs.
    func testAnErrorObjectIsNeverConvertedByTheScript() throws {
        let test = try TestScene()
        let source = try String(contentsOf: Self.directory.appendingPathComponent("../Hostile/error_object_with_looping_tostring.lua")
            .standardizedFileURL, encoding: .utf8)
        let button = test.control(Button.self, "button")
        let behaviour = try test.behaviour("hostile", source: source, file: "error_object.lua", outlets: ["button": button])
        behaviour.performAction("attack", sender: button, arguments: [])
        XCTAssertTrue(firstError(in: test.scene)?.contains("(error object is a table value)") ?? false,
                      firstError(in: test.scene) ?? "no error")
    }

    /// An error object that is not a string (a table, a number, nil, a
    /// control; the scripts in Raised/) is reported at the line that raised
    /// it: Lua heads only a string with its position, and the report named
    /// no line.
    func testAnErrorObjectThatIsNoStringIsToldAtItsLine() throws {
        let raised = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Raised")
        for (object, described) in [("raises_table.lua", "(error object is a table value)"), ("raises_number.lua", "42"),
                                    ("raises_nil.lua", "(error object is a nil value)"),
                                    ("raises_control.lua", "(error object is a userdata value)")] {
            let test = try TestScene()
            let button = test.control(Button.self, "button")
            let source = try String(contentsOf: raised.appendingPathComponent(object), encoding: .utf8)
            let behaviour = try test.behaviour("raiser", source: source, file: "raiser.lua", outlets: ["button": button])
            behaviour.performAction("go", sender: button, arguments: [])
            XCTAssertEqual(firstError(in: test.scene), "raiser.lua:4: \(described)", object)
            let entry = try XCTUnwrap(test.scene.trace.entries.last { $0.kind == .error }, object)
            XCTAssertEqual(entry.error?.location, "raiser.lua:4", object)
        }
    }
}
