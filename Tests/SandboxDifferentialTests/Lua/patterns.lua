-- patterns.lua: random Lua patterns, subjects, init positions and gsub
-- replacements, as source text for the cases.
--
-- Patterns cover sets (ranges, classes, negation, ']' first), every class
-- letter in both cases, '.', anchors in every position, the four
-- quantifiers, nested and position captures, back references, %b, %f,
-- escaped specials, and now and then one malformation. At most four
-- quantifiers and subjects of at most 24 bytes keep every match well under
-- the sandbox's budget (policy.limits). Half the pairs are "friendly":
-- common items over a small alphabet, so that they match more often.
local use = ...
local text = use("text")

local patterns = {}

local classLetters = { "a", "d", "l", "s", "u", "w", "x", "p", "c", "g" }
local literalChars = {
  "a", "a", "b", "b", "c", "A", "B", "1", "2", " ", "_", "x", "=", "\0",
  "\128", "\255", "\n",
}
local specialChars = { "^", "$", "*", "+", "?", ".", "(", ")", "[", "]", "%", "-" }
local quantifiers = { "*", "+", "-", "?" }
local ranges = { "a-c", "0-9", "A-Z", "b-a", "\0-\31", "\128-\255", "a-a", "%a-z" }
local balances = { "()", "[]", "ab", '""', "xx", "((" }

-- Subject bytes: mostly what the patterns look for, then the rest.
local subjectChars = {
  "a", "a", "a", "b", "b", "c", "A", "B", "1", "2", " ", " ", "_", "x", "(",
  ")", "[", "]", "%", ".", "-", "=", "\0", "\128", "\255", "\n", "^", "$",
}

-- Malformed pieces; "%N" and "(%N)" get their capture number when used.
local malformations = {
  "%", "[", "[^", "[a", "[%", "[]", "[^]", "(", ")", "%b", "%ba", "%f",
  "%fa", "%0", "%N", "(%N)", "((", "())",
}

local function class(random)
  local letter = random.pick(classLetters)
  if random.chance(40) then letter = string.upper(letter) end
  return "%" .. letter
end

local function setItem(random)
  local r = random.int(10)
  if r <= 3 then
    local c = random.pick(literalChars)
    return c
  elseif r <= 5 then
    return random.pick(ranges)
  elseif r <= 7 then
    return class(random)
  elseif r == 8 then
    return "%" .. random.pick(specialChars)
  elseif r == 9 then
    return "-"
  end
  return random.pick({ ".", "^", "$", "(", "*" })
end

local function set(random)
  local s = "["
  if random.chance(30) then s = s .. "^" end
  if random.chance(10) then s = s .. "]" end
  for _ = 1, random.range(1, 3) do s = s .. setItem(random) end
  return s .. "]"
end

-- Items and bytes of "friendly" pairs, which match more often.
local friendlySingles = { "a", "a", "b", " ", ".", "%a", "%s", "%d", "[ab]", "[^a]", "%w", "%(" }
local friendlyChars = { "a", "a", "a", "b", "b", " ", "1", "(", ")" }

-- One item that matches a single byte.
local function single(random, friendly)
  if friendly then return random.pick(friendlySingles) end
  local r = random.int(10)
  if r <= 4 then return random.pick(literalChars) end
  if r == 5 then return "." end
  if r <= 7 then return class(random) end
  if r <= 9 then return set(random) end
  return "%" .. random.pick(specialChars)
end

local items

