local function show(v) return type(v) == "table" and "T" or tostring(v) end
local mt = { __concat = function(a, b) return "<" .. show(a) .. show(b) .. ">" end }
local t, u = setmetatable({}, mt), setmetatable({}, mt)

it("joins an object on either side", function()
  assert.equals("<Tx>", t .. "x")
  assert.equals("<xT>", "x" .. t)
  assert.equals("<1T>", 1 .. t)
  assert.equals("<T2.5>", t .. 2.5)
  assert.equals("<TT>", t .. u)
  assert.equals("<Tx>", select(2, 1, t .. "x", 3))
  local a, b = t .. "x", "y" .. u
  assert.equals("<Tx><yT>", a .. b)
end)

it("joins the strings of a chain first", function()
  assert.equals("<Txy>", t .. "x" .. "y")
  assert.equals("<Txy>", t .. ("x" .. "y"))
  assert.equals("<Tx12>", t .. "x" .. 1 .. 2)
end)

it("runs for each step of a chain grouped from the left", function()
  assert.equals("<xT>y", ("x" .. t) .. "y")
  assert.equals("<<xT>T>y", (("x" .. t) .. u) .. "y")
end)

it("sees a metamethod added later, C functions and errors", function()
  local m = {}
  local later = setmetatable({}, m)
  m.__concat = function() return "later" end
  assert.equals("later", later .. "x")
  assert.is_false(setmetatable({}, { __concat = rawequal }) .. "x")
  local e = setmetatable({}, { __concat = function() error("inside") end })
  assert.error_matches(function() return e .. "x" end, "inside")
end)

it("lets the metamethod yield", function()
  local y = setmetatable({}, { __concat = function(a, b) return coroutine.yield("asked") end })
  local co = coroutine.wrap(function() local r = "p" .. y return r .. "!" end)
  assert.equals("asked", co())
  assert.equals("answer!", co("answer"))
end)

it("without a metamethod, fails as Lua does", function()
  local p = setmetatable({}, {})
  assert.error_matches(function() return p .. "x" end, "attempt to concatenate a table value")
  assert.error_matches(function() return "x" .. p end, "attempt to concatenate a table value")
  assert.error_matches(function() return "x" .. p .. "y" end, "attempt to concatenate a table value")
end)
