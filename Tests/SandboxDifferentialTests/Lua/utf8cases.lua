-- utf8cases.lua: the utf8 library on valid and broken UTF-8 (overlong
-- forms, surrogates, code points past U+10FFFF, stray continuation
-- bytes, truncated sequences), every kind of position, the lax flag, and
-- arguments of every type in every call form.
local use = ...
local forms = use("forms")
local text = use("text")

local literal = text.literal

local subjects = {
  "", "abc", "h\xC3\xA9llo", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", "\xF4\x8F\xBF\xBF",
  "\xF4\x90\x80\x80", "\xC0\x80", "\xE0\x80\x80", "\x80", "a\xFFb", "\xED\xA0\x80",
  "\xC3", "ab\xE6\x97", "\xF8\x88\x80\x80\x80", "\xFD\xBF\xBF\xBF\xBF\xBF", "a\0b",
  "\xC3\xA9\xC3\xA9\xC3\xA9",
}

local positions = {
  "-10", "-3", "-1", "0", "1", "2", "3", "4", "5", "6", "100", "2.0", "2.5", '"2"', '"x"',
  "nil", "{}", "math.maxinteger", "math.mininteger", "true",
}

local lax = { "true", "false", "nil", "1" }

local codes = {
  "0", "65", "127", "128", "233", "0x7FF", "0x800", "0xFFFF", "0x10000", "0x10FFFF",
  "0x110000", "0x7FFFFFFF", "0x80000000", "-1", '"65"', "65.0", "65.5", "{}", "nil",
  "math.maxinteger",
}

-- A subject's source: a literal, or now and then a value that is no string.
local function subject(random)
  if random.chance(8) then return random.pick({ "nil", "5", "{}", "true" }) end
  return literal(random.pick(subjects))
end

local function upTo(random, n, make)
  local args = {}
  for i = 1, random.range(0, n) do args[i] = make() end
  return args
end

-- Code points and positions of utf8.codes, at most 20 steps.
local function codesCase(random)
  local args = { subject(random) }
  if random.chance(40) then args[2] = random.pick(lax) end
  return "local seen = {}\n"
    .. "for p, c in utf8.codes(" .. text.join(args, ", ") .. ") do\n"
    .. "  seen[#seen + 1] = { p, c }\n"
    .. "  if #seen == 20 then break end\n"
    .. "end\n"
    .. "return seen"
end

return {
  {
    name = "utf8",
    weight = 6,
    make = function(random)
      local r = random.int(10)
      if r <= 3 then
        local args = { subject(random) }
        for i = 2, random.range(1, 4) do
          args[i] = i == 4 and random.pick(lax) or random.pick(positions)
        end
        return forms.call(random, random.chance(50) and "utf8.len" or "utf8.codepoint", args, true)
      elseif r <= 5 then
        local args = { subject(random) }
        for i = 2, random.range(1, 3) do args[i] = random.pick(positions) end
        return forms.call(random, "utf8.offset", args, true)
      elseif r <= 7 then
        return forms.call(random, "utf8.char", upTo(random, 4, function() return random.pick(codes) end), true)
      end
      return codesCase(random)
    end,
    fixed = {
      "return utf8.len('abc', 10)", "return utf8.len('abc', 0)", "return utf8.len('abc', -4)",
      "return utf8.len('abc', 1, 10)", "return utf8.len('\\xC3\\xA9', 2)", "return utf8.len('a\\xFFb')",
      "return utf8.len()", "return pcall(utf8.len, 'abc', 10)", "local len = utf8.len\nreturn len('x', 5)",
      "return utf8.offset('abc', 1, 10)", "return utf8.offset('\\xC3\\xA9', 1, 2)", "return utf8.offset('abc', 0, 5)",
      "return utf8.offset()", "return utf8.offset('abc')", "return pcall(utf8.offset, 'abc', 1, 10)",
      "return utf8.offset('abc', 5), utf8.offset('abc', -5), utf8.offset('abc', 4), utf8.offset('abc', -3)",
      "return utf8.codepoint('abc', 1, 10)", "return utf8.codepoint('\\xFF')", "return utf8.codepoint('abc', 4)",
      "return utf8.codepoint('\\xF4\\x90\\x80\\x80', 1, 1, true), pcall(utf8.codepoint, '\\xF4\\x90\\x80\\x80')",
      "return utf8.char(0x110000)", "return utf8.char(0x7FFFFFFF)", "return utf8.char(-1)", "return utf8.char()",
      "return utf8.charpattern, ('h\\xC3\\xA9llo'):match(utf8.charpattern, 2)",
      "for p, c in utf8.codes('a\\xFFb') do end", "for p, c in utf8.codes('\\xC3') do end",
      "return utf8.codes()", "return pcall(utf8.codes, 5)",
      "local s = ('\\xC3\\xA9'):rep(1000)\nreturn utf8.len(s), utf8.offset(s, 500), utf8.offset(s, -1)",
      "return utf8:len('x')",
    },
  },
}
