it("sees metamethods added, replaced and removed", function()
  local mt = {}
  local a = setmetatable({ v = 1 }, mt)
  mt.__add = function(x, y) return (type(x) == "table" and x.v or x) + (type(y) == "table" and y.v or y) end
  assert.equals(3, a + 2)
  assert.equals(3, 2 + a)
  assert.equals(2, a + a)
  mt.__index = function(_, k) return k .. "!" end
  assert.equals("x!", a.x)
  mt.__index = { y = 5 }
  assert.equals(5, a.y)
  mt.__tostring = function() return "A" end
  assert.equals("A", tostring(a))
  mt.__tostring = nil
  assert.matches("^table: ", tostring(a))
  mt.__name = "Thing"
  mt.__call = function(self, n) return n * 2, "more" end
  local doubled, more = a(4)
  assert.equals(8, doubled)
  assert.equals("more", more)
  mt.__eq = function() return true end
  assert.is_true(a == setmetatable({}, mt))
  mt.__lt = function() return true end
  assert.is_true(a < setmetatable({}, mt))
  mt.__len = function() return 7 end
  assert.equals(7, #a)
  mt.__newindex = function(t, k, v) rawset(t, k, v * 10) end
  a.z = 1
  assert.equals(10, rawget(a, "z"))
  mt.__unm = function() return "minus" end
  assert.equals("minus", -a)
  mt.__band = function() return "and" end
  assert.equals("and", a & 1)
  mt.__pairs = function(t) return function(_, k) if k == nil then return "only", 1 end end, t, nil end
  for k, v in pairs(a) do assert.equals("only", k); assert.equals(1, v) end
  assert.equals(mt, getmetatable(a))
end)

it("behaves as Lua where there is none", function()
  local a = setmetatable({}, {})
  assert.is_nil(a.missing)
  a.set = 1
  assert.equals(1, rawget(a, "set"))
  assert.equals(0, #a)
  assert.is_false(a == setmetatable({}, {}))
  assert.error_matches(function() return a - 1 end, "attempt to perform arithmetic on a table value")
  assert.error_matches(function() return a | 1 end, "attempt to perform bitwise operation on a table value")
  assert.error_matches(function() return a < a end, "attempt to compare two table values")
  assert.error_matches(function() return a() end, "attempt to call a table value")
  assert.error_matches(function() return "x" + a end, "attempt to add a 'string' with a 'table'", 1, true)
  assert.error_matches(function() return a + "1" end, "attempt to add a 'table' with a 'string'", 1, true)
  local seen = {}
  for k in pairs(setmetatable({ 1, 2 }, {})) do seen[#seen + 1] = k end
  assert.same({ 1, 2 }, seen)
end)

it("follows a class's __index table through its own metatable", function()
  local Base = { hello = function() return "hi" end }
  Base.__index = Base
  local Derived = setmetatable({}, Base)
  Derived.__index = Derived
  local object = setmetatable({}, Derived)
  assert.equals("hi", object.hello())
  Base.later = function() return "added" end
  assert.equals("added", object.later())
end)
