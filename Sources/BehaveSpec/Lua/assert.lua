-- The assertions fewer specs use, added to the `assert` table.

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
