/// The parts of the spec prelude compiled on first use (see `SpecPrelude`).
/// Each is a chunk `=behave` called with the prelude's private table `P`;
/// it returns what the prelude asks it for.
let specPreludeParts: [String: String] = [
    "format": formatPart,
    "assert": assertPart,
    "spy": spyPart,
    "scene": scenePart,
]

/// Values as messages show them: strings quoted, floats exact enough to
/// tell apart, tables in brief with sorted keys.
private let formatPart = #"""
local P = ...
local type, tostring, tonumber, rawget, next, ipairs = type, tostring, tonumber, rawget, next, ipairs
local format, match, gsub, sub, byte = string.format, string.match, string.gsub, string.sub, string.byte
local concat, sort, mathtype = table.concat, table.sort, math.type

local show

local escapes = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"', ["\\"] = "\\\\" }
local function show_string(s)
  local cut = #s > 200
  if cut then s = sub(s, 1, 200) end
  s = gsub(s, '[%c"\\]', function(c) return escapes[c] or format("\\%d", byte(c)) end)
  return '"' .. s .. (cut and '…"' or '"')
end

local function show_number(n)
  if mathtype(n) == "integer" then return tostring(n) end
  if n ~= n then return "nan" end
  local text = format("%.14g", n)
  if tonumber(text) ~= n then text = format("%.17g", n) end
  return text
end

local function show_key(k)
  if type(k) == "string" and match(k, "^[%a_][%w_]*$") then return k end
  return "[" .. show(k, 2) .. "]"
end

