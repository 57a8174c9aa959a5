-- serialize.lua: a case's outcome as one line of text, the same on stock
-- Lua and in the sandbox.
--
-- Strings are quoted byte for byte, integers and floats stay distinct (as
-- math.type tells them), tables are written with their raw contents (no
-- metamethod runs), and tables, functions and threads get a number at
-- their first appearance, so that identity shows ("table#1" twice is one
-- table) without addresses, which differ between processes.
local use = ...
local text = use("text")
local format = string.format

local serialize = {}

local typeRank = { number = 1, string = 2, boolean = 3 }

-- Order of keys: numbers, then strings, then booleans, then the rest.
local function before(a, b)
  local ra, rb = typeRank[type(a)] or 4, typeRank[type(b)] or 4
  if ra ~= rb then return ra < rb end
  if ra == 1 or ra == 2 then return a < b end
  if ra == 3 then return (not a) and b end
  return false
end

-- Insertion sort: the tables written here are small, and table.sort is
-- under test.
local function sortKeys(keys)
  for i = 2, #keys do
    local key, j = keys[i], i - 1
    while j >= 1 and before(key, keys[j]) do
      keys[j + 1] = keys[j]
      j = j - 1
    end
    keys[j + 1] = key
  end
end

local value

local function tableText(seen, t, depth)
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  sortKeys(keys)
  local parts = {}
  for i = 1, #keys do
    local k = keys[i]
    local keyText
    if typeRank[type(k)] then
      keyText = value(seen, k, depth + 1)
    else
      keyText = type(k)  -- their order and numbering would follow addresses
    end
    parts[i] = "[" .. keyText .. "]=" .. value(seen, rawget(t, k), depth + 1)
  end
  return "{" .. text.join(parts, ", ") .. "}"
end

function value(seen, v, depth)
  local kind = type(v)
  if kind == "string" then return text.quote(v) end
  if kind == "number" then
    if math.type(v) == "integer" then return format("%d", v) end
    return text.float(v)
  end
  if kind == "nil" or kind == "boolean" then return tostring(v) end
  local id = seen[v]
  if id then return kind .. "#" .. id end
  seen.count = seen.count + 1
  seen[v] = seen.count
  local name = kind .. "#" .. seen.count
  if kind ~= "table" then return name end
  if depth > 6 then return name .. "{...}" end
  return name .. tableText(seen, v, depth)
end

-- "n" values, comma-separated.
function serialize.values(n, ...)
  local seen, parts = { count = 0 }, {}
  for i = 1, n do parts[i] = value(seen, (select(i, ...)), 0) end
  return text.join(parts, ", ")
end

-- What pcall returned: "ok: values" or "error: value".
function serialize.outcome(ok, ...)
  return (ok and "ok: " or "error: ") .. serialize.values(select("#", ...), ...)
end

return serialize
