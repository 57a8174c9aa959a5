-- calls.lua: case families for pcall, xpcall and error (every kind of
-- error object, levels, handlers), coroutine.close in every status,
-- math.randomseed and setmetatable.
local use = ...
local text = use("text")
local forms = use("forms")

local join = text.join
local families = {}

local function optionalList(random, pool, max)
  local list = {}
  for i = 1, random.range(0, max) do list[i] = random.pick(pool) end
  return list
end

-- Error objects of every type (a table with __tostring: never used by Lua
-- for the message, only by the host).
local errorValues = {
  "nil", "false", "true", "0", "1.5", "'msg'", "'\\0x'", "{}", "{ code = 7 }",
  "setmetatable({}, { __tostring = function() return 'custom' end })",
  "string.len", "coroutine.create(function() end)", "math.huge", "-0.0",
  "math.mininteger", "2^53",
}

local levels = {
  false, "nil", "0", "1", "2", "3", '"2"', "2.0", "2.5", "{}", "-1", "math.maxinteger",
}

local function errorArgs(random)
  local args = { random.pick(errorValues) }
  local level = random.pick(levels)
  if level then args[2] = level end
  return join(args, ", ")
end

-- Functions for xpcall and pcall to call.
local callees = {
  function(random) return "error", { errorArgs(random) } end,
  function(random) return "function(...) return ... end", optionalList(random, errorValues, 3) end,
  function(random) return "function(...) error(...) end", { errorArgs(random) } end,
  function() return "function() local x = nil; return x.y end", {} end,
  function() return "function(a) return a + 1 end", { "'x'" } end,
  function() return "string.rep", { "'ab'", "2.5" } end,
  function() return "nil", {} end,
  function() return "{}", {} end,
  function() return "setmetatable({}, { __call = function(self, ...) return select('#', ...) end })", { "1", "nil" } end,
  function(random) return "coroutine.wrap(function(...) error(...) end)", { errorArgs(random) } end,
}

-- Message handlers: each never raises or raises for every value
-- (policy.handlerNesting).
local handlers = {
  "function(m) return m end",
  "function(m) return type(m) end",
  "function(m) return { wrapped = m } end",
  "function() end",
  "function(m) return m, 'second' end",
  "function(m) error('again') end",
  "function(m) error(m) end",
  "function(m) error({}, 0) end",
  "error",
  "function(m) local x = nil; return x.y end",
  "function(m) return select(2, xpcall(error, function(inner) return 'inner ' .. type(inner) end, m)) end",
  "nil", "1", "{}", "'handler'",
  "setmetatable({}, { __call = function(_, m) return m end })",
}

families[#families + 1] = {
  name = "xpcall",
  weight = 5,
  make = function(random)
    local callee, args = random.pick(callees)(random)
    local handler = random.pick(handlers)
    local list = { callee, handler }
    for i = 1, #args do list[#list + 1] = args[i] end
    local r = random.int(10)
    if r <= 7 then
      return "return xpcall(" .. join(list, ", ") .. ")"
    elseif r <= 8 then
      return "local ok, result = xpcall(" .. join(list, ", ") .. ")\nreturn ok, type(result), result"
    end
    return "return pcall(xpcall, " .. join(list, ", ") .. ")"
  end,
  fixed = {
    "return xpcall()",
    "return xpcall(error)",
    "return xpcall(error, nil)",
    "return xpcall(function() return 1, nil, 3 end, type)",
    "return xpcall(function(...) return select('#', ...), ... end, error, 1, nil, nil)",
    "return xpcall(error, function(m) error('again') end, 'first')",
    "return xpcall(error, function(m) error(m) end, { code = 1 })",
    "return xpcall(error, error)",
    "return xpcall(xpcall, error, error, error)",
    "return pcall(xpcall, error, function() error('x') end)",
    -- the C stack overflows about 200 calls deep; how deep exactly depends
    -- on the harness around the case, so only the end shows
    "local function f() return xpcall(f, function(m) return 'handled: ' .. m end) end\nlocal r = { f() }\nreturn #r > 150, r[#r]",
    "local function f() return xpcall(f, function(m) error(m) end) end\nlocal r = { f() }\nreturn #r > 150, r[#r]",
    "return coroutine.wrap(function() return xpcall(coroutine.yield, function(m) return 'h ' .. m end, 'yielded') end)()",
    "local co = coroutine.create(function() return xpcall(function() coroutine.yield(1); error('after') end, function(m) return 'h: ' .. m end) end)\nreturn coroutine.resume(co), coroutine.resume(co)",
  },
}

