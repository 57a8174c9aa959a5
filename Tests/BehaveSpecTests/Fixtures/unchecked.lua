it("does not read the scene's errors", function()
  local s = scene.script("broken.lua")
  s:tap("button")
end)
