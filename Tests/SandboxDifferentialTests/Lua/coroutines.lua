-- coroutines.lua: the coroutine library's arguments in every call form,
-- coroutines in every status, errors passing through resume and wrap,
-- yields across pcall, metamethods and C functions, tail calls and deep
-- nesting.
local use = ...
local forms = use("forms")
local text = use("text")

-- Statements making 'co' in a status, then a value to pass.
local subjects = {
  "local co = coroutine.create(function(...) return ... end)",
  "local co = coroutine.create(function(...) local got = { coroutine.yield(...) } return #got, got end)",
  "local co = coroutine.create(function(...) local got = { coroutine.yield(...) } return #got, got end)\ncoroutine.resume(co, 1, 2)",
  "local co = coroutine.create(function() return 1 end)\ncoroutine.resume(co)",
  "local co = coroutine.create(function() error('inside') end)\ncoroutine.resume(co)",
  "local co = coroutine.create(function() error({ code = 1 }) end)",
  "local co = coroutine.create(function() error('deep', 2) end)",
  "local co = coroutine.create(function() local x = nil; return x.y end)",
  "local co = coroutine.running()",
  "local co = coroutine.wrap(function() end)",
  "local co = 5",
  "local co = nil",
  "local co = {}",
  "local co = function() return 'f' end",
  "local co = setmetatable({}, { __call = function() return 'called' end })",
}

local values = { "1", "nil", "'x'", "{}", "co", "true", "2.5" }

local functions = {
  "coroutine.resume", "coroutine.status", "coroutine.close", "coroutine.create",
  "coroutine.wrap", "coroutine.isyieldable", "coroutine.running",
}

local function call(random)
  local setup = random.pick(subjects)
  local name = random.pick(functions)
  local args = {}
  if random.chance(90) then args[1] = "co" end
  for i = #args + 1, random.range(#args, 3) do args[i] = random.pick(values) end
  local statement = forms.call(random, name, args, true)
  if name == "coroutine.wrap" and random.chance(50) then
    -- call what wrap made, too
    return setup .. "\nlocal w = coroutine.wrap(co)\nreturn w(" .. text.join(args, ", ") .. "), w()"
  end
  return setup .. "\n" .. statement
end

