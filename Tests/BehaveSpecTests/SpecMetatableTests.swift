import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// A spec file's state gives objects live metatables (the original's
/// metamethods, looked up when they run), runs `__gc` as script code under
/// a budget, drops `__concat`, and has a `collectgarbage`; none of it can
/// hang or crash the host.
final class SpecMetatableTests: XCTestCase {
    private func run(_ source: String, limits: SandboxLimits = .specTesting) throws -> CollectingReporter {
        let folder = try temporaryDirectory(self)
        let path = folder + "/meta_spec.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path], limits: limits).results
    }

    private func assertAllPass(_ run: CollectingReporter, file: StaticString = #filePath, line: UInt = #line) {
        for result in run.results {
            XCTAssertEqual(result.status, .passed, "\(result.name): \(result.message)", file: file, line: line)
        }
    }

    func testChangesToAMetatableInUseAreSeen() throws {
        let run = try run("""
            it("sees metamethods added, replaced and removed", function()
              local mt = {}
              local a = setmetatable({ v = 1 }, mt)
              mt.__add = function(x, y) return (type(x) == "table" and x.v or x) + (type(y) == "table" and y.v or y) end
              assert.equals(3, a + 2)
              assert.equals(3, 2 + a)
              assert.equals(2, a + a)
              mt.__index = function(_, k) return k .. "!" end
              assert.equals("x!", a.x)
              mt.__index = { y = 5 }
              assert.equals(5, a.y)
              mt.__tostring = function() return "A" end
              assert.equals("A", tostring(a))
              mt.__tostring = nil
              assert.matches("^table: ", tostring(a))
              mt.__name = "Thing"
              mt.__call = function(self, n) return n * 2, "more" end
              local doubled, more = a(4)
              assert.equals(8, doubled)
              assert.equals("more", more)
              mt.__eq = function() return true end
              assert.is_true(a == setmetatable({}, mt))
              mt.__lt = function() return true end
              assert.is_true(a < setmetatable({}, mt))
              mt.__len = function() return 7 end
              assert.equals(7, #a)
              mt.__newindex = function(t, k, v) rawset(t, k, v * 10) end
              a.z = 1
              assert.equals(10, rawget(a, "z"))
              mt.__unm = function() return "minus" end
              assert.equals("minus", -a)
              mt.__band = function() return "and" end
              assert.equals("and", a & 1)
              mt.__pairs = function(t) return function(_, k) if k == nil then return "only", 1 end end, t, nil end
              for k, v in pairs(a) do assert.equals("only", k); assert.equals(1, v) end
              assert.equals(mt, getmetatable(a))
            end)

            it("behaves as Lua where there is none", function()
              local a = setmetatable({}, {})
              assert.is_nil(a.missing)
              a.set = 1
              assert.equals(1, rawget(a, "set"))
              assert.equals(0, #a)
              assert.is_false(a == setmetatable({}, {}))
              assert.error_matches(function() return a - 1 end, "attempt to perform arithmetic on a table value")
              assert.error_matches(function() return a | 1 end, "attempt to perform bitwise operation on a table value")
              assert.error_matches(function() return a < a end, "attempt to compare two table values")
              assert.error_matches(function() return a() end, "attempt to call a table value")
              assert.error_matches(function() return "x" + a end, "attempt to perform arithmetic")
              local seen = {}
              for k in pairs(setmetatable({ 1, 2 }, {})) do seen[#seen + 1] = k end
              assert.same({ 1, 2 }, seen)
            end)

            it("follows a class's __index table through its own metatable", function()
              local Base = { hello = function() return "hi" end }
              Base.__index = Base
              local Derived = setmetatable({}, Base)
              Derived.__index = Derived
              local object = setmetatable({}, Derived)
              assert.equals("hi", object.hello())
              Base.later = function() return "added" end
              assert.equals("added", object.later())
            end)
            """)
        assertAllPass(run)
    }

