import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// `require "name"`: the scripts and modules in Modules/ — loaded once per
/// scene, handed out read-only, found beside the script (dots are
/// folders), with cycles, missing modules and bad names reported at the
/// requiring line, and the sandbox's limits inside a module's top level.
final class ModuleTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Modules")

    /// Loads, attaches and wakes the behaviour of a script in Modules/.
    @discardableResult
    func load(_ file: String, in test: TestScene) throws -> LuaBehaviour {
        let path = Self.directory.appendingPathComponent(file).path
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let behaviour = try LuaBehaviour(path: path, name: name, runtime: test.runtime)
        test.scene.attach(behaviour)
        behaviour.start()
        return behaviour
    }

    /// The message a script's load raised.
    func loadError(_ file: String, in test: TestScene) -> String {
        do {
            try load(file, in: test)
            XCTFail("\(file) loaded")
            return ""
        } catch {
            return Self.shorten((error as? LuaError)?.message ?? "\(error)")
        }
    }

    /// What the scripts logged, with the folder of Modules/ left out of paths.
    func logs(_ test: TestScene) -> [String] {
        test.scene.trace.entries.filter { $0.kind == .log }.map { Self.shorten($0.message) }
    }

    static func shorten(_ text: String) -> String {
        text.replacingOccurrences(of: LuaScript.display(directory.path) + "/", with: "")
    }

    func testAModuleLoadsOncePerSceneAndEveryScriptGetsTheSameValue() throws {
        let test = try TestScene()
        try load("greeter.lua", in: test)
        try load("greeter.lua", in: test)
        XCTAssertEqual(logs(test).filter { $0.hasSuffix("loading counted") }.count, 1)
        XCTAssertEqual(logs(test).filter { $0.hasSuffix("HELLO!\t3\ttrue") }.count, 2)

        let other = try TestScene()
        try load("greeter.lua", in: other)
        XCTAssertEqual(logs(other).filter { $0.hasSuffix("loading counted") }.count, 1, "another scene loads it again")
    }

    /// Regression for rawset: the view every behaviour shares was a plain
    /// table underneath, and rawset wrote a field into it that every other
    /// behaviour then read.
    func testOneBehaviourCannotChangeWhatAnotherSees() throws {
        let test = try TestScene()
        let tamper = try load("tamper.lua", in: test)
        let reader = try load("reader.lua", in: test)
        tamper.performAction("attack", sender: test.scene.screen!, arguments: [])
        let refusal = { (line: Int, key: String) in
            "tamper.lua:\(line): module 'counted' is read-only: it cannot be changed (setting '\(key)'); keep your own copy"
        }
        let lines = logs(test).suffix(7).map { $0.replacingOccurrences(of: #"^\[tamper\] "#, with: "", options: .regularExpression) }
        // table.insert's refusal names the script's line too, not the library function's.
        XCTAssertEqual(Array(lines.prefix(5)), [refusal(12, "greeting"), refusal(13, "1"), refusal(14, "greeting"), refusal(15, "1"),
                                                refusal(16, "4")])
        XCTAssertTrue(lines[5].contains("cannot change a protected metatable"), lines[5])
        XCTAssertEqual(lines[6], "false\thello\t1\t3")
        reader.performAction("read", sender: test.scene.screen!, arguments: [])
        XCTAssertEqual(logs(test).last, "[reader] hello\tgreeting,shout,sizes\t1,2,3")
        XCTAssertEqual(test.errors, [])
    }

    /// Regression: a module table called like a function (`__call`) lost
    /// the call behind its read-only view.
    func testACallableModuleStaysCallable() throws {
        let test = try TestScene()
        try load("caller.lua", in: test)
        XCTAssertEqual(test.errors, [])
        XCTAssertEqual(logs(test).last, "[caller] point\t7")
    }

    func testNamesWithDotsAreFoldersBesideTheScriptAndNestedModulesLookThereToo() throws {
        let test = try TestScene()
        try load("nested/screen.lua", in: test)
        XCTAssertEqual(test.errors, [])
        XCTAssertEqual(logs(test).last, "[screen] Welcome\tteal")
    }

    func testACycleIsAnErrorAtTheRequiringLineThatClosesIt() {
        let message = loadError("cycle_user.lua", in: try! TestScene())
        XCTAssertTrue(message.hasSuffix("cycle_b.lua:2: require cycle: cycle_a.lua requires cycle_b.lua requires cycle_a.lua; move what both need into a third module"),
                      message)
    }

    func testAMissingModuleIsAnErrorAtTheRequiringLineThatSaysWhereItLooked() {
        let message = loadError("missing_user.lua", in: try! TestScene())
        XCTAssertTrue(message.contains("missing_user.lua:3: module 'nowhere.helpers' not found; tried "), message)
        XCTAssertTrue(message.contains("tried nowhere/helpers.lua, nowhere/helpers/init.lua, "), message)
        XCTAssertTrue(message.contains("Scripts/nowhere/helpers/init.lua"), message)
    }

    func testTheLimitsApplyInsideAModulesTopLevel() throws {
        let test = try TestScene()
        let user = try load("runaway_user.lua", in: test)
        let started = Date()
        user.performAction("pull", sender: test.scene.screen!, arguments: [])
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(test.errors.count, 1)
        XCTAssertTrue(test.errors[0].contains("runaway.lua:4: instruction budget exceeded"), test.errors[0])
        user.performAction("pull", sender: test.scene.screen!, arguments: [])
        XCTAssertEqual(test.errors.count, 2, "a module whose top level failed is tried again, and fails again")
    }

    func testAModuleWhoseTopLevelRaisedIsLoadedAgainNotTakenForACycle() throws {
        let test = try TestScene()
        try load("retry.lua", in: test)
        XCTAssertEqual(logs(test), ["[retry] failing.lua:3: not today", "[retry] failing.lua:3: not today"])
    }

    /// Regression: a behaviour script required as a module declared its
    /// behaviour for the requiring script, which then read "behaviour { … }
    /// is called twice".
    /// Only a spec file's require reads a package.path: a behaviour has no
    /// `package`, and a path passed to its require is not searched.
    func testABehavioursRequireReadsNoPackagePath() throws {
        let test = try TestScene()
        try load("package_user.lua", in: test)
        let logged = logs(test)
        XCTAssertEqual(logged.count, 2, "\(logged)")
        XCTAssertTrue(logged.first?.hasSuffix("nil") ?? false, "\(logged)")
        XCTAssertTrue(logged.last?.contains("false\tpackage_user.lua:7: module 'palette' not found; tried palette.lua, palette/init.lua") ?? false,
                      "\(logged)")
    }

    func testAModuleCannotDeclareABehaviour() {
        let message = loadError("declares_user.lua", in: try! TestScene())
        XCTAssertTrue(message.contains("declares.lua:2: behaviour { … } declares a behaviour in its own script, and this file is loaded by require as a module"),
                      message)
    }

    func testAModuleLoadedAsABehaviourSaysHowModulesAreUsed() {
        XCTAssertEqual(loadError("counted.lua", in: try! TestScene()),
                       "counted.lua: the script does not declare a behaviour; start it with `local Name = behaviour { … }` and end it with `return Name` (a module of helpers is not run as a behaviour: the scripts that use it load it with `require`)")
    }

    func testAModuleNameIsWordsJoinedByDots() throws {
        let test = try TestScene()
        try load("names.lua", in: test)
        let messages = logs(test).map { $0.replacingOccurrences(of: #"^\[names\] names\.lua:\d+: "#, with: "", options: .regularExpression) }
        XCTAssertFalse(messages.contains { $0.hasPrefix("[names]") }, "\(messages)")
        XCTAssertEqual(messages.count, 8)
        for message in messages.prefix(6) {
            XCTAssertTrue(message.hasSuffix("': a module name is words of letters, digits, _ and - joined by dots (require \"helpers\" for helpers.lua, require \"ui.colors\" for ui/colors.lua)"),
                          message)
        }
        XCTAssertTrue(messages[6].hasPrefix("module 'ui/colors' not found; tried ui/colors.lua"), messages[6])
        XCTAssertEqual(messages.last, "bad argument #1 to 'require' (string expected, got number)")
    }
}