function show(v, depth)
  local t = type(v)
  if t == "string" then return show_string(v) end
  if t == "number" then return show_number(v) end
  if t ~= "table" then return tostring(v) end
  depth = depth or 0
  if depth >= 2 then return next(v) == nil and "{}" or "{…}" end
  local parts, length = {}, 0
  while rawget(v, length + 1) ~= nil and length < 8 do
    length = length + 1
    parts[length] = show(rawget(v, length), depth + 1)
  end
  local keys = {}
  for k in next, v do keys[#keys + 1] = k end
  sort(keys, P.key_before)
  local shown = length
  for _, k in ipairs(keys) do
    if not (mathtype(k) == "integer" and k >= 1 and k <= length) then
      if shown >= 8 then
        parts[#parts + 1] = "…"
        break
      end
      shown = shown + 1
      parts[#parts + 1] = show_key(k) .. " = " .. show(rawget(v, k), depth + 1)
    end
  end
  return "{" .. concat(parts, ", ") .. "}"
end

return { show = show, number = show_number }
"""#

/// The assertions fewer specs use, added to the `assert` table.
private let assertPart = #"""
local P = ...
local assert, fail, usage, show, deep_equal = P.assert, P.fail, P.usage, P.show, P.deep_equal
local type, tostring, pcall, rawset = type, tostring, pcall, rawset
local format, find, abs = string.format, string.find, math.abs

local extra = {}

function extra.not_equals(unexpected, actual, message)
  if unexpected == actual then
    fail(format("expected anything but %s", show(unexpected)), message)
  end
end

function extra.not_same(unexpected, actual, message)
  if deep_equal(unexpected, actual) then
    fail(format("expected anything but %s", show(unexpected)), message)
  end
end

function extra.near(expected, actual, tolerance, message)
  if type(expected) ~= "number" or type(tolerance) ~= "number" then
    usage("assert.near(expected, actual, tolerance) takes numbers")
  end
  if type(actual) ~= "number" then
    fail(format("expected %s ± %s, got %s", show(expected), show(tolerance), show(actual)), message)
  end
  if not (abs(expected - actual) <= tolerance) then
    fail(format("expected %s ± %s, got %s (off by %s)", show(expected), show(tolerance), show(actual),
                show(abs(expected - actual))), message)
  end
end

function extra.is_not_nil(actual, message)
  if actual == nil then fail("expected a value, got nil", message) end
end

function extra.truthy(actual, message)
  if not actual then fail("expected a truthy value, got " .. show(actual), message) end
end

function extra.falsy(actual, message)
  if actual then fail("expected nil or false, got " .. show(actual), message) end
end

function extra.matches(pattern, actual, message)
  if type(pattern) ~= "string" then usage("assert.matches(pattern, actual) takes a Lua pattern") end
  if type(actual) ~= "string" or not find(actual, pattern) then
    fail(format("expected a string matching %s, got %s", show(pattern), show(actual)), message)
  end
end

function extra.fail(message)
  fail(message ~= nil and tostring(message) or "failed")
end

function extra.error_matches(fn, pattern, message)
  if type(pattern) ~= "string" then usage("assert.error_matches(function, pattern) takes a Lua pattern") end
  local ok, err = pcall(fn)
  if ok then
    fail("expected an error, but none was raised", message)
  elseif type(err) ~= "string" or not find(err, pattern) then
    fail(format("expected an error matching the pattern %s, got %s", show(pattern), show(err)), message)
  end
  return err
end

function extra.has_no_error(fn, message)
  local ok, err = pcall(fn)
  if not ok then fail("expected no error, got " .. show(err), message) end
end

extra.equal, extra.are_equal, extra.are_same = assert.equals, assert.equals, assert.same
extra.has_errors, extra.errors = assert.has_error, assert.has_error
extra.are = { equal = assert.equals, equals = assert.equals, same = assert.same, near = extra.near }
extra.are_not = { equal = extra.not_equals, equals = extra.not_equals, same = extra.not_same }

for name, fn in next, extra do rawset(assert, name, fn) end
return extra
"""#

/// `spy.new`, `spy.on`, `spy.is_spy` and `assert.spy(s)`.
private let spyPart = #"""
local P = ...
local fail, usage, show, deep_equal = P.fail, P.usage, P.show, P.deep_equal
local type, rawget, rawset, setmetatable, ipairs = type, rawget, rawset, setmetatable, ipairs
local format, concat = string.format, table.concat

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
"""#

/// `scene.script`, `scene.load`, `scene.new`, and the scene objects: the
/// CLI's commands as methods, controls and behaviours by name (read live
/// from the scene's own state through the host).
private let scenePart = #"""
local P = ...
local H = P.H
local type, tostring, error, setmetatable, rawset, ipairs = type, tostring, error, setmetatable, rawset, ipairs
local format = string.format

local scene_ids = setmetatable({}, { __mode = "k" })

local function id_of(s, method)
  local id = scene_ids[s]
  if id == nil then error(format("call scene methods with a colon: s:%s(…)", method), 3) end
  return id
end

local function control_proxy(id, name)
  return setmetatable({}, {
    __index = function(_, key) return H.controlGet(id, name, key) end,
    __newindex = function(_, key, value) H.set(id, name, key, value) end,
    __tostring = function() return "control " .. name end,
    __metatable = false,
  })
end

local function behaviour_proxy(id, name)
  return setmetatable({}, {
    __index = function(_, key)
      local value, outlet = H.behaviourGet(id, name, key)
      if outlet ~= nil then return control_proxy(id, outlet) end
      return value
    end,
    __newindex = function(_, key, value) H.set(id, name, key, value) end,
    __tostring = function() return "behaviour " .. name end,
    __metatable = false,
  })
end

local methods = {}
for _, verb in ipairs { "tap", "send", "set", "step", "type", "pressReturn", "scroll", "keyboard", "advance",
                        "choose", "remove", "dismiss", "show", "state", "command", "record", "errors", "trace",
                        "dialog", "now", "exists" } do
  methods[verb] = function(s, ...)
    local results = { H.command(id_of(s, verb), verb, ...) }
    return results[1]
  end
end

function methods.control(s, name)
  local id = id_of(s, "control")
  if H.lookup(id, name) ~= "control" then error(format("`%s` is not a control", tostring(name)), 2) end
  return control_proxy(id, name)
end

function methods.behaviour(s, name)
  local id = id_of(s, "behaviour")
  if H.lookup(id, name) ~= "behaviour" then error(format("`%s` is not a behaviour", tostring(name)), 2) end
  return behaviour_proxy(id, name)
end

local scene_meta = {
  __index = function(s, key)
    local method = methods[key]
    if method ~= nil then return method end
    local id = scene_ids[s]
    local proxy
    if H.lookup(id, key) == "control" then proxy = control_proxy(id, key) else proxy = behaviour_proxy(id, key) end
    rawset(s, key, proxy)
    return proxy
  end,
  __newindex = function(_, key)
    error(format("a scene's `%s` cannot be replaced; set properties with s.name.property = value", tostring(key)), 2)
  end,
  __tostring = function() return "scene" end,
  __metatable = false,
}

local function wrap(id)
  local s = setmetatable({}, scene_meta)
  scene_ids[s] = id
  return s
end

local scene = {}
function scene.script(path, inspectables, options)
  local s = wrap(H.script(path, inspectables, options))
  return s
end
function scene.load(path)
  local s = wrap(H.loadScene(path))
  return s
end
function scene.new(description)
  local s = wrap(H.newScene(description))
  return s
end
return scene
"""#
