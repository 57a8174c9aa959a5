it("deep", function()
  local a, b = {}, {}
  local x, y = a, b
  for i = 1, 300 do x.n = {}; y.n = {}; x = x.n; y = y.n end
  x.v = 1; y.v = 2
  assert.same(a, b)
end)
