it("rings", function()
  local one = { v = 1 }; one.next = one
  local two = { v = 1, next = { v = 1 } }; two.next.next = two
  assert.same(one, two)
end)
it("rings that differ", function()
  local one = { v = 1 }; one.next = one
  local two = { v = 1, next = { v = 2 } }; two.next.next = two
  assert.same(one, two)
end)
