@testable import BehaveCheck
import BehaveCore
@testable import BehaveLua
import BehaveSyntax
import Foundation
import XCTest

/// `behave types` covers every name of the API, from the runtime's own
/// tables, and parses as Lua.
final class TypesTests: XCTestCase {
    let text = TypeAnnotations.text(scripts: [])

    func testEveryGlobalOfBehaveIsDescribedAndNothingElse() throws {
        XCTAssertEqual(Set(try globals(definedBy: TypeAnnotations.behaviourAPI)), Set(ScriptAPI.behaviourGlobals))
        for name in ScriptAPI.behaviourGlobals {
            XCTAssertTrue(text.contains("function \(name)(") || text.contains("\n\(name) = "), name)
        }
        // Library tables: each of their functions.
        for (name, fields) in ScriptAPI.globals where ScriptAPI.behaviourGlobals.contains(name) {
            for field in fields ?? [] { XCTAssertTrue(text.contains("function \(name).\(field)("), "\(name).\(field)") }
        }
    }

    /// Text styles: an editor completes a title's colour and a font, and
    /// knows the weights.
    func testTextStylesAreTyped() throws {
        let weights = #"---@field fontWeight "ultraLight"|"thin"|"light"|"regular"|"medium"|"semibold"|"bold"|"heavy"|"black""#
        for type in ["Label", "Button", "TextField"] {
            let start = try XCTUnwrap(text.range(of: "---@class Behave.\(type):"), type)
            // The class's fields, up to its table (`local Label = {}`).
            let block = String(text[start.upperBound...]).components(separatedBy: "\nlocal ")[0] + "\n"
            XCTAssertTrue(block.contains("---@field fontSize number\n"), type)
            XCTAssertTrue(block.contains(weights + "\n"), type)
        }
        XCTAssertTrue(text.contains("---@field titleColor string\n"))
    }

    func testEveryControlPropertyAndEvent() {
        for type in ControlTypes.all {
            let name = type.name
            let schema = type.schema
            XCTAssertTrue(text.contains("---@class Behave.\(name)"), name)
            for property in schema.properties {
                XCTAssertTrue(text.contains("---@field \(property.name) "), "\(name).\(property.name)")
            }
            if !schema.events.isEmpty {
                XCTAssertTrue(text.contains("---@param event \(schema.events.map { "\"\($0)\"" }.joined(separator: "|"))\n"), name)
            }
            for message in schema.delegateMessages {
                XCTAssertTrue(text.contains("receives \(message)"), message)
            }
        }
        XCTAssertTrue(text.contains("---@param event \"keyboardWillShow\"|\"keyboardWillHide\""))
        for key in ScriptAPI.declarationKeys { XCTAssertTrue(text.contains("---@field \(key) "), key) }
        for field in ScriptAPI.behaviourFields { XCTAssertTrue(text.contains("---@field \(field) ") || text.contains("function Behaviour:\(field)("), field) }
        for method in ScriptAPI.lifecycleMethods { XCTAssertTrue(text.contains("function Behaviour:\(method)("), method) }
    }

    /// Every method and field of every type scripts hold (the bridge's
    /// `HostType` tables) is in the output, with its signature and a doc.
    func testEveryMethodAndFieldOfTheBridgesTypes() {
        XCTAssertEqual(Set(ScriptAPI.types.map(\.name)), ["control", "keyboard", "connection", "timer", "image", "behaviour"])
        for type in LuaRuntime.userdataTypes { XCTAssertNotNil(ScriptAPI.type(type.name), type.name) }
        for type in ScriptAPI.types {
            let table = type.className.dropFirst("Behave.".count)
            XCTAssertTrue(text.contains("---@class \(type.className)\n") || text.contains("---@class \(type.className):"),
                          type.className)
            for method in type.methods {
                let parameters = method.signature.parameters.map(\.name).joined(separator: ", ")
                XCTAssertTrue(text.contains("function \(table):\(method.name)(\(parameters)) end"), "\(type.name):\(method.name)")
                XCTAssertNotNil(method.signature.doc, "\(type.name):\(method.name) has a doc")
            }
            for field in type.fields {
                XCTAssertTrue(text.contains("---@field \(field.name) \(field.type)"), "\(type.name).\(field.name)")
            }
        }
        XCTAssertTrue(text.contains("""
            ---The image scaled down (never up) to fit within width × height.
            ---@param width number
            ---@param height number
            ---@return Behave.Image
            function Image:fitting(width, height) end
            """))
    }

