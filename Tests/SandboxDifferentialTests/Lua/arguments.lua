-- arguments.lua: every function under test called with arguments of
-- every type, too few and too many, in every call form. Lua's messages
-- name the argument, the function and the types; all of it is compared.
local use = ...
local forms = use("forms")

local pool = {
  "nil", "true", "0", "1", "3", "-1", "2.5", "2.0", '"2"', '"x"', '"%d"', '""',
  "{}", "{ 1, 2, 3 }", "function() end", "math.huge", "coroutine.create(function() end)",
}

-- Without functions: sort with a comparator that says nothing is smaller
-- leaves an order that is the algorithm's own (policy.unspecified).
local poolWithoutFunctions = {}
for _, value in ipairs(pool) do
  if value ~= "function() end" then poolWithoutFunctions[#poolWithoutFunctions + 1] = value end
end

local functions = {
  { "string.find", 4 }, { "string.match", 3 }, { "string.gmatch", 3 },
  { "string.gsub", 4 }, { "string.rep", 3 }, { "table.insert", 3 },
  { "table.remove", 2 }, { "table.move", 5 }, { "table.concat", 4 },
  { "table.sort", 2, poolWithoutFunctions }, { "table.unpack", 3 },
  { "table.pack", 3 }, { "xpcall", 3 }, { "pcall", 2 }, { "error", 2 },
  { "coroutine.close", 1 }, { "math.randomseed", 2 }, { "setmetatable", 2 },
}

return {
  {
    name = "arguments",
    weight = 8,
    make = function(random)
      local spec = random.pick(functions)
      local values = spec[3] or pool
      local args = {}
      -- math.randomseed() alone returns a seed of the host's
      -- (policy.randomseedWithoutArguments): the randomseed family has it
      local least = spec[1] == "math.randomseed" and 1 or 0
      for i = 1, random.range(least, spec[2] + 1) do args[i] = random.pick(values) end
      return forms.call(random, spec[1], args, true)
    end,
  },
}
