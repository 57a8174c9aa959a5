local Probe = behaviour { name = "Probe", outlets = { button = "Button" } }
function Probe:go()
  local parts = {}
  for i = 1, 40 do parts[i] = string.rep("z", 100000) end
  local ok = pcall(table.concat, parts, string.rep("s", 200000))
  self.button.title = ok and "made it" or "went on"
end
return Probe
