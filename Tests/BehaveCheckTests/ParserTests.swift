@testable import BehaveCheck
@testable import BehaveLua
import BehaveSyntax
import BehaveCore
import Foundation
import XCTest

/// The parser reads what Lua 5.4 reads, and nothing can crash or hang it.
final class ParserTests: XCTestCase {
    func accepts(_ source: String) -> Bool {
        (try? LuaParser.parse(Array(source.utf8))) != nil
    }

    /// Lua's own compiler, for comparison.
    func luaAccepts(_ source: String) throws -> Bool {
        let runtime = try LuaRuntime(scene: Scene(screen: "parse"))
        defer { runtime.close() }
        do throws(LuaError) {
            runtime.release(try runtime.load(source, chunkName: "=test"))
            return true
        } catch {
            return false
        }
    }

    static let grammar = [
        // Valid.
        "local a <const>, b <close> = 1, nil", "goto skip; ::skip::", "while true do break end",
        "local t = { 1, 2; x = 3, [4] = 5, }", "local s = [==[ long ]] string ]==]", "--[[ long\ncomment ]] local x = 1",
        "local n = 0x1p4 + 0xA.8p0 + 3e-2 + .5 + 5. + 0xff", "local x = 7 // 2 | 3 & 4 ~ 5 << 1 >> 2 .. 'a' .. 'b'",
        "local x = not - # ~ 1", "local x = 2 ^ - 3 ^ 2", "f{} f'' f\"\" f[[x]] a.b:c'd'.e = 1", "local function f(...) return ... end",
        "for i = 10, 1, -1 do end for k, v in next, {} do end", "repeat local x = 1 until x == 1", "return", "return 1, 2;",
        "if a then elseif b then else end", "do end ;;; do end", "local f = function(a, b, ...) end", "x, y.z, w[1] = 1, 2, 3",
        "(f)() (g):h()", "local s = 'a\\'b\\z\n   c\\u{48}\\x41\\65'", "local s = '\\a\\b\\f\\n\\r\\t\\v\\\\\\\"\\255\\u{7FFFFFFF}\\\n'", "#!/usr/bin/lua\nlocal x = 1", "a = b == c ~= d <= e >= f < g > h",
        // Invalid.
        "local x = ", "x", "x + 1", "f() = 1", "local function a.b() end", "return 1 local x", "local x <nope> = 1",
        "if a then", "for i = 1 do end", "for a, b = 1, 2 do end", "f(", "local t = { 1 2 }", "x = 'unfinished",
        "x = [[ unfinished", "--[[ unfinished", "x = 3x", "x = 0x", "x = 1e", "a.b:c = 1", "local 1 = 2", "::a", "x = @",
        "(a) = 1", "function f(a,) end", "x = function() end end", "local a = {[1] 2}",
        // Escapes Lua refuses.
        "x = '\\q'", "x = '\\x4'", "x = '\\400'", "x = '\\u{80000000}'", "x = '\\u48'", "x = '\\u{}'", "x = '\\u{48'",
    ]

    func testTheParserAgreesWithLuaOnTheGrammar() throws {
        for source in ParserTests.grammar {
            XCTAssertEqual(accepts(source), try luaAccepts(source), source)
        }
    }

    /// A chain Lua would take minutes to compile (its time grows with the
    /// square of the chain) is refused past `maximumChain`, at the link
    /// that passes it; a function's body inside the statement counts its own.
    func testAChainTooSlowToCompileIsRefused() {
        let bound = LuaParser.maximumChain
        func error(_ source: String) -> LuaSyntaxError? {
            do throws(LuaSyntaxError) { _ = try LuaParser.parse(Array(source.utf8)); return nil } catch { return error }
        }
        XCTAssertNil(error("local x = a" + String(repeating: " or a", count: bound)))
        let or = error("local x = a" + String(repeating: " and a", count: bound) + " or a")
        XCTAssertEqual(or?.isCompileBound, true)
        XCTAssertEqual(or?.position.column, 11 + 6 * bound + 2)
        XCTAssertNil(error("f(function() local y = a" + String(repeating: " or a", count: bound) + " end, a"
                           + String(repeating: " or a", count: bound - 1) + ")"))
        let elseifs = "if a then" + String(repeating: " elseif a then", count: bound) + " end"
        XCTAssertNil(error(elseifs))
        XCTAssertEqual(error(elseifs.replacingOccurrences(of: " end", with: " elseif a then end"))?.isCompileBound, true)
        XCTAssertEqual(error("x = 1 +")?.isCompileBound, false)
    }

