it("runs a finalizer once the object is collected", function()
  local finalized = {}
  local mt = { __gc = function(o) finalized[#finalized + 1] = o.name end }
  setmetatable({ name = "first" }, mt)
  collectgarbage()
  collectgarbage()
  assert.same({ "first" }, finalized)
  mt.__gc = function(o) finalized[#finalized + 1] = "changed " .. o.name end
  setmetatable({ name = "second" }, mt)
  collectgarbage()
  assert.same({ "first", "changed second" }, finalized)
end)

it("stops a finalizer that never ends", function()
  setmetatable({}, { __gc = function() while true do end end })
  collectgarbage()
end)

it("drops a finalizer's error, as Lua only warns", function()
  setmetatable({}, { __gc = function() error("in gc") end })
  collectgarbage()
end)

it("is not hurt by what ran before", function()
  assert.is_true(collectgarbage("count") > 0)
end)
