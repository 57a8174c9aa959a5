/// The Lua half of the spec runner: the busted-style API a spec file sees.
/// It runs once per spec file's state, as the chunk `=behave` (so locations
/// in messages skip its frames), with the runner's host functions and the
/// spec file's environment; it fills the environment and hands the runner
/// its `run` function through `H.ready`. Spec code cannot reach its locals.
///
/// Assertions raise plain strings with `error(message, level)` pointing at
/// the spec's own line; they must never be tail calls (a tail call drops the
/// frame the level counts).
let specPreludeSource = #"""
local H, env = ...
local type, tostring, tonumber, select, error, pcall, setmetatable, rawget, rawset, rawequal, next, ipairs =
      type, tostring, tonumber, select, error, pcall, setmetatable, rawget, rawset, rawequal, next, ipairs
local format, find, match, gsub, sub, byte = string.format, string.find, string.match, string.gsub, string.sub, string.byte
local concat, sort = table.concat, table.sort
local mathtype, abs = math.type, math.abs

-- The line of the code `level` frames above the caller of line_of.
local function line_of(level)
  local _, message = pcall(error, "", level + 2)
  return tonumber(match(message, ":(%d+): $")) or 0
end

------------------------------------------------------------------ showing

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

local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function sorted_keys(t)
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  sort(keys, key_before)
  return keys
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
  local keys = sorted_keys(v)
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

------------------------------------------------------------ deep compare

local function show_path(path)
  return path == "" and "the top level" or path
end

