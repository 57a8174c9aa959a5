it("loops", function()
  local t = {}
  t.__index = t
  setmetatable(t, t)
  local _ = t.missing
end)
it("a deep chain is followed", function()
  local class = { hello = function() return "hi" end }
  class.__index = class
  for i = 1, 1000 do
    local sub = setmetatable({}, class)
    sub.__index = sub
    class = sub
  end
  assert.equals("hi", setmetatable({}, class).hello())
end)