families[#families + 1] = {
  name = "error",
  weight = 4,
  make = function(random)
    local r = random.int(10)
    local args = errorArgs(random)
    if r <= 3 then
      return "return pcall(error, " .. args .. ")"
    elseif r <= 5 then
      return "return pcall(function() error(" .. args .. ") end)"
    elseif r <= 8 then
      return "local function inner()\n  error(" .. args .. ")\nend\n"
        .. "local function outer()\n  inner()\n  return 'not reached'\nend\n"
        .. "return pcall(outer)"
    end
    return "local co = coroutine.create(function()\n  error(" .. args .. ")\nend)\n"
      .. "return coroutine.resume(co)"
  end,
  fixed = {
    "return pcall()",
    "return pcall(nil)",
    "return pcall(pcall)",
    "return pcall(pcall, error, 'x')",
    "return pcall(error)",
    "return pcall(function() error() end)",
    "return pcall(function() error('m', 1, 'extra') end)",
    "return pcall(function() return 1 + {} end)",
    "return pcall(function() local t = nil; return t.x end)",
    "return pcall(function() return #5 end)",
    "return pcall(function() return {} < {} end)",
    "return pcall(function() return 1 < 'x' end)",
    "return pcall(function() return ('x')() end)",
    "return pcall(string.rep)",
    "return pcall(string.rep, 'x', -1, {})",
    "return select('#', pcall(error))",
    -- the text Lua raises as a memory error (the sandbox notes where a
    -- script raises it itself, through error and assert)
    "return pcall(error, 'not enough memory', 0)",
    "return pcall(function() error('not enough memory', 0) end)",
    "return pcall(function() error('not enough memory', 2) end)",
    "return pcall(function() return error('not enough memory') end)",
    "return pcall(function() return error('x', 2) end)",
    "return pcall(function() error('x', 50) end)",
    "return pcall(assert, false, 'not enough memory')",
    "return pcall(function() assert(false, 'not enough memory') end)",
    "return pcall(function() return assert(nil, 'not enough memory') end)",
    "return pcall(table.sort, { 'not enough memory', false }, assert)",
    "return pcall(coroutine.wrap(assert), false, 'not enough memory')",
    "return pcall(coroutine.wrap(error), 'not enough memory')",
    "return pcall(coroutine.wrap(function() error('not enough memory', 0) end))",
    "return coroutine.resume(coroutine.create(assert), false, 'not enough memory')",
    "return pcall(error, setmetatable({}, { __tostring = function() return 'not enough memory' end }))",
    "return select('#', pcall(assert, 1, nil, 3))",
    "return xpcall(error, function(m) return 'h ' .. m end, 'not enough memory', 0)",
    "return xpcall(assert, function(m) return 'h ' .. m end, false, 'not enough memory')",
    "return xpcall(function() error('not enough memory') end, function(m) return 'h ' .. m end)",
    "local co = coroutine.wrap(function() return xpcall(error, function(m) return 'h ' .. m end, 'not enough memory', 0) end)\nreturn co()",
    "local function f() return pcall(f) end\nlocal r = { f() }\nreturn #r > 150, r[#r]",
    "local function f() return ('x'):gsub('.', f) end\nreturn pcall(f)",
  },
}

-- Statements making 'co' in each status, and what it is.
local closeSubjects = {
  { "local co = coroutine.create(function() end)", "not started" },
  { "local co = coroutine.create(function() coroutine.yield(1) end)\ncoroutine.resume(co)", "suspended" },
  { "local co = coroutine.create(function(...) coroutine.yield(...) end)\ncoroutine.resume(co, 1, nil, 3)", "suspended with values" },
  { "local co = coroutine.create(function() return 1 end)\ncoroutine.resume(co)", "dead" },
}

