describe("toggle", function()
  it("taps", function() scene.script("toggle.lua"):tap("button") end)
end)
