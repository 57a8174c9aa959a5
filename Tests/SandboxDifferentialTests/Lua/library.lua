-- library.lua: the rest of the base, string, math and table libraries
-- called with arguments of every type, too few and too many, in every
-- call form: the messages name the argument, the function (as the call
-- named it) and the types, and carry the caller's line.
local use = ...
local forms = use("forms")
local text = use("text")

-- Values whose every use prints the same on both sides: nothing that
-- tostring would show by its address.
local plain = {
  "nil", "true", "false", "0", "1", "-1", "3", "2.5", "2.0", "-0.0", "1e300",
  "math.huge", "-math.huge", "0/0", "math.maxinteger", "math.mininteger", '"2"',
  '"x"', '""', '"10"', '"0x10"', '" 5 "', '"1e2"', '"%d"', '"abc"', '"\\0a"',
}

-- Plain values and values that are tables, functions, threads, with and
-- without metatables and names: for functions that never show them as
-- text. No table has two keys in its hash part: next would go through
-- them in an order of its own.
local any = {
  "{}", "{ 1, 2, 3 }", "{ x = 1 }", "function() end", "coroutine.create(function() end)",
  "setmetatable({}, { __name = 'Thing' })", "setmetatable({}, { __name = 42 })",
  "setmetatable({}, { __index = function() return 7 end })",
  "setmetatable({}, { __len = function() return 2 end })",
  "setmetatable({}, { __tostring = function() return 'shown' end })",
  "setmetatable({}, { __tostring = function() return 5 end })",
  "setmetatable({}, { __metatable = 'locked' })",
  "setmetatable({}, { __call = function() return 'called' end })",
  "math.floor",
}
for _, value in ipairs(plain) do any[#any + 1] = value end

-- Values that are no strings (the string metatable is hidden:
-- policy.hiddenStringMetatable).
local objects = {}
for _, value in ipairs(any) do
  if string.byte(value, 1) ~= 34 then objects[#objects + 1] = value end
end

-- The values tostring may meet: plain ones, and tables that name
-- themselves with __tostring (a table of a wrong __tostring fails).
local shown = { "setmetatable({}, { __tostring = function() return 'shown' end })",
                "setmetatable({}, { __tostring = function() return 5 end })",
                "setmetatable({}, { __tostring = function() error('no text', 2) end })",
                "setmetatable({}, { __tostring = function() return {} end })" }
for _, value in ipairs(plain) do shown[#shown + 1] = value end

local integers = { "0", "1", "2", "3", "-1", "-2", "5", "10", "100", "2.0", "2.5", '"2"', '"x"', "nil",
                   "math.maxinteger", "math.mininteger", "{}", "1e300", "0/0" }

local formats = {
  '"%d"', '"%5.2f"', '"%x"', '"%X"', '"%o"', '"%c"', '"%e"', '"%g"', '"%a"', '"%i"', '"%u"',
  '"%s"', '"%10s"', '"%-5s|"', '"%.3s"', '"%q"', '"%%"', '"%"', '"%y"', '"%10.3q"', '"%123d"',
  '"%d %d"', '"%s=%d"', '"x"', '""', "5", "{}",
}

local packFormats = {
  '"i4"', '"I2"', '">i2"', '"<I4"', '"=j"', '"b"', '"B"', '"h"', '"H"', '"l"', '"J"', '"T"',
  '"f"', '"d"', '"n"', '"z"', '"s1"', '"s"', '"c3"', '"x"', '"!4 i3"', '"i17"', '"I0"', '"c"',
  '"Xi4"', '"ii"', '"y"', '""', "1",
}

-- Each function: its name, how many arguments at most, the values to
-- pick from, and the values of its first argument when they differ.
local functions = {
  { "assert", 3, any }, { "getmetatable", 2, any, objects }, { "ipairs", 2, any },
  { "next", 3, any }, { "pairs", 2, any }, { "rawequal", 3, any }, { "rawget", 3, any },
  { "rawlen", 2, any }, { "rawset", 4, any }, { "select", 4, any, integers },
  { "tonumber", 3, plain, plain }, { "tostring", 2, shown }, { "type", 2, any },
  { "string.byte", 4, integers, plain }, { "string.char", 4, integers },
  { "string.format", 4, plain, formats }, { "string.len", 2, any },
  { "string.lower", 2, plain }, { "string.upper", 2, plain }, { "string.reverse", 2, plain },
  { "string.sub", 4, integers, plain }, { "string.pack", 4, plain, packFormats },
  { "string.packsize", 2, packFormats }, { "string.unpack", 4, plain, packFormats },
  { "math.abs", 2, plain }, { "math.ceil", 2, plain }, { "math.floor", 2, plain },
  { "math.fmod", 3, plain }, { "math.modf", 2, plain }, { "math.sqrt", 2, plain },
  { "math.exp", 2, plain }, { "math.log", 3, plain }, { "math.sin", 2, plain },
{ "math.tointeger", 2, plain }, { "math.type", 2, any },
  { "math.ult", 3, plain }, { "math.max", 4, plain }, { "math.min", 4, plain },
  { "math.random", 3, integers },
}

-- math.random's values depend on the seed, which stock Lua draws from the
-- clock: compared are its errors and the types of what it returns.
local function randomCall(random, args)
  local list = text.join(args, ", ")
  local head = "local function types(...)\n"
    .. "  local kinds = {}\n"
    .. "  for i = 1, select('#', ...) do kinds[i] = math.type((select(i, ...))) or type((select(i, ...))) end\n"
    .. "  return kinds\n"
    .. "end\n"
  local r = random.int(3)
  if r == 1 then return head .. "return types(math.random(" .. list .. "))" end
  if r == 2 then return head .. "local random = math.random\nreturn types(random(" .. list .. "))" end
  return head .. "return types(pcall(math.random" .. (#args > 0 and ", " .. list or "") .. "))"
end

local fixed = {
  "return tostring()", "return tostring(nil)", "return tonumber()", "return tonumber('10', 99)",
  "return tonumber('10', 1)", "return tonumber(10, 16)", "return tonumber('ff', 16), tonumber('zz', 36), tonumber('8', 8)",
  "return tonumber('1e1', 10), tonumber(' 11 ', 2), tonumber('-ff', 16), tonumber('7fffffffffffffff', 16)",
  "return select(0)", "return select(-1)", "return select(-2, 'a')", "return select('#')", "return select(2.5, 1)",
  "return select(math.mininteger, 1)", "return rawlen(5)", "return rawequal(1)", "return rawget({})",
  "return rawset({}, nil, 1)", "return rawset({}, 0/0, 1)", "return next({}, 'nokey')", "return next({ a = 1 }, 'b')",
  "return ipairs()", "return getmetatable()", "return assert()", "return assert(false)", "return assert(nil, 'why')",
  "return assert(false, { code = 1 })", "return assert(1, 2, 3)",
  "return string.char(256)", "return string.char(-1)", "return string.format('%d', 2.5)",
  "return string.format('%d', '2')", "return string.format('%q', 1/0)", "return string.format('%q', 0/0)",
  "return string.format('%q', math.mininteger)", "return string.format('%q', {})", "return string.format('%10q', 'x')",
  "return string.format('%c', 65, 66)", "return string.format('%s %s', 1)", "return string.format('%.99f', 1)",
  "return string.format('%099d', 1)", "return string.format('%-+ #0d', 5)",
  "return string.rep('x', 3, 4)", "return ('x'):bad()", "return ('x').len", "return #'abc', ('abc'):len()",
  "return math.floor('x')", "return math.floor(2^62), math.floor(2.0^70), math.ceil(-0.5)",
  "return math.fmod(1, 0)", "return math.fmod(1, 0.0)", "return math.fmod(math.mininteger, -1)",
  "return math.tointeger(2^53), math.tointeger('8'), math.tointeger(3.5)",
  -- math.atan is also math.atan2 (Lua 5.3's name): called through pcall,
  -- which of the two names Lua finds is the order of a hash table
  "return math.atan('x')", "local atan = math.atan\nreturn atan(1, {})",
  "return math.max()", "return math.min()", "return math.random(0)", "return math.random(2, 1)",
  "return math.random(1, 2, 3)", "return math.random(3.5)", "return math.random(math.mininteger, math.maxinteger) ~= nil",
  "return math.abs(math.mininteger), math.ult(1, -1), 7 // 0.0, -7 // 0.0, 0/0 ~= 0/0",
  "return pcall(function() return 1 // 0 end)", "return pcall(function() return 1 % 0 end)",
  "return 3 % -2, -3 % 2, 3.5 % -2, -3.5 % 2, 5 // -2, 5.0 // -2, math.mininteger // -1",
  "return 1 < 'x'", "return 'x' < 1", "return {} < {}", "return 'a' < 'b', 'a\\0b' < 'a\\0c', '' < '\\0'",
  "return 2^63 == math.mininteger, math.maxinteger + 0.0 == 2^63, 1 == 1.0, math.type(3 // 1)",
  "return '10' + 1, '0x10' * 2, '1e1' // 1, ' 3 ' - 1, 10 .. 20, 1.5 .. ''",
  "return 'a' + 1", "return 1 + 'a'", "return 'a' & 1", "return '3' & 1", "return '3.5' | 0",
  "return 2^53 | 0", "return 1.5 | 0", "return 1 << 64, 1 << 63, -1 >> 1, 1 << -1, 3 >> -1",
  "return -'2', -'x'", "return ~'3'", "return ~1.5", "return #nil", "return -{}", "return -nil",
  "local a = 'x'\nreturn a + 1", "local a = {}\nreturn a .. 'x'", "local a\nreturn a.b.c",
  "local t = {}\nreturn t.x.y", "return ({}).x.y", "x = nil\nreturn x.y", "local s = 'abc'\nreturn s.x.y",
  "local up = nil\nreturn (function() return up.field end)()", "local t = { f = 1 }\nreturn t:f()",
  "local t = {}\nreturn t:nomethod()", "return nofunction()", "local t = {}\nt.x.y = 1",
  "for i = 1, 'x' do end", "for i = 'a', 2 do end", "for i = 1, 2, 0 do end", "for i = 1, 2, {} do end",
  "for _ in 5 do end", "local t = setmetatable({}, { __index = 10 })\nreturn t.x",
  "return ('abc'):rep(2, ('-'):rep(2))", "return table.concat({ 1, {}, 3 })",
  "return table.concat({}, 5)", "return table.unpack({ 1, 2, 3 }, -1, 1)",
  "return string.unpack('i4', 'abc')", "return string.unpack('z', 'abc')", "return string.pack('i1', 200)",
  "return string.pack('s1', ('x'):rep(300))", "return string.unpack('i4', 'abcd', 6)",
  "return string.unpack('>i2', '\\255\\254'), string.pack('<h', -2)",
}

return {
  {
    name = "library",
    weight = 8,
    fixed = fixed,
    make = function(random)
      local spec = random.pick(functions)
      local args = {}
      local count = random.range(0, spec[2])
      for i = 1, count do
        local pool = (i == 1 and spec[4]) or spec[3]
        args[i] = random.pick(pool)
      end
      if spec[1] == "math.random" then return randomCall(random, args) end
      return forms.call(random, spec[1], args, true)
    end,
  },
}
