-- text.lua: Lua literals and joined text, for case sources and results.
--
-- Generation and serialization run on both sides, so they use none of the
-- functions under test (pattern matching, rep, the table functions): a
-- fault there must show up in a case's result, never in the case itself.
local byte, format, sub = string.byte, string.format, string.sub

local text = {}

-- Joins 'parts' with 'separator' between neighbours, merging pairs level by
-- level so that long lists stay cheap without table.concat.
function text.join(parts, separator)
  separator = separator or ""
  local level, n = {}, #parts
  if n == 0 then return "" end
  for i = 1, n do level[i] = parts[i] end
  while n > 1 do
    local merged, m = {}, 0
    for i = 1, n - 1, 2 do
      m = m + 1
      merged[m] = level[i] .. separator .. level[i + 1]
    end
    if n % 2 == 1 then
      m = m + 1
      merged[m] = level[n]
    end
    level, n = merged, m
  end
  return level[1]
end

-- A double-quoted Lua literal of 's' in printable ASCII: other bytes are
-- written as three-digit decimal escapes, so the text survives any pipe
-- and reads back byte for byte.
function text.quote(s)
  local parts, n, run = { '"' }, 1, 1
  local length = #s
  for i = 1, length do
    local c = byte(s, i)
    if c < 32 or c > 126 or c == 34 or c == 92 then
      if run < i then
        n = n + 1
        parts[n] = sub(s, run, i - 1)
      end
      n = n + 1
      if c == 34 then
        parts[n] = '\\"'
      elseif c == 92 then
        parts[n] = "\\\\"
      else
        parts[n] = format("\\%03d", c)
      end
      run = i + 1
    end
  end
  if run <= length then
    n = n + 1
    parts[n] = sub(s, run)
  end
  n = n + 1
  parts[n] = '"'
  return text.join(parts)
end

-- Does 's' contain any of the bytes of 'set'?
local function containsAny(s, set)
  for i = 1, #s do
    local c = byte(s, i)
    for j = 1, #set do
      if byte(set, j) == c then return true end
    end
  end
  return false
end

-- A float as text that reads back exactly and still looks like a float.
function text.float(x)
  if x ~= x then return "nan" end
  if x == 1 / 0 then return "inf" end
  if x == -1 / 0 then return "-inf" end
  if x == 0 then return (1 / x < 0) and "-0.0" or "0.0" end
  local s = format("%.17g", x)
  if not containsAny(s, ".en") then s = s .. ".0" end
  return s
end

-- Source text of a number, boolean, nil or string, as a Lua expression.
function text.literal(v)
  local kind = type(v)
  if kind == "string" then return text.quote(v) end
  if kind == "number" then
    if math.type(v) == "integer" then
      if v == math.mininteger then return "math.mininteger" end
      return format("%d", v)
    end
    if v ~= v then return "(0/0)" end
    if v == 1 / 0 then return "math.huge" end
    if v == -1 / 0 then return "-math.huge" end
    return text.float(v)
  end
  return tostring(v)
end

return text
