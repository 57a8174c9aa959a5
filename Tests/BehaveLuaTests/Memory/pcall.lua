local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local keep = {}
  pcall(function()
    while true do keep[#keep + 1] = string.rep("y", 100000) .. #keep end
  end)
  keep = nil
  local n = 0
  for i = 1, 100000 do n = n + i end
  self.button.title = "went on " .. tostring(n)
end
return Probe
