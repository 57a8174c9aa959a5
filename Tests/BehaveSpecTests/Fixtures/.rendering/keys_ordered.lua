local calls = 0
local loud = { __tostring = function() calls = calls + 1; error("tostring ran") end }
local a, b = setmetatable({}, loud), setmetatable({}, loud)
it("same", function()
  assert.same({ [a] = 1, [b] = 2, x = 1 }, { [a] = 1, [b] = 2, x = 2 })
end)
it("shown", function()
  assert.is_nil({ [a] = 1, [b] = 2, n = 3 })
end)
it("ran none", function() assert.equals(0, calls) end)
