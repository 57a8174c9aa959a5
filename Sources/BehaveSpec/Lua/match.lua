-- `match`, luassert's matchers: values that stand for a kind of argument
-- in `called_with`, `returned_with` and `on_call_with` (`match._`,
-- `match.is_string()`, `match.is_not.table()`, `match.same({ 1 })`,
-- `match.is_ref(t)`, `match.any_of(m1, m2)`), read with the same chains as
-- assertions; `assert:register("matcher", name, fn)` adds one (fn takes
-- the state and the arguments and returns a function of the value).

local P = ...
local show, deep_equal, usage = P.show, P.deep_equal, P.usage
local type, tostring, tonumber, setmetatable, getmetatable, next, ipairs =
      type, tostring, tonumber, setmetatable, getmetatable, next, ipairs
local format, find, concat = string.format, string.find, table.concat

local matcher_mt = {}

function matcher_mt.__call(self, value)
  return self.callback(value) == self.mod
end

function matcher_mt.__tostring(self)
  local shown = {}
  local arguments = self.arguments or {}
  for i = 1, arguments.n or #arguments do shown[i] = show(arguments[i], 1) end
  return format("match.%s%s(%s)", self.mod and "" or "is_not.", self.name, concat(shown, ", "))
end

local function new_matcher(name, mod, callback, arguments)
  return setmetatable({ name = name, mod = mod, callback = callback, arguments = arguments }, matcher_mt)
end

local match = {}

match._ = new_matcher("_", true, function() return true end, { n = 0 })

function match.is_matcher(value)
  return type(value) == "table" and getmetatable(value) == matcher_mt
end

function match.is_ref_matcher(value)
  return match.is_matcher(value) and value.name == "ref"
end

local root
local function engine()
  local M = P.part("luassert")
  if root == nil then root = M.new_chain("matcher", {}, true) end
  return M
end

function match.state()
  return engine().new_chain("matcher", {}, true)
end

setmetatable(match, {
  __index = function(_, key)
    engine()
    return root[key]
  end,
})

-- The built-in matchers, registered in the engine.
local function register(M)
  -- What a matcher chain makes when called: the matcher of `entry` with
  -- the arguments given.
  function M.make_matcher(entry, state, arguments, level)
    local predicate = entry.callback(state, arguments, level)
    if type(predicate) ~= "function" then
      usage(format("the matcher '%s' did not return a function of the value", entry.name))
    end
    return new_matcher(entry.name, state.mod, predicate, arguments)
  end

  local function register_matcher(name, make)
    M.register("matcher", name, make)
  end

  for _, kind in ipairs { "nil", "boolean", "number", "string", "table", "function", "userdata", "thread" } do
    register_matcher(kind, function() return function(value) return type(value) == kind end end)
  end
  register_matcher("true", function() return function(value) return value == true end end)
  register_matcher("false", function() return function(value) return value == false end end)
  register_matcher("truthy", function() return function(value) return value ~= nil and value ~= false end end)
  register_matcher("falsy", function() return function(value) return value == nil or value == false end end)

  local function equals(_, arguments)
    local expected = arguments[1]
    return function(value) return value == expected end
  end
  register_matcher("equals", equals)
  register_matcher("equal", equals)
  register_matcher("same", function(_, arguments)
    local expected = arguments[1]
    return function(value) return deep_equal(expected, value) end
  end)
  register_matcher("near", function(_, arguments)
    local expected, tolerance = tonumber(arguments[1]), tonumber(arguments[2])
    if expected == nil or tolerance == nil then usage("match.near(expected, tolerance) takes numbers") end
    return function(value)
      local actual = tonumber(value)
      return actual ~= nil and actual >= expected - tolerance and actual <= expected + tolerance
    end
  end)
  local function matches(_, arguments)
    local pattern, init, plain = arguments[1], arguments[2], arguments[3]
    if type(pattern) ~= "string" then usage("match.matches(pattern [, init [, plain]]) takes a Lua pattern") end
    return function(value)
      if type(value) == "number" then value = tostring(value) end
      return type(value) == "string" and find(value, pattern, tonumber(init), plain) ~= nil
    end
  end
  register_matcher("matches", matches)
  register_matcher("match", matches)
  register_matcher("unique", function(_, arguments)
    local deep = arguments[1]
    return function(list)
      if type(list) ~= "table" then return false end
      local seen = {}
      for _, value in next, list do
        for _, other in ipairs(seen) do
          if (deep and deep_equal(value, other)) or (not deep and value == other) then return false end
        end
        seen[#seen + 1] = value
      end
      return true
    end
  end)
  -- ref(t): the very value given (not a copy of it).
  register_matcher("ref", function(_, arguments)
    local expected = arguments[1]
    if type(expected) ~= "table" then usage("match.ref(value) takes a table") end
    return function(value) return value == expected end
  end)

  -- none_of, any_of, all_of: matchers of matchers.
  local function composite(name, decide)
    register_matcher(name, function(_, arguments)
      for i = 1, arguments.n do
        if not match.is_matcher(arguments[i]) then
          usage(format("match.%s takes matchers (argument %d is not one)", name, i))
        end
      end
      return function(value)
        local count = 0
        for i = 1, arguments.n do
          if arguments[i](value) then count = count + 1 end
        end
        return decide(count, arguments.n)
      end
    end)
  end
  composite("none_of", function(count) return count == 0 end)
  composite("any_of", function(count) return count > 0 end)
  composite("all_of", function(count, total) return count == total end)
end

return { match = match, register = register }
