it("wide", function()
  local long = string.rep("x", 100000)
  local t = {}
  for i = 1, 8 do
    local inner = {}
    for j = 1, 8 do inner[long .. j] = long end
    t[long .. i] = inner
  end
  assert.is_nil(t)
end)