families[#families + 1] = {
  name = "close",
  weight = 3,
  make = function(random)
    local r = random.int(10)
    local setup
    if r <= 4 then
      setup = random.pick(closeSubjects)[1]
    else
      setup = "local e = " .. random.pick(errorValues) .. "\n"
        .. "local co = coroutine.create(function() error(e" .. (random.chance(50) and ", 0" or "") .. ") end)\n"
        .. "local resumed = { coroutine.resume(co) }"
    end
    local shown = r <= 4 and "" or "e, resumed, "
    local close = forms.call(random, "coroutine.close", { "co" })
    if random.chance(50) then
      return setup .. "\n" .. "return " .. shown .. "coroutine.status(co), coroutine.close(co), coroutine.status(co), coroutine.close(co)"
    end
    return setup .. "\n" .. close
  end,
  fixed = {
    "return coroutine.close(coroutine.running())",
    "return pcall(coroutine.close, coroutine.running())",
    "local co\nco = coroutine.create(function() return coroutine.close(co) end)\nreturn coroutine.resume(co)",
    "local a, b\na = coroutine.create(function() return coroutine.resume(b) end)\nb = coroutine.create(function() return coroutine.close(a) end)\nreturn coroutine.resume(a)",
    "return coroutine.close()",
    "return coroutine.close(nil)",
    "return coroutine.close(1)",
    "return coroutine.close('x')",
    "return coroutine.close({})",
    "return coroutine.close(coroutine.wrap(function() end))",
    "return pcall(coroutine.close)",
    "return pcall(coroutine.close, 1)",
    "local close = coroutine.close\nreturn close(1)",
    "local c = coroutine\nreturn c.close(false)",
    "local co = coroutine.create(function() end)\nreturn coroutine.close(co, 'extra')",
    "local inner = coroutine.create(function() coroutine.yield() end)\ncoroutine.resume(inner)\nlocal outer = coroutine.create(function() return coroutine.close(inner) end)\nreturn coroutine.resume(outer), coroutine.status(inner)",
    "local inner = coroutine.create(function() error({ 'inner' }) end)\ncoroutine.resume(inner)\nlocal outer = coroutine.create(function() return coroutine.close(inner) end)\nreturn coroutine.resume(outer)",
    "local co = coroutine.wrap(function() return coroutine.close(coroutine.running()) end)\nreturn pcall(co)",
  },
}

local seedValues = {
  "0", "1", "42", "-1", "math.maxinteger", "math.mininteger", "2.0", "2.5", '"3"',
  '"x"', "{}", "nil", "true", "1e300", "2^53",
}

families[#families + 1] = {
  name = "randomseed",
  weight = 2,
  make = function(random)
    local args = optionalList(random, seedValues, 3)
    if #args == 0 then
      -- seeded by the host, not the clock (policy.randomseedWithoutArguments)
      return "local seeds = { math.randomseed() }\nreturn #seeds, math.type(seeds[1]), math.type(seeds[2])"
    end
    if random.chance(50) then
      return forms.call(random, "math.randomseed", args)
    end
    return "local seeds = { math.randomseed(" .. join(args, ", ") .. ") }\n"
      .. "return seeds, math.random(), math.random(100), math.random(5, 9), math.random(0)"
  end,
  fixed = {
    "return math.randomseed({})",
    "return pcall(math.randomseed, {})",
    "local seed = math.randomseed\nreturn seed('x')",
    "return math:randomseed(5)",
    "return math.randomseed(1, 2.5)",
    "return math.randomseed(nil)",
    "return math.randomseed(7, 8, 9)",
  },
}

