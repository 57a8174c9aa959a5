local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
local keep = {}
function Probe:go()
  pcall(function()
    while true do keep[#keep + 1] = string.rep("y", 100000) .. #keep end
  end)
  self.button.title = "went on"
end
function Probe:again()
  keep = {}
  self.button.title = "again " .. string.rep("z", 3)
end
function Probe:destroy() self.button.title = "destroyed" end
return Probe
