it("is reported at the tap when the spec runs out of the time the handler took", function()
  local s = scene.script("spin.lua")
  s:tap("button")
  local total = 0
  for i = 1, 1e9 do total = total + i end
end)
