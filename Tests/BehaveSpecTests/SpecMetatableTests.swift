import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// A spec file's state gives objects live metatables (the original's
/// metamethods, looked up when they run), runs `__gc` as script code under
/// a budget, runs `__concat` only for the last step of a concatenation, and
/// has a `collectgarbage`; none of it can hang or crash the host.
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
              assert.error_matches(function() return "x" + a end, "attempt to add a 'string' with a 'table'", 1, true)
              assert.error_matches(function() return a + "1" end, "attempt to add a 'table' with a 'string'", 1, true)
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

    /// A dispatcher's error names the script's line, as the VM's errors
    /// do, also when the script catches it.
    func testADispatchersErrorNamesTheLineOfTheOperation() throws {
        let run = try run("""
            it("names the line", function()
              local a = setmetatable({}, {})
              local _, arith = pcall(function() return a - 1 end)
              local _, concat = pcall(function() return "x" .. a end)
              local _, chain = pcall(function() return "x" .. setmetatable({}, { __concat = rawequal }) .. "y" end)
              assert.matches("meta_spec.lua:3: attempt to perform arithmetic on a table value$", arith)
              assert.matches("meta_spec.lua:4: attempt to concatenate a table value$", concat)
              assert.matches("meta_spec.lua:5: attempt to concatenate a table value: ", chain)
            end)
            """)
        assertAllPass(run)
    }

    /// Metamethods run as if Lua had called them (issue 23): an error raised
    /// at level 2 names the line that caused the event, recursion through
    /// them is as deep as in Lua, and __le without __le falls back on
    /// not (b < a) as in Debian's Lua 5.4.4. Each expectation is what
    /// lua5.4 answers.
    func testMetamethodsRunAsLuaCallsThem() throws {
        let run = try run("""
            it("keeps the position of an error at level 2", function()
              local strict = setmetatable({}, {
                __index = function(_, k) error("no field " .. k, 2) end,
                __newindex = function(_, k) error("cannot set " .. k, 2) end,
              })
              local _, read = pcall(function() return strict.x end)
              local _, write = pcall(function() strict.y = 1 end)
              local _, add = pcall(function() return setmetatable({}, { __add = function() error("no add", 2) end }) + 1 end)
              assert.matches("/meta_spec%.lua:6: no field x$", read)
              assert.matches("/meta_spec%.lua:7: cannot set y$", write)
              assert.matches("/meta_spec%.lua:8: no add$", add)
            end)

            it("recurses through __index as deep as Lua", function()
              local fib = setmetatable({ [0] = 0, [1] = 1 }, { __index = function(t, n)
                local v = t[n - 1] + t[n - 2]
                t[n] = v
                return v
              end })
              assert.equals(8901716712142314879, fib[190])
            end)

            it("answers <= with __lt alone", function()
              local mt = { __lt = function(a, b) return a.v < b.v end }
              local a, b = setmetatable({ v = 1 }, mt), setmetatable({ v = 2 }, mt)
              assert.is_true(a <= b)
              assert.is_false(b <= a)
              assert.is_true(b >= a)
            end)

            it("names types by __name and calls by the caller's name", function()
              local thing = setmetatable({}, { __name = "Thing" })
              local _, compared = pcall(function() return thing < 1 end)
              local _, called = pcall(function() local callable = setmetatable({}, { __call = 34 }) return (callable()) end)
              assert.matches("/meta_spec%.lua:33: attempt to compare Thing with number$", compared)
              assert.matches("/meta_spec%.lua:34: attempt to call a number value %(local 'callable'%)$", called)
            end)
            """)
        assertAllPass(run)
        XCTAssertEqual(run.results.count, 4)
    }

    /// Lua 5.4.4's own corner (its calls.lua): a chain of 100 tables, each
    /// callable through the next, ending in a function that tail-calls
    /// itself through the chain 10,000 times, called from coroutine.wrap.
    /// The chain and the tail calls must not grow the C stack. (Its time is
    /// the benchmarks' business: the limit here is generous.)
    func testTailCallsThroughAChainOfCallMetamethodsInACoroutine() throws {
        let run = try run("""
            it("runs the chain", function()
              local n = 10000
              local function foo()
                if n == 0 then return 1023 end
                n = n - 1
                return foo()
              end
              for _ = 1, 100 do foo = setmetatable({}, { __call = foo }) end
              assert.equals(1023, coroutine.wrap(function() return foo() end)())
            end)
            """, limits: SandboxLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 30))
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

    /// A collection is charged to the spec's instructions (one for every
    /// 256 bytes the state holds), so a loop of them ends within the
    /// budget; each cost a few instructions, and a budget of 300,000 ran
    /// tens of thousands of collections (minutes with a large heap and a
    /// long time limit).
    func testCollectionsAreChargedToTheBudget() throws {
        let run = try run("""
            local calls = 0
            it("collects without end", function()
              local keep = string.rep("k", 2000000)
              while true do
                collectgarbage()
                calls = calls + 1
              end
            end)

            it("was stopped after a few", function()
              assert.is_true(calls > 0 and calls < 1000, tostring(calls))
            end)
            """, limits: SandboxLimits(memory: 16 << 20, instructions: 300_000, seconds: 600))
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed], run.results.map(\.message).description)
        XCTAssertTrue(run.results[0].message.contains("instruction budget exceeded"), run.results[0].message)
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

    /// __concat runs where Debian's Lua 5.4.4 runs it safely: for the last
    /// step of a concatenation, that is the leftmost `..` of a chain (steps
    /// go right to left, strings first), even when the metamethod moves
    /// the stack and leaves the collector in debt.
    func testConcatRunsForTheLastStepOfAConcatenation() throws {
        let run = try run("""
            local function show(v) return type(v) == "table" and "T" or tostring(v) end
            local mt = { __concat = function(a, b) return "<" .. show(a) .. show(b) .. ">" end }
            local t, u = setmetatable({}, mt), setmetatable({}, mt)

            it("joins an object on either side", function()
              assert.equals("<Tx>", t .. "x")
              assert.equals("<xT>", "x" .. t)
              assert.equals("<1T>", 1 .. t)
              assert.equals("<T2.5>", t .. 2.5)
              assert.equals("<TT>", t .. u)
              assert.equals("<Tx>", select(2, 1, t .. "x", 3))
              local a, b = t .. "x", "y" .. u
              assert.equals("<Tx><yT>", a .. b)
            end)

            it("joins the strings of a chain first", function()
              assert.equals("<Txy>", t .. "x" .. "y")
              assert.equals("<Txy>", t .. ("x" .. "y"))
              assert.equals("<Tx12>", t .. "x" .. 1 .. 2)
            end)

            it("runs for each step of a chain grouped from the left", function()
              assert.equals("<xT>y", ("x" .. t) .. "y")
              assert.equals("<<xT>T>y", (("x" .. t) .. u) .. "y")
            end)

            it("sees a metamethod added later, C functions and errors", function()
              local m = {}
              local later = setmetatable({}, m)
              m.__concat = function() return "later" end
              assert.equals("later", later .. "x")
              assert.is_false(setmetatable({}, { __concat = rawequal }) .. "x")
              local e = setmetatable({}, { __concat = function() error("inside") end })
              assert.error_matches(function() return e .. "x" end, "inside")
            end)

            it("lets the metamethod yield", function()
              local y = setmetatable({}, { __concat = function(a, b) return coroutine.yield("asked") end })
              local co = coroutine.wrap(function() local r = "p" .. y return r .. "!" end)
              assert.equals("asked", co())
              assert.equals("answer!", co("answer"))
            end)

            it("without a metamethod, fails as Lua does", function()
              local p = setmetatable({}, {})
              assert.error_matches(function() return p .. "x" end, "attempt to concatenate a table value")
              assert.error_matches(function() return "x" .. p end, "attempt to concatenate a table value")
              assert.error_matches(function() return "x" .. p .. "y" end, "attempt to concatenate a table value")
            end)
            """)
        assertAllPass(run)
        XCTAssertEqual(run.results.count, 6)
    }

    /// The case Lua 5.4.4 gets wrong even for `t .. "x"`: the metamethod
    /// moves the stack and returns with the collector in debt, so that
    /// OP_CONCAT would collect with a dangling top. Here it gives the value.
    func testConcatSurvivesAMetamethodThatMovesTheStackAndLeavesDebt() throws {
        let run = try run("""
            local function grow(n) if n > 0 then return grow(n - 1) + 1 end return 0 end
            local keep = {}
            local t = setmetatable({}, { __concat = function(a, b)
              grow(150)
              local grown = {}
              for i = 1, 1 << 18 do grown[i] = i end  -- no collection until the end
              keep[1] = grown
              return "r"
            end })

            it("joins and gives the value", function()
              local got = {}
              for i = 1, 6 do
                collectgarbage()
                got[#got + 1] = t .. "x"
                got[#got + 1] = "x" .. t
              end
              assert.equals(("r"):rep(12), table.concat(got))
            end)
            """, limits: SandboxLimits(memory: 128 << 20, instructions: 50_000_000, seconds: 20))
        assertAllPass(run)
    }

    /// Anywhere but the last step, Lua 5.4.4 would go on with memory the
    /// metamethod's call freed: the metamethod is refused before it runs,
    /// with the way out in the message.
    func testConcatInTheMiddleOfAChainIsRefused() throws {
        let run = try run("""
            local ran = 0
            local t = setmetatable({}, { __concat = function() ran = ran + 1 return "r" end })

            it("is refused in the middle", function()
              local s = "x" .. t .. "y"
            end)

            it("is refused in every shape of chain", function()
              local refused = "__concat runs only for the leftmost '..' of a chain"
              assert.error_matches(function() return "x" .. "y" .. t end, refused, 1, true)
              assert.error_matches(function() return t .. t .. "x" end, refused, 1, true)
              assert.error_matches(function() return 1 .. t .. 2 end, refused, 1, true)
              assert.error_matches(function() return "x" .. (t .. "y") end, refused, 1, true)
              assert.error_matches(function()
                return "x" ..
                  t ..
                  "y"
              end, refused, 1, true)
              assert.error_matches(function() local a, b = t .. "x", "p" .. t .. "q" return a, b end, refused, 1, true)
              assert.equals(1, ran)  -- only t .. "x" above
            end)
            """)
        XCTAssertEqual(run.results.map(\.status), [.errored, .passed], run.results.map(\.message).description)
        XCTAssertEqual(run.results[0].message, "attempt to concatenate a table value: __concat runs only for the leftmost '..' of a chain (elsewhere Lua 5.4.4 can use freed memory); group the chain from the left: (a .. b) .. c")
        XCTAssertTrue(run.results[0].location.hasSuffix("meta_spec.lua:5"), run.results[0].location)
    }

    /// __close runs where the budget cannot stop it; a weak metatable
    /// cannot free what a dispatcher uses.
    func testCloseIsRefusedAndAWeakMetatableIsHarmless() throws {
        let run = try run("""
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