    /// Chains are followed as the VM does, without recursion: a deep class
    /// hierarchy works, and a loop ends with Lua's own error.
    func testALoopingIndexChainEndsInAnError() throws {
        let run = try run("""
            it("loops", function()
              local t = {}
              t.__index = t
              setmetatable(t, t)
              local _ = t.missing
            end)
            it("a deep chain is followed", function()
              local class = { hello = function() return "hi" end }
              class.__index = class
              for i = 1, 1000 do
                local sub = setmetatable({}, class)
                sub.__index = sub
                class = sub
              end
              assert.equals("hi", setmetatable({}, class).hello())
            end)
            """)
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed])
        XCTAssertTrue(run.results[0].message.contains("'__index' chain too long; possible loop"), run.results[0].message)
    }

    func testGCRunsAsScriptCodeUnderABudget() throws {
        let run = try run("""
            it("runs a finalizer once the object is collected", function()
              local finalized = {}
              local mt = { __gc = function(o) finalized[#finalized + 1] = o.name end }
              setmetatable({ name = "first" }, mt)
              collectgarbage()
              collectgarbage()
              assert.same({ "first" }, finalized)
              mt.__gc = function(o) finalized[#finalized + 1] = "changed " .. o.name end
              setmetatable({ name = "second" }, mt)
              collectgarbage()
              assert.same({ "first", "changed second" }, finalized)
            end)

            it("stops a finalizer that never ends", function()
              setmetatable({}, { __gc = function() while true do end end })
              collectgarbage()
            end)

            it("drops a finalizer's error, as Lua only warns", function()
              setmetatable({}, { __gc = function() error("in gc") end })
              collectgarbage()
            end)

            it("is not hurt by what ran before", function()
              assert.is_true(collectgarbage("count") > 0)
            end)
            """)
        XCTAssertEqual(run.results.map(\.status), [.passed, .errored, .passed, .passed], run.results.map(\.message).description)
        XCTAssertTrue(run.results[1].message.contains("instruction budget exceeded"), run.results[1].message)
    }

    func testCollectGarbageKeepsTheCollectorRunning() throws {
        let run = try run("""
            it("answers as Lua's, but never stops", function()
              assert.equals(0, collectgarbage())
              assert.equals(0, collectgarbage("collect"))
              assert.is_number(collectgarbage("count"))
              assert.equals(0, collectgarbage("stop"))
              assert.is_true(collectgarbage("isrunning"))
              assert.equals(0, collectgarbage("restart"))
              assert.is_boolean(collectgarbage("step", 10))
              assert.equals("incremental", collectgarbage("generational"))
              assert.has_error(function() collectgarbage("bogus") end, "bad argument #1 to 'collectgarbage' (invalid option 'bogus')")
            end)

            it("frees weak keys", function()
              local weak = setmetatable({}, { __mode = "k" })
              weak[{}] = true
              collectgarbage()
              assert.is_nil(next(weak))
            end)
            """)
        assertAllPass(run)
    }

    /// __concat would reach a use-after-free in Debian's Lua 5.4.4, and
    /// __close runs where the budget cannot stop it: neither reaches the VM.
    func testConcatIsDroppedAndCloseRefused() throws {
        let run = try run("""
            it("drops __concat, given first or added later", function()
              local mt = { __concat = function() return "joined" end }
              local t = setmetatable({}, mt)
              assert.error_matches(function() return t .. "x" end, "attempt to concatenate a table value")
              local u = setmetatable({}, {})
              getmetatable(u).__concat = function() return "joined" end
              for i = 1, 200 do
                assert.has_error(function() return "a" .. u .. "b" end)
              end
            end)

            it("refuses __close", function()
              assert.has_error(function() setmetatable({}, { __close = function() end }) end,
                               "setmetatable: __close is not allowed in the sandbox")
            end)

            it("keeps a weak metatable's tables alive while they are used", function()
              for i = 1, 200 do
                local mt = {}
                local t = setmetatable({}, mt)
                setmetatable(mt, { __mode = "v" })
                mt.__newindex = {}
                mt.__index = {}
                t[i] = i
                local _ = t.anything
                collectgarbage("step", 100)
              end
            end)
            """)
        assertAllPass(run)
    }
}
