local function chain(depth, last)
  local top = {}
  local t = top
  for _ = 1, depth do t.n = {}; t = t.n end
  t.v = last
  return top
end
it("equal", function()
  assert.same(chain(100000, 1), chain(100000, 1))
end)
it("different", function()
  assert.same(chain(100000, 1), chain(100000, 2))
end)
