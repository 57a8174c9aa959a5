local calls = 0
it("collects without end", function()
  local keep = string.rep("k", 2000000)
  while true do
    collectgarbage()
    calls = calls + 1
  end
end)

it("was stopped after a few", function()
  assert.is_true(calls > 0 and calls < 1000, tostring(calls))
end)
