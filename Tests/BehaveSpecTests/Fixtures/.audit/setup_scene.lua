local s
describe("block", function()
  setup(function() s = scene.script("toggle.lua") end)
  it("taps", function() s:tap("button") end)
  it("sees the tap", function() assert.is_true(s.toggle.toggled) end)
end)
it("after the block", function()
  assert.has_error(function() s:tap("button") end, "is closed")
end)
