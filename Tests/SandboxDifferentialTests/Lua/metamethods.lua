-- metamethods.lua: every operator on operands of every kind (numbers,
-- strings that are and are not numerals, tables with and without
-- metatables, named with __name), with handlers that return, raise at
-- levels 1 and 2, or are not callable; the operands reached as locals,
-- upvalues, globals, fields and temporaries (Lua's messages name them).
-- Also __index and __newindex chains, __call chains, comparisons with
-- __lt standing in for __le, and, in a spec file's sandbox, metatables
-- changed after setmetatable (policy.modes).
local use = ...
local text = use("text")
local policy = use("policy")

local join = text.join

local operators = {
  { "+", "__add" }, { "-", "__sub" }, { "*", "__mul" }, { "/", "__div" }, { "%", "__mod" },
  { "^", "__pow" }, { "//", "__idiv" }, { "&", "__band", bitwise = true },
  { "|", "__bor", bitwise = true }, { "~", "__bxor", bitwise = true },
  { "<<", "__shl", bitwise = true }, { ">>", "__shr", bitwise = true },
  { "<", "__lt", order = true }, { "<=", "__le", order = true },
  { ">", "__lt", order = true, swapped = true }, { ">=", "__le", order = true, swapped = true },
  { "==", "__eq", equality = true }, { "~=", "__eq", equality = true },
  { "..", "__concat", concat = true },
}

local unaries = {
  { "-", "__unm" }, { "~", "__bnot", bitwise = true }, { "#", "__len", length = true },
}

-- A handler's source for 'event' (its name in what it returns or raises).
local handlerKinds = {
  function(event) return "function(a, b) return '" .. event .. "', type(a), type(b) end" end,
  function(event) return "function(a, b) return a == b end" end,
  function(event) return "function() error('" .. event .. " failed') end" end,
  function(event) return "function() error('" .. event .. " failed', 2) end" end,
  function(event) return "function() error({ event = '" .. event .. "' }) end" end,
  function() return "function() local x = nil; return x.field end" end,
  function() return "34" end,
  function() return "false" end,
  function() return "{}" end,
  function(event)
    return "setmetatable({}, { __call = function(self, a, b) return 'called " .. event .. "', type(a), type(b) end })"
  end,
}

-- Values that are not objects of the case's own.
local values = {
  "1", "2.5", "0", "-0.0", "math.huge", "math.mininteger", "3", '"10"', '"0x10"', '"x"', '""',
  "nil", "true", "{}", "function() end", "coroutine.create(function() end)",
}

local names = { false, false, "'Thing'", "'My Type'", "42" }

-- An object: a table with a metatable that has, for 'event', a handler of
-- a random kind or none. Returns its metatable's source and whether the
-- event has a handler.
local function object(random, event, hasHandler)
  local fields = {}
  if hasHandler then fields[#fields + 1] = event .. " = " .. random.pick(handlerKinds)(event) end
  -- another event, so the metatable is never empty
  if random.chance(50) then fields[#fields + 1] = "__index = { other = 'other' }" end
  local name = random.pick(names)
  if name then fields[#fields + 1] = "__name = " .. name end
  return "{ " .. join(fields, ", ") .. " }"
end

-- Whether the value source is a string that Lua's string metatable
-- handles arithmetic for.
local function isString(source)
  return string.byte(source, 1) == 34
end

-- Operands: each an object ('obj' set) or a plain value, with the event's
-- handler or not.
local function operand(random, event, forced)
  if forced == "object" or (forced == nil and random.chance(60)) then
    local has = random.chance(55)
    return { object = true, has = has, mt = object(random, event, has) }
  end
  return { value = random.pick(values) }
end

-- Reference forms: how the expression reaches an operand named 'name'.
local function reference(form, name)
  if form == "local" then return name end
  if form == "global" then return "G_" .. name end
  if form == "field" then return "o." .. name end
  if form == "temporary" then return "id(" .. name .. ")" end
  return name  -- upvalue: the expression runs in a closure
end

local forms = { "local", "local", "global", "field", "temporary", "upvalue" }

-- Whether some operand brings a handler for 'op' (strings do for
-- arithmetic, through their metatable).
local function handled(op, operands)
  for _, o in ipairs(operands) do
    if o.object and o.has then return true end
    if o.value and isString(o.value) and not op.bitwise and not op.concat and not op.order
      and not op.equality and not op.length then
      return true
    end
  end
  return false
end

-- The statements and expression of one case.
local function build(random, mode, op, operands, unary)
  local lines = { "local function id(...) return ... end" }
  local names = { "a", "b" }
  local anyObject = false
  for i, o in ipairs(operands) do
    if o.object then
      anyObject = true
      lines[#lines + 1] = "local " .. names[i] .. " = setmetatable({}, " .. o.mt .. ")"
    else
      lines[#lines + 1] = "local " .. names[i] .. " = " .. o.value
    end
  end
  -- a missing metamethod of an object in a spec file: the message names
  -- no variable (policy.specMissingMetamethod)
  local form = random.pick(forms)
  if mode == "spec" and anyObject and not handled(op, operands) and not op.order
    and not op.equality and not op.length then
    form = "temporary"
  end
  if form == "global" then
    for i = 1, #operands do lines[#lines + 1] = "G_" .. names[i] .. " = " .. names[i] end
  elseif form == "field" then
    lines[#lines + 1] = "local o = { a = a, b = b }"
  end
  local expression
  if unary then
    expression = op[1] .. reference(form, "a")
  else
    expression = reference(form, "a") .. " " .. op[1] .. " " .. reference(form, "b")
  end
  if form == "upvalue" then
    lines[#lines + 1] = "return (function()\n  return " .. expression .. "\nend)()"
  else
    lines[#lines + 1] = "return " .. expression
  end
  return join(lines, "\n")
end

local families = {}

families[#families + 1] = {
  name = "operators",
  weight = 10,
  make = function(random, mode)
    if random.chance(20) then
      local op = random.pick(unaries)
      local o = operand(random, op[2], "object")
      return build(random, mode, op, { o }, true)
    end
    local op = random.pick(operators)
    local a, b = operand(random, op[2]), operand(random, op[2])
    if not a.object and not b.object then a = operand(random, op[2], "object") end
    if op.concat then
      -- no __concat: refused in behaviours, the leftmost '..' only in
      -- spec files (policy.refusedMetafields)
      for _, o in ipairs({ a, b }) do
        if o.object then
          o.has = false
          o.mt = object(random, "__concat", false)
        end
      end
    end
    return build(random, mode, op, { a, b })
  end,
}

-- __index and __newindex: chains of tables and functions, handlers that
-- raise at levels 1 to 3, values that are not tables.
local indexHandlers = {
  "{ x = 'from table' }",
  "setmetatable({}, { __index = { x = 'two deep' } })",
  "function(t, k) return 'computed ' .. tostring(k) end",
  "function(t, k) error('no field ' .. tostring(k)) end",
  "function(t, k) error('no field ' .. tostring(k), 2) end",
  "function(t, k) error('no field ' .. tostring(k), 3) end",
  "function(t, k) return rawget(t, k), select('#', t, k) end",
  "'a string'", "10", "true",
  "setmetatable({}, { __index = function(_, k) error('deep ' .. k, 2) end })",
  "setmetatable({}, { __call = function() return 'callable' end })",
}

local newindexHandlers = {
  "{}", "store",
  "function(t, k, v) rawset(t, k, v) end",
  "function(t, k, v) error('read-only ' .. tostring(k)) end",
  "function(t, k, v) error('read-only ' .. tostring(k), 2) end",
  "setmetatable({}, { __newindex = function(_, k) error('deep ' .. k, 2) end })",
  "setmetatable({}, { __newindex = store })",
  "10", "'a string'",
}

local keys = { "x", "'x'", "1", "nil", "0/0", "'len'", "2.0" }

families[#families + 1] = {
  name = "index",
  weight = 5,
  make = function(random)
    local name = random.pick(names)
    local named = name and (", __name = " .. name) or ""
    local key = random.pick(keys)
    local access = key == "x" and "t.x" or ("t[" .. key .. "]")
    local head = "local store = {}\nlocal outer = 'outer'\n"
    if random.chance(50) then
      return head .. "local t = setmetatable({}, { __index = " .. random.pick(indexHandlers) .. named .. " })\n"
        .. "local function read()\n  return " .. access .. "\nend\n"
        .. "return read(), rawget(t, " .. (key == "x" and "'x'" or key) .. ")"
    end
    return head .. "local t = setmetatable({}, { __newindex = " .. random.pick(newindexHandlers) .. named .. " })\n"
      .. "local function write()\n  " .. access .. " = 'written'\nend\n"
      .. "write()\nreturn rawget(t, " .. (key == "x" and "'x'" or key) .. "), store"
  end,
  fixed = {
    "local t = setmetatable({}, { __index = function(t, k) error('no ' .. k, 2) end })\nreturn t.x",
    "local t = setmetatable({}, { __newindex = function(t, k) error('no ' .. k, 2) end })\nt.x = 1",
    "local t = setmetatable({}, { __index = function(t, k) error('no ' .. k, 2) end })\nlocal function get()\n  return t.missing\nend\nreturn pcall(get)",
    "local t = setmetatable({}, { __index = function(t, k) error('no ' .. k, 3) end })\nlocal function get()\n  return (t.missing)\nend\nlocal function outer()\n  local v = get()\n  return v\nend\nreturn pcall(outer)",
    -- memoizing through __index: each level is one metamethod call deep
    "local fib = setmetatable({ [0] = 0, [1] = 1 }, { __index = function(t, n) local v = t[n - 1] + t[n - 2]; t[n] = v; return v end })\nreturn fib[150]",
    "local fib = setmetatable({ [0] = 0, [1] = 1 }, { __index = function(t, n) local v = t[n - 1] + t[n - 2]; t[n] = v; return v end })\nreturn fib[185]",
    -- chains of tables are followed without recursion, to Lua's limit
    "local t = {}\nfor i = 1, 1990 do t = setmetatable({}, { __index = t }) end\nreturn t.x",
    "local t = { x = 'bottom' }\nfor i = 1, 1990 do t = setmetatable({}, { __index = t }) end\nreturn t.x",
    "local t = {}\nfor i = 1, 2010 do t = setmetatable({}, { __index = t }) end\nreturn pcall(function() return t.x end)",
    "local t = {}\nfor i = 1, 2010 do t = setmetatable({}, { __newindex = t }) end\nreturn pcall(function() t.x = 1 end)",
    "local t = setmetatable({}, { __index = 10 })\nreturn t.x",
    "local t = setmetatable({}, { __newindex = 10 })\nt.x = 1",
    "local t = setmetatable({}, { __index = 'abc' })\nreturn t.len, t.upper and t:upper()",
    "local t = setmetatable({}, { __index = string })\nreturn t:upper()",
    "local t = setmetatable({}, { __newindex = {} })\nt[nil] = 1",
    "local t = setmetatable({}, { __newindex = {} })\nt[0/0] = 1",
    "local t = setmetatable({}, { __newindex = function() end })\nt[nil] = 1\nreturn 'ok'",
    "local t = setmetatable({ x = 1 }, { __newindex = function() error('not called') end })\nt.x = 2\nreturn t.x",
    "local t = setmetatable({}, { __index = function(...) return select('#', ...) end })\nreturn t.x, t[nil]",
    "local t = setmetatable({}, { __index = function(t, k) return k end })\nreturn ipairs(t)",
    "local t = setmetatable({}, { __index = function(t, i) if i <= 3 then return i * 10 end end })\nlocal seen = {}\nfor i, v in ipairs(t) do seen[i] = v end\nreturn seen",
    "local log = {}\nlocal t = setmetatable({}, { __newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v) end })\nt.a = 1; t.a = 2; t.b = 3\nreturn log, t",
    "local t = setmetatable({}, { __index = rawget })\nreturn t.x",
    "local t = setmetatable({}, { __index = function(t, k) return t end })\nreturn t.a.b.c == t",
    -- strict globals, as a module of that name does it
    "setmetatable(_ENV, { __index = function(_, name) error('undefined global ' .. name, 2) end, __newindex = function(_, name) error('assignment to undeclared global ' .. name, 2) end })\nlocal ok, read = pcall(function()\n  return missing\nend)\nlocal ok2, written = pcall(function()\n  fresh = 1\nend)\nreturn ok, read, ok2, written",
    "setmetatable(_ENV, { __index = function(_, name) return name end })\nreturn anything, _ENV.other, rawget(_ENV, 'anything')",
    "setmetatable(_ENV, { __index = string })\nreturn upper('x'), format('%d', 5)",
  },
}

-- __call: handlers of every kind, chains of callable tables, arguments
-- counted, tail calls through them.
families[#families + 1] = {
  name = "call",
  weight = 4,
  make = function(random, mode)
    local depth = random.range(1, 4)
    local lines = { "local f = function(...) return select('#', ...), ... end" }
    local last = random.chance(80) and "f" or random.pick({ "34", "{}", "false", "nil" })
    for i = 1, depth do
      lines[#lines + 1] = "local c" .. i .. " = setmetatable({}, { __call = " .. (i == 1 and last or "c" .. (i - 1))
        .. (random.chance(30) and ", __name = 'Callable'" or "") .. " })"
    end
    local callee = "c" .. depth
    local args = random.pick({ "", "1", "nil, nil", "'a', 2" })
    local broken = last ~= "f"
    local r = random.int(4)
    if r == 1 and not (mode == "spec" and broken) then
      -- a tail call (policy.specMissingMetamethod: not when nothing is callable)
      lines[#lines + 1] = "local function go()\n  return " .. callee .. "(" .. args .. ")\nend\nreturn go()"
    elseif r == 2 then
      lines[#lines + 1] = "return pcall(" .. callee .. (args ~= "" and ", " .. args or "") .. ")"
    else
      lines[#lines + 1] = "local r = { " .. callee .. "(" .. args .. ") }\nreturn r"
    end
    return join(lines, "\n")
  end,
  fixed = {
    -- Lua 5.4.4's own corner, smaller (Findings/call_chain_tail_calls.lua
    -- has it whole): a chain of 100 __call metamethods ending in a function
    -- that tail-calls itself, through the chain, in a new coroutine
    "local n = 1000\nlocal function foo()\n  if n == 0 then return 1023 end\n  n = n - 1\n  return foo()\nend\nfor i = 1, 100 do foo = setmetatable({}, { __call = foo }) end\nreturn coroutine.wrap(function() return foo() end)()",
    "local n = 1000\nlocal function foo()\n  if n == 0 then return 1023 end\n  n = n - 1\n  return foo()\nend\nfor i = 1, 100 do foo = setmetatable({}, { __call = foo }) end\nreturn foo()",
    "local t = setmetatable({}, { __call = function(self, ...) return select('#', ...), self end })\nreturn t(), t(nil), t(1, nil)",
    "local t = setmetatable({}, { __call = function() error('called', 2) end })\nlocal function f()\n  t()\nend\nreturn pcall(f)",
    "local t = setmetatable({}, { __call = function() error('called', 2) end })\nlocal function f()\n  return t()\nend\nlocal function g()\n  return (f())\nend\nreturn pcall(g)",
    "local t = setmetatable({}, { __call = 34 })\nreturn (t())",
    "local t = setmetatable({}, { __call = 34 })\nreturn pcall(t)",
    "local t = setmetatable({}, {})\nreturn pcall(t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(t)",
    "local t = setmetatable({}, { __call = setmetatable({}, { __call = function(...) return select('#', ...) end }) })\nreturn t('x')",
    "local t = setmetatable({}, { __call = string.rep })\nreturn pcall(t, 3)",
    "local t = setmetatable({}, { __call = print })\nreturn pcall(t)",
    "local t = setmetatable({}, { __call = function(self, x) return x * 2 end })\nreturn table.unpack({ t(21) })",
    "local t = setmetatable({}, { __call = function(self, a, b) return a < b end })\nlocal values = { 3, 1, 2 }\ntable.sort(values, t)\nreturn values",
    "local t = setmetatable({}, { __call = function(self, c) return c:upper() end })\nreturn string.gsub('abc', '%w', t)",
    "local t = setmetatable({}, { __call = function(self, m) return 'handled: ' .. tostring(m) end })\nreturn xpcall(error, t, 'oops')",
    "local depth = 0\nlocal t\nt = setmetatable({}, { __call = function(self, n) depth = depth + 1 if n == 0 then return depth end return self(n - 1) end })\nreturn t(150)",
    "local t\nt = setmetatable({}, { __call = function(self, n) if n == 0 then return 'deep' end return t(n - 1) end })\nreturn t(50000)",
  },
}

-- Comparisons: __lt and __le alone, both, between different metatables
-- and with numbers; __le falling back on not (b < a) (Lua 5.4.4 as
-- Debian builds it, with LUA_COMPAT_5_3).
families[#families + 1] = {
  name = "compare",
  weight = 4,
  make = function(random)
    local function mt(name)
      local fields = {}
      if random.chance(60) then fields[#fields + 1] = "__lt = function(a, b) return rank(a) < rank(b) end" end
      if random.chance(40) then fields[#fields + 1] = "__le = function(a, b) return rank(a) <= rank(b) end" end
      if random.chance(15) then fields[#fields + 1] = "__lt = function() error('lt failed', 2) end" end
      if random.chance(10) then fields[#fields + 1] = "__le = function() error('le failed', 2) end" end
      if random.chance(30) then fields[#fields + 1] = "__name = '" .. name .. "'" end
      if random.chance(30) then fields[#fields + 1] = "__eq = function(a, b) return rank(a) == rank(b) end" end
      return "{ " .. join(fields, ", ") .. " }"
    end
    local lines = {
      "local function rank(x) if type(x) == 'table' then return rawget(x, 'v') or 0 end return tonumber(x) or 0 end",
      "local A = " .. mt("A"),
      "local B = " .. (random.chance(50) and "A" or mt("B")),
      "local a = setmetatable({ v = " .. random.range(1, 3) .. " }, A)",
      "local b = " .. random.pick({ "setmetatable({ v = 2 }, B)", "setmetatable({ v = 2 }, B)", "2", "'2'", "{}", "nil" }),
    }
    local op = random.pick({ "<", "<=", ">", ">=", "==", "~=" })
    local swapped = random.chance(30)
    local left, right = swapped and "b" or "a", swapped and "a" or "b"
    lines[#lines + 1] = "local function compare()\n  return " .. left .. " " .. op .. " " .. right .. "\nend"
    lines[#lines + 1] = "return compare()"
    return join(lines, "\n")
  end,
  fixed = {
    "local mt = { __lt = function(a, b) return a.v < b.v end }\nlocal a, b = setmetatable({ v = 1 }, mt), setmetatable({ v = 2 }, mt)\nreturn a <= b, b <= a, a >= b, b >= a, a <= a",
    "local mt = { __lt = function(a, b) return a.v < b.v end }\nlocal a = setmetatable({ v = 1 }, mt)\nreturn pcall(function() return a <= 1 end)",
    "local mt = { __lt = function(a, b) return rawequal(a, b) end }\nlocal a = setmetatable({}, mt)\nreturn a <= 1, 1 <= a",
    "local mt = { __lt = function() error('lt', 2) end }\nlocal a = setmetatable({}, mt)\nlocal function f()\n  return a <= a\nend\nreturn pcall(f)",
    "local a = setmetatable({}, { __lt = function() return true end })\nlocal b = setmetatable({}, { __le = function() return false end })\nreturn a < b, a <= b, b < a, b <= a",
    "local a = setmetatable({}, { __name = 'Thing' })\nreturn pcall(function() return a < a end)",
    "local a = setmetatable({}, { __name = 'Thing' })\nreturn pcall(function() return a <= 1 end)",
    "local a = setmetatable({}, { __name = 'Thing' })\nreturn pcall(function() return 'x' < a end)",
    "local a = setmetatable({}, { __lt = 34 })\nreturn pcall(function() return a < a end)",
    "local a = setmetatable({}, { __lt = 34 })\nreturn pcall(function() return a <= a end)",
    "local a = setmetatable({}, { __le = {} })\nreturn pcall(function() return a <= a end)",
    "local a = setmetatable({}, { __eq = function() return 'yes' end })\nlocal b = setmetatable({}, {})\nreturn a == b, b == a, a ~= b, a == a, rawequal(a, b)",
    "local a = setmetatable({}, { __eq = 34 })\nlocal b = {}\nreturn pcall(function() return a == b end)",
    "local values = { setmetatable({ v = 3 }, { __lt = function(a, b) return a.v < b.v end }) }\nvalues[2] = setmetatable({ v = 1 }, getmetatable(values[1]))\ntable.sort(values)\nreturn values[1].v, values[2].v",
  },
}

-- Other events: __len, __unm, __bnot, __tostring with __name, __pairs,
-- argument errors that name a type by __name.
families[#families + 1] = {
  name = "events",
  weight = 0,
  fixed = {
    "local t = setmetatable({}, { __len = function() return 'long' end })\nreturn #t",
    "local t = setmetatable({}, { __len = function() error('len', 2) end })\nlocal function f()\n  return #t\nend\nreturn pcall(f)",
    "local t = setmetatable({ 1, 2 }, { __len = 34 })\nreturn pcall(function() return #t end)",
    "local t = setmetatable({ 1, 2 }, {})\nreturn #t",
    "local t = setmetatable({}, { __unm = function(a, b) return rawequal(a, b) end, __bnot = function(a, b) return rawequal(a, b) end })\nreturn -t, ~t",
    -- missing metamethods: the operands temporaries (policy.specMissingMetamethod)
    "local t = setmetatable({}, { __name = 'Thing' })\nlocal function id(x) return x end\nreturn pcall(function() return -id(t) end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nlocal function id(x) return x end\nreturn pcall(function() return ~id(t) end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nlocal function id(x) return x end\nreturn pcall(function() return id(t) .. 'x' end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nlocal function id(x) return x end\nreturn pcall(function() return #t .. id(t) end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(function() return t.x.y end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(string.rep, t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(math.floor, t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(string.format, '%d', t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(utf8.char, t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(coroutine.wrap, t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(table.concat, { t })",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(table.insert, t, 1, 2, 3)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(setmetatable, t, 5)",
    "local t = setmetatable({}, { __name = 42 })\nreturn pcall(string.rep, t)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn (tostring(t):match('^Thing: '))",
    "local t = setmetatable({}, { __name = 'Thing', __tostring = function() return 'shown' end })\nreturn tostring(t), string.format('%s|%5s', t, t)",
    "local t = setmetatable({}, { __tostring = function() return 42 end })\nreturn pcall(tostring, t)",
    -- format makes a '%s' table its string before the call (for the memory
    -- limit's room): in format's order, none past a conversion it refuses
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%d %s', 'x', shown('a')), seen",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%05s|%s', shown('a'), shown('b')), seen",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%-5s|%s', shown('a\\0b'), shown('c')), seen",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%q %s %s', {}, shown('a'), shown('b')), seen",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%5.1f %#x %c %%%10.3s|%-4s', 2.5, 255, 65, shown('abcdef'), shown('b')), seen",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%s %y %s', shown('a'), 1, shown('b')), seen",
    "local t = setmetatable({}, { __tostring = function() return 42 end })\nreturn pcall(string.format, '%s %d', t, 'x')",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%' .. ('-'):rep(20) .. 'd %s', 1, shown('a')), seen",
    "local seen = {}\nlocal function shown(n) return setmetatable({}, { __tostring = function() seen[#seen + 1] = n; return n end }) end\nreturn pcall(string.format, '%' .. ('-'):rep(21) .. 'd %s', 1, shown('a')), seen",
    "local t = setmetatable({}, { __tostring = function() error('no text', 2) end })\nreturn pcall(tostring, t)",
    "local t = setmetatable({}, { __pairs = function(t) return function(_, k) if not k then return 1, 'one' end end, t, nil end })\nlocal seen = {}\nfor k, v in pairs(t) do seen[k] = v end\nreturn seen",
    "local t = setmetatable({}, { __pairs = function() error('no pairs', 2) end })\nreturn pcall(pairs, t)",
    "local t = setmetatable({ 1 }, { __pairs = 34 })\nreturn pcall(pairs, t)",
    "local t = setmetatable({ a = 1 }, {})\nlocal seen = {}\nfor k, v in pairs(t) do seen[k] = v end\nreturn seen, select('#', pairs(t))",
    "local t = setmetatable({}, { __index = function() return 5 end })\nreturn select('#', next(t)), rawlen(t), rawget(t, 1)",
    "local t = setmetatable({}, { __add = function(a, b) return 'add' end })\nreturn '10' + t, t + '10', 'x' + t, t + 'x', 1 + t",
    "local t = setmetatable({}, { __unm = function() return 'unm' end })\nreturn -t",
    "local t = setmetatable({}, { __add = function(a, b) return 'add' end })\nreturn pcall(function() return '1\\0' + 1 end), '1\\0' + t, ' 0x1p4 ' + 0, pcall(function() return '1e' + 1 end)",
    "return pcall(function() return -'2', -' 3.5 ', -'x' end)",
    "local t = setmetatable({}, {})\nreturn pcall(function() return '10' + t end)",
    "local t = setmetatable({}, {})\nreturn pcall(function() return t + '10' end)",
    "local t = setmetatable({}, {})\nreturn pcall(function() return 'x' - t end)",
    "local t = setmetatable({}, { __name = 'Thing' })\nreturn pcall(function() return '10' * t end)",
    "local t = setmetatable({}, {})\nlocal function id(x) return x end\nreturn pcall(function() return id('x') & id(t) end)",
    "local t = setmetatable({}, {})\nlocal function id(x) return x end\nreturn pcall(function() return id(t) | '3' end)",
    "local t = setmetatable({}, { __add = function(a, b) error('add', 2) end })\nlocal function f()\n  return '10' + t\nend\nreturn pcall(f)",
    "local t = setmetatable({}, { __div = function(a, b) error('div', 2) end })\nlocal function f()\n  return t / 2\nend\nreturn pcall(f)",
    "local t = setmetatable({}, { __add = 34 })\nreturn pcall(function() return t + 1 end)",
    "local t = setmetatable({}, { __add = 34 })\nreturn pcall(function() return '1' + t end)",
    "local t = setmetatable({}, { __index = function(t, k) return k end })\nreturn string.format('%s', t.x), t[1] + 1",
  },
}

-- In a spec file's sandbox, metatables are live: a change to one after
-- setmetatable reaches the objects using it, as in Lua (behaviours get a
-- copy, policy.metatableCopied, and never see these cases).
local liveFixed = {
  "local mt = {}\nmt.__index = setmetatable({}, mt)\nlocal t = setmetatable({}, mt)\nreturn pcall(function() return t.x end)",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__add = function() return 'added later' end\nreturn t + 1",
  "local mt = { __add = function() return 'first' end }\nlocal t = setmetatable({}, mt)\nmt.__add = function() return 'second' end\nreturn t + 1",
  "local mt = { __index = { x = 1 } }\nlocal t = setmetatable({}, mt)\nmt.__index = { x = 2 }\nreturn t.x",
  "local mt = { __index = function() return 'f' end }\nlocal t = setmetatable({}, mt)\nmt.__index = nil\nreturn t.x",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__call = function(self, x) return x end\nreturn t('called')",
  "local mt = { __call = function() return 1 end }\nlocal t = setmetatable({}, mt)\nmt.__call = nil\nreturn pcall(t)",
  "local mt = {}\nlocal a, b = setmetatable({}, mt), setmetatable({}, mt)\nmt.__lt = function() return true end\nreturn a < b, a <= b",
  "local mt = {}\nlocal a = setmetatable({}, mt)\nmt.__eq = function() return true end\nreturn a == setmetatable({}, mt)",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__len = function() return 7 end\nreturn #t",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__newindex = function(t, k, v) rawset(t, k, v .. '!') end\nt.x = 'set'\nreturn t.x",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__tostring = function() return 'later' end\nreturn tostring(t)",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__unm = function() return 'neg' end\nreturn -t",
  "local Base = {}\nBase.__index = Base\nlocal Derived = setmetatable({}, Base)\nDerived.__index = Derived\nlocal object = setmetatable({}, Derived)\nfunction Base.hello() return 'hello from base' end\nreturn object.hello()",
  "local mt = {}\nlocal t = setmetatable({}, mt)\nmt.__add = function() error('late', 2) end\nlocal function f()\n  return t + 1\nend\nreturn pcall(f)",
}

families[#families + 1] = {
  name = "live",
  weight = 0,
  fixed = function(mode)
    if mode == "spec" then return liveFixed end
    return {}
  end,
}

assert(policy.specMissingMetamethod, "policy.lua lists the spec files' missing metamethods")
return families