    /// The whole output, and each Lua file of it on its own (a mistake
    /// there is named by its file).
    func testTheAnnotationsAreLua() throws {
        let runtime = try LuaRuntime(scene: Scene(screen: "types"))
        defer { runtime.close() }
        let chunks = [("types", text), ("behaviour_api.lua", TypeAnnotations.behaviourAPI), ("spec_api.lua", TypeAnnotations.specAPI)]
        for (name, chunk) in chunks {
            do throws(LuaError) {
                runtime.release(try runtime.load(chunk, chunkName: "=" + name))
            } catch {
                XCTFail(error.message)
            }
        }
    }

    func testAScriptsSelf() throws {
        let directory = try folder([:])
        let outcome = try behave(["types", "toggle.lua", "-o", "types.lua"], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.errors)
        let written = try String(contentsOf: directory.appendingPathComponent("types.lua"), encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("---@meta\n"))
        XCTAssertTrue(written.hasSuffix("""
            ---@class Toggle: Behave.Behaviour
            ---@field button Behave.Button outlet
            ---@field normalImage Behave.Image? inspectable
            ---@field selectedImage Behave.Image? inspectable
            ---@field animated boolean inspectable
            ---@field duration number inspectable


            """), String(written.suffix(400)))
        XCTAssertEqual(try behave(["types", "nowhere.lua"], in: directory).status, 2)
    }

    /// A script's enum values are written as Lua strings on one line: an
    /// escape sequence in one reached the terminal, and a line break ended
    /// the annotation and put the rest of the value on a line of its own
    /// (Types/odd.lua).
    func testAScriptsEnumValuesAreWrittenAsLuaStrings() throws {
        let odd = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Types/odd.lua")
        let directory = try folder(["odd.lua": try String(contentsOf: odd, encoding: .utf8)])
        let outcome = try behave(["types", "odd.lua"], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.errors)
        XCTAssertFalse(outcome.output.contains("\u{1B}"), outcome.output)
        XCTAssertTrue(outcome.output.hasSuffix(#"""
            ---@class Odd: Behave.Behaviour
            ---@field mode "\27[2J"|"a\nb"|"say \"hi\" \\ bye" inspectable


            """#), String(outcome.output.suffix(200)))
    }

    /// A spec that lists its environment: the spec API is what the types
    /// and the linter say, and every function of `assert` and method of a
    /// scene that `spec_api.lua` annotates exists (Types/api.lua, given the
    /// three lists).
    func testTheSpecAPIIsWhatASpecSees() throws {
        let methods = try methods(of: "SpecScene", definedBy: TypeAnnotations.specAPI)
        let assertions = functionFields(of: "Behave.Assert", in: TypeAnnotations.specAPI)
        XCTAssertGreaterThan(methods.count, 20)
        XCTAssertGreaterThan(assertions.count, 20)
        XCTAssertEqual(methods.count, Set(methods).count, "a scene method is declared twice")
        let expected = Set(ScriptAPI.sandboxGlobals.keys).union(SpecAPI.globals).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let list = { (names: [String]) in "{ " + names.map { "\"\($0)\"" }.joined(separator: ", ") + " }" }
        let spec = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Types/api.lua"),
                              encoding: .utf8)
            .replacingOccurrences(of: "GLOBALS", with: list(expected))
            .replacingOccurrences(of: "ASSERTIONS", with: list(assertions))
            .replacingOccurrences(of: "METHODS", with: list(methods))
        let directory = try folder(["api_spec.lua": spec])
        let outcome = try behave(["test", "api_spec.lua"], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.output)
        XCTAssertTrue(outcome.output.hasSuffix("3 passed, 0 failed\n"), outcome.output)
    }

    // MARK: Reading the annotation files

    /// The globals a Lua file defines at its top level (`function name(…)`,
    /// `name = …`), as Lua would.
    func globals(definedBy source: String) throws -> [String] {
        try LuaParser.parse(Array(source.utf8)).statements.flatMap { statement -> [String] in
            switch statement.kind {
            case .function(let name, _) where name.fields.isEmpty && name.method == nil: [name.root.name]
            case .assignment(let targets, _): targets.compactMap { if case .name(let target) = $0 { target.name } else { nil } }
            default: []
            }
        }
    }

    /// The methods a Lua file defines on `table` (`function table:name(…)`), in order.
    func methods(of table: String, definedBy source: String) throws -> [String] {
        try LuaParser.parse(Array(source.utf8)).statements.compactMap { statement in
            guard case .function(let name, _) = statement.kind, name.root.name == table, name.fields.isEmpty else { return nil }
            return name.method?.name
        }
    }

    /// The functions among the `---@field`s of a class (the annotation lines
    /// after its `---@class` line, up to the first that is not one).
    func functionFields(of className: String, in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "---@class \(className)"[...]) else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("---") }.compactMap { line in
            let words = line.split(separator: " ", maxSplits: 2)
            guard words.count == 3, words[0] == "---@field", words[2].hasPrefix("fun(") else { return nil }
            return String(words[1])
        }
    }
}
