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
local format, match, gsub, sub, byte, find = string.format, string.match, string.gsub, string.sub, string.byte, string.find
local concat, sort, mathtype = table.concat, table.sort, math.type
local utf8len, utf8codepoint = utf8.len, utf8.codepoint

local show

-- Text as it can be read in a report: control characters as Lua escapes
-- (`\27`, `\u{85}`), bytes that are not UTF-8 as `\xNN`; `keep` holds
-- the characters left as they are, `named` those with a name of their own.
local function escape(s, keep, named)
  local out, i, n = {}, 1, #s
  while i <= n do
    local c = byte(s, i)
    local width = c < 0x80 and 1 or c >= 0xF0 and 4 or c >= 0xE0 and 3 or c >= 0xC2 and 2 or 0
    local piece = sub(s, i, i + width - 1)
    if width == 0 or #piece < width or (width > 1 and utf8len(piece) ~= 1) then
      piece, width = format("\\x%02X", c), 1
    elseif width == 1 then
      if named[piece] then
        piece = named[piece]
      elseif (c < 32 or c == 127) and not keep[piece] then
        local following = byte(s, i + 1)
        piece = format((following and following >= 48 and following <= 57) and "\\%03d" or "\\%d", c)
      end
    elseif width == 2 and c == 0xC2 and byte(s, i + 1) < 0xA0 then
      piece = format("\\u{%X}", utf8codepoint(piece))
    end
    out[#out + 1] = piece
    i = i + width
  end
  return concat(out)
end

local quoted = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"', ["\\"] = "\\\\" }
local function show_string(s)
  local cut = #s > 200
  if cut then
    -- Not in the middle of a character.
    s = gsub(sub(s, 1, 200), "[\xC2-\xF4][\x80-\xBF]*$", function(tail) return utf8len(tail) and tail or "" end)
  end
  if find(s, '[%c"\\\x80-\xFF]') then s = escape(s, {}, quoted) end
  return '"' .. s .. (cut and '…"' or '"')
end

-- What a spec prints: new lines and tabs stay, other control characters
-- and bytes that are not UTF-8 are escaped.
local function printable(s)
  return escape(s, { ["\n"] = true, ["\t"] = true }, {})
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

return { show = show, number = show_number, printable = printable }
"""#

/// The assertions fewer specs use, added to the `assert` table.
private let assertPart = #"""
local P = ...
local assert, fail, usage, show, deep_equal = P.assert, P.fail, P.usage, P.show, P.deep_equal
local type, tostring, pcall, rawget, rawset, setmetatable, next, ipairs =
      type, tostring, pcall, rawget, rawset, setmetatable, next, ipairs
local format, find, gmatch, lower, concat, abs = string.format, string.find, string.gmatch, string.lower, table.concat, math.abs

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
extra.is_truthy, extra.is_falsy = extra.truthy, extra.falsy

-- The opposites of the assertions, by the base names below.
local negative = {
  equals = extra.not_equals,
  same = extra.not_same,
  truthy = extra.falsy,
  falsy = extra.truthy,
  ["nil"] = extra.is_not_nil,
  error = extra.has_no_error,
}

function negative.near(expected, actual, tolerance, message)
  if type(expected) ~= "number" or type(tolerance) ~= "number" then
    usage("assert.is_not.near(expected, actual, tolerance) takes numbers")
  end
  if type(actual) == "number" and abs(expected - actual) <= tolerance then
    fail(format("expected anything but %s ± %s, got %s", show(expected), show(tolerance), show(actual)), message)
  end
end

negative["true"] = function(actual, message)
  if actual == true then fail("expected anything but true, got true", message) end
end

negative["false"] = function(actual, message)
  if actual == false then fail("expected anything but false, got false", message) end
end

function negative.matches(pattern, actual, message)
  if type(pattern) ~= "string" then usage("assert.is_not.matches(pattern, actual) takes a Lua pattern") end
  if type(actual) == "string" and find(actual, pattern) then
    fail(format("expected a string not matching %s, got %s", show(pattern), show(actual)), message)
  end
end

function negative.error_matches(fn, pattern, message)
  if type(pattern) ~= "string" then usage("assert.has_no.error_matches(function, pattern) takes a Lua pattern") end
  local ok, err = pcall(fn)
  if not ok and type(err) == "string" and find(err, pattern) then
    fail(format("expected no error matching the pattern %s, got %s", show(pattern), show(err)), message)
  end
end

-- assert.is_number(v) and friends, and their opposites.
for _, kind in ipairs { "number", "string", "table", "function", "boolean", "userdata", "thread" } do
  extra["is_" .. kind] = function(actual, message)
    if type(actual) ~= kind then fail(format("expected a %s, got %s", kind, show(actual)), message) end
  end
  negative[kind] = function(actual, message)
    if type(actual) == kind then fail(format("expected anything but a %s, got %s", kind, show(actual)), message) end
  end
end

-- The assertions by base name, for the busted spellings: modifiers (`is`,
-- `are`, `has`, `was`, `does`) before a base name change nothing, `not`
-- and `no` negate it; they are joined by `_` or `.`, in any case:
-- assert.is_not_nil, assert.is_not.equals, assert.has_no.errors,
-- assert.are.same, assert.is.True.
local positive = {
  equals = assert.equals, equal = assert.equals,
  same = assert.same,
  near = extra.near,
  truthy = extra.truthy, falsy = extra.falsy,
  ["true"] = assert.is_true, ["false"] = assert.is_false, ["nil"] = assert.is_nil,
  matches = extra.matches, match = extra.matches,
  error = assert.has_error, errors = assert.has_error,
  error_matches = extra.error_matches, error_match = extra.error_matches,
}
for _, kind in ipairs { "number", "string", "table", "function", "boolean", "userdata", "thread" } do
  positive[kind] = extra["is_" .. kind]
end
local base_of = { equal = "equals", match = "matches", errors = "error", error_match = "error_matches" }

local modifiers = { is = true, are = true, has = true, have = true, was = true, were = true, does = true, ["do"] = true }
local negations = { ["not"] = true, no = true }

local chains = {}
local resolve

-- `assert.is_not`, `assert.are`: what follows is read with the modifiers
-- so far.
local function chain(negated)
  local existing = chains[negated]
  if existing then return existing end
  local made = setmetatable({}, {
    __index = function(t, key)
      local found = resolve(key, negated)
      rawset(t, key, found)
      return found
    end,
  })
  chains[negated] = made
  return made
end

-- The assertion (or chain) a name stands for, or nil.
function resolve(key, negated)
  if type(key) ~= "string" then return nil end
  local words = {}
  for word in gmatch(lower(key), "[^_]+") do words[#words + 1] = word end
  local first = 1
  while first <= #words and (modifiers[words[first]] or negations[words[first]]) do
    if negations[words[first]] then negated = not negated end
    first = first + 1
  end
  if first > #words then return chain(negated) end
  local name = concat(words, "_", first)
  if negated then
    return negative[base_of[name] or name]
  end
  return positive[name]
end

for name, fn in next, extra do rawset(assert, name, fn) end

-- What `assert.name` is, for a name the prelude does not hold.
return function(t, key)
  local found = rawget(t, key)
  if found == nil then
    found = resolve(key, false)
    if found ~= nil then rawset(t, key, found) end
  end
  return found
end
"""#

/// `spy.new`, `spy.on`, `spy.is_spy` and `assert.spy(s)`.
private let spyPart = #"""
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
"""#

/// `scene.script`, `scene.load`, `scene.new`, and the scene objects: the
/// CLI's commands as methods, controls and behaviours by name (read live
/// from the scene's own state through the host).
private let scenePart = #"""
local P = ...
local H = P.H
local type, tostring, error, setmetatable, rawset, ipairs = type, tostring, error, setmetatable, rawset, ipairs
local format = string.format

-- Each scene object's id; weak, so the runner can close the scenes a spec
-- lets go of (proxies of controls and behaviours hold their scene).
local scene_ids = setmetatable({}, { __mode = "k" })
P.scene_ids = scene_ids

local function id_of(s, method)
  local id = scene_ids[s]
  if id == nil then error(format("call scene methods with a colon: s:%s(…)", method), 3) end
  return id
end

-- A proxy's functions refer to its scene object, which keeps the scene
-- open while the proxy is in use.
local function control_proxy(s, name)
  return setmetatable({}, {
    __index = function(_, key) return H.controlGet(scene_ids[s], name, key) end,
    __newindex = function(_, key, value) H.set(scene_ids[s], name, key, value) end,
    __tostring = function() return "control " .. name end,
    __metatable = false,
  })
end

local function behaviour_proxy(s, name)
  local proxy
  proxy = setmetatable({}, {
    __index = function(_, key)
      local value, outlet, action = H.behaviourGet(scene_ids[s], name, key)
      if outlet ~= nil then return control_proxy(s, outlet) end
      if action then
        -- s.like:tapped(…) calls the action as a connection would.
        return function(self, ...)
          if self ~= proxy then error(format("call actions with a colon: s.%s:%s(…)", name, key), 2) end
          H.command(scene_ids[s], "call", name .. "." .. key, ...)
        end
      end
      return value
    end,
    __newindex = function(_, key, value) H.set(scene_ids[s], name, key, value) end,
    __tostring = function() return "behaviour " .. name end,
    __metatable = false,
  })
  return proxy
end

local methods = {}
for _, verb in ipairs { "tap", "press", "drag", "release", "send", "call", "set", "step", "type", "keys",
                        "backspace", "pressReturn", "scroll", "keyboard", "advance", "choose", "remove", "dismiss",
                        "show", "state", "command", "record", "errors", "trace", "dialog", "now", "exists" } do
  methods[verb] = function(s, ...)
    local results = { H.command(id_of(s, verb), verb, ...) }
    return results[1]
  end
end

function methods.control(s, name)
  local id = id_of(s, "control")
  if H.lookup(id, name) ~= "control" then error(format("`%s` is not a control", tostring(name)), 2) end
  return control_proxy(s, name)
end

function methods.behaviour(s, name)
  local id = id_of(s, "behaviour")
  if H.lookup(id, name) ~= "behaviour" then error(format("`%s` is not a behaviour", tostring(name)), 2) end
  return behaviour_proxy(s, name)
end

local scene_meta = {
  __index = function(s, key)
    local method = methods[key]
    if method ~= nil then return method end
    local id = scene_ids[s]
    local proxy
    if H.lookup(id, key) == "control" then proxy = control_proxy(s, key) else proxy = behaviour_proxy(s, key) end
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