-- What coroutine.status says of 'co' in each of its states, seen from
-- inside and outside.
local fixed = {
  "return coroutine.running()",
  "return coroutine.isyieldable()",
  "return coroutine.status(coroutine.running())",
  "return coroutine.resume(coroutine.running())",
  "return coroutine.yield(1)",
  "return pcall(coroutine.yield, 1)",
  "return coroutine.create(print)",
  "return coroutine.create()",
  "return coroutine.wrap()",
  "return coroutine.wrap(5)",
  "return pcall(coroutine.wrap, {})",
  "return pcall(coroutine.create, 1)",
  "local wrap = coroutine.wrap\nreturn wrap(1)",
  "return coroutine:create(function() end)",
  "return coroutine.resume()",
  "return coroutine.status()",
  "return coroutine.status(1)",
  "return coroutine.create(setmetatable({}, { __call = function() end }))",
  "local co\nco = coroutine.create(function() return coroutine.status(co), coroutine.running() == co, coroutine.isyieldable() end)\nreturn coroutine.resume(co)",
  "local outer\nlocal inner = coroutine.create(function() return coroutine.status(outer) end)\nouter = coroutine.create(function() return coroutine.resume(inner) end)\nreturn coroutine.resume(outer)",
  "local co = coroutine.create(function() coroutine.yield() end)\nreturn coroutine.resume(co), coroutine.status(co), coroutine.resume(co), coroutine.status(co), coroutine.resume(co)",
  "local w = coroutine.wrap(function() return 1 end)\nreturn w(), pcall(w)",
  "local w = coroutine.wrap(function() error('broken') end)\nreturn pcall(w)",
  "local w = coroutine.wrap(function() error('broken', 2) end)\nreturn pcall(w)",
  "local w = coroutine.wrap(function() error({ 'table' }) end)\nreturn pcall(w)",
  "local w = coroutine.wrap(function() error() end)\nreturn pcall(w)",
  "local w = coroutine.wrap(function() error(42) end)\nreturn pcall(w)",
  "local w = coroutine.wrap(function() error('broken') end)\nlocal function f() return w() end\nreturn pcall(f)",
  "local w = coroutine.wrap(function() local x = nil; return x.y end)\nreturn pcall(w)",
  "local w = coroutine.wrap(function() error('once') end)\npcall(w)\nreturn pcall(w)",
  "local a = coroutine.wrap(function() local b = coroutine.wrap(function() error('inner') end) b() end)\nreturn pcall(a)",
  "local co = coroutine.wrap(function(...) local a, b = coroutine.yield(select('#', ...)) return a, b end)\nreturn co(1, nil, 3), co('a', 'b')",
  "local co = coroutine.create(function() return pcall(coroutine.yield, 'from pcall') end)\nreturn coroutine.resume(co), coroutine.resume(co, 'back')",
  "local co = coroutine.create(function() table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end) end)\nreturn coroutine.resume(co)",
  "local co = coroutine.create(function() return ('abc'):gsub('.', function(c) coroutine.yield(c) end) end)\nreturn coroutine.resume(co)",
  "local co = coroutine.create(function() return tostring(setmetatable({}, { __tostring = function() coroutine.yield() return 'x' end })) end)\nreturn coroutine.resume(co)",
  "local co = coroutine.create(function() local t = setmetatable({}, { __index = function(_, k) return coroutine.yield(k) end }) return t.key end)\nreturn coroutine.resume(co), coroutine.resume(co, 'value')",
  "local co = coroutine.create(function() local t = setmetatable({}, { __add = function(a, b) return coroutine.yield('adding') end }) return t + 1 end)\nreturn coroutine.resume(co), coroutine.resume(co, 3)",
  "local co = coroutine.create(function() local mt = { __lt = function() return coroutine.yield('comparing') end }\nlocal a, b = setmetatable({}, mt), setmetatable({}, mt) return a < b, a <= b end)\nreturn coroutine.resume(co), coroutine.resume(co, false), coroutine.resume(co, false)",
  "local co = coroutine.create(function() local t = setmetatable({}, { __call = function(_, x) return coroutine.yield(x) end }) return t('called') end)\nreturn coroutine.resume(co), coroutine.resume(co, 'back')",
  "local co = coroutine.create(function() local t = setmetatable({}, { __len = function() return coroutine.yield('len') end }) return #t end)\nreturn coroutine.resume(co), coroutine.resume(co, 9)",
  "local co = coroutine.create(function() local t = setmetatable({}, { __eq = function() return coroutine.yield('eq') end }) return t == setmetatable({}, getmetatable(t)) end)\nreturn coroutine.resume(co), coroutine.resume(co, 1)",
  "local co = coroutine.create(function() local t = setmetatable({}, { __newindex = function(_, k, v) coroutine.yield(k, v) end }) t.a = 1 return 'set' end)\nreturn coroutine.resume(co), coroutine.resume(co)",
  "local co = coroutine.create(function() local t = setmetatable({}, { __pairs = function(t) coroutine.yield('pairs') return next, t end }) for k in pairs(t) do end return 'done' end)\nreturn coroutine.resume(co), coroutine.resume(co)",
  "local co = coroutine.create(function() local t = setmetatable({}, { __index = function(_, k) coroutine.yield() return k end }) return table.concat(t, ',', 1, 2) end)\nreturn coroutine.resume(co)",
  -- tail calls do not grow the stack, in a coroutine either
  "local function loop(n) if n == 0 then return 'done' end return loop(n - 1) end\nreturn coroutine.wrap(function() return loop(30000) end)()",
  "local function loop(n) if n == 0 then return coroutine.yield('bottom') end return loop(n - 1) end\nlocal co = coroutine.wrap(function() return loop(10000) end)\nreturn co(), co('up')",
  -- nesting: each resume is a C call; Lua stops at about 200
  "local function nest(n) if n == 0 then return 'bottom' end return coroutine.wrap(nest)(n - 1) end\nreturn pcall(nest, 100)",
  "local function nest(n) if n == 0 then return 'bottom' end local co = coroutine.create(nest) local ok, r = coroutine.resume(co, n - 1) return r end\nreturn nest(150)",
  -- (how deep exactly depends on the harness around the case, and each
  -- level's wrap adds its position to the message: only the end shows)
  "local depth = 0\nlocal function nest() depth = depth + 1 return coroutine.wrap(nest)() end\nlocal ok, message = pcall(nest)\nreturn ok, depth > 150, string.sub(message, -40)",
  "local co = coroutine.create(function() local co2 = coroutine.running() return coroutine.resume(co2) end)\nreturn coroutine.resume(co)",
  "local co = coroutine.create(function() return coroutine.close(coroutine.running()) end)\nreturn coroutine.resume(co)",
  "local co = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)\nreturn co(), co(), co(), co(), pcall(co)",
}

return {
  {
    name = "coroutine",
    weight = 5,
    fixed = fixed,
    make = function(random)
      return call(random)
    end,
  },
}
