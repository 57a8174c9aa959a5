-- Values as messages show them: strings quoted, floats exact enough to
-- tell apart, tables in brief with sorted keys.

local P = ...
local type, tostring, tonumber, rawget, next, ipairs = type, tostring, tonumber, rawget, next, ipairs
local format, match, gsub, sub, byte, find = string.format, string.match, string.gsub, string.sub, string.byte, string.find
local concat, insert, mathtype = table.concat, table.insert, math.type
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
  if type(k) == "string" and #k <= 60 and match(k, "^[%a_][%w_]*$") then return k end
  return "[" .. show(k, 2) .. "]"
end

-- Bounded whatever the table: two levels of tables (deeper ones are
-- {…}), SHOWN entries a table chosen in key order among the first LOOKED
-- keys read, and a table's text stops at its first entry past TEXT bytes.
-- Read raw, keys ordered without tostring: no metamethod of the spec's runs
-- while a failure is told (one could raise, loop or yield there).
local SHOWN, LOOKED, DEEP, TEXT = 8, 256, 2, 1000
local key_before = P.key_before

function show(v, depth)
  local t = type(v)
  if t == "string" then return show_string(v) end
  if t == "number" then return show_number(v) end
  if t ~= "table" then return tostring(v) end
  depth = depth or 0
  if depth >= DEEP then return next(v) == nil and "{}" or "{…}" end
  local parts, length = {}, 0
  while length < SHOWN and rawget(v, length + 1) ~= nil do
    length = length + 1
    parts[length] = show(rawget(v, length), depth + 1)
  end
  -- The keys to show after the array's, in order, insertion by insertion.
  local kept, need, looked, more = {}, SHOWN - length, 0, false
  for k in next, v do
    if not (mathtype(k) == "integer" and k >= 1 and k <= length) then
      looked = looked + 1
      if looked > LOOKED then more = true; break end
      local at = #kept + 1
      while at > 1 and key_before(k, kept[at - 1]) do at = at - 1 end
      if at > need then
        more = true
      else
        if #kept == need then more = true; kept[need] = nil end
        insert(kept, at, k)
      end
    end
  end
  for _, k in ipairs(kept) do
    parts[#parts + 1] = show_key(k) .. " = " .. show(rawget(v, k), depth + 1)
  end
  local used = 0
  for i, part in ipairs(parts) do
    used = used + #part + 2
    if used > TEXT and i > 1 then
      for j = #parts, i, -1 do parts[j] = nil end
      more = true
      break
    end
  end
  if more then parts[#parts + 1] = "…" end
  return "{" .. concat(parts, ", ") .. "}"
end

return { show = show, number = show_number, printable = printable }
