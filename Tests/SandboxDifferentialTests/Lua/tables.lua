-- tables.lua: case families for table.insert, remove, move, concat, sort,
-- unpack and pack, on plain tables and on proxies whose metamethods log
-- every access (the order of reads and writes is part of the behaviour).
local use = ...
local text = use("text")
local forms = use("forms")

local join = text.join
local families = {}

-- Source of a table constructor of the given value sources.
local function constructor(values)
  return "{" .. join(values, ", ") .. "}"
end

-- Distinct integers 10, 20, ... with now and then a hole.
local function array(random, maxLength)
  local values = {}
  for i = 1, random.range(0, maxLength or 6) do values[i] = tostring(10 * i) end
  if #values > 2 and random.chance(10) then values[random.range(2, #values - 1)] = "nil" end
  return values
end

-- Lengths a proxy's __len may report; 'huge' ones allow only calls that
-- do not walk the length (stock Lua would loop for ever).
local lengths = {
  { "#data" }, { "#data" }, { "#data" }, { "3" }, { "0" }, { "2.5" }, { '"3"' },
  { '"x"' }, { "nil" }, { "-1", huge = true }, { "math.maxinteger", huge = true },
  { "2^53", huge = true },
}

-- Statements making 'data' (a plain table) and 't', a proxy of it that
-- logs every access in 'log'.
local function proxy(values, length)
  return "local log, data = {}, " .. constructor(values) .. "\n"
    .. "local t = setmetatable({}, {\n"
    .. "  __index = function(_, k) log[#log + 1] = 'get ' .. tostring(k); return data[k] end,\n"
    .. "  __newindex = function(_, k, v) log[#log + 1] = 'set ' .. tostring(k) .. ' ' .. (type(v) == 'table' and 'table' or tostring(v)); data[k] = v end,\n"
    .. "  __len = function() log[#log + 1] = 'len'; return " .. length .. " end,\n"
    .. "})\n"
end

-- The subject table of a case: plain, or a logging proxy. Returns the
-- statements that make 't', the source of what to show after the call,
-- and whether its length is huge.
local function subject(random, values)
  if random.chance(30) then
    local length = random.pick(lengths)
    return proxy(values, length[1]), "log, data", length.huge
  end
  return "local t = " .. constructor(values) .. "\n", "t", false
end

local function positions(n)
  return {
    "-1", "0", "1", "2", tostring(n), tostring(n + 1), tostring(n + 2), '"2"',
    "2.0", "2.5", "nil", '"x"', "math.maxinteger", "math.mininteger", "1e300",
  }
end

local insertedValues = { "99", '"v"', "nil", "false", "{}", "2.5" }

