-- `spy.new`, `spy.on`, `spy.is_spy` and `assert.spy(s)`.

local P = ...
local fail, usage, show, deep_equal = P.fail, P.usage, P.show, P.deep_equal
local type, rawget, rawset, setmetatable, ipairs = type, rawget, rawset, setmetatable, ipairs
local format, concat, pack, unpack = string.format, table.concat, table.pack, table.unpack

local target = setmetatable({}, { __mode = "k" })
local spies = setmetatable({}, { __mode = "k" })

local meta = {
  __call = function(self, ...)
    local calls = rawget(self, "calls")
    calls[#calls + 1] = { ... }
    rawset(self, "call_count", #calls)
    local fn = target[self]
    if fn ~= nil then return fn(...) end
  end,
  __tostring = function(self) return format("spy (%d calls)", #rawget(self, "calls")) end,
}

local function show_arguments(list)
  local texts = {}
  for i = 1, #list do texts[i] = show(list[i], 1) end
  return "(" .. concat(texts, ", ") .. ")"
end

local spy = {}

-- spy.new(fn): a callable that records each call's arguments in
-- `s.calls` (a list of argument lists) and calls fn, if any.
function spy.new(fn)
  if fn ~= nil and type(fn) ~= "function" and type(fn) ~= "table" then
    usage("spy.new([function]) takes a function")
  end
  local s = { calls = {}, call_count = 0 }
  function s.clear()
    s.calls = {}
    s.call_count = 0
  end
  function s.called_with(...)
    local expected = { ... }
    for _, call in ipairs(s.calls) do
      if deep_equal(expected, call) then return true end
    end
    return false
  end
  target[s] = fn
  spies[s] = true
  return setmetatable(s, meta)
end

-- spy.on(t, key): replaces t[key] by a spy that calls the original;
-- s.revert() puts it back.
function spy.on(t, key)
  if type(t) ~= "table" then usage("spy.on(table, key) takes a table") end
  local original = t[key]
  local s = spy.new(original)
  function s.revert() t[key] = original end
  t[key] = s
  return s
end

function spy.is_spy(value)
  return spies[value] == true
end

-- stub(t, key, ...): replaces t[key] by a spy that records its calls and
-- returns `...` instead of calling the original; s.returns(...) and
-- s.invokes(fn) change what it does, s.revert() puts the original back.
-- (Called through the prelude's stub, one frame further from the spec.)
function spy.stub(t, key, ...)
  if type(t) ~= "table" then error("stub(table, key [, results...]) takes a table", 3) end
  local original = t[key]
  local results = pack(...)
  local s = spy.new(function() return unpack(results, 1, results.n) end)
  -- With a colon (s:returns(1)) the first argument is the stub itself.
  local function arguments(first, ...)
    if first == s then return pack(...) end
    return pack(first, ...)
  end
  function s.revert() t[key] = original end
  function s.returns(...)
    results = arguments(...)
    target[s] = function() return unpack(results, 1, results.n) end
    return s
  end
  function s.invokes(...)
    local fn = arguments(...)[1]
    if type(fn) ~= "function" then error("invokes(function) takes a function", 2) end
    target[s] = fn
    return s
  end
  t[key] = s
  return s
end

local function times(n) return n == 1 and "once" or format("%d times", n) end

-- assert.spy(s).was_called(n) and friends (called through the prelude's
-- assert.spy, one frame further from the spec).
function spy.assert_spy(s)
  if not spies[s] then
    error("assert.spy(s) takes a spy made with spy.new or spy.on", 4)
  end
  local checks = {}
  function checks.was_called(n, message)
    local count = #s.calls
    if n == nil then
      if count == 0 then fail("expected the spy to be called, but it was never called", message) end
    elseif count ~= n then
      fail(format("expected the spy to be called %s, but it was called %s", times(n), times(count)), message)
    end
  end
  function checks.was_not_called(message)
    if #s.calls > 0 then
      fail(format("expected the spy not to be called, but it was called %s, first with %s",
                  times(#s.calls), show_arguments(s.calls[1])), message)
    end
  end
  function checks.was_called_with(...)
    local expected = { ... }
    for _, call in ipairs(s.calls) do
      if deep_equal(expected, call) then return end
    end
    local seen = {}
    for i, call in ipairs(s.calls) do
      if i > 5 then seen[#seen + 1] = "…" break end
      seen[#seen + 1] = show_arguments(call)
    end
    fail(format("expected a call with %s; calls: %s", show_arguments(expected),
                #seen == 0 and "none" or concat(seen, ", ")))
  end
  checks.was = { called = checks.was_called, called_with = checks.was_called_with }
  checks.was_not = { called = checks.was_not_called }
  return checks
end

return spy