local function item(random, state, depth)
  local r = random.int(20)
  if r <= 10 then
    local s = single(random, state.friendly)
    if state.quantifiers < state.maxQuantifiers and random.chance(45) then
      state.quantifiers = state.quantifiers + 1
      s = s .. random.pick(quantifiers)
    end
    return s
  elseif r <= 13 and depth < 3 and state.captures < 6 then
    state.captures = state.captures + 1
    local index = state.captures
    local inner = items(random, state, depth + 1, random.range(0, 2))
    state.closed[#state.closed + 1] = index
    return "(" .. inner .. ")"
  elseif r == 14 and state.captures < 6 then
    state.captures = state.captures + 1
    state.closed[#state.closed + 1] = state.captures
    return "()"
  elseif r == 15 and #state.closed > 0 then
    return "%" .. random.pick(state.closed)
  elseif r == 16 then
    return "%b" .. (state.friendly and "()" or random.pick(balances))
  elseif r == 17 then
    return "%f" .. (state.friendly and random.pick({ "[%w]", "[%s]", "[a]", "[^a]" }) or set(random))
  elseif r == 18 and not state.friendly then
    return random.pick({ "^", "$", "*", "+", "?", "-" })  -- literal here
  end
  return single(random, state.friendly)
end

function items(random, state, depth, count)
  local s = ""
  for _ = 1, count do s = s .. item(random, state, depth) end
  return s
end

local function malformation(random, state)
  local piece = random.pick(malformations)
  if piece == "%N" then return "%" .. (state.captures + 1) end
  if piece == "(%N)" then return "(%" .. (state.captures + 1) .. ")" end
  return piece
end

-- A random pattern (a byte string). 'malformed': percent chance of one
-- malformation; 'friendly': made of common items only.
function patterns.pattern(random, malformed, friendly)
  local state = {
    quantifiers = 0, maxQuantifiers = random.range(0, 4), captures = 0,
    closed = {}, friendly = friendly,
  }
  local s = items(random, state, 0, random.range(0, friendly and 4 or 6))
  if random.chance(malformed or 8) then
    local piece = malformation(random, state)
    if piece == "%" or random.chance(50) then
      s = s .. piece
    else
      s = piece .. s
    end
  end
  if random.chance(15) then s = "^" .. s end
  if random.chance(12) then s = s .. "$" end
  return s
end

function patterns.subject(random, maxLength, friendly)
  local s, chars = "", friendly and friendlyChars or subjectChars
  for _ = 1, random.range(0, maxLength or 16) do
    s = s .. random.pick(chars)
  end
  return s
end

-- A plain search string: specials and all, taken from the subject now
-- and then so that it is found.
function patterns.needle(random, subject)
  if #subject > 0 and random.chance(50) then
    local from = random.range(1, #subject)
    return string.sub(subject, from, random.range(from - 1, #subject))
  end
  local s = ""
  for _ = 1, random.range(0, 4) do
    s = s .. random.pick(random.chance(50) and specialChars or subjectChars)
  end
  return s
end

-- Source text of an init argument for a subject of 'length' bytes.
function patterns.init(random, length)
  return random.pick({
    "1", "2", "0", "-1", "-2", tostring(length), tostring(length + 1),
    tostring(length + 2), tostring(-length), tostring(-length - 1), "-100",
    "100", "math.maxinteger", "math.mininteger", "2.0", "2.5", '"2"', '"-1"',
    '"x"', "true", "{}", "nil", "1e300", "-math.huge",
  })
end

local stringPieces = {
  "x", "-", "%0", "%1", "%2", "%3", "%9", "%%", "%a", "<", ">", "\0", "%%1",
  "%", "%-", "é",
}

local functionReplacements = {
  "function(...) return nil end",
  "function() return false end",
  "function(c) return c end",
  "function(c) return '<' .. c .. '>' end",
  'function(...) return select("#", ...) end',
  "function() return 42 end",
  "function() return 2.5 end",
  "function() return -0.0 end",
  "function() return 1e100 end",
  "function() return math.mininteger end",
  "function() return {} end",
  "function() return true end",
  "function(c) return c, 'ignored' end",
  "function(c) error('in replacement') end",
  "function(c) error({c}) end",
  "function(a, b) return b end",
  "function() end",
}

local tableKeys = { '"a"', '"b"', '"c"', '" "', '"aa"', '"ab"', '"1"', "1", "2", "3" }
local tableValues = {
  '"A"', "false", "7", "2.5", "{}", "true", '""', '"%1"', "-0.0", "0",
}

local function tableReplacement(random)
  local entries = {}
  for i = 1, random.range(0, 4) do
    entries[i] = "[" .. random.pick(tableKeys) .. "] = " .. random.pick(tableValues)
  end
  return "{" .. text.join(entries, ", ") .. "}"
end

-- Source text of a gsub replacement.
function patterns.replacement(random)
  local r = random.int(10)
  if r <= 5 then
    local s = ""
    for _ = 1, random.range(0, 4) do s = s .. random.pick(stringPieces) end
    return text.literal(s)
  elseif r <= 7 then
    return random.pick(functionReplacements)
  elseif r <= 9 then
    return tableReplacement(random)
  end
  return random.pick({ "5", "2.5", "true", "nil", "false", "string.len" })
end

-- Source text of gsub's fourth argument.
function patterns.count(random)
  return random.pick({
    "nil", "0", "1", "2", "-1", "2.0", "2.5", '"1"', '"x"', "math.maxinteger",
    "math.mininteger", "{}", "100",
  })
end

return patterns
