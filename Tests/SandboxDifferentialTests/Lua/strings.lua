-- strings.lua: case families for string.find, match, gmatch, gsub and rep.
local use = ...
local text = use("text")
local patterns = use("patterns")
local forms = use("forms")
local policy = use("policy")

local literal = text.literal
local families = {}

-- Arguments as source texts, the trailing 'omitted' ones dropped.
local function trimmed(args)
  local n = #args
  while n > 0 and args[n] == false do n = n - 1 end
  local out = {}
  for i = 1, n do out[i] = args[i] or "nil" end
  return out
end

-- An optional argument: its source text, or false for omitted.
local function optional(random, percent, make)
  if random.chance(percent) then return make() end
  return false
end

families[#families + 1] = {
  name = "find",
  weight = 6,
  make = function(random)
    local friendly = random.chance(50)
    local subject = patterns.subject(random, 16, friendly)
    local plain = random.chance(25)
    local pattern = plain and patterns.needle(random, subject) or patterns.pattern(random, 8, friendly)
    local args = {
      literal(subject), literal(pattern),
      optional(random, 50, function() return patterns.init(random, #subject) end),
      plain and random.pick({ "true", "1", '""', "{}" })
        or optional(random, 15, function() return random.pick({ "false", "nil" }) end),
    }
    return forms.call(random, "string.find", trimmed(args))
  end,
}

families[#families + 1] = {
  name = "match",
  weight = 5,
  make = function(random)
    local friendly = random.chance(50)
    local subject = patterns.subject(random, 16, friendly)
    local args = {
      literal(subject), literal(patterns.pattern(random, 8, friendly)),
      optional(random, 40, function() return patterns.init(random, #subject) end),
    }
    return forms.call(random, "string.match", trimmed(args))
  end,
}

families[#families + 1] = {
  name = "gmatch",
  weight = 5,
  make = function(random)
    local friendly = random.chance(50)
    local subject = patterns.subject(random, 16, friendly)
    local args = trimmed({
      literal(subject), literal(patterns.pattern(random, 8, friendly)),
      optional(random, 35, function() return patterns.init(random, #subject) end),
    })
    local call
    if random.chance(50) then
      local rest = {}
      for i = 2, #args do rest[i - 1] = args[i] end
      call = "(" .. args[1] .. "):gmatch(" .. text.join(rest, ", ") .. ")"
    else
      call = "string.gmatch(" .. text.join(args, ", ") .. ")"
    end
    return "local results, nextMatch = {}, " .. call .. "\n"
      .. "for _ = 1, 50 do\n"
      .. "  local captures = { nextMatch() }\n"
      .. "  if captures[1] == nil then break end\n"
      .. "  results[#results + 1] = captures\n"
      .. "end\n"
      .. "return results"
  end,
}

families[#families + 1] = {
  name = "gsub",
  weight = 7,
  make = function(random)
    local friendly = random.chance(50)
    local subject = patterns.subject(random, 16, friendly)
    local args = {
      literal(subject), literal(patterns.pattern(random, 8, friendly)), patterns.replacement(random),
      optional(random, 35, function() return patterns.count(random) end),
    }
    return forms.call(random, "string.gsub", trimmed(args))
  end,
}

-- Malformed patterns reach every function, at the end of a pattern that
-- would otherwise match or fail early.
local malformed = {
  "%", "a%", "[a", "[^", "[", "[]", "[^]", "[a-", "[%", "[%a", "(", "a(b",
  ")", "a)", "%b", "%ba", "%f", "%fa", "%f[a", "%0", "%1", "(%1)", "(a)%2",
  "%9", "()%1", "(()", "((a)", "a**", "*", "+a", "?", "-", "^*", "$^", "%z",
  "[%z]", "%F[a]", "%B()", "(a%1)",
}

families[#families + 1] = {
  name = "malformed",
  weight = 3,
  make = function(random)
    local subject = patterns.subject(random, 8)
    local pattern = random.pick(malformed)
    if random.chance(40) then pattern = patterns.pattern(random, 0) .. pattern end
    local which = random.pick({ "string.find", "string.match", "string.gsub", "string.gmatch" })
    local args = { literal(subject), literal(pattern) }
    if which == "string.gsub" then args[3] = patterns.replacement(random) end
    if which == "string.gmatch" then
      return "local results = {}\nfor a, b in string.gmatch(" .. text.join(args, ", ")
        .. ") do\n  results[#results + 1] = { a, b }\n  if #results == 20 then break end\nend\nreturn results"
    end
    return forms.call(random, which, args)
  end,
}

-- Patterns at Lua's limits: 32 captures, 200 levels of matching, and
-- backtracking kept to well under policy.limits.maxSteps.
local limits = {}
for _, depth in ipairs({ 1, 2, 150, 197, 198, 199, 200, 201, 202, 250 }) do
  -- units that match at once when the subject is long enough: a+ or an
  -- anchored end would backtrack exponentially before failing
  for _, unit in ipairs({ "a?", "a*", "a-", ".?", "[ab]*", "%w*" }) do
    local pattern, i = "", 0
    while i < depth do pattern, i = pattern .. unit, i + 1 end
    local subject, j = "", 0
    while j < depth + 2 do subject, j = subject .. "a", j + 1 end
    limits[#limits + 1] = "return string.find(" .. literal(subject) .. ", "
      .. literal(pattern) .. ")"
    limits[#limits + 1] = "return select('#', string.gsub(" .. literal(subject) .. ", "
      .. literal(pattern) .. ", '%0'))"
  end
end
for _, count in ipairs({ 31, 32, 33, 40 }) do
  for _, unit in ipairs({ "()", "(a)", "(a*)" }) do
    local pattern, subject, i = "", "", 0
    while i < count do pattern, subject, i = pattern .. unit, subject .. "a", i + 1 end
    limits[#limits + 1] = "return select('#', string.match(" .. literal(subject) .. ", "
      .. literal(pattern) .. "))"
  end
end
-- nested captures, 1 .. 35 deep
for _, depth in ipairs({ 31, 32, 33, 35 }) do
  local open, close, i = "", "", 0
  while i < depth do open, close, i = open .. "(", close .. ")", i + 1 end
  limits[#limits + 1] = "return select('#', string.find('abc', " .. literal(open .. "b" .. close) .. "))"
end
-- backtracking that is exponential in the pattern, kept small
for _, shape in ipairs({ { 12, 3 }, { 16, 3 }, { 20, 2 }, { 10, 4 }, { 8, 5 } }) do
  local subject, pattern, i = "", "", 0
  while i < shape[1] do subject, i = subject .. "a", i + 1 end
  i = 0
  while i < shape[2] do pattern, i = pattern .. "a*", i + 1 end
  limits[#limits + 1] = "return string.find(" .. literal(subject) .. ", " .. literal(pattern .. "b") .. ")"
  limits[#limits + 1] = "return string.gsub(" .. literal(subject) .. ", " .. literal(pattern .. "$") .. ", '<%0>')"
end
limits[#limits + 1] = "return string.find(('a'):rep(60), '.-.-.-b')"
limits[#limits + 1] = "return string.match(('x'):rep(100) .. 'y', '^(x*)(x-)%2y$')"
limits[#limits + 1] = "return string.find(('('):rep(150) .. (')'):rep(150), '%b()')"
limits[#limits + 1] = "return string.find(('('):rep(150) .. (')'):rep(149), '%b()')"

families[#families + 1] = { name = "limits", weight = 0, fixed = limits }

-- Semantics worth a case of their own: empty matches (Lua 5.4 does not
-- match empty right after a match), %0 and %1 without captures, position
-- captures in replacements, frontiers at the ends, sets with ']' and '-',
-- back references, %b with equal delimiters.
families[#families + 1] = {
  name = "semantics",
  weight = 0,
  fixed = {
    "return string.gsub('hello world', '%w*', 'x')",
    "return string.gsub('abc', '', '-')",
    "return string.gsub('abc', '.-', '-')",
    "return string.gsub('abc', 'b*', '-')",
    "return string.gsub('', '', 'x')",
    "return string.gsub('abc', '^', '>')",
    "return string.gsub('abc', '$', '<')",
    "return string.gsub('abc', '^b', 'x')",
    "return string.gsub('abc', '%w', '%1%0')",
    "return string.gsub('abc', '(%w)', '%2')",
    "return string.gsub('abc', '()', '%1')",
    "return string.gsub('abc', 'b', '%')",
    "return string.gsub('abc', '%w', { a = 1, b = true })",
    "return string.gsub('abc', '%w', { a = 1, b = false, c = 'C' })",
    "return string.gsub('abc', '%w', '%%%0', 2)",
    "local results = {}\nfor a in ('abc'):gmatch('%a*') do results[#results + 1] = a end\nreturn results",
    "local results = {}\nfor a in ('abc'):gmatch('()') do results[#results + 1] = a end\nreturn results",
    "local results = {}\nfor a in ('^a^b'):gmatch('^.') do results[#results + 1] = a end\nreturn results",
    "local results = {}\nfor k, v in ('a=1, b=2'):gmatch('(%w+)=(%w+)') do results[k] = v end\nreturn results",
    "local results = {}\nfor a in ('abcd'):gmatch('.', 3) do results[#results + 1] = a end\nreturn results",
    "local results = {}\nfor a in ('abcd'):gmatch('.', -1) do results[#results + 1] = a end\nreturn results",
    "local results = {}\nfor a in ('abcd'):gmatch('.', 10) do results[#results + 1] = a end\nreturn results",
    "return string.find('abc', 'b', -1)",
    "return string.find('abc', '', 4)",
    "return string.find('abc', '', 5)",
    "return string.match('  x  ', '^%s*(.-)%s*$')",
    "return string.match('key = value', '(%w+)%s*=%s*(%w+)')",
    "return string.match('say \"hi\" ok', '([\"\\'])(.-)%1')",
    "return string.match(\"a'b'c\", \"%b''\")",
    "return string.find('THE (quick) fox', '%f[%a]%a+')",
    "return string.gsub('THE (quick) fox', '%f[%a]%u+%f[%A]', 'X')",
    "return string.find('abc', '%f[%z]')",
    "return string.find('a\\0b', '%z')",
    "return string.find('a\\0b', '[%z]')",
    "return string.find('a]b', '[]]')",
    "return string.find(']ab', '[^]]')",
    "return string.find('a-b', '[a-]', 2)",
    "return string.find('%', '[a-%%]')",
    "return string.find('x', '[%a-z]')",
    "return string.match('2024-06-11', '(%d+)-(%d+)-(%d+)')",
    "return string.match('hello', '(h)(e)(l)(l)(o)')",
    "return string.match('hello', '()ll()')",
    "return string.match('hello', '.-(l+)(.*)')",
    "return string.rep('x', 0, 'sep'), string.rep('x', 1, 'sep'), string.rep('', 5, '')",
  },
}

-- Plain searches: specials are bytes, init and the flag in every form.
families[#families + 1] = {
  name = "plain",
  weight = 3,
  make = function(random)
    local subject = patterns.subject(random, 24)
    local needle = patterns.needle(random, subject)
    local args = {
      literal(subject), literal(needle),
      random.chance(80) and patterns.init(random, #subject) or "nil",
      random.pick({ "true", "1", "0", '"no"', "false", "nil" }),
    }
    return forms.call(random, "string.find", args)
  end,
  fixed = {
    "return ('a.b'):find('.', 1, true)",
    "return ('a.b'):find('.', 2, true)",
    "return ('abc'):find('', 10, true)",
    "return ('abc'):find('', 4, true)",
    "return ('abc'):find('', -10, true)",
    "return ('a\\0b'):find('\\0', 1, true)",
    "return ('aaaab'):find('aab', 1, true)",
    "return (('a'):rep(3000) .. 'b'):find(('a'):rep(1000) .. 'b', 1, true)",
    "return (('ab'):rep(100)):find(('ab'):rep(50) .. 'c', 1, true)",
    "return ('x'):find('x', math.mininteger, true)",
    "return ('x'):find('', math.maxinteger, true)",
  },
}

-- string.rep: counts from negative to too large, separators of every type.
-- Results bigger than policy.limits.maxBytes are never built (stock Lua
-- would build them; the sandbox's memory limit would refuse them).
local maxBytes = policy.limits.maxBytes

local function repCount(random)
  return random.pick({
    { "-1", -1 }, { "0", 0 }, { "1", 1 }, { "2", 2 }, { "3", 3 }, { "10", 10 },
    { "1000", 1000 }, { "2.0", 2 }, { '"3"', 3 }, { '" 2 "', 2 },
    { "math.mininteger", math.mininteger }, { "-2^63", -1 },
    { "math.maxinteger", math.maxinteger }, { "2^31", 2 ^ 31 },
    { "2^31 - 1", 2 ^ 31 - 1 }, { "1e10", 1e10 },
    { "2.5", "error" }, { '"x"', "error" }, { "nil", "error" }, { "{}", "error" },
    { "math.huge", "error" }, { "0/0", "error" },
  })
end

local repStrings = { "", "a", "ab", "\0", "xyz", "a\255", 7, 2.5 }
local repSeparators = { false, "nil", '""', '","', '"\\0"', "5", "{}", "true", '"--"' }

families[#families + 1] = {
  name = "rep",
  weight = 4,
  make = function(random)
    for _ = 1, 20 do
      local s = random.pick(repStrings)
      local count = repCount(random)
      local separator = random.pick(repSeparators)
      local length = #tostring(s)
      local sepLength = ({ ['""'] = 0, ['","'] = 1, ['"\\0"'] = 1, ["5"] = 1, ['"--"'] = 2 })[separator] or 0
      local n = count[2]
      local size = (n ~= "error" and n > 0) and n * (length + sepLength) or 0
      -- stock Lua loops n times even over empty strings: keep n small then
      local emptyLoop = n ~= "error" and n > 1e6 and length + sepLength == 0
      if not emptyLoop and (size <= maxBytes or size > 2 ^ 31 + 2 ^ 30) then
        local args = trimmed({ literal(s), count[1], separator })
        if size > 200 and size <= maxBytes then
          -- a summary of a long result
          return "local r = string.rep(" .. text.join(args, ", ")
            .. ")\nreturn #r, r:sub(1, 20), r:sub(-20)"
        end
        return forms.call(random, "string.rep", args)
      end
    end
    return "return string.rep('ab', 3, '-')"
  end,
}

return families
