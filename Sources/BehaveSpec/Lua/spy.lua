-- Spies, stubs and mocks, as luassert documents them (`spy.new`, `spy.on`,
-- `stub(t, key)`, `mock(t)`, `s:returns`, `s.on_call_with`, `s.calls[i].vals`),
-- with the shorter forms Behave's specs use (`s.calls[i]` is the call's
-- argument list, `s.call_count`, `s.called_with(...)`), and the assertions
-- about them (`assert.spy(s).was.called(2)`, `called_with`, …).
-- Each spy made while a spec runs belongs to its snapshot: it is reverted
-- when the spec ends.

local P = ...
local usage, show, deep_equal = P.usage, P.show, P.deep_equal
local type, select, rawget, rawset, setmetatable, getmetatable, next, ipairs, tostring, pcall =
      type, select, rawget, rawset, setmetatable, getmetatable, next, ipairs, tostring, pcall
local format, concat, unpack = string.format, table.concat, table.unpack

-- Every spy, and what it calls (nil: nothing).
local spies = setmetatable({}, { __mode = "k" })
local targets = setmetatable({}, { __mode = "k" })

local function pack(...) return { n = select("#", ...), ... } end

local function matchers() return P.part("match").match end

local function callable(value)
  if type(value) == "function" then return true end
  local mt = getmetatable(value)
  return type(mt) == "table" and mt.__call ~= nil
end

-- A deep copy of what a call passed (matchers and spies as they are), so
-- that later changes to the values do not change what was recorded.
local function copied(value)
  return type(value) == "table" and not spies[value] and not matchers().is_matcher(value)
end