families[#families + 1] = {
  name = "insert",
  weight = 4,
  make = function(random)
    local values = array(random)
    local setup, shown, huge = subject(random, values)
    local args = { "t" }
    local r = random.int(10)
    if r <= 3 then
      args[2] = random.pick(insertedValues)
    elseif r <= 9 then
      args[2] = huge and random.pick({ "0", "-1", "math.maxinteger", "nil" })
        or random.pick(positions(#values))
      args[3] = random.pick(insertedValues)
    elseif random.chance(50) then
      args = { "t", "1", "2", "3" }
    else
      args = { "t" }
    end
    return setup .. "return " .. shown .. ", table.insert(" .. join(args, ", ") .. ")"
  end,
}

families[#families + 1] = {
  name = "remove",
  weight = 4,
  make = function(random)
    local values = array(random)
    local setup, shown, huge = subject(random, values)
    local args = { "t" }
    if random.chance(70) then
      args[2] = huge and random.pick({ "0", "-1", "math.maxinteger", "nil" })
        or random.pick(positions(#values))
    end
    if random.chance(5) then args[3] = "1" end
    return setup .. "return " .. shown .. ", table.remove(" .. join(args, ", ") .. ")"
  end,
}

-- Indices for move: small, so that every random case moves few elements.
local function index(random)
  if random.chance(90) then return tostring(random.range(-2, 7)) end
  return random.pick({ "2.0", "2.5", '"2"', '"x"', "nil", "{}" })
end

-- Edges of move's range checks, each moving at most a few elements.
local moveEdges = {
  { "1", "3", "2" }, { "2", "4", "1" }, { "1", "3", "3" }, { "1", "3", "1" },
  { "1", "5", "2" }, { "1", "5", "4" }, { "2", "5", "1" }, { "3", "5", "1" },
  { "3", "1", "1" }, { "1", "0", "5" }, { "-2", "2", "1" }, { "0", "2", "2" },
  { "1", "math.maxinteger", "2" }, { "0", "math.maxinteger", "1" },
  { "math.mininteger", "-1", "1" }, { "math.mininteger", "math.mininteger + 2", "1" },
  { "math.maxinteger - 2", "math.maxinteger", "1" },
  { "math.maxinteger - 2", "math.maxinteger", "math.maxinteger - 1" },
  { "1", "3", "math.maxinteger - 2" }, { "1", "3", "math.maxinteger - 1" },
  { "-1", "1", "math.mininteger" }, { "math.mininteger", "0", "1" },
  { "1.0", "3.0", "2.0" }, { "1.5", "3", "2" }, { '"1"', '"3"', '"2"' },
  { "nil", "3", "2" }, { "1", "3", "nil" }, { "1", "3" },
}

local moveFixed = {}
for _, edge in ipairs(moveEdges) do
  local args = join(edge, ", ")
  moveFixed[#moveFixed + 1] = "local t = {10, 20, 30, 40, 50}\nreturn t, table.move(t, " .. args .. ")"
  moveFixed[#moveFixed + 1] = "local a, b = {10, 20, 30, 40, 50}, {1, 2}\nreturn a, b, table.move(a, " .. args .. ", b)"
end
moveFixed[#moveFixed + 1] = "return table.move({1, 2, 3}, 1, 3, 1, 'x')"
moveFixed[#moveFixed + 1] = "return table.move('x', 1, 3, 1, {})"
moveFixed[#moveFixed + 1] = "local t = {1, 2, 3}\nreturn t, table.move(t, 1, 3, 2, t)"
moveFixed[#moveFixed + 1] = "local t = {1, 2, 3}\nreturn t, table.move(t, 1, 3, 2, nil)"

families[#families + 1] = {
  name = "move",
  weight = 5,
  fixed = moveFixed,
  make = function(random)
    local values = array(random, 7)
    local args = join({ index(random), index(random), index(random) }, ", ")
    local r = random.int(10)
    if r <= 4 then
      return "local t = " .. constructor(values) .. "\nreturn t, table.move(t, " .. args .. ")"
    elseif r <= 7 then
      return "local a, b = " .. constructor(values) .. ", " .. constructor(array(random, 3))
        .. "\nreturn a, b, table.move(a, " .. args .. ", b)"
    elseif r <= 9 then
      -- a logging proxy as source, destination or both
      local setup = proxy(values, "#data")
      local which = random.int(3)
      if which == 1 then
        return setup .. "local b = {}\nreturn log, data, b, table.move(t, " .. args .. ", b)"
      elseif which == 2 then
        return setup .. "local a = " .. constructor(array(random, 7))
          .. "\nreturn log, data, table.move(a, " .. args .. ", t)"
      end
      return setup .. "return log, data, table.move(t, " .. args .. ")"
    end
    -- two tables that __eq says are equal: moved as if one
    return "local mt = { __eq = function() return true end }\n"
      .. "local a, b = setmetatable(" .. constructor(values) .. ", mt), setmetatable({}, mt)\n"
      .. "return a, b, table.move(a, " .. args .. ", b)"
  end,
}

local concatValues = {
  '"a"', '"bc"', '""', "1", "2.5", "2.0", "-0.0", "1e100", "2^63", "math.mininteger",
  '"\\0"', "true", "{}", "nil",
}
local concatSeparators = { false, "nil", '""', '", "', "5", "2.5", "{}", '"\\0"' }

families[#families + 1] = {
  name = "concat",
  weight = 3,
  make = function(random)
    local values = {}
    for i = 1, random.range(0, 5) do
      values[i] = random.chance(80) and random.pick({ '"a"', '"bc"', "1", "2.5" })
        or random.pick(concatValues)
    end
    local n = #values
    local bounds = {
      "nil", "-1", "0", "1", "2", tostring(n), tostring(n + 1), "2.0", "2.5", '"2"', '"x"',
      "math.maxinteger", "math.mininteger",
    }
    local args = { "t" }
    local separator = random.pick(concatSeparators)
    if separator then
      args[2] = separator
      if random.chance(60) then args[3] = random.pick(bounds) end
      if args[3] and random.chance(60) then args[4] = random.pick(bounds) end
    end
    if random.chance(20) then
      return proxy(values, "#data") .. "return log, table.concat(" .. join(args, ", ") .. ")"
    end
    return "local t = " .. constructor(values) .. "\n" .. forms.call(random, "table.concat", args)
  end,
  fixed = {
    "return table.concat({1, 2, 3}, ', ', math.maxinteger - 1, math.maxinteger)",
    "return table.concat({}, 'x', math.maxinteger, math.maxinteger - 1)",
    "return table.concat({}, 'x', math.mininteger, math.maxinteger)",
    "return table.concat({'a', 'b'}, nil, 2, 1)",
    "return table.concat(setmetatable({}, { __index = function(_, k) return k end, __len = function() return 4 end }))",
    "return table.concat(setmetatable({}, { __len = function() return 2.5 end }))",
  },
}

-- Sort: distinct values (their sorted order is unique), comparators that
-- are valid orders or raise, and invalid orders compared loosely
-- (policy.unspecified).
local sortArrays = {
  function(random)
    local values, used = {}, {}
    for i = 1, random.range(0, 12) do
      local v
      repeat v = random.range(-20, 20) until not used[v]
      used[v] = true
      values[i] = random.chance(20) and text.float(v + 0.5) or tostring(v)
    end
    return values
  end,
  function(random)
    local values, used = {}, {}
    for i = 1, random.range(0, 10) do
      local v
      repeat v = string.char(random.range(97, 101)) .. string.char(random.range(97, 101)) until not used[v]
      used[v] = true
      values[i] = text.quote(v)
    end
    return values
  end,
}

local validComparators = {
  false, false, "nil",
  "function(a, b) return a > b end",
  "function(a, b) return a < b end",
  "function(a, b) if a < b then return 1 end end",
}

-- What they raise must not depend on which pair is compared first.
local raisingComparators = {
  "function(a, b) error('cmp') end",
  "function(a, b) error({ code = 1 }) end",
  "function(a, b) return a.x < b end",
}

local invalidComparators = {
  "function() return true end",
  "function(a, b) return a <= b end",
  "function(a, b) return a ~= b end",
  "function() return 1 end",
}

families[#families + 1] = {
  name = "sort",
  weight = 4,
  make = function(random)
    local values = random.pick(sortArrays)(random)
    local r = random.int(10)
    if r <= 6 then
      local comparator = random.pick(validComparators)
      local args = comparator and ", " .. comparator or ""
      return "local t = " .. constructor(values) .. "\nreturn t, table.sort(t" .. args .. ")"
    elseif r <= 7 then
      if #values < 2 then values = { "1", "2", "3" } end
      return "local t = " .. constructor(values) .. "\nreturn t, pcall(table.sort, t, "
        .. random.pick(raisingComparators) .. ")"
    end
    if #values < 2 then values = { "3", "1", "2", "3", "1" } end
    -- any permutation, or the error: compare only that
    return "local t = " .. constructor(values) .. "\n"
      .. "local counts = {}\n"
      .. "for i = 1, #t do counts[t[i]] = (counts[t[i]] or 0) + 1 end\n"
      .. "local ok, err = pcall(table.sort, t, " .. random.pick(invalidComparators) .. ")\n"
      .. "for i = 1, #t do counts[t[i]] = counts[t[i]] - 1 end\n"
      .. "local kept = true\n"
      .. "for _, c in pairs(counts) do kept = kept and c == 0 end\n"
      .. "return ok or err == 'invalid order function for sorting', kept"
  end,
  fixed = {
    "return pcall(table.sort, {{}, {}})",
    "return pcall(table.sort, {{}, {}, {}})",
    "return pcall(table.sort, {true, false})",
    "local t = {}\nreturn t, table.sort(t)",
    "local t = {1}\nreturn t, table.sort(t, 1)",
    "local t = {2, 1}\nreturn t, table.sort(t, 1)",
    "return table.sort({2, 1}, {})",
    "return table.sort('x')",
    "return table.sort()",
    "return pcall(table.sort, setmetatable({}, { __len = function() return math.maxinteger end }))",
    "return pcall(table.sort, setmetatable({}, { __len = function() return 2^31 - 1 end }))",
    "return pcall(table.sort, setmetatable({}, { __len = function() return 2^31 - 2 end }))",
    "return pcall(table.sort, setmetatable({}, { __len = function() return 'x' end }))",
    "local data = {3, 1, 2}\nlocal t = setmetatable({}, { __index = data, __newindex = data, __len = function() return 3 end })\ntable.sort(t)\nreturn data",
    "local t = {5, 3, 1, 4, 2}\ntable.sort(t, function(a, b) return a > b end)\nreturn t",
    "local t = {'b', 'a', 'c'}\nreturn t, table.sort(t, nil)",
  },
}

local unpackBounds = { false, "nil", "-1", "0", "1", "2", "3", "4", "2.0", "2.5", '"2"', '"x"', "{}" }

families[#families + 1] = {
  name = "unpack",
  weight = 3,
  make = function(random)
    local values = array(random, 4)
    local args = { constructor(values) }
    local i = random.pick(unpackBounds)
    if i then
      args[2] = i
      local j = random.pick(unpackBounds)
      if j then args[3] = j end
    end
    return forms.call(random, "table.unpack", args)
  end,
  fixed = {
    "return select('#', table.unpack({}, 1, 1e5))",
    "return table.unpack({}, 1, 1e7)",
    "return table.unpack({}, 1, 2^31)",
    "return table.unpack({}, math.mininteger, math.maxinteger)",
    "return table.unpack({}, 0, math.maxinteger)",
    "return table.unpack({}, math.maxinteger - 1, math.maxinteger)",
    "return table.unpack({}, math.mininteger, math.mininteger + 1)",
    "return table.unpack({}, math.maxinteger, math.mininteger)",
    "return table.unpack(setmetatable({}, { __len = function() return 3 end, __index = function(_, k) return k * 10 end }))",
    "return table.unpack(setmetatable({}, { __len = function() return 2.5 end }))",
    "return table.unpack({1, 2, 3}, -1)",
    "return table.unpack('abc')",
    "return table.unpack()",
  },
}

local packValues = { "nil", "1", '"a"', "false", "{}", "2.5" }

families[#families + 1] = {
  name = "pack",
  weight = 1,
  make = function(random)
    local args = {}
    for i = 1, random.range(0, 5) do args[i] = random.pick(packValues) end
    return "local p = table.pack(" .. join(args, ", ") .. ")\nreturn p.n, p"
  end,
}

return families
