it("every type", function()
  assert.is_nil({ [false] = 1, [true] = 2, [2.5] = 3, [-1] = 4, s = 5, ["not a name"] = 6, [print] = 7 })
end)
it("cycle", function()
  local t = { name = "loop" }
  t.self = t
  assert.is_nil(t)
end)
it("emptied", function()
  local t = {}
  for i = 1, 1000000 do t[i] = true end
  for i = 1, 1000000 do t[i] = nil end
  t.left = 1
  assert.is_nil(t)
end)