-- Past `deep` levels the copy keeps its own list of tables still to fill,
-- not Lua's stack: a value nested a million deep is copied as any other
-- (the spec's limits bound it), where recursing overflowed the stack.
local deep = 100

local function copy_deep(value, seen)
  local root = {}
  seen[value] = root
  local filling = { value }
  while #filling > 0 do
    local source = filling[#filling]
    filling[#filling] = nil
    local out = seen[source]
    for k, v in next, source do
      if copied(v) then
        local copy_of_v = seen[v]
        if copy_of_v == nil then
          copy_of_v = {}
          seen[v] = copy_of_v
          filling[#filling + 1] = v
        end
        v = copy_of_v
      end
      out[k] = v
    end
    local mt = getmetatable(source)
    if type(mt) == "table" then pcall(setmetatable, out, mt) end
  end
  return root
end

-- The values most calls pass are shallow: those are copied by recursion,
-- which runs a quarter fewer instructions than the list.
local function copy(value, seen, depth)
  if type(value) ~= "table" or spies[value] or matchers().is_matcher(value) then return value end
  local done = seen[value]
  if done ~= nil then return done end
  if depth > deep then return copy_deep(value, seen) end
  local out = {}
  seen[value] = out
  for k, v in next, value do out[k] = copy(v, seen, depth + 1) end
  local mt = getmetatable(value)
  if type(mt) == "table" then pcall(setmetatable, out, mt) end
  return out
end

-- A call's record: the list of its values (copied), with `vals` (the same
-- list), `refs` (the values themselves) and `n` (how many) as luassert has.
local function record(arguments)
  local values = {}
  local seen = {}
  for i = 1, arguments.n do values[i] = copy(arguments[i], seen, 0) end
  return setmetatable(values, { __index = { vals = values, refs = arguments, n = arguments.n } })
end

-- Whether a call's values match `expected` (an argument list): the same
-- number of values, each deeply the same or accepted by a matcher (a
-- reference matcher looks at the value itself, not its copy).
local function matches(call, expected)
  local is_matcher, is_ref = matchers().is_matcher, matchers().is_ref_matcher
  local values, refs, count = call.vals, call.refs, call.n
  local last = count > expected.n and count or expected.n
  for i = 1, last do
    local spec = expected[i]
    if is_matcher(spec) then
      if not spec(is_ref(spec) and refs[i] or values[i]) then return false end
    elseif i > count or i > expected.n or not deep_equal(spec, values[i]) then
      return false
    end
  end
  return true
end

-- The last call (of `list`) that matches, or nil.
local function find_call(list, expected)
  for i = #list, 1, -1 do
    if matches(list[i], expected) then return list[i] end
  end
  return nil
end

local spy_mt = {}

function spy_mt.__call(self, ...)
  local calls = rawget(self, "calls")
  calls[#calls + 1] = record(pack(...))
  rawset(self, "call_count", #calls)
  local target = targets[self]
  local results = pack()
  if target ~= nil then results = pack(target(...)) end
  local returns = rawget(self, "returnvals")
  returns[#returns + 1] = record(results)
  return unpack(results, 1, results.n)
end

function spy_mt.__tostring(self)
  return format("spy (%d calls)", #rawget(self, "calls"))
end

local spy = {}

-- spy.new([fn]): a callable that records each call and calls fn, if any.
function spy.new(fn)
  if fn ~= nil and not callable(fn) then usage("spy.new([function]) takes a function") end
  local s = { calls = {}, returnvals = {}, call_count = 0, callback = fn or function() end }
  -- Each method takes either call form: s.clear() and s:clear().
  local function args(first, ...)
    if first == s then return ... end
    return first, ...
  end
  function s.clear()
    s.calls, s.returnvals, s.call_count = {}, {}, 0
    return s
  end
  function s.revert()
    if not s.reverted and s.target_table ~= nil then s.target_table[s.target_key] = s.callback end
    s.reverted = true
    return s.callback
  end
  -- s.called_with(a, b) (true or false), or luassert's s:called_with(list)
  -- (also the matching or the last call's values); returned_with alike.
  local function checker(list)
    return function(first, ...)
      if first ~= s then return find_call(s[list], pack(first, ...)) ~= nil end
      local expected = ...
      if type(expected) ~= "table" then expected = {} end
      local found = find_call(s[list], pack(unpack(expected, 1, expected.n or #expected)))
      if found then return true, found.vals end
      local last = s[list][#s[list]]
      return false, last and last.vals
    end
  end
  s.called_with, s.returned_with = checker("calls"), checker("returnvals")
  -- s:called([times [, compare]]): whether it was called (that many
  -- times), and how many times.
  function s.called(...)
    local times, compare = args(...)
    local count = #s.calls
    if times == nil and compare == nil then return count > 0, count end
    compare = compare or function(actual, expected) return actual == expected end
    return compare(count, times), count
  end
  targets[s] = fn
  spies[s] = true
  setmetatable(s, spy_mt)
  P.part("luassert").add_spy(s)
  return s
end

-- spy.on(t, key): replaces t[key] by a spy that calls the original;
-- s:revert() puts it back.
function spy.on(t, key)
  if type(t) ~= "table" then usage("spy.on(table, key) takes a table") end
  local original = t[key]
  if original ~= nil and not callable(original) then
    usage(format("spy.on(table, key): %s is a %s, not a function", show(key), type(original)))
  end
  local s = spy.new(original)
  s.target_table, s.target_key = t, key
  t[key] = s
  return s
end

function spy.is_spy(value)
  return spies[value] == true
end

setmetatable(spy, { __call = function(_, fn) return spy.new(fn) end })

------------------------------------------------------------------ stubs

local stub = {}

-- stub.new(t, key, ...) or stub(t, key, ...): replaces t[key] by a spy that
-- returns `...` (or calls the one function given) instead of the original;
-- s:returns(...) and s:invokes(fn) change that, s.on_call_with(...)
-- answers some calls otherwise, and s:revert() puts the original back.
-- Without arguments: a stub of nothing.
function stub.new(t, key, ...)
  if t == nil and key == nil then t, key = {}, "" end
  if type(t) ~= "table" then usage("stub(table, key [, results...]) takes a table") end
  if key == nil then usage("stub(table, key [, results...]) takes a key") end
  local original = t[key]
  local results = pack(...)
  local default
  if results.n == 1 and callable(results[1]) then
    default = results[1]
  else
    default = function() return unpack(results, 1, results.n) end
  end
  local answers = {}
  local function stubbed(...)
    local call = pack(...)
    local given = { vals = call, refs = call, n = call.n }
    for _, answer in ipairs(answers) do
      if matches(given, answer.expected) then return answer.fn(...) end
    end
    return default(...)
  end
  local s = spy.new(stubbed)
  s.target_table, s.target_key = t, key
  t[key] = s
  local function args(first, ...)
    if first == s then return ... end
    return first, ...
  end
  function s.revert()
    if not s.reverted then t[key] = original end
    s.reverted = true
    return original
  end
  function s.returns(...)
    local values = pack(args(...))
    default = function() return unpack(values, 1, values.n) end
    return s
  end
  function s.invokes(...)
    local fn = args(...)
    if not callable(fn) then usage("invokes(function) takes a function") end
    default = fn
    return s
  end
  s.by_default = { returns = s.returns, invokes = s.invokes }
  function s.on_call_with(...)
    local expected = pack(args(...))
    local answer = {}
    local function own(first, ...)
      if first == answer then return ... end
      return first, ...
    end
    function answer.returns(...)
      local values = pack(own(...))
      answers[#answers + 1] = { expected = expected, fn = function() return unpack(values, 1, values.n) end }
      return s
    end
    function answer.invokes(...)
      local fn = own(...)
      if not callable(fn) then usage("invokes(function) takes a function") end
      answers[#answers + 1] = { expected = expected, fn = fn }
      return s
    end
    return answer
  end
  return s
end

setmetatable(stub, { __call = function(_, ...) return stub.new(...) end })

------------------------------------------------------------------ mocks

local mock = {}

-- mock.new(t [, dostub [, fn]]) or mock(t, ...): every function in t (and
-- in the tables inside it) replaced by a spy on it, or by a stub (that
-- calls fn, if given).
function mock.new(object, dostub, fn)
  local function wrap(value, parent, key)
    if dostub then return stub.new(parent, key, fn) end
    if parent == nil then return spy.new(value) end
    return spy.on(parent, key)
  end
  if type(object) == "function" then return wrap(object, nil, nil) end
  -- Each table once, from a list of its own (not Lua's stack, which a
  -- table nested deep enough would overflow).
  local visited = {}
  local walking = {}
  local function visit(value)
    if type(value) == "table" and not spies[value] and not visited[value] then
      visited[value] = true
      walking[#walking + 1] = value
    end
  end
  visit(object)
  while #walking > 0 do
    local t = walking[#walking]
    walking[#walking] = nil
    local keys = {}
    for k in next, t do keys[#keys + 1] = k end
    for _, k in ipairs(keys) do
      local value = t[k]
      if type(value) == "function" then t[k] = wrap(value, t, k) else visit(value) end
    end
  end
  return object
end

-- Calls `action` ("revert", "clear") on every spy in `object`.
local function each_spy(object, action)
  local seen = {}
  local walking = { object }
  while #walking > 0 do
    local value = walking[#walking]
    walking[#walking] = nil
    if type(value) == "table" and not seen[value] then
      seen[value] = true
      if spies[value] then
        value[action]()
      else
        for _, inner in next, value do walking[#walking + 1] = inner end
      end
    end
  end
  return object
end

function mock.revert(object) return each_spy(object, "revert") end
function mock.clear(object) return each_spy(object, "clear") end

setmetatable(mock, { __call = function(_, ...) return mock.new(...) end })

------------------------------------------------------------- assertions

local function times(n) return n == 1 and "once" or format("%d times", n) end

-- A call's values in a message (matchers by their name).
local function arguments_text(list)
  local is_matcher = matchers().is_matcher
  local texts = {}
  for i = 1, list.n or #list do
    local value = list[i]
    texts[i] = is_matcher(value) and tostring(value) or show(value, 1)
  end
  return "(" .. concat(texts, ", ") .. ")"
end

local function calls_text(list)
  local seen = {}
  for i, call in ipairs(list) do
    if i > 5 then
      seen[#seen + 1] = "…"
      break
    end
    seen[#seen + 1] = arguments_text(call)
  end
  return #seen == 0 and "none" or concat(seen, ", ")
end

-- The spy an assertion is about (`assert.spy(s)`), or a usage error.
local function payload(state, name)
  local s = state.payload
  if not spies[s] then usage(format("'%s' must follow assert.spy(s) or assert.stub(s)", name)) end
  return s
end

local function register(M)
  local function set_spy(what)
    return function(state, arguments)
      if arguments == nil then return end
      if not spies[arguments[1]] then
        usage(format("assert.%s(s) takes a %s made with %s", what, what, what == "spy" and "spy.new or spy.on" or "stub"))
      end
      state.payload = arguments[1]
      if arguments[2] ~= nil then state.failure_message = arguments[2] end
    end
  end
  M.register("modifier", "spy", set_spy("spy"))
  M.register("modifier", "stub", set_spy("stub"))

  -- called([n]), and the counts compared otherwise; turned around without
  -- a count (`was_not.called()`), it is "called no time".
  local function counting(name, compare, words)
    M.register("assertion", name, function(state, arguments)
      local s = payload(state, name)
      local n = arguments[1]
      if type(n) == "string" and arguments.n == 1 then
        state.failure_message, n = n, nil
      elseif arguments[2] ~= nil then
        state.failure_message = arguments[2]
      end
      if n == nil and not state.mod and name == "called" then state.mod, n = true, 0 end
      state.expected, state.count = n, #s.calls
      if n == nil then return #s.calls > 0 end
      return compare(#s.calls, n)
    end, nil, nil, function(_, negated, state)
      local n, count = state.expected, state.count
      local first = state.payload.calls[1]
      if n == nil then return "expected the spy to be called, but it was never called" end
      if n == 0 and not negated and name == "called" then
        return format("expected the spy not to be called, but it was called %s, first with %s", times(count),
                      arguments_text(first))
      end
      if negated then return format("expected the spy not to be called %s%s, but it was called %s", words, times(n), times(count)) end
      return format("expected the spy to be called %s%s, but it was called %s", words, times(n), times(count))
    end)
  end
  counting("called", function(count, n) return count == n end, "")
  counting("called_at_least", function(count, n) return count >= n end, "at least ")
  counting("called_at_most", function(count, n) return count <= n end, "at most ")
  counting("called_more_than", function(count, n) return count > n end, "more than ")
  counting("called_less_than", function(count, n) return count < n end, "less than ")

  local function with(name, list, verb)
    M.register("assertion", name, function(state, arguments)
      local s = payload(state, name)
      return find_call(s[list], arguments) ~= nil
    end, nil, nil, function(arguments, negated, state)
      local s = state.payload
      if negated then
        return format("expected no call %s %s, but there was one", verb, arguments_text(arguments))
      end
      return format("expected a call %s %s; %s: %s", verb, arguments_text(arguments),
                    list == "calls" and "calls" or "returns", calls_text(s[list]))
    end)
  end
  with("called_with", "calls", "with")
  with("returned_with", "returnvals", "returning")
end

return { spy = spy, stub = stub, mock = mock, register = register }
