local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local parts = {}
  for i = 1, 1000 do parts[i] = string.rep("x", 100) end
  self.button.title = "ran " .. #table.concat(parts)
end
return Probe
