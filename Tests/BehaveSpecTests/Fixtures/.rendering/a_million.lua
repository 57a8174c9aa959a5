it("a million", function()
  local big = {}
  for i = 1, 1000000 do big["k" .. i] = i end
  assert.is_nil(big)
end)