    func testTheBundledScriptsParse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var count = 0
        for folder in ["Scripts", "Examples"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                // Two of Mistakes do not parse, on purpose: broken.lua, and countdown.lua's missing `end`.
                guard path.hasSuffix(".lua"), !["Mistakes/broken.lua", "Mistakes/countdown.lua"].contains(path) else { continue }
                let source = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path), encoding: .utf8)
                XCTAssertTrue(accepts(source), path)
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 20)
    }

    // MARK: Hostile input

    func nestingError(_ source: String) -> String? {
        let findings = ScriptLinter.lint(source, file: "deep.lua")
        XCTAssertEqual(findings.count, 1)
        return findings.first?.message
    }

    func testDeepNestingIsRefusedWithAMessage() {
        let limit = "code nested more than \(LuaParser.maximumDepth) levels deep; split it into functions"
        XCTAssertEqual(nestingError("x = " + String(repeating: "(", count: 100_000)), limit)
        XCTAssertEqual(nestingError("x = " + String(repeating: "{", count: 100_000)), limit)
        XCTAssertEqual(nestingError("x = " + String(repeating: "- ", count: 100_000) + "1"), limit)
        XCTAssertEqual(nestingError(String(repeating: "do ", count: 100_000)), limit)
        XCTAssertEqual(nestingError("x = 1" + String(repeating: " .. 1", count: 100_000)), limit)
        XCTAssertEqual(nestingError("x = " + String(repeating: "function() return ", count: 10_000)), limit)
        // Within the limit is fine (Lua's own limit is about the same).
        XCTAssertTrue(accepts("x = " + String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150)))
        // A long flat chain of operators is not nesting.
        XCTAssertTrue(accepts("x = 1" + String(repeating: " + 1", count: 100_000)))
    }

    /// Two things nest in Lua's compiler that read as flat: the targets of
    /// one assignment (each after the first a level deeper) and labels in
    /// a row. Past its limit Lua stops with "C stack overflow" and no line;
    /// check tells the limit at the target or label that passes it, with
    /// the fix, and accepts what Lua accepts.
    func testAssignmentTargetsAndLabelsInARowNestAsLuaReadsThem() throws {
        let targets = { (count: Int) in Array(repeating: "a", count: count).joined(separator: ", ") + " = 1" }
        let labels = { (count: Int) in (0..<count).map { "::l\($0)::" }.joined(separator: " ; ") }
        for count in [2, 150, 199, 200, 250, 100_000] {
            XCTAssertEqual(accepts(targets(count)), try luaAccepts(targets(count)), "\(count) targets")
            XCTAssertEqual(accepts(labels(count)), try luaAccepts(labels(count)), "\(count) labels")
        }
        let assignment = ScriptLinter.lint("local a\n" + targets(100_000), file: "many.lua")
        XCTAssertEqual(assignment.map(\.description), [
            "many.lua:2:598: error: the targets of one assignment nest more than 200 levels deep in Lua's compiler; "
                + "assign them in several statements",
        ])
        let row = (0..<100_000).map { "::l\($0)::" }.joined(separator: " ")
        let run = ScriptLinter.lint("local x = 1\n" + row + "\nx = 2", file: "labels.lua")
        XCTAssertEqual(run.map(\.description), [
            "labels.lua:2:1682: error: labels in a row nest more than 200 levels deep in Lua's compiler; "
                + "put a statement between them, or use fewer labels",
        ])
        // Around Lua's own limit too, and deeper in the code.
        for count in 195...201 {
            let deeper = "do " + targets(count - 1) + " end"
            XCTAssertEqual(accepts(deeper), try luaAccepts(deeper), "\(count) targets a level deeper")
            XCTAssertEqual(accepts(targets(count)), try luaAccepts(targets(count)), "\(count) targets")
            XCTAssertEqual(accepts(labels(count)), try luaAccepts(labels(count)), "\(count) labels")
        }
        // What holds nothing nested is a level deeper than its block too.
        for statement in ["break", "local x", "return", "f()", "x = 1", ";", "::l::"] {
            for count in 197...199 {
                let source = "while true do " + String(repeating: "do ", count: count) + statement
                    + String(repeating: " end", count: count) + " end"
                XCTAssertEqual(accepts(source), try luaAccepts(source), "`\(statement)` in \(count) blocks")
            }
        }
        // A statement between labels ends the row.
        XCTAssertTrue(accepts((0..<1_000).map { "::l\($0):: x = 1" }.joined(separator: "\n")))
    }

    /// A chain of suffixes is a loop in Lua's compiler, not nesting: Lua
    /// reads one of any length, and so does check, without recursing
    /// along it (a crash would be worse than a false error).
    func testALongChainOfSuffixesIsNoNesting() throws {
        let links = [".b", "()", "[1]", ":m()", "{}", "''", "[a.x[1]]"]
        for link in links {
            for count in [LuaParser.maximumLinks, LuaParser.maximumLinks + 1, 201, 1_000] {
                let chain = "a" + String(repeating: link, count: count)
                for source in ["x = " + chain, chain + " = 1", chain + "()", "local t = {" + chain + "}", "x = " + chain + " + 1"] {
                    XCTAssertEqual(accepts(source), try luaAccepts(source), "\(count) × \(link): \(source.prefix(40))")
                }
            }
        }
        // What ends in a call is a statement, what ends in a field a target.
        XCTAssertFalse(accepts("a" + String(repeating: "()", count: 300) + ".b"))
        XCTAssertFalse(accepts("a" + String(repeating: ".b", count: 300) + "() = 1"))
        for link in links {
            let source = "local a = {}\nreturn a" + String(repeating: link, count: 100_000) + "\n"
            XCTAssertEqual(ScriptLinter.lint(source, file: "chain.lua").map(\.description), [], link)
        }
        // What the chain holds is still read: a misspelt global in a key.
        let misspelt = ScriptLinter.lint("local a = {}\nreturn a" + String(repeating: "[1]", count: 500) + "[pirnt]\n", file: "chain.lua")
        XCTAssertEqual(misspelt.map(\.code), ["undefined-global"])
        // And every link's name: a `.on(…)` past the 64th link is found as
        // near the start, in a chain of any length.
        for count in [10, LuaParser.maximumLinks, 500, 100_000] {
            let source = "local x = {}\nlocal _ = x" + String(repeating: ".b", count: count) + ".on(\"touchUpInside\", print)"
                + String(repeating: "()", count: 300) + String(repeating: "[1]", count: 300) + "\n"
            XCTAssertEqual(ScriptLinter.lint(source, file: "chain.lua").map(\.code), ["dot-call"], "after \(count) links")
        }
    }

    func testAnyBytesGiveFindingsNotACrash() {
        // Deterministic noise: invalid UTF-8, NULs, control bytes, Lua
        // punctuation, in many mixes.
        var state: UInt64 = 0x9E3779B97F4A7C15
        let alphabet = Array("local function end ( ) { } [ ] = . : , ; \" ' -- [[ ]] \n self x 1 if then ".utf8)
        for round in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<(round * 7 % 900) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pick = Int(state >> 33)
                bytes.append(pick % 3 == 0 ? UInt8(truncatingIfNeeded: pick >> 8) : alphabet[pick % alphabet.count])
            }
            let findings = ScriptLinter.lint(bytes, file: "noise.lua")
            XCTAssertLessThanOrEqual(findings.count, ScriptLinter.maximumFindings + 1)
            for finding in findings {
                XCTAssertGreaterThanOrEqual(finding.position.line, 1)
                XCTAssertGreaterThanOrEqual(finding.position.column, 1)
            }
        }
        let invalid: [UInt8] = Array("local x = 1\nx = ".utf8) + [0xFF, 0xFE, 0xC0, 0x80]
        XCTAssertEqual(ScriptLinter.lint(invalid, file: "bytes.lua").first?.description,
                       "bytes.lua:2:5: error: unexpected character (byte 255) outside a string; correct the code at this point")
    }

    func testAHugeScriptIsReadInOnePass() {
        // 20,000 lines: linear work, bounded findings.
        let line = "local v = { a = 1, b = \"text\", c = function(x) return x * 2 end }\n"
        let source = "local T = {}\n" + String(repeating: "do \(line) T[#T + 1] = v end\n", count: 20_000) + "return T\n"
        let findings = ScriptLinter.lint(source, file: "huge.lua")
        XCTAssertEqual(findings.map(\.description), [])
    }

    func testUnfinishedThingsNameWhereTheyStart() {
        XCTAssertEqual(ScriptLinter.lint("local a = 1\nlocal s = [==[\nnever closed", file: "f.lua").first?.description,
                       "f.lua:2:11: error: unfinished long string: it needs a closing ]==]; correct the code at this point")
        XCTAssertEqual(ScriptLinter.lint("x = 'abc\ny = 1", file: "f.lua").first?.description,
                       "f.lua:1:5: error: unfinished string: it needs a closing ' on the same line; correct the code at this point")
    }
}

extension ParserTests {
    func testLongNamesAreCutInMessages() {
        let name = String(repeating: "x", count: 100_000)
        let findings = ScriptLinter.lint("print(\(name))", file: "long.lua")
        XCTAssertEqual(findings.count, 1)
        XCTAssertLessThanOrEqual(findings[0].message.count, 401)
        XCTAssertTrue(findings[0].message.hasSuffix("…"))
    }
}
