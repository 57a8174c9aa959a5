describe("like", function()
  it("taps", function() scene.script("like.lua"):tap("button") end)
  it("taps again", function() scene.script("like.lua"):tap("button") end)
end)
