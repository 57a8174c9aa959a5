-- Behave's assertions, registered in the engine under luassert's names
-- and aliases, each with its failure in Behave's words (`expected 1, got
-- 2`). Each takes, after its own arguments, an optional message put before
-- the reason; `not` and `no` turn each around, with a message of its own.

local P = ...
local show, deep_equal, differences, usage, catch = P.show, P.deep_equal, P.differences, P.usage, P.catch
local same_colour, colour_of = P.same_colour, P.colour_of
local type, tostring, tonumber, next, ipairs, getmetatable, setmetatable =
      type, tostring, tonumber, next, ipairs, getmetatable, setmetatable
local format, find, match, concat, abs = string.format, string.find, string.match, table.concat, math.abs

return function(M)
  local register = M.register

  -- The failure message given after the assertion's own arguments.
  local function message_at(state, arguments, index)
    local custom = arguments[index]
    if custom ~= nil then state.failure_message = custom end
  end

  ------------------------------------------------------------- equality

  -- Two spellings of one colour are equal ("red" and "#FF3B30"): a
  -- colour reads back as it was written, and a spec may write it another way.
  local function equals(state, arguments)
    message_at(state, arguments, 3)
    local expected, actual = arguments[1], arguments[2]
    return expected == actual or same_colour(expected, actual)
  end
  -- Both colours in hex, when both sides are colours.
  local function colour_hint(expected, actual)
    if type(expected) ~= "string" or type(actual) ~= "string" or #expected > 16 or #actual > 16 then return "" end
    local e, a = colour_of(expected), colour_of(actual)
    if e == nil or a == nil then return "" end
    return format(" (colours %s and %s)", e, a)
  end
  local function explain_equals(arguments, negated)
    local expected, actual = arguments[1], arguments[2]
    if negated then
      if expected ~= actual and same_colour(expected, actual) then
        return format("expected anything but %s, got %s, the same colour", show(expected), show(actual))
      end
      return format("expected anything but %s", show(expected))
    end
    local hint = ""
    if type(expected) == "table" and type(actual) == "table" and deep_equal(expected, actual) then
      hint = " (different tables with the same contents: use assert.same)"
    else
      hint = colour_hint(expected, actual)
    end
    return format("expected %s, got %s%s", show(expected), show(actual), hint)
  end
  register("assertion", "equals", equals, nil, nil, explain_equals)
  register("assertion", "equal", equals, nil, nil, explain_equals)

  local function same(state, arguments)
    message_at(state, arguments, 3)
    return deep_equal(arguments[1], arguments[2], same_colour)
  end
  local function explain_same(arguments, negated)
    local expected, actual = arguments[1], arguments[2]
    if negated then return format("expected anything but %s", show(expected)) end
    local out = {}
    differences(expected, actual, "", out, {}, 0, same_colour)
    if type(expected) ~= "table" or type(actual) ~= "table" or #out == 0 then
      return format("expected %s, got %s", show(expected), show(actual))
    end
    local lines = {}
    for i, d in ipairs(out) do
      lines[i] = format("at %s: expected %s, got %s", d[1] == "" and "the top level" or d[1], show(d[2], 1), show(d[3], 1))
    end
    local text = "tables differ " .. lines[1]
    if #out > 1 then
      text = text .. format(" (and %s more)", #out >= 10 and "at least 9" or tostring(#out - 1))
        .. "\n" .. concat(lines, "\n", 2)
    end
    return text
  end
  register("assertion", "same", same, nil, nil, explain_same)

  local function near(state, arguments)
    if arguments.n < 3 then usage("assert.near(expected, actual, tolerance) takes three numbers") end
    local expected, tolerance = tonumber(arguments[1]), tonumber(arguments[3])
    if expected == nil or tolerance == nil then usage("assert.near(expected, actual, tolerance) takes numbers") end
    message_at(state, arguments, 4)
    local actual = tonumber(arguments[2])
    return actual ~= nil and actual >= expected - tolerance and actual <= expected + tolerance
  end
  register("assertion", "near", near, nil, nil, function(arguments, negated)
    local expected, actual, tolerance = tonumber(arguments[1]), tonumber(arguments[2]), tonumber(arguments[3])
    if negated then
      return format("expected anything but %s ± %s, got %s", show(expected), show(tolerance), show(actual))
    end
    if actual == nil then
      return format("expected %s ± %s, got %s", show(expected), show(tolerance), show(arguments[2]))
    end
    return format("expected %s ± %s, got %s (off by %s)", show(expected), show(tolerance), show(actual),
                  show(abs(expected - actual)))
  end)

  ------------------------------------------------------- truth and types

  local function truthy(state, arguments)
    message_at(state, arguments, 2)
    return arguments[1] ~= nil and arguments[1] ~= false
  end
  local function falsy(state, arguments)
    message_at(state, arguments, 2)
    return arguments[1] == nil or arguments[1] == false
  end
  local function explain_truthy(arguments, negated)
    if negated then return "expected nil or false, got " .. show(arguments[1]) end
    return "expected a truthy value, got " .. show(arguments[1])
  end
  local function explain_falsy(arguments, negated)
    return explain_truthy(arguments, not negated)
  end
  register("assertion", "truthy", truthy, nil, nil, explain_truthy)
  register("assertion", "falsy", falsy, nil, nil, explain_falsy)

  -- is_true, is_false: exactly true or false.
  for _, value in ipairs { true, false } do
    local name = tostring(value)
    register("assertion", name, function(state, arguments)
      message_at(state, arguments, 2)
      return arguments[1] == value
    end, nil, nil, function(arguments, negated)
      if negated then return format("expected anything but %s, got %s", name, name) end
      return format("expected %s, got %s", name, show(arguments[1]))
    end)
  end

  register("assertion", "nil", function(state, arguments)
    message_at(state, arguments, 2)
    return arguments[1] == nil
  end, nil, nil, function(arguments, negated)
    if negated then return "expected a value, got nil" end
    return "expected nil, got " .. show(arguments[1])
  end)

  -- is_number and friends.
  for _, kind in ipairs { "number", "string", "table", "function", "boolean", "userdata", "thread" } do
    register("assertion", kind, function(state, arguments)
      message_at(state, arguments, 2)
      return type(arguments[1]) == kind
    end, nil, nil, function(arguments, negated)
      if negated then return format("expected anything but a %s, got %s", kind, show(arguments[1])) end
      return format("expected a %s, got %s", kind, show(arguments[1]))
    end)
  end

  ------------------------------------------------------------ strings

  -- The first argument from `from` on that is neither a number nor a
  -- boolean: the failure message of matches and error_matches (which
  -- also take an init position and `plain`).
  local function trailing_message(state, arguments, from)
    for i = from, arguments.n do
      local value = arguments[i]
      if value ~= nil and type(value) ~= "boolean" and tonumber(value) == nil then
        state.failure_message = value
        return i
      end
    end
    return nil
  end

  -- A value matched as a string: strings, numbers, and values with a
  -- __tostring.
  local function as_text(value)
    if type(value) == "string" then return value end
    if type(value) == "number" then return tostring(value) end
    local mt = getmetatable(value)
    if type(mt) == "table" and mt.__tostring ~= nil then return tostring(value) end
    return nil
  end

  local function matches(state, arguments)
    local pattern = arguments[1]
    if type(pattern) ~= "string" then usage("assert.matches(pattern, actual) takes a Lua pattern") end
    local at = trailing_message(state, arguments, 3)
    local init = at ~= 3 and arguments[3] or nil
    local plain = at ~= 4 and at ~= 3 and arguments[4] or nil
    local text = as_text(arguments[2])
    if text == nil then return false end
    if plain then
      return find(text, pattern, tonumber(init), true) ~= nil, { pattern, n = 1 }
    end
    local captures = { match(text, pattern, tonumber(init)) }
    return captures[1] ~= nil, captures
  end
  local function explain_matches(arguments, negated)
    if negated then
      return format("expected a string not matching %s, got %s", show(arguments[1]), show(arguments[2]))
    end
    return format("expected a string matching %s, got %s", show(arguments[1]), show(arguments[2]))
  end
  register("assertion", "matches", matches, nil, nil, explain_matches)
  register("assertion", "match", matches, nil, nil, explain_matches)

  ------------------------------------------------------------- errors

  local function callable(value)
    if type(value) == "function" then return true end
    local mt = getmetatable(value)
    return type(mt) == "table" and mt.__call ~= nil
  end

  -- An error matches a string when, without the position it was raised
  -- at (`bare`), it equals the string (or, for the assertion itself,
  -- contains it); other error objects must be the same.
  local function error_matches(err, bare, expected, loosely)
    if type(expected) == "string" then
      local text = as_text(err)
      if text == nil then return false end
      return text == expected or as_text(bare) == expected or (loosely and find(text, expected, 1, true) ~= nil)
    end
    if type(expected) == "number" and type(err) == "string" then
      return tostring(expected) == tostring(tonumber(bare))
    end
    return deep_equal(expected, err)
  end

  local function has_error(state, arguments)
    local fn, expected = arguments[1], arguments[2]
    if not callable(fn) then usage("assert.has_error(function [, expected message]) takes a function") end
    message_at(state, arguments, 3)
    local ok, err, bare = catch(fn)
    state.caught = { ok = ok, err = err }
    if ok then return false end
    local results = { err, n = 1 }
    if expected == nil then return true, results end
    -- Turned around, only the very error fails: busted's rule.
    return error_matches(err, bare, expected, state.mod), results
  end
  local function explain_error(arguments, negated, state)
    local caught = state.caught
    if negated then
      if arguments[2] ~= nil then return format("expected no error matching %s, got %s", show(arguments[2]), show(caught.err)) end
      return "expected no error, got " .. show(caught.err)
    end
    if caught.ok then return "expected an error, but none was raised" end
    return format("expected an error matching %s, got %s", show(arguments[2]), show(caught.err))
  end
  register("assertion", "error", has_error, nil, nil, explain_error)
  register("assertion", "errors", has_error, nil, nil, explain_error)

  local function error_matches_pattern(state, arguments)
    local fn, pattern = arguments[1], arguments[2]
    if not callable(fn) then usage("assert.error_matches(function, pattern) takes a function") end
    if type(pattern) ~= "string" then usage("assert.error_matches(function, pattern) takes a Lua pattern") end
    local at = trailing_message(state, arguments, 3)
    local init = at ~= 3 and arguments[3] or nil
    local plain = at ~= 4 and at ~= 3 and arguments[4] or nil
    local ok, err, bare = catch(fn)
    state.caught = { ok = ok, err = err }
    if ok then return false end
    local text = as_text(bare) or (type(err) == "boolean" and tostring(err)) or nil
    -- The message shows what was matched: the text without its position.
    state.caught.compared = text
    if text == nil then return false, { err, n = 1 } end
    if plain then return find(text, pattern, tonumber(init), true) ~= nil, { pattern, n = 1 } end
    local captures = { match(text, pattern, tonumber(init)) }
    if captures[1] == nil then return false, { err, n = 1 } end
    return true, captures
  end
  local function explain_error_matches(arguments, negated, state)
    local caught = state.caught
    local got = show(caught.compared == nil and caught.err or caught.compared)
    if negated then
      return format("expected no error matching the pattern %s, got %s", show(arguments[2]), got)
    end
    if caught.ok then return "expected an error, but none was raised" end
    return format("expected an error matching the pattern %s, got %s", show(arguments[2]), got)
  end
  for _, name in ipairs { "error_matches", "error_match", "matches_error", "match_error" } do
    register("assertion", name, error_matches_pattern, nil, nil, explain_error_matches)
  end

  ---------------------------------------------------------------- others

  -- unique(list [, deep] [, message]): no two values of the list are
  -- equal (or deeply the same, with deep).
  register("assertion", "unique", function(state, arguments)
    local list, deep = arguments[1], false
    if type(arguments[2]) == "boolean" or (arguments[2] == nil and arguments.n > 2) then
      deep = arguments[2]
      message_at(state, arguments, 3)
    else
      if type(arguments[3]) == "boolean" then deep = arguments[3] end
      message_at(state, arguments, 2)
    end
    if type(list) ~= "table" then usage("assert.unique(list [, deep]) takes a table") end
    local seen = {}
    for key, value in next, list do
      for _, other in ipairs(seen) do
        if (deep and deep_equal(value, other[2])) or (not deep and value == other[2]) then
          state.duplicate = { other[1], key }
          return false
        end
      end
      seen[#seen + 1] = { key, value }
    end
    return true
  end, nil, nil, function(arguments, negated, state)
    if negated then return "expected some values to be the same, but all differ: " .. show(arguments[1]) end
    local pair = state.duplicate
    return format("expected every value to be different, but [%s] and [%s] are the same: %s",
                  show(pair[1]), show(pair[2]), show(arguments[1]))
  end)

  -- returned_arguments(n, ...): the values after n are n in number.
  register("assertion", "returned_arguments", function(_, arguments)
    return tonumber(arguments[1]) == arguments.n - 1
  end, nil, nil, function(arguments, negated)
    if negated then return format("expected anything but %s values, got them", tostring(arguments[1])) end
    return format("expected %s values, got %d", tostring(arguments[1]), arguments.n - 1)
  end)

  -- assert.array(t).has.no.holes([length] [, message]), luassert's: t[1]
  -- up to t[length] (t's largest whole-number key when not given) are all
  -- there. Turned around, `has.holes` passes when one is missing. Either
  -- returns the first missing index (nil when there is none).
  local arrays = setmetatable({}, { __mode = "k" })
  register("modifier", "array", function(state, arguments)
    if arguments == nil then return end
    if type(arguments[1]) ~= "table" then usage("assert.array(t) takes the table to check: assert.array(t).has.no.holes()") end
    local box = { arguments[1] }
    arrays[box] = true
    state.payload = box
  end)
  register("assertion", "holes", function(state, arguments)
    local box = state.payload
    if not arrays[box] then usage("'holes' must follow assert.array(t): assert.array(t).has.no.holes()") end
    local t, length = box[1], arguments[1]
    message_at(state, arguments, 2)
    if length == nil then
      length = 0
      for key in next, t do
        if math.type(key) == "integer" and key > length then length = key end
      end
    elseif math.type(length) ~= "integer" or length < 0 then
      usage("assert.array(t).has.no.holes(length): the length is a whole number, 0 or more, not " .. show(length))
    end
    local missing
    for i = 1, length do
      if t[i] == nil then missing = i; break end
    end
    state.array, state.length, state.missing = t, length, missing
    return missing ~= nil, { n = 1, missing }
  end, nil, nil, function(_, negated, state)
    if negated then
      return format("expected no holes in [1] to [%d], but [%d] is nil: %s", state.length, state.missing, show(state.array))
    end
    return format("expected a hole in [1] to [%d], but none is nil: %s", state.length, show(state.array))
  end)

  -- fail([message]): never passes.
  register("assertion", "fail", function() return false end, nil, nil, function(arguments, negated)
    if negated then return "assert.fail cannot be turned around" end
    local message = arguments[1]
    return message ~= nil and tostring(message) or "failed"
  end)

  ------------------------------------------------------------- modifiers

  local function nothing() end
  for _, name in ipairs { "is", "are", "was", "were", "has", "have", "does", "do" } do
    register("modifier", name, nothing)
  end
  local function negate(state) state.mod = not state.mod end
  register("modifier", "not", negate)
  register("modifier", "no", negate)
  -- assert.message("why").is_true(x): the message put before the reason.
  register("modifier", "message", function(state, arguments)
    if arguments ~= nil then state.failure_message = arguments[1] end
  end)
  return nil
end
