import BehaveCore
@testable import BehaveLua
import XCTest

/// The types of app functions' parameters: read as lua-language-server
/// writes them, written back the same way, and checked against the data a
/// script passes, with the place where a value does not fit.
final class LuaDataTypeTests: XCTestCase {
    func type(_ text: String) throws -> LuaDataType { try LuaDataType(parsing: text) }

    func testTypesReadAndWriteAsLuaLanguageServerWritesThem() throws {
        for text in ["any", "nil", "boolean", "number", "integer", "string", "table", #""light""#, "true", "false",
                     "string[]", "(\"a\"|\"b\")[]", "table<string, number>", "{ name: string, count?: integer }", "{}",
                     "string?", "string|number|nil", "table<string, string[]>?", "'say \"hi\"'"] {
            XCTAssertEqual(try type(text).description, text, text)
        }
        XCTAssertEqual(try type("unknown"), .any)
        XCTAssertEqual(try type(" string | number ? ").description, "string|number|nil", "spaces, and `?` on the last member")
        XCTAssertEqual(try type("string|string"), .string, "a repeat is one member")
        XCTAssertEqual(try type("(string|number)?").description, "string|number|nil", "unions are flat")
    }

    func testWhatCannotBeCheckedIsRefusedWithWhatCan() {
        func refusal(_ text: String) -> String {
            do {
                _ = try LuaDataType(parsing: text)
                return "(read)"
            } catch {
                return error.text
            }
        }
        XCTAssertTrue(refusal("fun(x: number)").hasPrefix("`fun(x: number)`: a function cannot cross between scripts and the app, only data; a type here is one of any, nil, boolean"))
        XCTAssertTrue(refusal("userdata").contains("a userdata cannot cross"))
        XCTAssertTrue(refusal("Behave.Image").hasPrefix("`Behave.Image`: `Behave.Image` is not a type Behave can check"))
        XCTAssertTrue(refusal("table<string>").hasPrefix("`table<string>`: `,` expected"))
        XCTAssertTrue(refusal("string[").hasPrefix("`string[`: `]` expected"))
        XCTAssertTrue(refusal("\"open").hasPrefix("`\"open`: a literal without its closing quote"))
        XCTAssertTrue(refusal("{ a: string, a: number }").hasPrefix("`{ a: string, a: number }`: the field `a` twice"))
        XCTAssertTrue(refusal("string number").hasPrefix("`string number`: unexpected `number`"))
        XCTAssertTrue(refusal("").hasPrefix("``: a type expected"))
        XCTAssertTrue(refusal(String(repeating: "(", count: 40) + "string" + String(repeating: ")", count: 40))
            .contains("nested more than 16 deep"))
        XCTAssertTrue(refusal(String(repeating: "string|", count: 200) + "nil").hasPrefix("a type of 1403 bytes"))
    }

    func testValuesAreCheckedAndTheMismatchSaysWhere() throws {
        XCTAssertNil(try type("integer").check(.number(3)))
        XCTAssertEqual(try type("integer").check(.number(3.5))?.text, "integer expected, got 3.5")
        XCTAssertEqual(try type(#""light"|"heavy""#).check(.string("soft"))?.text, #""light"|"heavy" expected, got "soft""#)
        XCTAssertEqual(try type("string[]").check(.array([.string("a"), .number(2)]))?.text, "[2]: string expected, got 2")
        XCTAssertEqual(try type("table<string, number>").check(.object([("a", .number(1)), ("b", .bool(true))]))?.text,
                       #"["b"]: number expected, got true"#)
        XCTAssertEqual(try type("{ name: string, age?: integer }").check(.object([("age", .number(3))]))?.text,
                       ".name: string expected, got nil")
        XCTAssertNil(try type("{ name: string, age?: integer }").check(.object([("name", .string("Ada")), ("extra", .bool(true))])))
        XCTAssertEqual(try type("{ tags: string[] }?").check(.object([("tags", .array([.bool(false)]))]))?.text,
                       ".tags[1]: string expected, got false", "a union with one table type says where inside")
        XCTAssertEqual(try type("string|number").check(.bool(true))?.text, "string|number expected, got true")
        XCTAssertTrue(try type("string?").acceptsNil)
        XCTAssertFalse(try type("string").acceptsNil)
        XCTAssertEqual(try type(#""a"|"b"|number"#).literals, ["a", "b"])
        XCTAssertTrue(try type("{ a: string }|number").admits(luaType: "table"))
        XCTAssertFalse(try type("string?").admits(luaType: "table"))
    }

    func testAnEmptyTableIsAListWhereAListIsExpected() throws {
        XCTAssertEqual(try type("string[]").conform(.object([])), .success(.array([])))
        XCTAssertEqual(try type("table<string, number>").conform(.array([])), .success(.object([])))
        XCTAssertEqual(try type("table").conform(.object([])), .success(.object([])))
    }
}