families[#families + 1] = {
  name = "setmetatable",
  weight = 0,
  fixed = {
    "local t = {}\nreturn t, setmetatable(t, {})",
    "local t = setmetatable({}, {})\nreturn t, setmetatable(t, nil), getmetatable(t)",
    "local mt = {}\nlocal t = setmetatable({}, mt)\nreturn getmetatable(t) == mt, mt, getmetatable(t)",
    "local t = setmetatable({}, { __metatable = 'locked' })\nreturn getmetatable(t), pcall(setmetatable, t, {})",
    "local t = setmetatable({}, { __metatable = false })\nreturn getmetatable(t), pcall(setmetatable, t, nil)",
    "local t = setmetatable({}, { __metatable = {} })\nreturn setmetatable(t, nil)",
    "return setmetatable()",
    "return setmetatable(1)",
    "return setmetatable({}, 1)",
    "return setmetatable({}, 'x')",
    "return setmetatable('x', {})",
    "return setmetatable({})",
    "return setmetatable(nil, {})",
    "return select('#', setmetatable({}, {}, 'extra'))",
    "return pcall(setmetatable)",
    "return pcall(setmetatable, {}, true)",
    "local set = setmetatable\nreturn set(1, {})",
    "local t = setmetatable({}, { __index = { x = 1 } })\nreturn t.x, t.y, rawget(t, 'x')",
    "local t = setmetatable({}, { __index = function(_, k) return k .. '!' end })\nreturn t.a, t[1]",
    "local store = {}\nlocal t = setmetatable({}, { __newindex = store })\nt.a = 1\nreturn rawget(t, 'a'), store.a",
    "local t = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v * 2) end })\nt.a = 21\nreturn t.a",
    "local t = setmetatable({}, { __len = function() return 42 end })\nreturn #t, rawlen(t)",
    "local mt = { __eq = function() return true end }\nlocal a, b = setmetatable({}, mt), setmetatable({}, mt)\nreturn a == b, rawequal(a, b), a ~= b",
    "local mt = { __lt = function(a, b) return a.v < b.v end, __le = function(a, b) return a.v <= b.v end }\nlocal a, b = setmetatable({ v = 1 }, mt), setmetatable({ v = 2 }, mt)\nreturn a < b, a <= b, a > b, a >= b",
    "local mt = { __add = function() return 'add' end, __sub = function() return 'sub' end, __mul = function() return 'mul' end, __div = function() return 'div' end, __mod = function() return 'mod' end, __pow = function() return 'pow' end, __unm = function() return 'unm' end, __idiv = function() return 'idiv' end }\nlocal t = setmetatable({}, mt)\nreturn t + 1, 1 - t, t * t, t / 2, t % 2, t ^ 2, -t, t // 2",
    "local mt = { __band = function() return 'band' end, __bor = function() return 'bor' end, __bxor = function() return 'bxor' end, __shl = function() return 'shl' end, __shr = function() return 'shr' end, __bnot = function() return 'bnot' end }\nlocal t = setmetatable({}, mt)\nreturn t & 1, 1 | t, t ~ t, t << 1, t >> 1, ~t",
    "local t = setmetatable({}, { __call = function(self, ...) return select('#', ...), ... end })\nreturn t(1, nil, 3)",
    "local t = setmetatable({}, { __tostring = function() return 'custom' end })\nreturn tostring(t)",
    "local t = setmetatable({}, { __tostring = function() return 42 end })\nreturn pcall(tostring, t)",
    "local t = setmetatable({}, { __pairs = function(t) return function(_, k) if not k then return 1, 'one' end end, t, nil end })\nlocal out = {}\nfor k, v in pairs(t) do out[k] = v end\nreturn out",
    "local class = {}\nclass.__index = class\nlocal object = setmetatable({}, class)\nfunction class.hello() return 'hi' end\nreturn object.hello()",
    "local mt = {}\nlocal a, b = setmetatable({}, mt), setmetatable({}, mt)\nreturn getmetatable(a) == getmetatable(b)",
    "local t = setmetatable({}, { __index = setmetatable({}, { __index = { deep = true } }) })\nreturn t.deep",
    "local mt = setmetatable({}, { __index = function() return 'meta-meta' end })\nlocal t = setmetatable({}, mt)\nreturn t.x",
    "local mt = { __index = function(t, k) return k * 2 end }\nlocal t = setmetatable({}, mt)\nreturn t[21], getmetatable(t).__index == mt.__index",
    -- (the operand a temporary: policy.specMissingMetamethod)
    "local t = setmetatable({}, { __name = 'Thing' })\nlocal function id(x) return x end\nreturn pcall(function() return id(t) + 1 end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(string.rep, t)",
    "local t = setmetatable({}, { __index = function(t, k) return k end, __mode = 'k' })\nreturn t[5]",
    "local mt = {}\nmt.__index = mt\nlocal t = setmetatable({}, mt)\nreturn setmetatable(t, mt) == t, getmetatable(t) == mt",
    "local t = setmetatable({}, { __close = nil, __index = { a = 1 } })\nreturn t.a",
  },
}

return families