-- Appends to `out` up to 10 differences between e and a, as
-- { path, expected, actual }; raw fields only, metatables ignored.
local function differences(e, a, path, out, seen)
  if #out >= 10 or rawequal(e, a) then return end
  if type(e) ~= "table" or type(a) ~= "table" then
    if not (e == a) then out[#out + 1] = { path, e, a } end
    return
  end
  if seen[e] == a then return end
  seen[e] = a
  local keys, has = {}, {}
  for k in next, e do keys[#keys + 1] = k; has[k] = true end
  for k in next, a do if not has[k] then keys[#keys + 1] = k end end
  sort(keys, key_before)
  for _, k in ipairs(keys) do
    local step
    if type(k) == "string" and match(k, "^[%a_][%w_]*$") then step = "." .. k
    else step = "[" .. show(k, 2) .. "]" end
    differences(rawget(e, k), rawget(a, k), path .. step, out, seen)
    if #out >= 10 then return end
  end
end

local function deep_equal(e, a)
  local out = {}
  differences(e, a, "", out, {})
  return #out == 0
end

--------------------------------------------------------------- assertions

-- Raises `message` at the line of the spec that called the assertion
-- that called fail (three frames up).
local function fail(message, custom)
  if custom ~= nil then message = tostring(custom) .. ": " .. message end
  error(message, 3)
end

local function usage(text)
  error(text, 3)
end

local assert = {}

function assert.equals(expected, actual, message)
  if not (expected == actual) then
    local hint = ""
    if type(expected) == "table" and type(actual) == "table" and deep_equal(expected, actual) then
      hint = " (different tables with the same contents: use assert.same)"
    end
    fail(format("expected %s, got %s%s", show(expected), show(actual), hint), message)
  end
end

function assert.not_equals(unexpected, actual, message)
  if unexpected == actual then
    fail(format("expected anything but %s", show(unexpected)), message)
  end
end

function assert.same(expected, actual, message)
  local out = {}
  differences(expected, actual, "", out, {})
  if #out == 0 then return end
  if type(expected) ~= "table" or type(actual) ~= "table" then
    fail(format("expected %s, got %s", show(expected), show(actual)), message)
  end
  local lines = {}
  for i, d in ipairs(out) do
    lines[i] = format("at %s: expected %s, got %s", show_path(d[1]), show(d[2], 1), show(d[3], 1))
  end
  local text = "tables differ " .. lines[1]
  if #out > 1 then
    text = text .. format(" (and %s more)", #out >= 10 and "at least 9" or tostring(#out - 1))
      .. "\n" .. concat(lines, "\n", 2)
  end
  fail(text, message)
end

function assert.not_same(unexpected, actual, message)
  if deep_equal(unexpected, actual) then
    fail(format("expected anything but %s", show(unexpected)), message)
  end
end

function assert.near(expected, actual, tolerance, message)
  if type(expected) ~= "number" or type(tolerance) ~= "number" then
    usage("assert.near(expected, actual, tolerance) takes numbers")
  end
  if type(actual) ~= "number" then
    fail(format("expected %s ± %s, got %s", show(expected), show(tolerance), show(actual)), message)
  end
  if not (abs(expected - actual) <= tolerance) then
    fail(format("expected %s ± %s, got %s (off by %s)", show(expected), show(tolerance),
                show(actual), show_number(abs(expected - actual))), message)
  end
end

function assert.is_true(actual, message)
  if actual ~= true then fail("expected true, got " .. show(actual), message) end
end

function assert.is_false(actual, message)
  if actual ~= false then fail("expected false, got " .. show(actual), message) end
end

function assert.is_nil(actual, message)
  if actual ~= nil then fail("expected nil, got " .. show(actual), message) end
end

function assert.is_not_nil(actual, message)
  if actual == nil then fail("expected a value, got nil", message) end
end

function assert.truthy(actual, message)
  if not actual then fail("expected a truthy value, got " .. show(actual), message) end
end

function assert.falsy(actual, message)
  if actual then fail("expected nil or false, got " .. show(actual), message) end
end

function assert.matches(pattern, actual, message)
  if type(pattern) ~= "string" then usage("assert.matches(pattern, actual) takes a Lua pattern") end
  if type(actual) ~= "string" or not find(actual, pattern) then
    fail(format("expected a string matching %s, got %s", show(pattern), show(actual)), message)
  end
end

function assert.fail(message)
  fail(message ~= nil and tostring(message) or "failed")
end

-- An error matches a string when, without its `file:line: ` prefix, it
-- equals the string or contains it; other error objects must be the same.
local function error_matches(err, expected)
  if type(err) == "string" and type(expected) == "string" then
    local plain = gsub(err, "^[^\n]-:%d+: ", "")
    return err == expected or plain == expected or find(err, expected, 1, true) ~= nil
  end
  return deep_equal(expected, err)
end

function assert.has_error(fn, expected, message)
  if type(fn) ~= "function" and type(fn) ~= "table" then
    usage("assert.has_error(function [, expected message]) takes a function")
  end
  local ok, err = pcall(fn)
  if ok then
    fail("expected an error, but none was raised", message)
  elseif expected ~= nil and not error_matches(err, expected) then
    fail(format("expected an error matching %s, got %s", show(expected), show(err)), message)
  end
  return err
end

function assert.error_matches(fn, pattern, message)
  if type(pattern) ~= "string" then usage("assert.error_matches(function, pattern) takes a Lua pattern") end
  local ok, err = pcall(fn)
  if ok then
    fail("expected an error, but none was raised", message)
  elseif type(err) ~= "string" or not find(err, pattern) then
    fail(format("expected an error matching the pattern %s, got %s", show(pattern), show(err)), message)
  end
  return err
end

function assert.has_no_error(fn, message)
  local ok, err = pcall(fn)
  if not ok then fail("expected no error, got " .. show(err), message) end
end

assert.equal = assert.equals
assert.are = { equal = assert.equals, equals = assert.equals, same = assert.same, near = assert.near }
assert.are_not = { equal = assert.not_equals, equals = assert.not_equals, same = assert.not_same }
assert.are_equal, assert.are_same = assert.equals, assert.same
assert.has_errors, assert.errors = assert.has_error, assert.has_error

------------------------------------------------------------------- spies

local spy_target = setmetatable({}, { __mode = "k" })
local spies = setmetatable({}, { __mode = "k" })

local spy_meta = {
  __call = function(self, ...)
    local calls = rawget(self, "calls")
    calls[#calls + 1] = { ... }
    rawset(self, "call_count", #calls)
    local target = spy_target[self]
    if target ~= nil then return target(...) end
  end,
  __tostring = function(self) return format("spy (%d calls)", #rawget(self, "calls")) end,
}

local function show_arguments(list)
  local parts = {}
  for i = 1, #list do parts[i] = show(list[i], 1) end
  return "(" .. concat(parts, ", ") .. ")"
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
  spy_target[s] = fn
  spies[s] = true
  return setmetatable(s, spy_meta)
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

function assert.spy(s)
  if not spies[s] then
    usage("assert.spy(s) takes a spy made with spy.new or spy.on")
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

-------------------------------------------------------------------- scenes

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
    local kind = H.lookup(id, key)
    local proxy
    if kind == "control" then proxy = control_proxy(id, key) else proxy = behaviour_proxy(id, key) end
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

------------------------------------------------------------ describe / it

local root = { children = {}, befores = {}, afters = {} }
local current = root
local running = false

local function declaring(what)
  if running then
    error(what .. " can only be used at the top level of a spec file or inside describe, not inside a spec", 3)
  end
end

local function describe(name, body)
  declaring("describe")
  if type(name) ~= "string" or type(body) ~= "function" then
    usage("describe(name, function) takes a name and a function")
  end
  local block = { name = name, children = {}, befores = {}, afters = {} }
  current.children[#current.children + 1] = block
  local outer = current
  current = block
  body()
  current = outer
end

local function add_spec(name, body, is_pending)
  current.children[#current.children + 1] = { name = name, body = body, line = line_of(3), pending = is_pending }
end

local function it(name, body)
  declaring("it")
  if type(name) ~= "string" then usage("it(name, function) takes a name and a function") end
  if body ~= nil and type(body) ~= "function" then usage("it(name, function) takes a function") end
  add_spec(name, body, body == nil)
end

local function pending(name)
  declaring("pending")
  if type(name) ~= "string" then usage("pending(name) takes a name") end
  add_spec(name, nil, true)
end

local function before_each(fn)
  declaring("before_each")
  if type(fn) ~= "function" then usage("before_each(function) takes a function") end
  current.befores[#current.befores + 1] = fn
end

local function after_each(fn)
  declaring("after_each")
  if type(fn) ~= "function" then usage("after_each(function) takes a function") end
  current.afters[#current.afters + 1] = fn
end

-- Flattens the tree in declaration order: each spec with its before_each
-- chain (outermost first) and after_each chain (innermost first).
local specs = {}
local function collect(block, prefix, befores, afters)
  local b, a = {}, {}
  for i = 1, #befores do b[i] = befores[i] end
  for _, fn in ipairs(block.befores) do b[#b + 1] = fn end
  for _, fn in ipairs(block.afters) do a[#a + 1] = fn end
  for i = 1, #afters do a[#a + 1] = afters[i] end
  for _, child in ipairs(block.children) do
    if child.children then
      collect(child, prefix .. child.name .. " ", b, a)
    else
      specs[#specs + 1] = { body = child.body, befores = b, afters = a }
      H.spec(prefix .. child.name, child.line, child.pending, #b, #a)
    end
  end
end

H.ready(function(phase, i, j)
  if phase == "collect" then
    running = true
    collect(root, "", {}, {})
    return
  end
  local spec = specs[i]
  if phase == "before" then spec.befores[j]()
  elseif phase == "it" then spec.body()
  else spec.afters[j]() end
end)

local function print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  H.print(concat(parts, "\t"))
end

setmetatable(assert, {
  __call = function(_, value, message, ...)
    if not value then error(message == nil and "assertion failed!" or message, 2) end
    return value, message, ...
  end,
})

env.describe, env.context = describe, describe
env.it, env.test = it, it
env.pending = pending
env.before_each, env.after_each = before_each, after_each
env.assert, env.spy, env.scene, env.print = assert, spy, scene, print
"""#
