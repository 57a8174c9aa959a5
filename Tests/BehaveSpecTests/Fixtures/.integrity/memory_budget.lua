it("seven", function()
  local kept = {}
  for i = 1, 7 do kept[i] = scene.script("toggle.lua") end
  kept[1]:dismiss()
  kept[8] = scene.script("toggle.lua")
end)
it("eight", function()
  local kept = {}
  for i = 1, 8 do kept[i] = scene.script("toggle.lua") end
end)
